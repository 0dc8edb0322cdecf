// The document around the markup: head, inlined CSS, CSP, the contest as data, and the page script.
import { toHash, type Assets } from './assets.ts';
import type { Contest } from './contest.ts';
import type { Locale } from './messages.ts';

export type Page = { contest: Contest; locale: Locale; markup: string };
/** A document in pieces to write in order; the page script stays one shared, pre-encoded buffer. */
export type Chunks = readonly (string | Uint8Array)[];

export function assemble({ contest, locale, markup }: Page, assets: Assets): Chunks {
  const data = `window.__CONTEST__=${toScriptJson(contest)}`;
  const csp = [
    "default-src 'none'",
    `script-src ${toHash(data)} ${assets.client.hash}`,
    `style-src ${assets.css.hash}`,
    // The data: icon stops browsers from fetching /favicon.ico.
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  // The markup and the data stay separate chunks: joining them would copy a large page once more (npm run bench).
  const head = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>${escapeHtml(contest.title)}</title>
<meta name="description" content="${escapeHtml(contest.description)}">
<link rel="icon" href="data:,">
<style>${assets.css.text}</style>
</head>
<body>
<div id="podium">`;
  return [head, markup, '</div>\n<script>', data, '</script>\n<script>', assets.client.bytes, '</script>\n</body>\n</html>\n'];
}

export function toText(chunks: Chunks): string {
  return chunks.map((chunk) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))).join('');
}


const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * JSON that is safe inside an inline <script>: no "</script>" or "<!--" can form, and U+2028/U+2029
 * cannot end the string in older engines (see reduxjs/redux#1855).
 */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
