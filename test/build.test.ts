import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readAssets } from '../src/bake/assets.ts';
import { bakeAll, build, type BakeOptions, type BuildOptions } from '../src/build.ts';
import { ContestError, toLine, UserError, type Problem } from '../src/errors.ts';
import { read } from '../src/input/read.ts';
import { CONTESTS } from './helpers/contests.ts';
import { textOf, toDocument } from './helpers/dom.ts';
import { FIXTURES, fixture, inScratch } from './helpers/files.ts';

const optionsOf = (out: string, more: Partial<BuildOptions> = {}): BuildOptions => ({
  out,
  page: { locale: 'de', hydrate: true },
  readStdin: () => Promise.reject(new Error('no standard input in this test')),
  ...more,
});
/** A folder of contest files, by name. */
const folderOf = (dir: string, files: Record<string, string>) => {
  mkdirSync(join(dir, 'in'));
  for (const [name, fixtureName] of Object.entries(files))
    copyFileSync(join(FIXTURES, fixtureName), join(dir, 'in', name));
  return join(dir, 'in');
};

const builds = suite('build()');

builds('bakes a contest file into <out>/index.html and returns the page with its size', () =>
  inScratch(async (dir) => {
    const { pages, folder } = await build(join(FIXTURES, 'valid.json'), optionsOf(join(dir, 'out'), { sizes: true }));
    const path = join(dir, 'out/index.html');
    assert.is(folder, false);
    assert.equal(
      pages.map(({ gzip, ...page }) => page),
      [{ kind: 'page', path, users: 5, winners: 3, bytes: statSync(path).size }],
    );
    assert.is(pages[0]?.gzip, gzipSync(readFileSync(path)).length, 'its gzip size');
    assert.is(toDocument(readFileSync(path, 'utf8')).title, 'Testwettbewerb');
  }),
);

builds('bakes each contest of a folder into <out>/<name>/, in name order, each page with its own size', () =>
  inScratch(async (dir) => {
    const input = folderOf(dir, { 'b.json': 'valid.json', 'a.json': 'defaults.json' });
    const { pages, folder } = await build(input, optionsOf(join(dir, 'out')));
    assert.is(folder, true);
    assert.equal(
      pages.map(({ path, users, winners, gzip }) => [path, users, winners, gzip]),
      [
        [join(dir, 'out/a/index.html'), 12, 10, undefined],
        [join(dir, 'out/b/index.html'), 5, 3, undefined],
      ],
    );
    for (const page of pages) assert.is(page.bytes, statSync(page.path).size, page.path);
  }),
);

builds("writes a folder's overview, <out>/index.html, with its pages: their titles and links, in name order", () =>
  inScratch(async (dir) => {
    const input = folderOf(dir, { 'b.json': 'valid.json', 'a.json': 'defaults.json' });
    const { overview } = await build(
      input,
      optionsOf(join(dir, 'out'), {
        sizes: true,
        page: { locale: 'de', hydrate: true, baseUrl: 'https://example.com/c/' },
      }),
    );
    const path = join(dir, 'out/index.html');
    assert.equal(overview && { ...overview, gzip: undefined }, {
      kind: 'overview',
      path,
      contests: 2,
      bytes: statSync(path).size,
      gzip: undefined,
    });
    assert.ok(overview?.gzip && overview.gzip < overview.bytes, 'its gzip size');
    const doc = toDocument(readFileSync(path, 'utf8'));
    assert.equal(
      [...doc.querySelectorAll('main li a')].map((a) => [a.textContent, a.getAttribute('href')]),
      [
        ['Ohne solo_winners', 'a/index.html'],
        ['Testwettbewerb', 'b/index.html'],
      ],
    );
    assert.is(doc.querySelector('link[rel=canonical]')?.getAttribute('href'), 'https://example.com/c/');
  }),
);

builds('writes no overview for a single contest, nor for a folder when told not to', () =>
  inScratch(async (dir) => {
    const single = await build(join(FIXTURES, 'valid.json'), optionsOf(join(dir, 'one')));
    assert.is(single.overview, undefined);
    assert.is(
      toDocument(readFileSync(join(dir, 'one/index.html'), 'utf8')).title,
      'Testwettbewerb',
      'the page itself is <out>/index.html',
    );
    const input = folderOf(dir, { 'a.json': 'valid.json' });
    const folder = await build(input, optionsOf(join(dir, 'out'), { overview: false }));
    assert.is(folder.overview, undefined);
    assert.equal(readdirSync(join(dir, 'out')).sort(), ['.podium', 'a']);
  }),
);

builds('keeps a contest file named index.json at index/, apart from the overview', () =>
  inScratch(async (dir) => {
    const input = folderOf(dir, { 'index.json': 'valid.json', 'z.json': 'defaults.json' });
    const { pages, overview } = await build(input, optionsOf(join(dir, 'out')));
    assert.equal(
      pages.map(({ path }) => path),
      [join(dir, 'out/index/index.html'), join(dir, 'out/z/index.html')],
    );
    assert.is(overview?.path, join(dir, 'out/index.html'));
    assert.is(toDocument(readFileSync(join(dir, 'out/index/index.html'), 'utf8')).title, 'Testwettbewerb');
    const links = toDocument(readFileSync(join(dir, 'out/index.html'), 'utf8')).querySelectorAll('main li a');
    assert.ok([...links].some((link) => link.getAttribute('href') === 'index/index.html'));
  }),
);

builds("refuses a contest file whose page folder would take the overview's place, and writes nothing", () =>
  inScratch(async (dir) => {
    const input = folderOf(dir, { 'a.json': 'valid.json', 'Index.HTML.json': 'defaults.json' });
    const error = await build(input, optionsOf(join(dir, 'out'))).catch((thrown: unknown) => thrown);
    assert.instance(error, ContestError);
    assert.equal((error as ContestError).problems.map(toLine), [
      `${join(input, 'Index.HTML.json')}:1:1: its page folder Index.HTML/ would take the place of the folder's overview index.html; rename the file, or pass --no-index`,
    ]);
    assert.not.ok(existsSync(join(dir, 'out')));
    const { pages } = await build(input, optionsOf(join(dir, 'out'), { overview: false }));
    assert.ok(
      pages.some(({ path }) => path === join(dir, 'out/Index.HTML/index.html')),
      'without an overview, nothing is in its way',
    );
  }),
);

builds('writes nothing when any contest is invalid, and throws every problem of every file', () =>
  inScratch(async (dir) => {
    const input = folderOf(dir, {
      'good.json': 'valid.json',
      'broken.json': 'invalid-syntax.json',
      'wrong.json': 'invalid-schema.json',
      'typo.json': 'typo.json',
      'notes.json': 'warnings.json',
    });
    const warned: Problem[][] = [];
    const error = await build(
      input,
      optionsOf(join(dir, 'out'), { onWarnings: (warnings) => warned.push(warnings) }),
    ).catch((thrown: unknown) => thrown);
    assert.instance(error, ContestError);
    const files = new Set((error as ContestError).problems.map((problem) => problem.file));
    assert.equal(
      [...files].sort(),
      ['broken.json', 'notes.json', 'typo.json', 'wrong.json'].map((name) => join(input, name)),
    );
    assert.equal(warned, [], 'no warnings reported apart from the error');
    assert.not.ok(existsSync(join(dir, 'out')));
  }),
);

builds('reports warnings before writing, and each page as it is rendered', () =>
  inScratch(async (dir) => {
    const input = folderOf(dir, { 'a.json': 'valid.json', 'b.json': 'warnings.json', 'c.json': 'defaults.json' });
    const events: string[] = [];
    await build(
      input,
      optionsOf(join(dir, 'out'), {
        onWarnings: (warnings) => events.push(`warnings ${warnings.length}, written ${existsSync(join(dir, 'out'))}`),
        onPage: (done, total) => events.push(`page ${done}/${total}`),
      }),
    );
    assert.equal(events, ['warnings 2, written false', 'page 1/3', 'page 2/3', 'page 3/3']);
  }),
);

builds('reads standard input for -, and stamps every page with updatedAt in Berlin time', () =>
  inScratch(async (dir) => {
    const options = optionsOf(join(dir, 'out'), {
      readStdin: () => Promise.resolve(Buffer.from(fixture('valid.json'))),
      updatedAt: '2027-03-31T16:45:00Z',
    });
    const [page] = (await build('-', options)).pages;
    const html = readFileSync(page!.path, 'utf8');
    assert.is(toDocument(html).querySelector('.stand')?.textContent, 'Stand: 31.03.2027, 18:45 Uhr');
    assert.match(html, '"updated_at":"2027-03-31T18:45:00+02:00"');
  }),
);

builds('leaves the pages of an earlier build as they were when a page cannot be written', () =>
  inScratch(async (dir) => {
    const input = folderOf(dir, { 'a.json': 'valid.json', 'b.json': 'defaults.json' });
    await build(input, optionsOf(join(dir, 'out')));
    const before = readFileSync(join(dir, 'out/a/index.html'), 'utf8');
    const overview = readFileSync(join(dir, 'out/index.html'), 'utf8');
    writeFileSync(join(input, 'a.json'), fixture('hostile.json'));
    copyFileSync(join(FIXTURES, 'long.json'), join(input, 'c.json'));
    // A folder where page c goes, made once the output folder was looked at (one found before is refused at once).
    const blocked = () => mkdirSync(join(dir, 'out/c/index.html'), { recursive: true });
    const onPage = (done: number) => void (done === 3 && blocked());
    const error = await build(input, optionsOf(join(dir, 'out'), { onPage })).catch((thrown: unknown) => thrown);
    assert.match((error as Error).message, 'cannot write (a folder is in its place)');
    assert.is(readFileSync(join(dir, 'out/a/index.html'), 'utf8'), before);
    assert.is(readFileSync(join(dir, 'out/index.html'), 'utf8'), overview, 'the overview, which would list c, as well');
    assert.equal(readdirSync(join(dir, 'out/a')), ['index.html'], 'no temporary file is left');
    assert.equal(readdirSync(join(dir, 'out')).sort(), ['.podium', 'a', 'b', 'c', 'index.html']);
  }),
);

const bakeAlls = suite('bakeAll()');
const noStdin = () => Promise.reject(new Error('no standard input in this test'));

bakeAlls("bakes each contest's page in Berlin time, then a folder's overview, unless told not to", () =>
  inScratch(async (dir) => {
    const input = folderOf(dir, { 'b.json': 'long.json', 'a.json': 'defaults.json' });
    const sources = await read([input], noStdin);
    const baked = await bakeAll(sources, { page: { locale: 'de', hydrate: true }, sizes: true });
    assert.is(baked.folder, true);
    const documents = await Array.fromAsync(baked.documents);
    assert.equal(
      documents.map((baked) => (baked.kind === 'page' ? baked.named.name : baked.contests)),
      ['a', 'b', 2],
    );
    assert.ok(
      documents.every(({ gzip }) => gzip && gzip > 0),
      'each with its gzip size',
    );
    const long = documents[1]?.kind === 'page' ? documents[1].html : '';
    assert.is(toDocument(long).querySelector('.stand')?.textContent, 'Stand: 31.03.2027, 18:45 Uhr');
    const plain = await bakeAll(sources, { page: { locale: 'de', hydrate: true }, overview: false });
    assert.equal(
      (await Array.fromAsync(plain.documents)).map(({ kind, gzip }) => [kind, gzip]),
      [
        ['page', undefined],
        ['page', undefined],
      ],
    );
  }),
);

bakeAlls('links each page of a folder back to its overview, not without one; notes an address a link must encode', () =>
  inScratch(async (dir) => {
    const input = folderOf(dir, { 'spring.json': 'valid.json', 'Frühjahr 2027.json': 'valid.json' });
    const sources = await read([input], noStdin);
    const backOf = async (options: Partial<BakeOptions>) => {
      const baked = await bakeAll(sources, { page: { locale: 'de', hydrate: true }, ...options });
      const pages = (await Array.fromAsync(baked.documents)).filter((doc) => doc.kind === 'page');
      return { baked, links: pages.map((page) => toDocument(page.html).querySelector('nav.back a')) };
    };
    const { baked, links } = await backOf({});
    assert.equal(
      links.map((link) => [link?.getAttribute('href'), textOf(link)]),
      [
        ['../index.html', '← Alle Wettbewerbe'],
        ['../index.html', '← Alle Wettbewerbe'],
      ],
    );
    assert.equal(baked.problems.map(toLine), [
      `${join(input, 'Frühjahr 2027.json')}:1:1: note: its page's address is "Fr%C3%BChjahr%202027/": a file name of plain letters, digits and - reads better in a link`,
    ]);
    assert.equal((await backOf({ overview: false })).links, [null, null], 'no overview, no link to it');
    const english = await bakeAll(sources, { page: { locale: 'en', hydrate: false } });
    const [first] = await Array.fromAsync(english.documents);
    assert.is(textOf(toDocument(first!.html).querySelector('nav.back a')), '← All contests');
    const single = await bakeAll(await read([join(input, 'spring.json')], noStdin), {
      page: { locale: 'de', hydrate: true },
    });
    const [page] = await Array.fromAsync(single.documents);
    assert.is(toDocument(page!.html).querySelector('nav.back'), null, 'a single contest has no overview');
    assert.equal(single.problems, []);
  }),
);

bakeAlls('bakes nothing when any contest is invalid, and says what is wrong', () =>
  inScratch(async (dir) => {
    const input = folderOf(dir, { 'good.json': 'valid.json', 'broken.json': 'invalid-syntax.json' });
    const baked = await bakeAll(await read([input], noStdin), { page: { locale: 'de', hydrate: true } });
    assert.is(baked.invalid, 1);
    assert.equal(
      baked.contests.map(({ name }) => name),
      ['good'],
    );
    assert.equal([...new Set(baked.problems.map(({ file }) => file))], [join(input, 'broken.json')]);
    assert.equal(await Array.fromAsync(baked.documents), []);
  }),
);

bakeAlls('stops before the next page when aborted, with the reason of the stop', () =>
  inScratch(async (dir) => {
    const input = folderOf(dir, { 'a.json': 'valid.json', 'b.json': 'valid.json' });
    const stop = new AbortController();
    const baked = await bakeAll(await read([input], noStdin), {
      page: { locale: 'de', hydrate: true },
      signal: stop.signal,
    });
    const documents = baked.documents[Symbol.asyncIterator]();
    assert.is((await documents.next()).value?.kind, 'page');
    stop.abort(new Error('stopped by SIGTERM'));
    const error = await documents.next().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    assert.is((error as Error | undefined)?.message, 'stopped by SIGTERM');
  }),
);

builds.run();
bakeAlls.run();
