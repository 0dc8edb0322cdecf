// Targets and pro-rating over a real check: the export's "Ziel" and "Beschäftigungsgrad" columns as LibreOffice wrote
// them (test/fixtures/real/targets/make.sh), the ranking by the share of one's own target, and each target or share
// that cannot be used said at its cell, with nothing written.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toLine } from '../../../src/errors.ts';
import { validate } from '../../helpers/validate.ts';
import { FIXTURES, inScratch, ROOT } from '../../helpers/files.ts';
import { podium } from '../../helpers/cli.ts';

const TARGETS = join(FIXTURES, 'targets');
const at = (name: string) => join(TARGETS, name);

/** What the check makes of a contest file: each row's name and place, and the problem lines. */
async function check(name: string) {
  const file = at(name);
  const { contests, problems } = await validate([{ file, bytes: readFileSync(file) }]);
  const named = contests[0];
  return {
    places: named?.contest.users.map((user, row) => `${named.ranking.places[row]} ${user.name}`),
    winners: named?.ranking.winners,
    lines: problems.map((problem) => toLine(problem).replaceAll(`${ROOT}`, '')),
  };
}

/** The rows of a baked page: the place and name, and the share of the target it shows. */
function toRows(html: string): string[] {
  const rows = [...html.matchAll(/<tr[^>]*><th scope="row">(.*?)<\/th>.*?<td>([^<]*)<meter[^>]*value="(\d+)"/g)];
  return rows.map(([, head, share, meter]) => `${head!.replace(/<span.*$/, '')} · ${share} · ${meter}`);
}

const ranked = suite("ranking by target: the share of one's own target, pro-rated by the employment share");

// Ben Brandt works half-time: 30.000 € of his halved target of 50.000 € is 60 %; Anna Arnold, full-time, has 55.000 €
// of 100.000 €, 55 %. Emma Engel (75 %) has 41.250 € of 75.000 €, 55 % too: she shares Anna's place.
const PLACES = ['1 Carla Conrad', '2 Ben Brandt', '3 Anna Arnold', '3 Emma Engel', '5 Dirk Dietrich'];

for (const kind of ['xlsx', 'csv'])
  ranked(`a half-time person at 60 % ranks above a full-time one at 55 % (LibreOffice's ${kind})`, async () => {
    const { places, winners, lines } = await check(`team-${kind}.json`);
    assert.equal(lines, []);
    assert.equal(places, PLACES);
    assert.is(winners, 2, 'Carla Conrad and Ben Brandt win');
  });

ranked('the baked page shows the same places, each share in tenths of a percent and its bar', async () => {
  await inScratch(async (dir) => {
    const run = await podium(['build', at('team-xlsx.json'), '--out', dir]);
    assert.is(run.status, 0, run.stderr);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    assert.equal(toRows(html), [
      '1\u00a0Carla Conrad · 90,0\u00a0% · 900',
      '2\u00a0Ben Brandt · 60,0\u00a0% · 600',
      '3\u00a0Anna Arnold · 55,0\u00a0% · 550',
      '3\u00a0Emma Engel · 55,0\u00a0% · 550',
      '5\u00a0Dirk Dietrich · 50,0\u00a0% · 500',
    ]);
    assert.ok(html.includes('<th scope="col">Ziel erreicht</th>'));
    assert.ok(
      html.includes(
        '<p class="rule">Gewertet nach Anteil am persönlichen Ziel (Netto-Volumen). Ziele nach Beschäftigungsgrad anteilig.</p>',
      ),
    );
    // The page carries each effective target, never an employment share (a person's own).
    assert.ok(html.includes('"name":"Ben Brandt","leadCount":9,"profit":30000,"target":50000}'));
    assert.not.ok(html.includes('"share"'), 'no employment share in the page');
  });
});

ranked("where only the winners' volumes are published, the other rows show no share and carry no target", async () => {
  await inScratch(async (dir) => {
    const contest = JSON.parse(readFileSync(at('team-xlsx.json'), 'utf8'));
    const file = join(dir, 'private.json');
    const users = at('../real/targets/team.xlsx');
    writeFileSync(file, JSON.stringify({ ...contest, users, privacy: { amounts: 'winners' } }));
    const run = await podium(['build', file, '--out', join(dir, 'out')]);
    assert.is(run.status, 0, run.stderr);
    const html = readFileSync(join(dir, 'out', 'index.html'), 'utf8');
    assert.equal(toRows(html), ['1\u00a0Carla Conrad · 90,0\u00a0% · 900', '2\u00a0Ben Brandt · 60,0\u00a0% · 600']);
    const dashes = html.match(
      /<td><span aria-hidden="true">–<\/span><span class="visually-hidden">Betrag nicht veröffentlicht/g,
    );
    assert.is(dashes?.length, 6, 'three rows: no volume, no share of the target');
    assert.ok(html.includes('"name":"Anna Arnold","leadCount":12}'), 'no target for Anna Arnold');
    assert.not.ok(html.includes('100000'), 'no full target either');
  });
});

ranked('["target", "profit"] breaks a tie of shares by the volume', async () => {
  await inScratch(async (dir) => {
    const contest = JSON.parse(readFileSync(at('team-csv.json'), 'utf8'));
    const file = join(dir, 'tie.json');
    const text = JSON.stringify({ ...contest, ranking: ['target', 'profit'], users: at('../real/targets/team.csv') });
    const { contests } = await validate([{ file, bytes: Buffer.from(text) }]);
    const named = contests[0]!;
    const places = named.contest.users.map((user, row) => `${named.ranking.places[row]} ${user.name}`);
    assert.equal(places, ['1 Carla Conrad', '2 Ben Brandt', '3 Anna Arnold', '4 Emma Engel', '5 Dirk Dietrich']);
  });
});

ranked(
  '"columns" names a target\'s and a share\'s own titles; without "target" those columns are not read',
  async () => {
    await inScratch(async (dir) => {
      const csv =
        'Name;Anzahl Eigenleads;Summe Netto-Volumen AB;Jahresziel;Teilzeit\nAnna;1;550,00 €;1.000,00 €;\nBen;1;300,00 €;1.000,00 €;50\n';
      writeFileSync(join(dir, 'team.csv'), csv);
      const head = JSON.parse(readFileSync(at('team-csv.json'), 'utf8'));
      const columns = { target: 'Jahresziel', share: 'Teilzeit' };
      const checked = async (fields: object) => {
        const bytes = Buffer.from(JSON.stringify({ ...head, ...fields, users: 'team.csv' }));
        const { contests } = await validate([{ file: join(dir, 'c.json'), bytes }]);
        return contests[0]?.contest.users;
      };
      // Ben, half-time, has 300 € of 500 € (60 %); Anna 550 € of 1.000 € (55 %)
      assert.equal(await checked({ columns }), [
        { name: 'Ben', leadCount: 1, profit: 300, target: 1000, share: 0.5 },
        { name: 'Anna', leadCount: 1, profit: 550, target: 1000 },
      ]);
      assert.equal(await checked({ target: undefined, ranking: 'profit', columns }), [
        { name: 'Anna', leadCount: 1, profit: 550 },
        { name: 'Ben', leadCount: 1, profit: 300 },
      ]);
    });
  },
);

ranked('users in the contest file carry "target" and "share"; the default fills in', async () => {
  const { places, lines } = await check('inline.json');
  assert.equal(lines, []);
  // Ben 6 of 10 leads (60 %), Anna 11 of 20 (55 %), Carla 3 of the default 10 (30 %)
  assert.equal(places, ['1 Ben Brandt', '2 Anna Arnold', '3 Carla Conrad']);
});

const refused = suite('targets and shares that cannot be used: an error at the cell, exit code 1, nothing written');

const LINES: Record<string, string[]> = {
  'no-default-xlsx.json': [
    'test/fixtures/real/targets/team.xlsx: Tabelle1!D5: users[3].target: no target for "Dirk Dietrich": fill in the person\'s target, or set a "default" in the contest\'s "target"',
  ],
  'no-default-csv.json': [
    'test/fixtures/real/targets/team.csv:5:31: users[3].target: no target for "Dirk Dietrich": fill in the person\'s target, or set a "default" in the contest\'s "target"',
  ],
  'bad-share-xlsx.json': [
    'test/fixtures/real/targets/bad-share.xlsx: Tabelle1!E2: users[0].share: correct the employment share: above 0 and at most 100 % (0.5, 50 % or 50; left empty, full time), got the string "0 %"',
    'test/fixtures/real/targets/bad-share.xlsx: Tabelle1!E3: users[1].share: correct the employment share: above 0 and at most 100 % (0.5, 50 % or 50; left empty, full time), got the string "150 %"',
  ],
  'bad-share-csv.json': [
    'test/fixtures/real/targets/bad-share.csv:2:45: users[0].share: correct the employment share: above 0 and at most 100 % (0.5, 50 % or 50; left empty, full time), got "0 %"',
    'test/fixtures/real/targets/bad-share.csv:3:43: users[1].share: correct the employment share: above 0 and at most 100 % (0.5, 50 % or 50; left empty, full time), got "150 %"',
  ],
  'inline-invalid.json': [
    'test/fixtures/targets/inline-invalid.json:11:57: users[0].target: fill in a target above 0 (in euro or leads, as "target" says), or leave it empty for the "default", got the number 0',
    'test/fixtures/targets/inline-invalid.json:12:68: users[1].share: correct the employment share: above 0 and at most 100 % (0.5, 50 % or 50; left empty, full time), got the number 150',
  ],
  'no-target.json': [
    'test/fixtures/targets/no-target.json:8:14: ranking: "ranking": "target" needs personal targets: add "target": { "figure": "profit" } (or "leadCount"), or rank by "profit" or "leadCount"',
  ],
};

for (const [name, lines] of Object.entries(LINES))
  refused(name, async () => {
    await inScratch(async (dir) => {
      const file = join('test/fixtures/targets', name);
      const run = await podium(['build', file, '--out', join(dir, 'out')], { cwd: ROOT });
      assert.is(run.status, 1);
      assert.equal(
        run.stderr.split('\n').filter((line) => line.startsWith('test/')),
        lines,
      );
      assert.not.ok(existsSync(join(dir, 'out', 'index.html')), 'nothing written');
    });
  });

ranked.run();
refused.run();
