/**
 * The baseline: a bare `node:http` server, in its own process, that answers every request
 * with one fixed response captured from the service (status, headers in the service's
 * order and spelling, body). Node adds Date, Connection and Keep-Alive itself, exactly
 * as it does for the service. A GET is answered at once; a POST's body is read to its
 * end first, as the service (and any server that looks at a body) must.
 *
 * Usage (spawned by bench/run.ts): node --import tsx bench/perf/bare-server.ts FILE
 * where FILE holds a `CapturedResponse` as JSON. Prints `listening PORT` when ready.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { CapturedResponse } from './capture.ts';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: bare-server.ts RESPONSE_JSON');
const captured = JSON.parse(readFileSync(file, 'utf8')) as CapturedResponse;
const status = captured.status;
const headers = captured.headers.flat();
const body = Buffer.from(captured.bodyBase64, 'base64');

const server = createServer((request, response) => {
  const answer = () => {
    response.writeHead(status, headers);
    response.end(body);
  };
  if (request.method === 'GET' || request.method === 'HEAD') answer();
  else {
    request.resume();
    request.on('end', answer);
  }
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  process.stdout.write(`listening ${address.port}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
});
