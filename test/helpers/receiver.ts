// A webhook on this machine for the announcement tests: an HTTP server on a free port that keeps every body posted to
// it and answers each request as the test says (a status, or never).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the receiver answers its `n`th request (1-based): with a status, or not at all ('hang'). */
export type Answer = (n: number) => number | 'hang';

export type Receiver = { url: string; bodies: string[]; close: () => Promise<void> };

/** Starts a receiver at http://127.0.0.1:<port>/hook/secret-token; close() ends it and every request it holds. */
export async function receive(answer: Answer = () => 200): Promise<Receiver> {
  const bodies: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      const status = answer(bodies.length);
      if (status === 'hang') return; // holds the request open until close()
      response.writeHead(status, { 'content-type': 'text/plain' }).end(`answered ${status} at ${request.url}`);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook/secret-token`,
    bodies,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
