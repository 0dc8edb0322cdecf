import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { seal, toId } from '../../../src/bake/links.ts';
import { findMe, readToken } from '../../../src/page/me/me.ts';

const read = suite('readToken()');

read('reads the token beside TV mode and a search, and nothing that is not one', () => {
  const token = 'X7FG67ibjrT2RRS0elkjxg';
  for (const hash of [`#me=${token}`, `#tv&me=${token}`, `#name=Anna&me=${token}&tv`, `me=${token}`])
    assert.is(readToken(hash), token, hash);
  for (const hash of [
    '',
    '#me=',
    '#me=short',
    `#me=${token}%20`,
    `#me=${token}!`,
    `#meme=${token}`,
    `#name=me=${token}`,
  ])
    assert.is(readToken(hash), '', hash);
});

const find = suite('findMe()');
const PAGE = 'https://x.example/c/';

find('finds the row whose id the token gives, and opens its sealed figures with WebCrypto', async () => {
  const tokens = ['aaaaaaaaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbbbbbbbb', 'cccccccccccccccccccccc'];
  const sealed = [null, seal(tokens[1]!, [5.01, 3, 900, 7, -12.5]), seal(tokens[2]!, [1, 2, NaN, NaN, NaN])];
  const me = { page: PAGE, ids: tokens.map((token) => toId(PAGE, token)), sealed };
  assert.equal(await findMe(`#me=${tokens[0]}`, me), { index: 0, sealed: undefined });
  assert.equal(await findMe(`#me=${tokens[1]}`, me), {
    index: 1,
    sealed: { profit: 5.01, leadCount: 3, last: { profit: 900, leadCount: 7 }, gained: -12.5 },
  });
  assert.equal(await findMe(`#me=${tokens[2]}`, me), { index: 2, sealed: { profit: 1, leadCount: 2 } });
});

find(
  'finds nothing for no token, a token of no row, a page without ids, or a text sealed for another token',
  async () => {
    const token = 'aaaaaaaaaaaaaaaaaaaaaa';
    const me = { page: PAGE, ids: [toId(PAGE, token)], sealed: [seal('bbbbbbbbbbbbbbbbbbbbbb', [1, 1, 1, 1, 1])] };
    assert.is(await findMe('', me), undefined);
    assert.is(await findMe('#me=dddddddddddddddddddddd', me), undefined);
    assert.is(await findMe(`#me=${token}`, undefined), undefined);
    assert.is(
      await findMe(`#me=${token}`, { page: 'https://x.example/other/', ids: me.ids }),
      undefined,
      'another page',
    );
    assert.is(await findMe(`#me=${token}`, me), undefined, 'figures sealed for another token show nothing');
  },
);

read.run();
find.run();
