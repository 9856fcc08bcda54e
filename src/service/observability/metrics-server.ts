import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.ts';

export interface MetricsListener {
  /** e.g. http://127.0.0.1:9464 */
  readonly origin: string;
  close(): Promise<void>;
}

const notFound = JSON.stringify({
  ok: false,
  error: 'not_found',
  detail: 'Only /metrics is here.',
});

/**
 * /metrics on a listener of its own (METRICS_HOST, loopback by default), never on the
 * public one: the process metrics tell an attacker the Node version, open handles and
 * event-loop lag, i.e. how well an attack is going.
 */
export async function listenForMetrics(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      response.end(notFound);
      return;
    }
    metrics.registry.metrics().then(
      (body) => {
        response.writeHead(200, {
          'content-type': metrics.registry.contentType,
          'cache-control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      () => {
        response.writeHead(500).end();
      },
    );
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    origin: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
