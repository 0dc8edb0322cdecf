#!/usr/bin/env node
// CommonJS so that a bake does not pay for Node's ES module loader (see scripts/build.js).
'use strict';
require('../lib/cli.cjs')
  .main(process.argv)
  .then((code) => {
    process.exitCode = code;
  });
