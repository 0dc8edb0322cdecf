// An announcement in each receiver's format, in both languages: the words of each moment, and every text from a file
// (the title, names) escaped for its format: no markup, mention or link from a name.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { toHtml, toSlack, toTeams, toText } from '../../../src/cli/announce/formats.ts';
import type { Announcement } from '../../../src/cli/announce/moments.ts';
import { toSaid } from '../../../src/cli/announce/words.ts';

const HOSTILE = '*Max* _M_ ~x~ `c` <@U024BE7LH> <!channel> [klick](https://evil.example/) & Co';
const ANNOUNCEMENT: Announcement = {
  title: 'Rennen <b>Q1</b>',
  stand: '2027-01-14T18:00',
  moments: [
    { kind: 'entered', top: 3, names: ['Sophie Becker', HOSTILE] },
    { kind: 'climb', name: 'Lea Zimmermann', by: 1 },
    {
      kind: 'cutoff',
      place: 3,
      figures: [
        ['profit', 1234.5],
        ['leadCount', 1],
      ],
    },
    { kind: 'left', days: 6, end: '2027-01-20' },
    { kind: 'lastWeek' },
  ],
};

const words = suite('toSaid() and toText()');

words('German: each moment a line under the heading, figures in German', () => {
  assert.is(
    toText([toSaid(ANNOUNCEMENT, 'de')]),
    [
      'Rennen <b>Q1</b> · Stand 14.01.2027, 18:00 Uhr',
      `- Neu unter den Top 3: Sophie Becker, ${HOSTILE}`,
      '- Größter Sprung: Lea Zimmermann, 1 Platz nach oben',
      '- Für Platz 3 braucht es derzeit 1.234,50\u00a0€ Netto-Volumen und 1 Eigenlead',
      '- Noch 6 Tage bis zum Ende am 20.01.2027',
      '- Endspurt: die letzte Woche läuft!',
    ].join('\n'),
  );
});

words('English, the kick-off, the last day and the end; more than ten names are counted', () => {
  const names = Array.from({ length: 12 }, (_, at) => `P${at + 1}`);
  const said = toSaid(
    {
      title: 'Q1',
      stand: '2027-01-21',
      moments: [
        { kind: 'kickoff', people: 1234, top: 10 },
        { kind: 'left', days: 0, end: '2027-01-21' },
        { kind: 'end', winners: names },
      ],
    },
    'en',
  );
  assert.is(
    toText([said]),
    [
      'Q1 · as of 2027-01-21',
      "- We're off! 1,234 people are in the race, the best 10 win.",
      '- Today is the last day',
      '- The contest is over. The winners: P1, P2, P3, P4, P5, P6, P7, P8, P9, P10 and 2 more. Congratulations!',
    ].join('\n'),
  );
  const ended = toSaid({ title: 'Q1', stand: '2027-01-21', moments: [{ kind: 'end', winners: [] }] }, 'de');
  assert.equal(ended.lines, [['Der Wettbewerb ist vorbei.']], 'no one published: no names');
});

words('on a terminal, a line break or an escape code in a name is shown, not done', () => {
  const said = toSaid({ ...ANNOUNCEMENT, moments: [{ kind: 'climb', name: 'Eva\n\u001b[31mRot', by: 2 }] }, 'de');
  assert.match(toText([said]), '- Größter Sprung: Eva\\n\\x1b[31mRot, 2 Plätze nach oben');
});

const formats = suite('toHtml(), toTeams(), toSlack()');

formats('HTML for an e-mail: every text escaped, no address in a name a mail program would link', () => {
  const html = toHtml([toSaid(ANNOUNCEMENT, 'de'), toSaid(ANNOUNCEMENT, 'de')], 'de');
  assert.match(
    html,
    /^<!DOCTYPE html>\n<html lang="de">\n<meta charset="utf-8">\n<title>Rennen &lt;b&gt;Q1&lt;\/b&gt;/,
  );
  assert.match(html, '<h2>Rennen &lt;b&gt;Q1&lt;/b&gt; · Stand 14.01.2027, 18:00 Uhr</h2>\n<ul>\n<li>Neu unter');
  assert.match(
    html,
    '&lt;\u2060@\u2060U024BE7LH&gt; &lt;!channel&gt; [klick](https\u2060:/\u2060/evil\u2060.example/) &amp; Co</li>',
  );
  assert.is(html.match(/<h2>/g)?.length, 2);
  assert.not.match(html, '<b>');
});

formats('Teams: one Adaptive Card 1.4 of TextBlocks; a name makes no emphasis and no link', () => {
  const body = JSON.parse(JSON.stringify(toTeams([toSaid(ANNOUNCEMENT, 'de')]))) as {
    type: string;
    attachments: { contentType: string; content: { type: string; version: string; body: Record<string, unknown>[] } }[];
  };
  assert.is(body.type, 'message');
  assert.is(body.attachments.length, 1);
  const [{ contentType, content }] = body.attachments as [(typeof body.attachments)[number]];
  assert.is(contentType, 'application/vnd.microsoft.card.adaptive');
  assert.equal([content.type, content.version], ['AdaptiveCard', '1.4']);
  assert.ok(content.body.every((block) => block.type === 'TextBlock' && block.wrap === true));
  assert.equal(content.body[0], {
    type: 'TextBlock',
    text: 'Rennen <b>Q1</b> · Stand 14.01.2027, 18:00 Uhr',
    weight: 'Bolder',
    size: 'Medium',
    wrap: true,
  });
  const entered = String(content.body[1]!.text);
  assert.match(entered, 'Neu unter den Top 3: Sophie Becker, \\*Max\\* \\_M\\_ \\~x\\~ \\`c\\`');
  assert.match(entered, '\\[klick\\](https\u2060:/\u2060/evil\u2060.example/)');
  assert.is(content.body.length, 6);
});

formats("Slack: a section of mrkdwn per contest, verbatim; &, < and > escaped, a name's * _ ~ ` start nothing", () => {
  const body = JSON.parse(JSON.stringify(toSlack([toSaid(ANNOUNCEMENT, 'de')]))) as {
    text: string;
    blocks: { type: string; text: { type: string; text: string; verbatim: boolean } }[];
  };
  assert.is(body.blocks.length, 1);
  const [{ type, text }] = body.blocks as [(typeof body.blocks)[number]];
  assert.equal([type, text.type, text.verbatim], ['section', 'mrkdwn', true]);
  assert.match(
    text.text,
    /^\*Rennen &lt;b&gt;Q1&lt;\/b&gt; · Stand 14\.01\.2027, 18:00 Uhr\*\n• Neu unter den Top 3: /,
  );
  assert.match(
    text.text,
    '\u2060*Max\u2060* \u2060_M\u2060_ \u2060~x\u2060~ \u2060`c\u2060` &lt;\u2060@\u2060U024BE7LH&gt; &lt;!channel&gt;',
  );
  assert.match(text.text, '&amp; Co\n• Größter Sprung');
  for (const field of [text.text, body.text]) {
    assert.not.match(field, /<(?!\/)/, 'no < Slack would read as a mention, a channel or a link');
    assert.not.match(field, 'https://');
  }
  assert.match(body.text, /^Rennen &lt;b&gt;Q1&lt;\/b&gt; · Stand 14\.01\.2027, 18:00 Uhr\nNeu unter den Top 3/);
});

words.run();
formats.run();
