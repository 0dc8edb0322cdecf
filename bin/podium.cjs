#!/usr/bin/env node
'use strict';
// First, in syntax any Node reads: lib/ fails in odd ways on a Node older than package.json's engines allow
// (test/cli/engines.test.ts keeps the two equal).
const LEAST = [22, 12];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < LEAST[0] || (major === LEAST[0] && minor < LEAST[1])) {
  process.stderr.write(
    `podium: needs Node.js ${LEAST.join('.')} or later (this is ${process.versions.node}); install it from https://nodejs.org/ or with nvm: nvm install --lts\n`,
  );
  process.exitCode = 2;
} else {
  const args = process.argv.slice(2);
  if (args.includes('--debug')) process.setSourceMapsEnabled(true); // stack traces name src/*.ts lines
  require('node:module').enableCompileCache?.();
  // Standard input is made only when read (`podium build -`).
  const io = { stdout: process.stdout, stderr: process.stderr, env: process.env, get stdin() { return process.stdin; } };
  require('../lib/cli.cjs').main(args, io).then((code) => (process.exitCode = code));
}
