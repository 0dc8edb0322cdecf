// Announcements as each receiver reads them: plain text for a terminal, HTML for an e-mail, a Microsoft Teams Adaptive
// Card (a Workflows webhook's body) and a Slack Block Kit message. Pure. Every text from a file is escaped for its
// format: no name becomes a mention, a link or markup.
import { escapeHtml } from '../../bake/html.ts';
import { toPrintable } from '../../errors.ts';
import type { Locale } from '../../page/messages.ts';
import { toIsolated, toUnlinked } from '../markdown.ts';
import type { Line, Said } from './words.ts';

/** A line's pieces as one string: podium's own words by `words`, texts from files by `file`. */
function join(line: Line, file: (text: string) => string, words: (text: string) => string = (text) => text): string {
  return line.map((piece) => (typeof piece === 'string' ? words(piece) : file(piece.file))).join('');
}

/** On a terminal: control characters shown as escapes, right-to-left names isolated. */
const toTerminal = (text: string) => toIsolated(toPrintable(text));

/** The announcements as text: per contest its heading, then `- ` and a line per moment; a blank line between. */
export function toText(said: readonly Said[]): string {
  return said
    .map(({ heading, lines }) => [join(heading, toTerminal), ...lines.map((line) => `- ${join(line, toTerminal)}`)])
    .map((block) => block.join('\n'))
    .join('\n\n');
}

/**
 * The announcements as an HTML document for an e-mail: a heading and a list per contest, every text escaped, and no
 * address in a name that a mail program would link (toUnlinked).
 */
export function toHtml(said: readonly Said[], locale: Locale): string {
  const html = (line: Line) => join(line, (text) => escapeHtml(toUnlinked(text)), escapeHtml);
  const title = said[0] ? html(said[0].heading) : '';
  const body = said.flatMap(({ heading, lines }) => [
    `<h2>${html(heading)}</h2>`,
    '<ul>',
    ...lines.map((line) => `<li>${html(line)}</li>`),
    '</ul>',
  ]);
  return ['<!DOCTYPE html>', `<html lang="${locale}">`, '<meta charset="utf-8">', `<title>${title}</title>`, ...body]
    .concat('</html>')
    .join('\n');
}

/**
 * A text from a file in an Adaptive Card's TextBlock, whose Markdown knows emphasis, lists and links: a backslash
 * before what would start emphasis or a link, and no address Teams would link (toUnlinked).
 */
export function toTeamsText(text: string): string {
  return toUnlinked(toPrintable(text)).replace(/[\\*_[\]`~]/g, '\\$&');
}

/** A Microsoft Teams Workflows webhook's body: one Adaptive Card, a bold heading and a TextBlock per moment. */
export function toTeams(said: readonly Said[]): object {
  const body = said.flatMap(({ heading, lines }, at) => [
    {
      type: 'TextBlock',
      text: join(heading, toTeamsText),
      weight: 'Bolder',
      size: 'Medium',
      wrap: true,
      ...(at > 0 && { separator: true, spacing: 'Large' }),
    },
    ...lines.map((line) => ({ type: 'TextBlock', text: join(line, toTeamsText), wrap: true, spacing: 'Small' })),
  ]);
  const card = { $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.4' };
  return {
    type: 'message',
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { ...card, body } }],
  };
}

/** Slack's three control characters, as its docs ask them escaped in every text. */
const SLACK_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const toSlackWords = (text: string) => text.replace(/[&<>]/g, (char) => SLACK_ESCAPES[char]!);

/**
 * A text from a file in Slack's mrkdwn: `&`, `<` and `>` escaped (no mention, channel or link), no address Slack
 * would link, and an invisible joiner before `*`, `_`, `~` and `` ` ``, which then start no emphasis (Slack's need a
 * word boundary before them).
 */
export function toSlackText(text: string): string {
  return toSlackWords(toUnlinked(toPrintable(text))).replace(/[*_~`]/g, '\u2060$&');
}

/** A Slack incoming webhook's body: the text as a notification shows it, and a section per contest. */
export function toSlack(said: readonly Said[]): object {
  const lines = (line: Line) => join(line, toSlackText, toSlackWords);
  const blocks = said.map(({ heading, lines: moments }) => ({
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: [`*${lines(heading)}*`, ...moments.map((m) => `• ${lines(m)}`)].join('\n'),
      verbatim: true,
    },
  }));
  const text = said.flatMap(({ heading, lines: moments }) => [lines(heading), ...moments.map(lines)]).join('\n');
  return { text, blocks };
}
