// What the contest page shows, read from the live DOM inside Chromium. Kept as plain JavaScript and sent
// to page.evaluate() as text: the TypeScript loader would wrap named functions in helpers the page lacks.
(() => {
  const text = (selector) =>
    document
      .querySelector(selector)
      ?.textContent?.replace(/[ \n]+/g, ' ')
      .trim() ?? null;
  const all = [...document.querySelectorAll('*')];
  // WCAG's contrast ratio of two computed colours.
  const luminance = (color) => {
    const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
    const linear = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const own = (cell) =>
    [...(cell?.childNodes ?? [])]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join('');
  // The ranking's rows: a page with a history has the race's table of figures too, after the page's root.
  const rows = [...document.querySelectorAll('#podium tbody tr')].map((row) => {
    const cells = [...row.querySelectorAll('th, td')];
    const style = getComputedStyle(cells[0]);
    // The movement since the previous Stand, on a page with a history. A badge has its own background; other
    // movements stand on the row's, a row without one on the page's white.
    const move = cells[0].querySelector('[role="img"]');
    const behind =
      [move && getComputedStyle(move).backgroundColor, style.backgroundColor].find(
        (color) => color && color !== 'rgba(0, 0, 0, 0)',
      ) ?? 'rgb(255, 255, 255)';
    return {
      // The first cell's own text: the place (padded to the last place's width), a non-breaking space, the name.
      place: own(cells[0])
        .split('\u00a0')[0]
        .replace(/[\u2007\u2008]/g, ''),
      name: own(cells[0]).split('\u00a0').slice(1).join('\u00a0'),
      move: move?.textContent ?? '',
      heard: move?.getAttribute('aria-label') ?? '',
      moveContrast: move ? ratio(getComputedStyle(move).color, behind) : 0,
      moveShown: move ? move.checkVisibility() && move.getBoundingClientRect().width > 0 : false,
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
    columns: [...document.querySelectorAll('#podium thead th')].map((th) => th.textContent),
    rows,
    summary: [...document.querySelectorAll('.since, .summary')].map((p) => p.textContent),
    hydrated: Object.keys(document.getElementById('podium') ?? {}).some((key) => key.startsWith('__reactContainer')),
  };
})();
