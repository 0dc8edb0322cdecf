// What the contest page shows, read from the live DOM inside Chromium. Kept as plain JavaScript and sent
// to page.evaluate() as text: the TypeScript loader would wrap named functions in helpers the page lacks.
(() => {
  const text = (selector) =>
    document
      .querySelector(selector)
      ?.textContent?.replace(/[ \n]+/g, ' ')
      .trim() ?? null;
  const all = [...document.querySelectorAll('*')];
  const own = (cell) =>
    [...(cell?.childNodes ?? [])]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join('');
  const rows = [...document.querySelectorAll('tbody tr')].map((row) => {
    const cells = [...row.querySelectorAll('th, td')];
    const style = getComputedStyle(cells[0]);
    return {
      // The first cell's own text: the place (padded to the last place's width), a non-breaking space, the name.
      place: own(cells[0])
        .split('\u00a0')[0]
        .replace(/[\u2007\u2008]/g, ''),
      name: own(cells[0]).split('\u00a0').slice(1).join('\u00a0'),
      leads: cells[1]?.textContent ?? '',
      profit: cells[2]?.textContent ?? '',
      background: style.backgroundColor,
      color: style.color,
    };
  });
  return {
    order: [
      '.overline',
      'h1',
      '.journey strong',
      '.journey mark',
      '.description',
      '.period',
      '.tab',
      'h2',
      'table',
    ].map((selector) => all.indexOf(document.querySelector(selector))),
    overline: text('.overline'),
    title: text('h1'),
    heading: text('.journey strong'),
    journey: text('.journey mark'),
    description: text('.description'),
    period: text('.period'),
    tab: text('.tab'),
    top: text('h2'),
    columns: [...document.querySelectorAll('thead th')].map((th) => th.textContent),
    rows,
    hydrated: Object.keys(document.getElementById('podium') ?? {}).some((key) => key.startsWith('__reactContainer')),
  };
})();
