// A size worker that answers its first page wrongly (0 bytes) and then dies: test/size.test.ts startSizer().
const { parentPort } = require('node:worker_threads');

parentPort.once('message', () => {
  parentPort.postMessage({ bytes: 0, estimated: false });
  process.exit(3);
});
