import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readAssets } from '../../src/bake/assets.ts';
import { bake } from '../../src/bake/page.ts';
import { CONTESTS } from '../helpers/contests.ts';
import { toDocument } from '../helpers/dom.ts';

const bakes = suite('bake()');
const ASSETS = readAssets();

bakes(
  "gives each page of a folder its own address under the base URL, and a single contest the base URL's",
  async () => {
    const canonical = async (name: string) =>
      toDocument(
        bake(
          { name, contest: CONTESTS['valid.json']! },
          { locale: 'de', hydrate: false, baseUrl: 'https://example.com/c/' },
          ASSETS,
        ),
      )
        .querySelector('link[rel=canonical]')
        ?.getAttribute('href');
    assert.is(await canonical('spring'), 'https://example.com/c/spring/');
    assert.is(await canonical('a b&c'), 'https://example.com/c/a%20b%26c/');
    assert.is(await canonical(''), 'https://example.com/c/');
  },
);

bakes.run();
