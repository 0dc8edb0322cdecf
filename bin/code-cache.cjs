// Loads lib/cli.cjs with V8's code for it as a successful bake left it, kept beside Node's own compile cache. Node's
// cache holds what V8 compiles when a file loads, its top level; every function a bake then calls (React's renderer,
// zod, commander) was compiled again at every start: ~30 ms of a 100-user bake (docs/performance.md).
'use strict';
const { closeSync, fstatSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');
const { crc32 } = require('node:zlib');

/**
 * lib/cli.cjs's exports, and save(): writes the cache of each file whose cache was not taken. The files of lib/ that
 * lib/cli.cjs requires when a bake needs them (lib/sheet.cjs for a CSV export, lib/workbook.cjs for a workbook) are
 * loaded the same way, each `under()` what it is given: V8 takes a cache only under the flags that made it, and
 * save() is called under V8's default flags. `plain`, or without Node's compile cache
 * (NODE_DISABLE_COMPILE_CACHE=1), a plain require.
 */
function load(file, { plain = false, under = (work) => work() } = {}) {
  const folder = plain ? undefined : Module.getCompileCacheDir?.();
  if (!folder) return { exports: require(file), save() {} };
  const unsaved = [];
  const loaded = new Map();
  const run = (path) => {
    const bytes = readFileSync(path);
    // V8 checks its version, its flags and the source's length, not the source: the sum tells an edited file. Summed
    // over the file's bytes (the text's own UTF-8): summing the text encodes it again, ~1 ms for lib/cli.cjs.
    const sum = crc32(bytes);
    const source = bytes.toString('utf8');
    const cacheFile = join(folder, `podium-${process.versions.v8}-${process.arch}-${crc32(path).toString(16)}.cache`);
    const cached = read(cacheFile, sum);
    const script = new Script(Module.wrap(source), { filename: path, cachedData: cached });
    const module = { exports: {} };
    const nodeRequire = Module.createRequire(path);
    const own = (id) => {
      const required = join(dirname(path), id);
      if (!loaded.has(required)) loaded.set(required, under(() => run(required)));
      return loaded.get(required);
    };
    const requireHere = (id) => (OWN.test(id) ? own(id) : nodeRequire(id));
    script.runInThisContext().call(module.exports, module.exports, requireHere, module, path, dirname(path));
    if (cached === undefined || script.cachedDataRejected) unsaved.push(() => write(cacheFile, sum, script));
    return module.exports;
  };
  const exports = run(file);
  return { exports, save: () => unsaved.splice(0).forEach((save) => save()) };
}

/** How lib/cli.cjs requires another file of lib/ (scripts/bundles.js: LAZY). */
const OWN = /^\.\/[a-z]+\.cjs$/;

/** A cache file begins with the CRC-32 of the source it was made from, then that of the code that follows. */
const HEAD = 8;

/** The cached code for a source of this sum, whole, from a file only this user can have written; else undefined. */
function read(cacheFile, sum) {
  let fd;
  try {
    fd = openSync(cacheFile, 'r');
    const { uid, mode } = fstatSync(fd);
    // Code runs as the user who starts podium: a file that someone else wrote, or could have, is not taken.
    if (process.getuid && (uid !== process.getuid() || mode & 0o022)) return undefined;
    const bytes = readFileSync(fd);
    if (bytes.length <= HEAD || bytes.readUInt32LE(0) !== sum) return undefined;
    // V8 does not check its cache's bytes: one damaged byte can crash the process, at every start from then on.
    const code = bytes.subarray(HEAD);
    return bytes.readUInt32LE(4) === crc32(code) ? code : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The code V8 holds now, written whole or not at all: a cache is a saving, so a failure to write it is silent. */
function write(cacheFile, sum, script) {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    const code = script.createCachedData();
    const head = Buffer.alloc(HEAD);
    head.writeUInt32LE(sum);
    head.writeUInt32LE(crc32(code), 4);
    writeFileSync(temporary, Buffer.concat([head, code]), { mode: 0o600, flag: 'wx' });
    renameSync(temporary, cacheFile);
  } catch {
    rmSync(temporary, { force: true });
  }
}

module.exports = { load };
