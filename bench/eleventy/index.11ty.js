// The page podium bakes, as an Eleventy 3 JavaScript template (bench/eleventy.js): the contest is the global data file
// _data/contest.json; the stylesheets, the page's texts and the page script come from a page podium baked
// (_data/assets.json). Every row is rendered here, the figures formatted with Intl as a template would, and the
// contest inlined as data with the CSP hashes of what the page runs.
import { createHash } from 'node:crypto';

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
const hash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const toJson = (value) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
const count = new Intl.NumberFormat('de-DE');
const money = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

export function render({ contest, assets }) {
  const t = JSON.parse(assets.texts);
  const n = contest.users.length;
  const last = count.format(n);
  const rows = contest.users.map((user, i) => {
    const place = count.format(i + 1);
    const pad = last
      .slice(0, last.length - place.length)
      .replace(/\d/g, '\u2007')
      .replace(/\./g, '\u2008');
    const winner = i < contest.solo_winners;
    return `<tr${winner ? ' class="winner"' : ''}><th scope="row">${pad}${place}\u00a0${escape(user.name)}${
      winner ? `<span class="visually-hidden"> (${t.winner})</span>` : ''
    }</th><td>${count.format(user.leadCount)}</td><td>${money.format(user.profit ?? 0)}</td></tr>`;
  });
  const data = `window.__CONTEST__=JSON.parse('${toJson(contest).replace(/[\\']/g, '\\$&')}')`;
  const csp = `default-src 'none'; script-src ${hash(data)} ${hash(assets.script)}; style-src ${hash(assets.css)} ${hash(
    assets.noscript,
  )}; img-src data:; base-uri 'none'; form-action 'none'`;
  const title = escape(contest.title);
  const description = escape(contest.description);
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>${title}</title>
<meta name="description" content="${description}">
<meta property="og:type" content="website">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:locale" content="de_DE">
<link rel="icon" href="data:,">
<style>${assets.css}</style>
<noscript><style>${assets.noscript}</style></noscript>
</head>
<body>
<div id="podium"><main class="contest"><header class="intro"><p class="overline">${t.overline}</p><h1>${title}</h1><p class="journey"><strong>${escape(
    contest.heading,
  )}</strong> <mark>${escape(contest.journey_date_text)}</mark></p><p class="description">${description}</p><p class="period">${
    t.period
  } <mark>${escape(contest.qualification_date_text)}</mark></p></header><section class="ranking"><div class="tabs"><span class="tab">${
    t.tab
  }</span></div><h2 id="ranking-title">${t.top.replace('{n}', n)}</h2><div class="table-scroll" role="region" aria-labelledby="ranking-title" tabindex="0"><table class="places-${
    last.length
  }"><caption class="visually-hidden">${t.caption
    .replace('{winners}', contest.solo_winners)
    .replace('{n}', n)}</caption><thead><tr><th scope="col">${t.name}</th><th scope="col">${
    t.leads
  }</th><th scope="col">${t.profit}</th></tr></thead><tbody>${rows.join('')}</tbody></table></div></section></main></div>
<script type="application/json" id="texts">${assets.texts}</script>
<script>${data}</script>
<script>${assets.script}</script>
</body>
</html>
`;
}
