// podium announce as people run it: printed without a webhook, posted to one (Teams or Slack) with PODIUM_WEBHOOK;
// each moment once over consecutive Stands, nothing the page does not publish, and a receiver that fails or hangs is
// one warning line and exit 0.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { podium } from '../../helpers/cli.ts';
import { inScratch, ROOT } from '../../helpers/files.ts';
import { receive, type Answer } from '../../helpers/receiver.ts';
import { FILES, TOP, toClimb, toEntered, toTop, WEEKS, writeRace } from '../../helpers/stands.ts';

type Teams = {
  type: string;
  attachments: { contentType: string; content: { type: string; body: { text: string }[] } }[];
};
type Slack = { text: string; blocks: { type: string; text: { type: string; text: string } }[] };

/** Runs `podium announce race.json …` in `dir` with a receiver at PODIUM_WEBHOOK: the run and the bodies posted. */
async function announceTo(dir: string, args: string[] = [], answer: Answer = () => 200, env: NodeJS.ProcessEnv = {}) {
  const receiver = await receive(answer);
  try {
    const run = await podium(['announce', 'race.json', ...args], {
      cwd: dir,
      env: { PODIUM_WEBHOOK: receiver.url, ...env },
    });
    return { ...run, bodies: [...receiver.bodies], url: receiver.url };
  } finally {
    await receiver.close();
  }
}

/** Every text of a posted body, whichever format: the Teams card's TextBlocks, or Slack's text and sections. */
function textsOf(body: string): string[] {
  const parsed = JSON.parse(body) as Partial<Teams & Slack>;
  if (parsed.attachments) return parsed.attachments.flatMap(({ content }) => content.body.map(({ text }) => text));
  return [parsed.text ?? '', ...(parsed.blocks ?? []).map(({ text }) => text.text)];
}

const command = suite('podium announce');

command('without PODIUM_WEBHOOK: the news of the newest Stand, printed; --format html for an e-mail', () =>
  inScratch(async (dir) => {
    writeRace(dir, 2);
    const run = await podium(['announce', 'race.json'], { cwd: dir });
    assert.equal([run.status, run.stderr], [0, '']);
    const { name, by } = toClimb(1);
    assert.is(
      run.stdout,
      [
        'Rennen <b>Q1</b> · Stand 14.01.2027',
        `- Neu unter den Top ${TOP}: ${toEntered(1).join(', ')}`,
        `- Größter Sprung: ${name}, ${by} Plätze nach oben`,
        `- Für Platz ${TOP} braucht es derzeit ${WEEKS[1]![TOP - 1]!.leadCount} Eigenleads`,
        '- Noch 6 Tage bis zum Ende am 20.01.2027',
        '- Endspurt: die letzte Woche läuft!',
        '',
      ].join('\n'),
    );
    const html = await podium(['announce', 'race.json', '--format', 'html', '--locale', 'en'], { cwd: dir });
    assert.is(html.status, 0);
    assert.match(html.stdout, '<h2>Rennen &lt;b&gt;Q1&lt;/b&gt; · as of 2027-01-14</h2>');
    assert.match(html.stdout, `<li>New in the top ${TOP}: ${toEntered(1).join(', ')}</li>`);
  }),
);

command('PODIUM_WEBHOOK: posted as a Teams Adaptive Card, or with --webhook slack as Block Kit; nothing printed', () =>
  inScratch(async (dir) => {
    writeRace(dir, 2);
    const teams = await announceTo(dir);
    assert.equal([teams.status, teams.stderr], [0, '']);
    assert.is(teams.stdout, 'podium: announce: posted the news of 1 contest to the webhook (teams)\n');
    assert.is(teams.bodies.length, 1);
    const card = JSON.parse(teams.bodies[0]!) as Teams;
    assert.is(card.type, 'message');
    assert.is(card.attachments[0]!.contentType, 'application/vnd.microsoft.card.adaptive');
    assert.is(card.attachments[0]!.content.type, 'AdaptiveCard');
    assert.is(card.attachments[0]!.content.body[0]!.text, 'Rennen <b>Q1</b> · Stand 14.01.2027');
    const slack = await announceTo(dir, ['--webhook', 'slack']);
    assert.equal([slack.status, slack.stderr], [0, '']);
    const message = JSON.parse(slack.bodies[0]!) as Slack;
    assert.equal(
      message.blocks.map(({ type, text }) => [type, text.type]),
      [['section', 'mrkdwn']],
    );
    assert.match(
      message.blocks[0]!.text.text,
      '*Rennen &lt;b&gt;Q1&lt;/b&gt; · Stand 14.01.2027*\n• Neu unter den Top',
    );
    assert.match(message.text, `Neu unter den Top ${TOP}: ${toEntered(1).join(', ')}`);
  }),
);

command('announcing each new Stand once says each moment once: the kick-off, the top, the last week, the end', () =>
  inScratch(async (dir) => {
    const said: string[] = [];
    for (const stands of [1, 2, 3]) {
      writeRace(dir, stands);
      const run = await announceTo(dir, ['--webhook', 'slack']);
      assert.equal([run.status, run.stderr, run.bodies.length], [0, '', 1], `Stand ${stands}`);
      said.push(...(JSON.parse(run.bodies[0]!) as Slack).blocks.map(({ text }) => text.text));
    }
    const times = (text: string) => said.filter((block) => block.includes(text)).length;
    assert.is(times("Los geht's! 12 Personen sind dabei, die besten 3 gewinnen."), 1);
    assert.is(times(`Neu unter den Top ${TOP}: ${toEntered(1).join(', ')}`), 1);
    assert.is(times('Endspurt'), 1);
    assert.is(times(`Der Wettbewerb ist vorbei. Gewonnen haben: ${toTop(2).join(', ')}.`), 1);
    assert.match(said[2]!, 'Stand 21.01.2027');
    // A run over the same Stand says it again: the workflow runs it once per Stand (--changed). A later Stand, past
    // the end as the one before it: nothing more.
    assert.is((await announceTo(dir)).bodies.length, 1);
    writeFileSync(join(dir, 'race', '2027-01-28.csv'), FILES[2]![1]);
    const after = await announceTo(dir);
    assert.equal(
      [after.status, after.stderr, after.bodies],
      [0, 'podium: announce: no new Stand brings anything to announce\n', []],
    );
  }),
);

command('--changed: only the contests whose history folder the push touched', () =>
  inScratch(async (dir) => {
    writeRace(dir, 2);
    const other = await announceTo(dir, ['--changed', '-'], undefined);
    assert.is(other.bodies.length, 0, 'standard input empty: nothing changed');
    const receiver = await receive();
    try {
      const env = { PODIUM_WEBHOOK: receiver.url };
      const untouched = await podium(['announce', 'race.json', '--changed', '-'], {
        cwd: dir,
        env,
        input: 'README.md\nrace.json\n',
      });
      assert.equal(
        [untouched.status, untouched.stderr],
        [0, 'podium: announce: no new Stand brings anything to announce\n'],
      );
      const touched = await podium(['announce', 'race.json', '--changed', '-'], {
        cwd: dir,
        env,
        input: 'race/2027-01-14.csv\n',
      });
      assert.equal([touched.status, touched.stderr], [0, '']);
      assert.is(receiver.bodies.length, 1);
    } finally {
      await receiver.close();
    }
  }),
);

command('a hidden person and amounts not published never appear, in any format; a page past its end names no one', () =>
  inScratch(async (dir) => {
    // Whom the second Stand names first, ranked by volume: the person to hide.
    const ranking = { ranking: ['profit', 'leadCount'] };
    writeRace(dir, 2, ranking);
    const open = await podium(['announce', 'race.json'], { cwd: dir });
    const hidden = /Neu unter den Top 3: ([^,\n]+)/.exec(open.stdout)?.[1];
    assert.ok(hidden, open.stdout);
    assert.match(open.stdout, '€ Netto-Volumen', 'the cut-off in euro, where amounts are published');
    const privacy = { privacy: { hidden: [hidden], amounts: 'none' }, ...ranking };
    const texts: string[] = [];
    for (const stands of [1, 2, 3]) {
      writeRace(dir, stands, privacy);
      for (const format of ['text', 'html'])
        texts.push((await podium(['announce', 'race.json', '--format', format], { cwd: dir })).stdout);
      for (const webhook of ['teams', 'slack'])
        texts.push(...textsOf((await announceTo(dir, ['--webhook', webhook])).bodies[0]!));
    }
    assert.ok(
      texts.some((text) => text.includes('Vertriebler*in') || text.includes('Vertriebler\\*in')),
      "the page's word for the hidden",
    );
    for (const text of texts) {
      assert.not.match(text, hidden!);
      assert.not.match(text, '€');
      assert.not.match(text, 'Netto-Volumen');
    }
    // Past privacy.until, a page that keeps its texts alone: the end, and no name.
    writeRace(dir, 3, { privacy: { until: '2027-01-25', after: 'texts' } });
    const ended = await podium(['announce', 'race.json'], { cwd: dir, env: { SOURCE_DATE_EPOCH: '1801526400' } });
    assert.is(ended.stdout, 'Rennen <b>Q1</b> · Stand 21.01.2027\n- Der Wettbewerb ist vorbei.\n');
  }),
);

command('a receiver that answers 500, or never: one warning line without the address, exit 0, and the run ends', () =>
  inScratch(async (dir) => {
    writeRace(dir, 2);
    const failing = await announceTo(dir, [], () => 500);
    assert.equal([failing.status, failing.stdout], [0, '']);
    assert.is(failing.stderr, 'podium: announce: the webhook answered 500 (3 tries); the message was not posted\n');
    assert.is(failing.bodies.length, 3);
    const hanging = await announceTo(dir, [], () => 'hang', { PODIUM_WEBHOOK_TIMEOUT: '0.2' });
    assert.equal([hanging.status, hanging.stdout], [0, '']);
    assert.is(
      hanging.stderr,
      'podium: announce: the webhook did not answer within 0.2 s (3 tries); the message was not posted\n',
    );
    for (const run of [failing, hanging]) {
      assert.not.match(run.stderr, 'secret-token');
      assert.not.match(run.stderr, new URL(run.url).port);
    }
  }),
);

command('an invalid contest: the problem lines podium validate prints, exit 1, nothing posted', () =>
  inScratch(async (dir) => {
    writeRace(dir, 2);
    writeFileSync(join(dir, 'race', '2027-01-14.csv'), FILES[1]![1].replace(/;\d+;/, ';zwölf;'));
    const run = await announceTo(dir);
    assert.equal([run.status, run.stdout, run.bodies], [1, '', []]);
    const checked = await podium(['validate', 'race.json'], { cwd: dir });
    const problems = checked.stdout.split('\n').filter((line) => line.startsWith('race/'));
    assert.ok(problems.length > 0);
    assert.is(run.stderr, `${problems.join('\n')}\n`);
  }),
);

command(
  'nothing to announce without a history; a PODIUM_WEBHOOK that is no https address is a usage error',
  async () => {
    const receiver = await receive();
    try {
      const plain = await podium(['announce', 'contests/example.json'], { env: { PODIUM_WEBHOOK: receiver.url } });
      assert.equal(
        [plain.status, plain.stdout, plain.stderr],
        [0, '', 'podium: announce: no contest here keeps a history ("users": "folder/"); nothing to announce\n'],
      );
      assert.is(receiver.bodies.length, 0);
    } finally {
      await receiver.close();
    }
    const wrong = await podium(['announce', 'contests/'], {
      env: { PODIUM_WEBHOOK: 'hooks.slack.com/services/T0/B0/XYZ' },
    });
    assert.is(wrong.status, 2);
    assert.not.match(wrong.stderr, 'XYZ');
    assert.match(wrong.stderr, 'podium: PODIUM_WEBHOOK is not an https:// address; set it to');
  },
);

const fair = suite('podium announce of a fair contest');
/** The Stand of 31.03.2027, evening: the last Stand of each fixture below, not yet past its end. */
const EVENING = { SOURCE_DATE_EPOCH: String(Date.UTC(2027, 2, 31, 20) / 1000) };

fair('prize tiers: who is new in each tier, not in the top N (test/fixtures/tiers/spring.json)', async () => {
  const run = await podium(['announce', join(ROOT, 'test/fixtures/tiers/spring.json')], { env: EVENING });
  assert.is(run.status, 0, run.stderr);
  assert.equal(run.stdout.split('\n').slice(1, 3), [
    '- Neu in „Reise + Upgrade“: Cem Çakır, Dora Dietz',
    '- Neu in „Reise“: Gina Graf, Hans Huber, Jan Jäger',
  ]);
  assert.not.match(run.stdout, 'Top 10');
});

fair('targets and teams: who reached their target, and a new best team; as the page names and withholds', () =>
  inScratch(async (dir) => {
    const fixture = join(ROOT, 'test/fixtures/fair/weekly.json');
    const open = await podium(['announce', fixture], { env: EVENING });
    assert.is(open.status, 0, open.stderr);
    assert.equal(open.stdout.split('\n').slice(1, 4), [
      '- Ziel erreicht: Anna Arnold, Ben Brandt',
      '- Größter Sprung: Dirk Dietrich, 3 Plätze nach oben',
      '- Neues bestes Team: Nord (zuvor Süd)',
    ]);
    // Anna and Ben's volumes are published as winners' amounts; with none published, no one's share is said.
    const contest = { ...JSON.parse(readFileSync(fixture, 'utf8')), privacy: { amounts: 'none', names: 'initials' } };
    contest.users = join(ROOT, 'test/fixtures/real/fair/weekly/');
    writeFileSync(join(dir, 'weekly.json'), JSON.stringify(contest));
    const closed = await podium(['announce', join(dir, 'weekly.json'), '--locale', 'en'], { env: EVENING });
    assert.equal(closed.stdout.split('\n').slice(1, 3), [
      '- Biggest climb: D. D., up 3 places',
      '- New top team: Nord (before: Süd)',
    ]);
    assert.not.match(closed.stdout, /target|Anna|Ben/);
  }),
);

command.run();
fair.run();
