import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { seal, toId, toLinks, toMe, toToken, toTokens } from '../../src/bake/links.ts';
import type { Contest } from '../../src/contest/schema.ts';
import { toRanked } from '../helpers/contests.ts';
import { findMe } from '../../src/page/me/me.ts';

const SECRET = Buffer.from('0123456789abcdef0123456789abcdef');
const OTHER = Buffer.from('0123456789abcdef0123456789abcdeF');
const PAGE = 'https://x.example/c/spring/';
const NAMES = Array.from({ length: 1000 }, (_, i) => `Vorname${i} Nachname${i}`);

/** A contest of `n` people, place n with 2,000,000 − 1,000 n euros; the top 3 win. */
function contest(privacy?: Contest['privacy'], n = 6): Contest {
  const users = NAMES.slice(0, n).map((name, i) => ({ name, leadCount: 100 - i, profit: 2_000_000 - (i + 1) * 1000 }));
  return { title: 'T', solo_winners: 3, users, ...(privacy && { privacy }) } as Partial<Contest> as Contest;
}

const token = suite('toToken()');

token('is the same for one secret every time, and at least 128 bits of base64url', () => {
  const tokens = NAMES.map((name) => toToken(SECRET, name));
  assert.equal(
    NAMES.map((name) => toToken(Buffer.from(SECRET), name)),
    tokens,
  );
  for (const each of tokens) {
    assert.match(each, /^[\w-]+$/);
    assert.ok(Buffer.from(each, 'base64url').length >= 16, each);
  }
  assert.is(new Set(tokens).size, NAMES.length, 'one per person');
});

token('another secret (one character apart) changes every token', () => {
  const other = new Set(NAMES.map((name) => toToken(OTHER, name)));
  assert.ok(
    NAMES.every((name) => !other.has(toToken(SECRET, name))),
    'no token of one secret is a token of the other',
  );
});

token('reads a name as the history matches it: spaces around it and its Unicode form do not count', () => {
  assert.is(toToken(SECRET, ' Zoë Weiß '), toToken(SECRET, 'Zoe\u0308 Weiß'));
  assert.is.not(toToken(SECRET, 'Zoë Weiß'), toToken(SECRET, 'Zoe Weiss'));
});

const me = suite('toMe()');

me('carries a hash of each token, never a token or a name, and nothing sealed where amounts show', () => {
  const tokens = NAMES.slice(0, 6).map((name) => toToken(SECRET, name));
  const carried = toMe(toRanked(contest()), tokens, PAGE);
  assert.equal(carried, { page: PAGE, ids: tokens.map((each) => toId(PAGE, each)) });
  const text = JSON.stringify(carried);
  for (const [at, each] of tokens.entries()) {
    assert.not.ok(text.includes(each), 'no token');
    assert.not.ok(text.includes(NAMES[at]!), 'no name');
  }
  assert.ok(carried.ids.every((id) => Buffer.from(id, 'base64url').length === 16));
});

me('gives two people of one name no link and no id: each would find the other and open their sealed figures', () => {
  const twice = contest({ amounts: 'none' });
  twice.users[4] = { ...twice.users[4]!, name: ` ${twice.users[1]!.name} ` };
  const carried = toMe(toRanked(twice), toTokens(twice, SECRET), PAGE);
  assert.equal([carried.ids[1], carried.ids[4], carried.sealed?.[1], carried.sealed?.[4]], ['', '', null, null]);
  assert.ok(carried.ids[0] !== '' && typeof carried.sealed?.[0] === 'string');
  const rows = toLinks([{ named: { name: 'c', ...toRanked(twice) }, tokens: toTokens(twice, SECRET) }], false, PAGE);
  assert.equal(
    rows.map(([name]) => name),
    ['name', ...[0, 2, 3, 5].map((at) => twice.users[at]!.name)],
  );
});

me('gives one person another id on each page: their rows in two contests cannot be told to be one', () => {
  const tokens = NAMES.map((name) => toToken(SECRET, name));
  const [spring, autumn] = ['spring', 'autumn'].map((name) =>
    toMe(toRanked(contest()), tokens, `https://x.example/c/${name}/`),
  );
  assert.ok(spring!.ids.every((id) => !autumn!.ids.includes(id)));
});

me('seals the panel of every row whose amounts the page hides; a winner shows them under "winners"', async () => {
  const tokens = NAMES.slice(0, 6).map((name) => toToken(SECRET, name));
  const winners = toMe(toRanked(contest({ amounts: 'winners' })), tokens, PAGE);
  assert.equal(
    winners.sealed?.map((each) => each === null),
    [true, true, true, false, false, false],
  );
  // Place 5 under "winners": its own figures, the last winner's (place 3, on the page too), no gain without a history.
  const last = { profit: 1_997_000, leadCount: 98 };
  assert.equal(await findMe(`#me=${tokens[4]}`, winners), {
    index: 4,
    sealed: { profit: 1_995_000, leadCount: 96, last },
  });
  const none = toMe(toRanked(contest({ amounts: 'none' })), tokens, PAGE);
  assert.ok(none.sealed?.every((each) => typeof each === 'string'));
  // Under "none" its own figures alone: the last winner's volume is no one's to read, and with a distance in euro
  // the person's own volume would give it.
  assert.equal(await findMe(`#me=${tokens[4]}`, none), { index: 4, sealed: { profit: 1_995_000, leadCount: 96 } });
  assert.equal(await findMe(`#tv&me=${tokens[0]}`, none), { index: 0, sealed: { profit: 1_999_000, leadCount: 100 } });
});

me('seals any figures to one length, and the same figures to the same bytes', () => {
  const big = seal('t', [999_999_999_999.99, 100_000, 1, 2, -3]);
  assert.is(seal('t', [5, 0, 0, 0, Number.NaN]).length, big.length, 'the length tells nothing of an amount');
  assert.is(seal('t', [999_999_999_999.99, 100_000, 1, 2, -3]), big, 'a rebuild is identical');
  assert.is.not(seal('u', [999_999_999_999.99, 100_000, 1, 2, -3]), big);
  assert.is(Buffer.from(big, 'base64url').length, 12 + 40 + 16, 'iv, five float64s, tag');
});

token.run();
me.run();
