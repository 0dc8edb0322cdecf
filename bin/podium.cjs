#!/usr/bin/env node
// CommonJS so that a bake does not pay for Node's ES module loader (see scripts/build.js).
'use strict';
// First, in syntax any Node reads: lib/ fails in odd ways on a Node older than package.json's engines allow. Written
// out rather than read from package.json, which would cost every start (test/cli/engines.test.ts keeps them equal).
const LEAST = [22, 12];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < LEAST[0] || (major === LEAST[0] && minor < LEAST[1])) {
  process.stderr.write(
    `podium: needs Node.js ${LEAST.join('.')} or later (this is ${process.versions.node}); install it from https://nodejs.org/ or with nvm: nvm install --lts\n`,
  );
  process.exitCode = 2;
} else {
  const args = process.argv.slice(2);
  // --debug: stack traces name src/*.ts lines. Node reads the source maps of files loaded after this call only.
  const debug = args.includes('--debug');
  if (debug) process.setSourceMapsEnabled(true);
  // V8's code for lib/ kept between runs in the temporary folder (node-compile-cache, as tsc does): ~5 ms off every
  // bake but the first after an install (docs/performance.md). NODE_DISABLE_COMPILE_CACHE=1 turns it off.
  require('node:module').enableCompileCache?.();
  // The files of lib/ a bake loads when it needs them come under V8's default flags, which their cache is made under.
  const under = (work) => cli.exports.underDefaultFlags(work);
  // With --debug, the loader Node's source maps work with (a cached run would work as well, without them).
  const cli = require('./code-cache.cjs').load(require.resolve('../lib/cli.cjs'), { plain: debug, under });
  // Each stream when first used, as Node makes them: stdin only when read (`podium build -`), ~1.6 ms where it is a
  // file or /dev/null. Standard output and error, where they are a pipe, a file or a socket (its first 8 kB), are
  // written by hand, without Node's streams (lib/cli.cjs: toStdio): making both for two pipes took ~4 ms a bake.
  let stdout;
  let stderr;
  const io = {
    get stdout() {
      return (stdout ??= cli.exports.toStdio(1, () => process.stdout));
    },
    get stderr() {
      return (stderr ??= cli.exports.toStdio(2, () => process.stderr));
    },
    env: process.env,
    get stdin() {
      return process.stdin;
    },
  };
  cli.exports.main(args, io).then((code) => {
    process.exitCode = code;
    // A bake calls the functions the next one will: its code is the one to keep (not that of `build --help`). V8
    // takes a cache only under the flags that made it.
    if (code === 0 && args[0] === 'build' && !args.includes('--help') && !args.includes('-h'))
      cli.exports.underDefaultFlags(() => cli.save());
  });
}
