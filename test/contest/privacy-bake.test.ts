// What is not shown is not in the file: a contest with a history baked under every setting, and the page, the
// overview, the change line and the step summary searched byte by byte for every hidden name and amount.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCents, toEuro, toMoney } from '../../src/contest/numbers.ts';
import { podium, PLAIN } from '../helpers/cli.ts';
import { inScratch } from '../helpers/files.ts';

const HEADER = 'Name;Anzahl Eigenleads;Summe Netto-Volumen AB;Alias;Anonym';
/** [name, leads, volume, alias, anonym] per Stand; the volumes are distinct, so that a hit is never chance. */
const STANDS: Record<string, (string | number)[][]> = {
  '2027-03-17': [
    ['Sabine Hoffmann', 20, 61234.56, '', ''],
    ['Max Muster', 18, 58765.43, '', ''],
    ['Jürgen Großkopf', 15, 51111.11, '', 'ja'],
    ['Paul Hartmann', 3, 10101.01, '', ''],
  ],
  '2027-03-24': [
    ['Max Muster', 22, 70707.07, '', ''],
    ['Sabine Hoffmann', 24, 69876.54, '', ''],
    ['Sabine Huber', 21, 64444.44, '', ''],
    ['Jürgen Großkopf', 16, 55555.55, '', 'ja'],
    ['Lea Zimmermann', 12, 43434.34, 'Rakete', ''],
    ['Paul Hartmann', 4, 11212.12, '', ''],
  ],
  '2027-03-31': [
    ['Sabine Hoffmann', 30, 98765.43, '', ''],
    ['Sabine Huber', 25, 87654.32, '', ''],
    ['Max Muster', 26, 76543.21, '', ''],
    ['Lea Zimmermann', 18, 65432.1, 'Rakete', ''],
    ['Jürgen Großkopf', 17, 54321.09, '', 'x'],
    ['Ömer Çelik', 10, 43210.98, '', ''],
    ['Paul Hartmann', 5, 12345.67, '', ''],
  ],
};
const CURRENT = STANDS['2027-03-31']!;
const PREVIOUS = STANDS['2027-03-24']!;
const WINNERS = 2;
const HIDDEN = ['Max Muster', 'Jürgen Großkopf'];
const NAMES = ['full', 'first name and initial', 'initials', 'alias'] as const;
const AMOUNTS = ['all', 'winners', 'none'] as const;

/** A folder of one contest with its history, `privacy` its own; returns the folder. */
function writeFolder(dir: string, privacy: object): string {
  const input = join(dir, 'in');
  mkdirSync(join(input, 'spring'), { recursive: true });
  for (const [stand, rows] of Object.entries(STANDS)) {
    const lines = rows.map(([name, leads, volume, alias, anonym]) =>
      [name, leads, String(volume).replace('.', ','), alias, anonym].join(';'),
    );
    writeFileSync(join(input, 'spring', `${stand}.csv`), `${[HEADER, ...lines].join('\n')}\n`);
  }
  const contest = {
    title: 'Frühling',
    heading: 'Die Besten',
    journey_date_text: 'im Mai',
    description: 'Wer gewinnt?',
    qualification_date_text: 'März',
    solo_winners: WINNERS,
    ranking: 'profit',
    users: 'spring/',
    privacy,
  };
  writeFileSync(join(input, 'spring.json'), JSON.stringify(contest));
  return input;
}

/** The text as a reader of its bytes finds it: raw, and with JSON's and HTML's escapes decoded. */
function toReadings(text: string): string[] {
  const json = text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const html = json
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(
      /&(amp|lt|gt|quot|nbsp);/g,
      (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' })[name]!,
    );
  return [text, json, html, html.replace(/\u00a0/g, ' ')];
}

/** An amount as a page or a summary could write it: German with and without €, JSON's number, whole cents. */
function toForms(amount: number): string[] {
  const money = toMoney(amount);
  return [money, money.replace(/\s*€$/, ''), money.replace(/\u00a0/g, ' '), String(amount), String(toCents(amount))];
}

/** A gain in euro as a page works it out: the difference of the two amounts' cents. */
function toGain(now: number, then: number): number {
  return toEuro(toCents(now) - toCents(then));
}

/** What must not be found under a setting: hidden people's names, surnames where names are cut, hidden amounts. */
function toSecrets(names: (typeof NAMES)[number], amounts: (typeof AMOUNTS)[number]): string[] {
  const secrets = HIDDEN.flatMap((name) => [name, ...name.split(' ')]);
  if (names !== 'full') for (const [name] of CURRENT) secrets.push(String(name).split(' ').at(-1)!);
  // Current places follow the volume: the first WINNERS rows win.
  CURRENT.forEach(([name, , volume], at) => {
    if (amounts === 'all' || (amounts === 'winners' && at < WINNERS)) return;
    secrets.push(...toForms(volume as number));
    const before = PREVIOUS.find((row) => row[0] === name);
    if (before) secrets.push(...toForms(toGain(volume as number, before[2] as number)));
  });
  // The previous Stand's amounts its page did not publish, and the gains since that would give them away (a new
  // winner's: Sabine Huber, place 3 then).
  PREVIOUS.forEach(([name, , volume], at) => {
    if (amounts === 'all' || (amounts === 'winners' && at < WINNERS)) return;
    secrets.push(...toForms(volume as number));
    const now = CURRENT.find((row) => row[0] === name);
    if (now) secrets.push(...toForms(toGain(now[2] as number, volume as number)));
  });
  return secrets;
}

const bytes = suite('a page under privacy carries nothing it does not show');

for (const names of NAMES)
  for (const amounts of AMOUNTS)
    bytes(`names: ${names}, amounts: ${amounts}: no hidden name or amount in the page, overview, line or summary`, () =>
      inScratch(async (dir) => {
        const input = writeFolder(dir, { names, hidden: ['Max Muster'] });
        const summary = join(dir, 'summary.md');
        const out = join(dir, 'out');
        const run = await podium(['build', input, '--out', out, '--privacy-default', `initials,${amounts}`], {
          env: { ...PLAIN, GITHUB_STEP_SUMMARY: summary },
        });
        assert.is(run.status, 0, run.stderr);
        // validate's step summary, which CI shows whoever reads the repository, as the page.
        const checked = join(dir, 'checked.md');
        const check = await podium(['validate', input, '--privacy-default', `initials,${amounts}`], {
          env: { ...PLAIN, GITHUB_STEP_SUMMARY: checked },
        });
        assert.is(check.status, 0, check.stderr);
        const page = readFileSync(join(out, 'spring/index.html'), 'utf8');
        const texts = {
          page,
          overview: readFileSync(join(out, 'index.html'), 'utf8'),
          stdout: run.stdout,
          stderr: run.stderr,
          summary: readFileSync(summary, 'utf8'),
          'validate stdout': check.stdout,
          'validate summary': readFileSync(checked, 'utf8'),
        };
        const hits = Object.entries(texts).flatMap(([where, text]) =>
          toSecrets(names, amounts).flatMap((secret) =>
            toReadings(text).some((reading) => reading.includes(secret)) ? [`${where}: ${secret}`] : [],
          ),
        );
        assert.equal(hits, []);
        // And it shows what it may: the winners' amounts, the names as the setting writes them.
        const shown = toReadings(page).at(-1)!;
        assert.is(shown.includes(toMoney(98765.43).replace(/\u00a0/g, ' ')), amounts !== 'none', 'a winner amount');
        const sabine = { full: 'Sabine Hoffmann', 'first name and initial': 'Sabine H. (1)', initials: 'S. H. (1)' };
        assert.ok(shown.includes(names === 'alias' ? 'Rakete' : sabine[names]), names);
        assert.ok(shown.includes('Vertriebler*in (2)'), 'two hidden people, told apart');
      }),
    );

bytes('without privacy the same contest shows every name and amount (the search above can find them)', () =>
  inScratch(async (dir) => {
    const input = writeFolder(dir, {});
    const out = join(dir, 'out');
    const run = await podium(['build', input, '--out', out], { env: PLAIN });
    assert.is(run.status, 0, run.stderr);
    const shown = toReadings(readFileSync(join(out, 'spring/index.html'), 'utf8')).at(-1)!;
    for (const secret of ['Max Muster', 'Sabine Huber', toMoney(12345.67).replace(/\u00a0/g, ' ')])
      assert.ok(shown.includes(secret), secret);
    assert.not.ok(shown.includes('Jürgen Großkopf'), 'hidden by the column, with no setting');
  }),
);

bytes('someone the previous export hid, gone now, is not named in the change line or the summary', () =>
  inScratch(async (dir) => {
    const input = join(dir, 'in');
    mkdirSync(join(input, 'spring'), { recursive: true });
    // Five people before, four now: one gone is no warning (that would name them, for the publisher).
    const rows = (hidden: boolean) => [
      'Sabine Hoffmann;20;61234,56;;',
      'Max Muster;18;58765,43;;',
      'Sabine Huber;17;55555,55;;',
      'Lea Zimmermann;16;44444,44;;',
      ...(hidden ? ['Jürgen Großkopf;15;51111,11;;ja'] : []),
    ];
    writeFileSync(join(input, 'spring', '2027-03-24.csv'), [HEADER, ...rows(true)].join('\n'));
    writeFileSync(join(input, 'spring', '2027-03-31.csv'), [HEADER, ...rows(false)].join('\n'));
    const contest = {
      ...JSON.parse(readFileSync(join(writeFolder(join(dir, 'other'), {}), 'spring.json'), 'utf8')),
      privacy: undefined,
    };
    writeFileSync(join(input, 'spring.json'), JSON.stringify(contest));
    const summary = join(dir, 'summary.md');
    const run = await podium(['build', join(input, 'spring.json'), '--out', join(dir, 'out')], {
      env: { ...PLAIN, GITHUB_STEP_SUMMARY: summary },
    });
    assert.is(run.status, 0, run.stderr);
    const said = `${run.stdout}${run.stderr}${readFileSync(summary, 'utf8')}`;
    assert.ok(said.includes('Vertriebler*in'), said);
    for (const secret of ['Jürgen', 'Großkopf']) assert.not.ok(toReadings(said).some((text) => text.includes(secret)));
  }),
);

bytes('--strict: a contest its warnings made invalid keeps its own settings in the change line and summary', () =>
  inScratch(async (dir) => {
    const input = join(dir, 'in');
    mkdirSync(join(input, 'spring'), { recursive: true });
    const rows = (leads: number) => [
      'Sabine Hoffmann;20;61234,56;;',
      'Max Muster;18;58765,43;;',
      'Sabine Huber;17;55555,55;;',
      `Lea Zimmermann;${leads};44444,44;;`,
    ];
    writeFileSync(join(input, 'spring', '2027-03-24.csv'), [HEADER, ...rows(16)].join('\n'));
    writeFileSync(join(input, 'spring', '2027-03-31.csv'), [HEADER, ...rows(12)].join('\n')); // leads fell: a warning
    const contest = JSON.parse(readFileSync(join(writeFolder(join(dir, 'other'), {}), 'spring.json'), 'utf8'));
    const privacy = { names: 'initials', amounts: 'none' };
    writeFileSync(join(input, 'spring.json'), JSON.stringify({ ...contest, privacy }));
    const summary = join(dir, 'summary.md');
    const run = await podium(['build', join(input, 'spring.json'), '--out', join(dir, 'out'), '--strict'], {
      env: { ...PLAIN, GITHUB_STEP_SUMMARY: summary },
    });
    assert.is(run.status, 1, run.stderr);
    const table = readFileSync(summary, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('| '));
    assert.is(table.length, 2, 'the titles and the one row that changed');
    for (const secret of ['Zimmermann', '44.444,44']) assert.not.ok(table.join('\n').includes(secret), secret);
  }),
);

bytes.run();
