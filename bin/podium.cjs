#!/usr/bin/env node
// CommonJS so that a bake does not pay for Node's ES module loader (see scripts/build.js).
'use strict';
// --debug: stack traces name src/*.ts lines. Node reads the source maps of files loaded after this call only.
if (process.argv.includes('--debug')) process.setSourceMapsEnabled(true);
const { stdout, stderr, env, stdin } = process;
require('../lib/cli.cjs')
  .main(process.argv.slice(2), { stdout, stderr, env, stdin })
  .then((code) => {
    process.exitCode = code;
  });
