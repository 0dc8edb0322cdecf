// The worker thread of size.ts startSizer(): answers each page's Sizing with its gzip size, in order.
import { parentPort } from 'node:worker_threads';
import { toGzipSize, type Sizing } from './size.ts';

parentPort?.on('message', (sizing: Sizing) => parentPort?.postMessage(toGzipSize(sizing)));
