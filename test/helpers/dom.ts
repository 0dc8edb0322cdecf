// The one happy-dom setup: HTML text → a queryable document.
import { Window } from 'happy-dom';

// DOMParser builds the document without running its scripts: these tests look at the baked markup.
export function toDocument(html: string | Buffer): Document {
  const window = new Window();
  return new window.DOMParser().parseFromString(String(html), 'text/html') as unknown as Document;
}

/** An element's visible text, whitespace folded; visually hidden screen-reader text is left out. */
export function textOf(element: Element | null): string {
  if (!element) return '';
  const clone = element.cloneNode(true) as Element;
  for (const hidden of clone.querySelectorAll('.visually-hidden')) hidden.remove();
  // Only ASCII white space: the non-breaking space inside money amounts is part of what users see.
  return (clone.textContent ?? '').replace(/[ \t\n\r\f]+/g, ' ').replace(/^ | $/g, '');
}

/**
 * A row's first cell apart: its place (without the spaces that pad it), its movement (the text shown) and the name:
 * the cell's own text is the place, a non-breaking space, then the name.
 */
export function toFirstCell(row: Element): { place: string; move: string | undefined; name: string } {
  const cell = row.querySelector('th')!;
  const text = [...cell.childNodes].filter((node) => node.nodeType === 3).map((node) => node.textContent);
  const [place = '', ...name] = text.join('').split('\u00a0');
  return {
    place: place.replace(/[\u2007\u2008]/g, ''),
    move: cell.querySelector('[role="img"]')?.textContent ?? undefined,
    name: name.join('\u00a0'),
  };
}

/**
 * Runs `work` with page code's globals taken from a happy-dom window at `url` (document, location, addEventListener,
 * the event classes), and `globals` on top of them (a fake clock, sizes there is no layout for); removes them after.
 */
export async function inWindow<T>(
  url: string,
  globals: Record<string, unknown>,
  work: (window: Window) => T | Promise<T>,
): Promise<T> {
  const window = new Window({ url });
  const installed: Record<string, unknown> = {
    window,
    document: window.document,
    location: window.location,
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
    Event: window.Event,
    KeyboardEvent: window.KeyboardEvent,
    MouseEvent: window.MouseEvent,
    ...globals,
  };
  const before = Object.getOwnPropertyDescriptors(globalThis);
  for (const [name, value] of Object.entries(installed))
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  try {
    return await work(window);
  } finally {
    for (const name of Object.keys(installed)) {
      if (before[name]) Object.defineProperty(globalThis, name, before[name]);
      else delete (globalThis as Record<string, unknown>)[name];
    }
    await window.happyDOM.close();
  }
}
