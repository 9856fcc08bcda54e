/**
 * One HTTP request over a fresh socket (no pooling, so `localAddress` makes it a distinct
 * client), timed, bounded in time and in the size of the answer, and never rejecting:
 * a network failure is an outcome to count, not an exception.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Target {
  readonly host: string;
  readonly port: number;
}

export interface RequestSpec {
  readonly method?: string;
  /** Sent byte for byte. */
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly localAddress?: string;
  readonly timeoutMs?: number;
}

export interface Reply {
  readonly ok: true;
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly ms: number;
  /** When the TCP connection was established (ms after the start). */
  readonly connectMs: number | undefined;
}

export interface Failure {
  readonly ok: false;
  /** e.g. "timeout", "ECONNRESET", "ECONNREFUSED". */
  readonly error: string;
  readonly ms: number;
  readonly connectMs: number | undefined;
}

export type Outcome = Reply | Failure;

const DEFAULT_TIMEOUT_MS = 10_000;
/** Answers larger than this are cut (the service's largest page is far smaller). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export function send(target: Target, spec: RequestSpec): Promise<Outcome> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  return new Promise((resolve) => {
    let settled = false;
    let connectMs: number | undefined;
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const fail = (error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      const name = code ?? (error as Error).message ?? 'error';
      finish({ ok: false, error: name, ms: elapsed(), connectMs });
    };
    try {
      const req = httpRequest(
        {
          host: target.host,
          port: target.port,
          method: spec.method ?? 'GET',
          path: spec.path,
          headers: spec.headers,
          localAddress: spec.localAddress,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes > MAX_BODY_BYTES) {
              req.destroy(Object.assign(new Error('answer too large'), { code: 'TOO_LARGE' }));
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () =>
            finish({
              ok: true,
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: elapsed(),
              connectMs,
            }),
          );
          res.on('error', fail);
          res.on('aborted', () => fail(Object.assign(new Error('aborted'), { code: 'ABORTED' })));
        },
      );
      req.on('error', fail);
      req.once('socket', (socket) =>
        socket.once('connect', () => {
          connectMs = elapsed();
        }),
      );
      // A bound on the whole exchange, not only on silence.
      timer = setTimeout(
        () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
        spec.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      );
      req.end(spec.body);
    } catch (error) {
      fail(error);
    }
  });
}
