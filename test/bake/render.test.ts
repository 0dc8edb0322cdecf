import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Contest } from '../../src/contest/schema.ts';
import { toMessages } from '../../src/page/messages.ts';
import { ContestPage } from '../../src/page/page.tsx';
import { render, SLICE } from '../../src/bake/render.ts';

const contestOf = (count: number, solo_winners: number): Contest => ({
  title: 'Groß',
  heading: '<b>',
  journey_date_text: 'J',
  description: 'D',
  qualification_date_text: 'Q',
  solo_winners,
  users: Array.from({ length: count }, (_, i) => ({
    name: i % 7 ? `Nutzer ${i}` : `<tbody></tbody> ${i}`,
    leadCount: i,
    profit: i * 1.5,
  })),
});

const whole = (contest: Contest) =>
  renderToString(createElement(ContestPage, { contest, messages: toMessages('de'), locale: 'de' }));

const renders = suite('render()');

renders('renders a large table in slices to exactly the markup of one render, which hydration expects', () => {
  for (const [count, winners] of [
    [SLICE * 2 + 17, 10],
    [SLICE + 1, SLICE + 5],
    [SLICE * 3, 0],
  ] as const) {
    const contest = contestOf(count, winners);
    const markup = String(render(contest, 'de'));
    assert.ok(markup === whole(contest), `${count} users, ${winners} winners: sliced markup differs`);
    assert.is(markup.split('<tr class="winner">').length - 1, Math.min(winners, count));
  }
});

renders('renders a table that ends on a slice boundary, with the winners ending on one, to the same markup', () => {
  for (const [count, winners] of [
    [SLICE * 2, SLICE],
    [SLICE * 2, SLICE * 2],
    [SLICE + 1, SLICE + 1],
  ] as const) {
    const contest = contestOf(count, winners);
    assert.ok(
      String(render(contest, 'de')) === whole(contest),
      `${count} users, ${winners} winners: sliced markup differs`,
    );
  }
});

renders.run();
