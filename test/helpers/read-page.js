// What the contest page shows, read from the live DOM inside Chromium. Kept as plain JavaScript and sent
// to page.evaluate() as text: the TypeScript loader would wrap named functions in helpers the page lacks.
(() => {
  const text = (selector) =>
    document
      .querySelector(selector)
      ?.textContent?.replace(/[ \n]+/g, ' ')
      .trim() ?? null;
  const all = [...document.querySelectorAll('*')];
  const rows = [...document.querySelectorAll('tbody tr')].map((row) => {
    const cells = [...row.querySelectorAll('th, td')];
    const style = getComputedStyle(cells[0]);
    return {
      place: cells[0]?.querySelector('.place')?.textContent ?? '',
      // The name is the first cell's own text, after the place and any movement.
      name: [...(cells[0]?.childNodes ?? [])]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join(''),
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
