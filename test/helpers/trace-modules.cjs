// Loaded with --require into a CLI process: records every module request, written on exit to $PODIUM_TRACE.
const Module = require('node:module');
const { writeFileSync } = require('node:fs');

const seen = new Set();
const load = Module._load;
Module._load = function (request, parent, isMain) {
  seen.add(request);
  return load.call(this, request, parent, isMain);
};
process.on('exit', () => writeFileSync(process.env.PODIUM_TRACE, JSON.stringify([...seen])));
