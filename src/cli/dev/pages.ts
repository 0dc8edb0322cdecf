// The pages podium dev makes of its own, beside the contests' pages: what is wrong with a file, and a folder's index.
import { escapeHtml } from '../../bake/html.ts';
import type { Problem } from '../../errors.ts';
import { fill, plural, type Locale } from '../../page/messages.ts';
import { toReportMessages } from '../messages.ts';
import { PROBLEMS_STYLE, toProblemSections } from './problems.ts';

/** Where a tab listens for the server's word that its page changed. */
export const EVENTS = '/__podium/events';
/** The response header that tells a tab which bake it shows (a script reads it from its navigation's timing). */
export const VERSION = 'podium';
/**
 * Reloads the tab when the server says a page changed, and when the stream, once open, names a newer bake than the
 * tab shows: a reload sent while the tab was loading reached no one. In a block: its names stay its own. The only
 * script added in dev; outside a secure context (--host, from another machine) no timing is read, and a tab heeds
 * the reloads alone.
 */
export const RELOAD_SCRIPT = `{${[
  `const v=performance.getEntriesByType('navigation')[0]?.serverTiming?.find((t)=>t.name===${JSON.stringify(VERSION)})?.description`,
  `const s=new EventSource(${JSON.stringify(EVENTS)})`,
  `s.addEventListener('reload',()=>location.reload())`,
  `s.addEventListener('version',(e)=>{if(v!==undefined&&e.data!==v)location.reload()})`,
].join(';')}}`;

/** A folder's contest by its name: the title of its page, and whether its file has problems. */
export type Listed = { title: string; ok: boolean };

/**
 * The tab shows what is wrong, errors first, each placed in words and in the terminal's path:line:col form, and
 * recovers on the next good save; a contest's in its language, as its page (the server's own, for an address, in
 * English as the command line). Notes are counted apart, as the terminal's summary counts them: a note is no problem.
 */
export function toErrorPage(file: string, problems: readonly Problem[], text = '', locale: Locale = 'en'): string {
  const t = toReportMessages(locale);
  const found = problems.filter(({ severity }) => severity !== 'note').length;
  const intro = found ? `<p>${escapeHtml(plural(t.errorCount, found))}</p>` : '';
  const count = problems.length ? `${intro}${toProblemSections(problems, locale)}` : '';
  return toShell(
    fill(t.errorTitle, { file }),
    `<h1>${escapeHtml(file)}</h1>${text ? `<p>${escapeHtml(text)}</p>` : ''}${count}`,
    locale,
  );
}

export function toIndexPage(pages: ReadonlyMap<string, Listed>): string {
  const items = [...pages].map(
    ([name, entry]) =>
      `<li><a href="/${encodeURIComponent(name)}/">${escapeHtml(name)}</a>: ${escapeHtml(entry.title)}${entry.ok ? '' : ' (has problems)'}</li>`,
  );
  return toShell('podium dev', `<h1>Contests</h1><ul>${items.join('')}</ul>`, 'en');
}

function toShell(title: string, body: string, locale: Locale): string {
  const style =
    'body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1c1f23}' +
    PROBLEMS_STYLE;
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${style}</style></head>
<body>${body}<script>${RELOAD_SCRIPT}</script></body>
</html>
`;
}
