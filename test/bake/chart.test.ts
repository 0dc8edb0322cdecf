// The race's chart as a bake writes it (bake/race.ts, bake/chart.ts): the example's three Stands drawn right, in the
// baked HTML (JavaScript off sees it), after the page's root; the contest's privacy settings heeded.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { podium } from '../helpers/cli.ts';
import { toDocument, textOf } from '../helpers/dom.ts';
import { ROOT, inScratch } from '../helpers/files.ts';

const chart = suite('the race in a baked page');
const SUMMER = JSON.parse(readFileSync(join(ROOT, 'contests/summer.json'), 'utf8'));
const NBSP = '\u00a0';

/** Bakes the summer example (its three Stands), with `change` to its contest file, and returns the page's text. */
async function bakeSummer(change: object = {}, flags: string[] = [], env = {}): Promise<string> {
  return inScratch(async (dir) => {
    cpSync(join(ROOT, 'contests/summer'), join(dir, 'summer'), { recursive: true });
    writeFileSync(join(dir, 'summer.json'), JSON.stringify({ ...SUMMER, $schema: undefined, ...change }));
    const run = await podium(['build', join(dir, 'summer.json'), '--out', join(dir, 'out'), ...flags], { env });
    assert.is(run.status, 0, run.stderr);
    return readFileSync(join(dir, 'out/index.html'), 'utf8');
  });
}

/** Each line of the chart: the label at its end, and for each Stand the place whose row of the grid it is level with. */
function readLines(html: string) {
  const doc = toDocument(html);
  const levels = new Map([...doc.querySelectorAll('.race .place')].map((text) => [text.getAttribute('y'), text]));
  const xs = [...doc.querySelectorAll('.race .stand')].map((text) => text.getAttribute('x'));
  return [...doc.querySelectorAll('.race .line')].map((line) => {
    const points = [
      ...line
        .querySelector('path')!
        .getAttribute('d')!
        .matchAll(/[ML]([\d.]+) ([\d.]+)/g),
    ];
    return {
      label: textOf(line.querySelector('.name')),
      // The place label level with each point, the Stand label above it.
      points: points.map(([, x, y]) => [xs.indexOf(x!), textOf(levels.get(y!) ?? null)]),
    };
  });
}

/** The table of figures under the chart: its rows' cells. */
function readTable(html: string): string[][] {
  const rows = toDocument(html).querySelectorAll('.race table tr');
  return [...rows].map((row) => [...row.children].map((cell) => textOf(cell)));
}

chart('three Stands: each winner a line level with their place in each Stand, named at its end', async () => {
  const html = await bakeSummer();
  assert.equal(readLines(html), [
    {
      label: '1. Mehmet Yılmaz',
      points: [
        [0, '2.'],
        [1, '1.'],
        [2, '1.'],
      ],
    },
    {
      label: '2. Sabine Hoffmann',
      points: [
        [0, '3.'],
        [1, '3.'],
        [2, '2.'],
      ],
    },
    {
      label: '3. Katarzyna Nowak',
      points: [
        [0, '1.'],
        [1, '2.'],
        [2, '3.'],
      ],
    },
    {
      label: '4. Lea Zimmermann',
      points: [
        [0, '11.'],
        [1, '9.'],
        [2, '4.'],
      ],
    },
    {
      label: '5. Fatma Demir',
      points: [
        [0, '5.'],
        [1, '4.'],
        [2, '5.'],
      ],
    },
  ]);
  const doc = toDocument(html);
  assert.equal(
    [...doc.querySelectorAll('.race .stand')].map((text) => textOf(text)),
    ['04.06.', '11.06.', '18.06.'],
  );
  assert.match(textOf(doc.querySelector('.race figcaption')), /Das Rennen um die Gewinnerplätze: .* 3 Ständen/);
});

chart('the cut-off: the last winning place’s volume per Stand, none where no one won (the minimum unmet)', async () => {
  const html = await bakeSummer();
  const table = readTable(html);
  assert.equal(table[0], ['Name', '04.06.2027', '11.06.2027', '18.06.2027']);
  assert.equal(table.at(-1), ['Grenze (Summe Netto-Volumen AB)', '–', `120.500,00${NBSP}€`, `150.870,00${NBSP}€`]);
  assert.equal(table[4], ['Lea Zimmermann', '11.', '9.', '4.']);
  const values = [...toDocument(html).querySelectorAll('.race .cutoff .value')].map((text) => textOf(text));
  assert.equal(values, [`120.500,00${NBSP}€`, `150.870,00${NBSP}€`]);
});

chart('in the baked HTML, after the page’s root: JavaScript off and --no-hydrate show it too', async () => {
  for (const flags of [[], ['--no-hydrate']]) {
    const html = await bakeSummer({}, flags);
    const doc = toDocument(html);
    assert.ok(doc.querySelector('#podium + section.race > figure svg'), `${flags}: right after #podium`);
    assert.is(doc.querySelector('#podium .race'), null, 'not in what the page script hydrates');
    assert.not.match(html.slice(html.indexOf('<figure'), html.indexOf('</figure>')), /<script|href=|src=/);
    assert.match(html, /\.race-plot svg\{/, 'its styles');
  }
});

chart(
  'a hidden person is no line, names as the page shows them; amounts not published: no cut-off in euro',
  async () => {
    const privacy = { names: 'initials', hidden: ['Sabine Hoffmann'], amounts: 'winners' };
    const html = await bakeSummer({ privacy });
    assert.equal(
      readLines(html).map(({ label }) => label),
      ['1. M. Y.', '3. K. N.', '4. L. Z.', '5. F. D.'],
    );
    const figure = html.slice(html.indexOf('<figure'), html.indexOf('</figure>'));
    assert.not.match(figure, /Sabine|Hoffmann|Vertriebler|Mehmet/);
    assert.not.match(figure, /€|Grenze|class="cutoff"/);
    assert.equal(readTable(html).length, 5, 'the header and four people');
  },
);

chart('ranked by leads: the cut-off in leads, published whatever the amounts', async () => {
  const html = await bakeSummer({ ranking: 'leadCount', privacy: { amounts: 'none' } });
  assert.equal(readTable(html).at(-1), ['Grenze (Anzahl Eigenleads)', '–', '15', '18']);
});

chart(
  'no figure and none of its styles on a page without a previous Stand, or past the end with its texts',
  async () => {
    const single = await inScratch(async (dir) => {
      cpSync(join(ROOT, 'contests/summer/2027-06-18.csv'), join(dir, 'users.csv'));
      writeFileSync(join(dir, 'c.json'), JSON.stringify({ ...SUMMER, $schema: undefined, users: 'users.csv' }));
      const run = await podium(['build', join(dir, 'c.json'), '--out', join(dir, 'out')]);
      assert.is(run.status, 0, run.stderr);
      return readFileSync(join(dir, 'out/index.html'), 'utf8');
    });
    assert.not.match(single, /<figure|race-plot/);
    const epoch = String(Date.parse('2027-07-15T12:00:00Z') / 1000);
    for (const after of ['winners', 'texts']) {
      const ended = await bakeSummer({ privacy: { until: '2027-06-30', after } }, [], { SOURCE_DATE_EPOCH: epoch });
      assert.ok(ended.includes('<main'), 'baked');
      assert.not.match(ended, /<figure|race-plot/, `past its end, "after": "${after}"`);
    }
  },
);

chart('a team page ("access") has no chart: its people are sealed, the chart would name them', async () => {
  const html = await bakeSummer({ privacy: { access: 'link' } }, [], { PODIUM_SECRET: '0123456789abcdef'.repeat(4) });
  assert.ok(html.includes('id="podium"'), 'baked');
  assert.not.match(html, /<figure|race-plot|Mehmet|Yılmaz|Zimmermann/);
});

chart.run();
