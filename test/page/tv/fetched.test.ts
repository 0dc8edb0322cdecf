// A fetched page read as untrusted text (happy-dom's parser): what counts as a contest page, and what never does.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Window } from 'happy-dom';
import { readAssets } from '../../../src/bake/assets.ts';
import { assemble } from '../../../src/bake/html.ts';
import { toOverview } from '../../../src/bake/overview.tsx';
import { render } from '../../../src/bake/render.ts';
import { readOverview, readPage } from '../../../src/page/tv/fetched.ts';
import { findNext } from '../../../src/page/tv/rotation.ts';
import { CONTESTS } from '../../helpers/contests.ts';
import { inWindow } from '../../helpers/dom.ts';

const ASSETS = readAssets();
const CONTEST = CONTESTS['valid.json']!;
const HOSTILE = CONTESTS['hostile.json']!;
const pageOf = (contest = CONTEST, refreshSeconds = 60) =>
  String(
    assemble({ contest, locale: 'de', markup: render(contest, 'de'), head: { hydrate: true, refreshSeconds } }, ASSETS),
  );
const inParser = <T>(work: () => T) => inWindow('https://x/a/index.html', { DOMParser: new Window().DOMParser }, work);

const read = suite('readPage()');

read(
  'a whole contest page: its contest, hostile texts as they are, and a version that is the same for new figures',
  () =>
    inParser(() => {
      const page = readPage(pageOf());
      assert.equal(page?.contest, JSON.parse(JSON.stringify(CONTEST)));
      assert.equal(readPage(pageOf(HOSTILE))?.contest.title, HOSTILE.title);
      const other = { ...CONTEST, users: [{ name: 'Neu', leadCount: 1, profit: 2 }] };
      assert.is(readPage(pageOf(other))?.version, page?.version, 'new figures: the same page around them');
      assert.is.not(readPage(pageOf(CONTEST, 120))?.version, page?.version, 'another interval: another version');
    }),
);

read('nothing for a page cut off, another site, data that is no JSON or no contest', () =>
  inParser(() => {
    const good = pageOf();
    for (const [what, text] of [
      ['cut off', good.slice(0, -20)],
      ['cut off in the data', good.slice(0, good.indexOf('"users"') + 20)],
      ['another site', '<!doctype html><html><body><p>WLAN-Anmeldung</p></body></html>\n'],
      ['no JSON', good.replace('"users":[', '"users":[[')],
      ['a count as text', good.replace(/"leadCount":(\d+)/, '"leadCount":"$1"')],
      ['no users', good.replace('"users":[', '"people":[')],
      ['a script instead of data', good.replace('window.__CONTEST__=JSON.parse(', 'alert(1);JSON.parse(')],
    ] as const)
      assert.is(readPage(text), undefined, what);
  }),
);

const overview = suite('readOverview()');

overview("a folder's overview: its contests' addresses in its order; nothing for any other page", () =>
  inParser(() => {
    const named = ['b', 'a'].map((name) => ({ name, contest: { ...CONTEST, title: name } }));
    const text = toOverview(named, 'de', { hydrate: true }, ASSETS.overviewCss);
    assert.equal(readOverview(text, 'https://x/index.html'), ['https://x/a/index.html', 'https://x/b/index.html']);
    assert.is(readOverview(pageOf(), 'https://x/index.html'), undefined);
    assert.is(readOverview(text.slice(0, -10), 'https://x/index.html'), undefined, 'cut off');
  }),
);

const next = suite('findNext()');

next('the next running contest that can be fetched, after the last the first; ended ones only with `all`', async () => {
  const ends: Record<string, string | undefined> = { a: '2027-06-30', b: '2027-01-31', c: undefined, d: '2027-05-01' };
  const fetchPage = async (url: string) =>
    url === 'c' ? undefined : { contest: { ...CONTEST, qualification_end: ends[url] }, version: '' };
  const now = Date.parse('2027-03-01T12:00:00+01:00');
  const list = ['a', 'b', 'c', 'd'];
  const after = async (shown: string, all = false) => (await findNext(shown, list, fetchPage, all, now))?.url;
  assert.is(await after('a'), 'd', 'b has ended, c cannot be fetched');
  assert.is(await after('d'), 'a', 'after the last, the first');
  assert.is(await after('a', true), 'b', 'all: the ended one too');
  assert.is(await after('overview'), 'a', 'from outside the list: the first');
  assert.is(await findNext('a', ['a'], fetchPage, false, now), undefined, 'nothing but itself');
});

read.run();
overview.run();
next.run();
