import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { User } from '../../src/contest/schema.ts';
import { toMessages } from '../../src/page/messages.ts';
import { rank, type Rules } from '../../src/contest/ranking.ts';
import { toStanding } from '../../src/page/standing.ts';

const NBSP = '\u00a0';
const DE = toMessages('de');
const EN = toMessages('en');

/** 212 users ranked by leads; the last winning place (10) has 200 leads and 500,000.00 €. */
function users(changes: Record<number, Partial<User>> = {}): User[] {
  return Array.from({ length: 212 }, (_, i) => ({
    name: `Person ${i + 1}`,
    leadCount: 300 - i * 10 > 0 ? 300 - i * 10 : 0,
    profit: 600_000 - i * 10_000,
    ...changes[i],
  }));
}

/** Where the user at `index` stands among `list` with `winners` winning places under `rules`. */
function standingOf(
  list: User[],
  index: number,
  winners: number,
  t = DE,
  locale: 'de' | 'en' = 'de',
  rules: Rules = {},
) {
  return toStanding(list, index, rank(list, winners, rules), rules, t, locale);
}

const standing = suite('standingOf()');

standing('says a winner stands on a winning place', () => {
  assert.is(standingOf(users(), 3, 10, DE, 'de'), 'Platz 4 von 212 · Gewinnerplatz');
  assert.is(standingOf(users(), 9, 10, EN, 'en'), 'Place 10 of 212 · winning place');
});

standing('says how many leads and how much volume the last winner has more, in German and in English', () => {
  const list = users({ 9: { leadCount: 200, profit: 500_000 }, 36: { leadCount: 177, profit: 293_900 } });
  assert.is(
    standingOf(list, 36, 10, DE, 'de'),
    `Platz 37 von 212 · Bis Platz 10 fehlen 23 Eigenleads und 206.100,00${NBSP}€`,
  );
  assert.is(standingOf(list, 36, 10, EN, 'en'), 'Place 37 of 212 · 23 own leads and €206,100.00 to place 10');
});

standing('names only the figures in which the last winner is ahead, in the singular for one lead', () => {
  const leadsOnly = users({ 9: { leadCount: 200, profit: 500_000 }, 36: { leadCount: 199, profit: 500_000 } });
  assert.is(standingOf(leadsOnly, 36, 10, DE, 'de'), 'Platz 37 von 212 · Bis Platz 10 fehlen 1 Eigenlead');
  assert.is(standingOf(leadsOnly, 36, 10, EN, 'en'), 'Place 37 of 212 · 1 own lead to place 10');
  const volumeOnly = users({ 9: { leadCount: 200, profit: 500_000 }, 36: { leadCount: 250, profit: 499_999.99 } });
  assert.is(standingOf(volumeOnly, 36, 10, DE, 'de'), `Platz 37 von 212 · Bis Platz 10 fehlen 0,01${NBSP}€`);
});

standing('gives only the place to someone ahead of the last winner on both figures, or when no place wins', () => {
  const ahead = users({ 9: { leadCount: 200, profit: 500_000 }, 36: { leadCount: 201, profit: 500_000.01 } });
  assert.is(standingOf(ahead, 36, 10, DE, 'de'), 'Platz 37 von 212');
  assert.is(standingOf(users(), 36, 0, DE, 'de'), 'Platz 37 von 212');
  assert.is(standingOf(users(), 0, 0, EN, 'en'), 'Place 1 of 212');
});

standing('counts the volume in whole cents: 0.1 + 0.2 is no distance to 0.3', () => {
  const list = users({ 9: { leadCount: 0, profit: 0.3 }, 36: { leadCount: 0, profit: 0.1 + 0.2 } });
  assert.is(standingOf(list, 36, 10, DE, 'de'), 'Platz 37 von 212');
});

standing('groups the digits of large places as each language does', () => {
  const many = Array.from({ length: 10_000 }, (_, i) => ({ name: `P${i}`, leadCount: 1, profit: 0 }));
  assert.is(standingOf(many, 1233, 10, DE, 'de'), 'Platz 1.234 von 10.000');
  assert.is(standingOf(many, 1233, 10, EN, 'en'), 'Place 1,234 of 10,000');
});

standing('names only the figure that decides, and what is missing to the minimum', () => {
  const list = users({ 9: { leadCount: 200, profit: 500_000 }, 36: { leadCount: 177, profit: 293_900 } });
  assert.is(
    standingOf(list, 36, 10, DE, 'de', { ranking: 'profit' }),
    `Platz 37 von 212 · Bis Platz 10 fehlen 206.100,00${NBSP}€`,
    'no leads where volume counts',
  );
  assert.is(standingOf(list, 36, 10, EN, 'en', { ranking: 'leadCount' }), 'Place 37 of 212 · 23 own leads to place 10');
  const minimum: Rules = { ranking: 'profit', minimum: { leadCount: 181 } };
  assert.is(
    standingOf(list, 36, 10, DE, 'de', minimum),
    `Platz 37 von 212 · Bis Platz 10 fehlen 206.100,00${NBSP}€ · Noch 4 Eigenleads bis zum Mindestziel`,
  );
  assert.is(
    standingOf(list, 36, 10, EN, 'en', minimum),
    'Place 37 of 212 · €206,100.00 to place 10 · 4 own leads to go to the minimum',
  );
});

standing(
  'says no distance or shortfall in euro for an amount a page does not publish (none, contest/privacy.ts)',
  () => {
    const rules: Rules = { ranking: 'profit', minimum: { leadCount: 150, profit: 450_000 } };
    const list = users();
    delete (list[20] as Partial<User>).profit;
    const shown = users();
    // The ranking of the full figures, as the page carries it.
    const ranking = rank(shown, 10, rules);
    assert.is(
      toStanding(shown, 20, ranking, rules, DE, 'de'),
      `Platz 21 von 212 · Bis Platz 10 fehlen 110.000,00${NBSP}€ · Noch 50 Eigenleads und 50.000,00${NBSP}€ bis zum Mindestziel`,
    );
    assert.is(
      toStanding(list, 20, ranking, rules, DE, 'de'),
      'Platz 21 von 212 · Noch 50 Eigenleads bis zum Mindestziel',
    );
  },
);

standing.run();
