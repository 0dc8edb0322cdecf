// The one happy-dom setup: HTML text → a queryable document.
import { Window } from 'happy-dom';

// DOMParser builds the document without running its scripts: these tests look at the baked markup.
export function toDocument(html: string): Document {
  const window = new Window();
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

/** An element's visible text, whitespace folded; visually hidden screen-reader text is left out. */
export function textOf(element: Element | null): string {
  if (!element) return '';
  const clone = element.cloneNode(true) as Element;
  for (const hidden of clone.querySelectorAll('.visually-hidden')) hidden.remove();
  // Only ASCII white space: the non-breaking space inside money amounts is part of what users see.
  return (clone.textContent ?? '').replace(/[ \t\n\r\f]+/g, ' ').replace(/^ | $/g, '');
}
