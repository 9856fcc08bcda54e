import { Agent, request as httpRequest } from 'node:http';

/** One real response, as written on the wire (header names in their order and case). */
export interface CapturedResponse {
  readonly status: number;
  /** [name, value] in the order received, without the ones Node adds by itself. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Connection, Keep-Alive (and Transfer-Encoding): written by Node itself, compared only. */
  readonly nodeHeaders: ReadonlyArray<readonly [string, string]>;
  readonly bodyBase64: string;
}

/** What a row sends: one fixed request (or one per request, see `perRequestHeaders`). */
export interface RequestShape {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/**
 * Headers Node's http server writes on its own for any response (the service's too):
 * the bare server lets Node write them again rather than replaying them (Date is left
 * out of both: it changes every second).
 */
const ADDED_BY_NODE = new Set(['connection', 'keep-alive', 'transfer-encoding']);

export function capture(
  origin: string,
  shape: RequestShape,
  extraHeaders: Readonly<Record<string, string>> = {},
): Promise<CapturedResponse> {
  const url = new URL(shape.path, origin);
  // A keep-alive connection, as autocannon's: the response then says keep-alive too.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise<CapturedResponse>((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: shape.method, headers: { ...shape.headers, ...extraHeaders }, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers: Array<[string, string]> = [];
          const nodeHeaders: Array<[string, string]> = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]!;
            const lower = name.toLowerCase();
            if (lower === 'date') continue;
            (ADDED_BY_NODE.has(lower) ? nodeHeaders : headers).push([name, res.rawHeaders[i + 1]!]);
          }
          resolve({
            status: res.statusCode ?? 0,
            headers,
            nodeHeaders,
            bodyBase64: Buffer.concat(chunks).toString('base64'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(shape.body);
  }).finally(() => agent.destroy());
}

/** Differences between two captured responses (empty: the same bytes but for Date). */
export function differences(a: CapturedResponse, b: CapturedResponse): string[] {
  const out: string[] = [];
  if (a.status !== b.status) out.push(`status ${a.status} ≠ ${b.status}`);
  const lines = (r: CapturedResponse) =>
    [...r.headers, ...r.nodeHeaders].map(([n, v]) => `${n}: ${v}`).join('\n');
  const ha = lines(a);
  const hb = lines(b);
  if (ha !== hb) out.push(`headers differ:\n${ha}\n---\n${hb}`);
  if (a.bodyBase64 !== b.bodyBase64) out.push('bodies differ');
  return out;
}

export const headerValue = (response: CapturedResponse, name: string): string | undefined =>
  response.headers.find(([n]) => n.toLowerCase() === name)?.[1];

export const bodyText = (response: CapturedResponse): string =>
  Buffer.from(response.bodyBase64, 'base64').toString('utf8');
