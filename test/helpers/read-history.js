// What a page shows of what changed since the previous Stand, read from the live DOM inside Chromium: each row's
// place, movement and name, what screen readers hear of the movement and its contrast, and the summary. Plain
// JavaScript sent to page.evaluate() as text, as read-page.js is.
(() => {
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
  const rows = [...document.querySelectorAll('tbody tr')].map((row) => {
    const cell = row.querySelector('th');
    const move = cell.querySelector('[role="img"]');
    const text = (node) => node?.textContent ?? '';
    // The cell's own text: the place (padded to the last place's width), a non-breaking space, the name.
    const [place, ...name] = [...cell.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join('')
      .split('\u00a0');
    // A badge has its own background; other movements stand on the row's, a row without one on the page's white.
    const clear = 'rgba(0, 0, 0, 0)';
    const behind =
      [move && getComputedStyle(move).backgroundColor, getComputedStyle(cell).backgroundColor].find(
        (color) => color && color !== clear,
      ) ?? 'rgb(255, 255, 255)';
    return {
      row: [place.replace(/[\u2007\u2008]/g, ''), text(move), name.join('\u00a0')].join(' '),
      heard: move?.getAttribute('aria-label') ?? '',
      contrast: move ? ratio(getComputedStyle(move).color, behind) : 0,
      visible: move ? move.checkVisibility() && move.getBoundingClientRect().width > 0 : false,
    };
  });
  return {
    rows,
    summary: [...document.querySelectorAll('.since, .summary')].map((p) => p.textContent),
    change: Boolean(document.querySelector('.change')),
  };
})();
