// Contest → the page's markup, with React's server renderer.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Contest } from './contest.ts';
import { toMessages, type Locale } from './messages.ts';
import { ContestPage } from './page.tsx';

export function render(contest: Contest, locale: Locale): string {
  return renderToString(createElement(ContestPage, { contest, messages: toMessages(locale) }));
}
