import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toDataSheet, toFacts } from '../../src/cli/privacy.ts';
import type { Contest, Named, Privacy } from '../../src/contest/schema.ts';
import { podium } from '../helpers/cli.ts';
import { toContest, toRanked } from '../helpers/contests.ts';
import { fixture, inScratch } from '../helpers/files.ts';

const VALID = JSON.parse(fixture('valid.json')) as Record<string, unknown>;
/** valid.json (5 people, 3 winners) under `privacy`, its users given `extra` fields as a privacy column would. */
async function toNamed(privacy?: Privacy, extra: Record<string, unknown>[] = []): Promise<Named> {
  const contest: Contest = await toContest(JSON.stringify({ ...VALID, ...(privacy && { privacy }) }));
  const users = contest.users.map((user, at) => ({ ...user, ...extra[at] }));
  return { name: 'valid', ...toRanked({ ...contest, users }), files: ['contests/valid.json'] };
}
const sheetOf = async (privacy?: Privacy, extra?: Record<string, unknown>[], locale: 'de' | 'en' = 'de') =>
  toDataSheet(await toNamed(privacy, extra), locale).join('\n');

const sheet = suite('toDataSheet()');

sheet('says in which form the page shows names, for each setting', async () => {
  const full = await sheetOf();
  assert.match(full, '- Namen: vollständig, wie in den Daten (Sabine Hoffmann).');
  // Only short forms can collide.
  assert.not.match(full, 'Gleiche Kurzformen');
  const first = await sheetOf({ names: 'first name and initial' });
  assert.match(first, '- Namen: Vorname und erster Buchstabe des Nachnamens (Sabine H.).');
  assert.match(first, '  Gleiche Kurzformen unterscheidet eine angehängte Zahl (Sabine H. (2))');
  assert.match(await sheetOf({ names: 'initials' }), '- Namen: nur Initialen (S. H.).');
  const alias = await sheetOf({ names: 'alias' }, [{ alias: 'Zorro' }, { alias: ' ' }, {}, { alias: 'Bee' }]);
  assert.match(alias, 'Spalte „Alias“ (2 von 5); wer keinen hat, erscheint mit Initialen (S. H.).');
});

sheet('says that targets are used, that shares scale them, and that a hidden volume hides its target', async () => {
  const targeted = async (privacy?: Privacy) => {
    const named = await toNamed(privacy, [{ share: 0.5, target: 1000 }]);
    const contest = { ...named.contest, target: { figure: 'profit' as const, default: 500 } };
    return toDataSheet({ ...named, contest }, 'de').join('\n');
  };
  const all = await targeted();
  assert.match(all, '- Ziele: für jede Person der erreichte Anteil am persönlichen Ziel (Netto-Volumen) in Prozent');
  assert.match(all, '  Die Ziele sind nach Beschäftigungsgrad anteilig. Den Beschäftigungsgrad zeigt die Seite nicht');
  assert.not.match(all, 'keinen Anteil am Ziel');
  assert.match(
    await targeted({ amounts: 'winners' }),
    'zeigt die Seite auch keinen Anteil am Ziel und trägt kein Ziel',
  );
  assert.not.match(await sheetOf(), 'Ziel', 'nothing of targets without them');
});

sheet('says for whom the page shows volumes, for each setting', async () => {
  assert.match(await sheetOf(), '- Netto-Volumen: für alle 5 Personen.');
  assert.match(await sheetOf({ amounts: 'all' }), '- Netto-Volumen: für alle 5 Personen.');
  assert.match(await sheetOf({ amounts: 'winners' }), '- Netto-Volumen: nur für die 3 Gewinnerplätze; alle anderen');
  assert.match(await sheetOf({ amounts: 'none' }), '- Netto-Volumen: für niemanden; die Spalte zeigt keine Beträge');
  // Leads and places are not amounts: every setting shows them.
  const none = await sheetOf({ amounts: 'none', names: 'initials' });
  assert.match(none, '- Eigenleads: für alle 5 Personen.');
  assert.match(none, '- Platz: für alle 5 Personen; 3 als Gewinner hervorgehoben.');
  assert.match(none, '- Die Seite listet 5 Personen.');
});

sheet('says who may read the list, for each access setting, in German and English', async () => {
  const lines = async (privacy: Privacy | undefined, locale: 'de' | 'en') => {
    const text = await sheetOf(privacy, [], locale);
    const whom = locale === 'de' ? 'Für wen' : 'For whom';
    return text.slice(text.indexOf(whom)).split('\n')[1];
  };
  const de = {
    public: '- Für jeden, der die Adresse kennt: Die Seite ist öffentlich und hat keine Anmeldung.',
    link: '- Nur für das Team: Die Liste steht nur verschlüsselt in der Seite; lesen kann sie nur, wer den Team-Link hat, den podium build ausgibt (sein Schlüssel entsteht aus PODIUM_SECRET).',
    passphrase:
      '- Nur für das Team: Die Liste steht nur verschlüsselt in der Seite; lesen kann sie, wer den Team-Link hat, den podium build ausgibt (sein Schlüssel entsteht aus PODIUM_SECRET), oder die Passphrase des Teams kennt (PODIUM_PASSPHRASE).',
  };
  const en = {
    public: '- For anyone who knows the address: the page is public and has no login.',
    link: '- For the team only: the list is in the page only encrypted; only someone with the team link that podium build prints can read it (its key is made from PODIUM_SECRET).',
    passphrase:
      "- For the team only: the list is in the page only encrypted; someone with the team link that podium build prints (its key is made from PODIUM_SECRET), or who knows the team's passphrase (PODIUM_PASSPHRASE), can read it.",
  };
  // Without the setting: public.
  assert.ok((await lines(undefined, 'de'))!.startsWith(de.public));
  for (const access of ['public', 'link', 'passphrase'] as const) {
    assert.ok((await lines({ access }, 'de'))!.startsWith(de[access]), access);
    assert.ok((await lines({ access }, 'en'))!.startsWith(en[access]), access);
  }
});

sheet('states the end date and what a later bake publishes, or that there is none, in German and English', async () => {
  const none = await sheetOf();
  assert.match(none, '\n- Enddatum: keines; die Seite zeigt die Liste, solange sie veröffentlicht wird.\n');
  assert.match(
    await sheetOf({}, [], 'en'),
    '\n- End date: none; the page shows the list for as long as it is published.\n',
  );
  const winners = await sheetOf({ until: '2027-07-31' });
  assert.match(
    winners,
    '\n- Enddatum: 31.07.2027 (letzter Tag, Berliner Zeit). Danach gebacken, zeigt die Seite nur noch die Gewinnerzeilen und dass der Wettbewerb beendet ist; von allen anderen steht nichts mehr in ihr.\n  Ein mit podium init angelegtes Repository backt die Seiten jeden Montag neu',
  );
  assert.match(
    await sheetOf({ until: '2027-07-31', after: 'texts' }, [], 'en'),
    "\n- End date: 2027-07-31 (the last day, Berlin time). Baked after it, the page shows only the contest's texts and that it is over: no list, and no person.\n  A repository made by podium init bakes its pages again every Monday",
  );
  assert.match(
    await sheetOf({ until: '2027-07-31', after: 'winners' }, [], 'en'),
    '- End date: 2027-07-31 (the last day, Berlin time). Baked after it, the page shows only the winning rows',
  );
  assert.match(
    await sheetOf({ until: '2027-07-31', after: 'texts' }),
    'zeigt die Seite nur noch die Texte des Wettbewerbs',
  );
});

sheet('counts the hidden by the list and by the column once each, and names on the list that hide no one', async () => {
  // A contest's own list names only its people (else the check fails it); the folder's default may name others.
  const hidden = ['  Zoe Zander ', 'Mia Maier'];
  const named = await toNamed({ hidden }, [{ hidden: true }, { hidden: true }, {}, { hidden: false }]);
  const text = toDataSheet(named, 'de', { hidden: ['Nobody Here', 'Someone Else'] }).join('\n');
  // Zoe is on the list and in the column: one person.
  assert.match(
    text,
    '- Ausgeblendet: 3 Personen erscheinen als „Vertriebler*in“ (2 über die Liste „hidden“, 2 über die Spalte „Anonym“)',
  );
  assert.match(text, '  2 Namen der Liste „hidden“ stehen nicht in der Tabelle');
  assert.equal(toFacts(await toNamed({ hidden: ['Mia Maier'] })).hidden, { byList: 1, byColumn: 0, all: 1 });
  const one = await sheetOf({ hidden: ['Mia Maier'] });
  assert.match(one, '- Ausgeblendet: 1 Person erscheint als „Vertriebler*in“ (1 über die Liste „hidden“)');
  assert.not.match(one, 'nicht in der Tabelle');
  assert.match(await sheetOf(), '- Ausgeblendet: niemand.');
});

sheet('says where the names are kept: the contest file, an export, a history folder', async () => {
  const named = await toNamed();
  const kept = (files: string[]) => toDataSheet({ ...named, files }, 'de').join('\n');
  assert.match(kept(['c.json']), '- Die Namen stehen in der Wettbewerbsdatei selbst');
  assert.match(kept(['c.json', 'contests/x.csv']), '- Export: contests/x.csv, auf dem Rechner oder im Repository');
  assert.match(kept(['c.json', 'contests/summer/']), '- Exporte: im Ordner contests/summer/, einer Datei je Stand');
  assert.match(kept(['c.json', 'contests/summer/']), 'Sie werden nicht veröffentlicht');
});

sheet('says what the page does not do, and what personal links carry', async () => {
  const text = await sheetOf();
  assert.match(text, 'Die Seite stellt keine Anfragen (nur mit --refresh im TV-Modus an ihre eigene Adresse)');
  assert.match(text, 'setzt keine Cookies, hat kein Tracking');
  assert.match(text, 'je Zeile einen Hash, keinen Namen');
  assert.match(text, 'zeigt Platz und Abstand zum letzten Gewinnerplatz, aus den Zahlen, die die Seite allen zeigt.');
  // What a link shows where amounts are hidden: one's own, sealed; no distance in euro where the cut-off is hidden.
  const winners = await sheetOf({ amounts: 'winners' });
  assert.match(
    winners,
    'Abstand zum letzten Gewinnerplatz; dazu, nur mit diesem Link lesbar (verschlüsselt), das eigene',
  );
  const none = await sheetOf({ amounts: 'none' });
  assert.match(none, 'einen Abstand zum letzten Gewinnerplatz höchstens in Eigenleads, keinen in Euro');
});

sheet("takes a folder's default where the contest's own privacy says nothing", async () => {
  const named = await toNamed({ amounts: 'none' });
  const text = toDataSheet(named, 'de', { names: 'initials', amounts: 'winners' }).join('\n');
  assert.match(text, '- Namen: nur Initialen (S. H.).');
  assert.match(text, '- Netto-Volumen: für niemanden');
});

sheet("counts the default's hidden and the contest's own together, however the list spells a name", async () => {
  const named = await toNamed({ hidden: ['Mia Maier'] });
  const text = toDataSheet(named, 'de', { hidden: ['zoe\u00a0ZANDER'] }).join('\n');
  assert.match(text, '- Ausgeblendet: 2 Personen erscheinen als „Vertriebler*in“ (2 über die Liste „hidden“)');
  assert.not.match(text, 'nicht in der Tabelle');
});

sheet('speaks English with locale en', async () => {
  const text = await sheetOf({ names: 'initials', amounts: 'winners', hidden: ['Mia Maier'] }, [], 'en');
  assert.match(text, 'Privacy data sheet: Testwettbewerb');
  assert.match(text, '- Names: initials only (S. H.).');
  assert.match(text, '- Net volume: for the 3 winning places only');
  assert.match(text, '- Hidden: 1 person is shown as "Salesperson" (1 by the list "hidden")');
  assert.not.match(text, 'Namen');
});

sheet.run();

const command = suite('podium validate --privacy');

command('prints the sheet of each valid contest after the check, and exits as validate does', () =>
  inScratch(async (dir) => {
    mkdirSync(join(dir, 'contests'));
    const privacy = { names: 'initials', amounts: 'none', hidden: ['Zoe Zander'] };
    writeFileSync(join(dir, 'contests/quiet.json'), JSON.stringify({ ...VALID, privacy }));
    writeFileSync(join(dir, 'contests/open.json'), JSON.stringify(VALID));
    const valid = await podium(['validate', 'contests/', '--privacy'], { cwd: dir });
    assert.is(valid.status, 0, valid.stderr);
    const [check, open, quiet] = valid.stdout.split('\nDatenblatt Datenschutz: ');
    assert.match(check!, '2 contests checked, 0 invalid');
    assert.match(open!, 'Wettbewerbsdatei: contests/open.json');
    assert.match(open!, '- Namen: vollständig');
    assert.match(quiet!, 'Wettbewerbsdatei: contests/quiet.json');
    assert.match(quiet!, '- Namen: nur Initialen (S. H.).');
    assert.match(quiet!, '- Netto-Volumen: für niemanden');
    assert.match(quiet!, '- Ausgeblendet: 1 Person');
    // The default a build would be given: the sheet says what that build publishes; a contest's own settings win.
    const defaulted = await podium(['validate', 'contests/', '--privacy', '--privacy-default', 'initials,winners'], {
      cwd: dir,
    });
    const [, openDefaulted, quietDefaulted] = defaulted.stdout.split('\nDatenblatt Datenschutz: ');
    assert.match(openDefaulted!, '- Namen: nur Initialen (S. H.).');
    assert.match(quietDefaulted!, '- Netto-Volumen: für niemanden');
    // Without the flag, no sheet.
    assert.not.match((await podium(['validate', 'contests/'], { cwd: dir })).stdout, 'Datenblatt');
    const english = await podium(['validate', 'contests/quiet.json', '--privacy', '--locale', 'en'], { cwd: dir });
    assert.match(english.stdout, 'Privacy data sheet: Testwettbewerb');
    assert.match(english.stdout, '- Net volume: for nobody');
    writeFileSync(join(dir, 'contests/broken.json'), JSON.stringify({ ...VALID, solo_winners: -1 }));
    const invalid = await podium(['validate', 'contests/', '--privacy'], { cwd: dir });
    assert.is(invalid.status, 1);
    assert.match(invalid.stdout, 'contests/broken.json:');
    assert.is(invalid.stdout.split('Datenblatt Datenschutz: ').length, 3, 'a sheet for each valid contest only');
  }),
);

command('is text: with --format json it is a usage error', () =>
  inScratch(async (dir) => {
    writeFileSync(join(dir, 'c.json'), JSON.stringify(VALID));
    const run = await podium(['validate', 'c.json', '--privacy', '--format', 'json'], { cwd: dir });
    assert.is(run.status, 2);
    assert.match(run.stderr, "option '--privacy' cannot be used with option '--format <format>'");
    assert.is(run.stdout, '');
  }),
);

command.run();
