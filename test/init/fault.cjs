// Preloaded into a real podium process (node --require) by test/init/init.test.ts: at the PODIUM_FAULT_AT-th call that
// changes the file system, SIGKILL the process (PODIUM_FAULT=kill), or make PODIUM_FAULT_PATH read-only first
// (PODIUM_FAULT=readonly; `<pid>` in it is this process's) and let the call go on. PODIUM_FAULT_LOG names a file that gets a line for each call.
'use strict';
const fs = require('node:fs');

const at = Number(process.env.PODIUM_FAULT_AT);
const { PODIUM_FAULT: fault, PODIUM_FAULT_PATH: path, PODIUM_FAULT_LOG: log } = process.env;
const real = {};
let calls = 0;
for (const name of ['mkdirSync', 'writeFileSync', 'renameSync', 'linkSync', 'unlinkSync', 'rmSync', 'chmodSync']) {
  real[name] = fs[name];
  fs[name] = function (...args) {
    calls += 1;
    // With the calls saved above: appendFileSync would come back here through fs.writeFileSync.
    if (log) {
      const fd = fs.openSync(log, 'a');
      fs.writeSync(fd, `${calls} ${name} ${args[0]}\n`);
      fs.closeSync(fd);
    }
    if (calls === at && fault === 'kill') process.kill(process.pid, 'SIGKILL');
    if (calls === at && fault === 'readonly') real.chmodSync(path.replace('<pid>', String(process.pid)), 0o555);
    return real[name].apply(this, args);
  };
}
