import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface Response {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** Header names and values as sent, in order (Node's `rawHeaders`). */
  readonly rawHeaders: readonly string[];
  readonly text: string;
  json(): unknown;
}

export interface RequestOptions {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  /** Source address of the client socket, e.g. 127.0.0.2, to act as another client. */
  readonly localAddress?: string;
  readonly body?: string;
}

/**
 * One real HTTP request over a fresh socket (no pooling, so `localAddress` is honoured).
 * `pathAndQuery` is sent byte for byte: no normalisation of the query string.
 */
export function request(
  origin: string,
  pathAndQuery: string,
  options: RequestOptions = {},
): Promise<Response> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname.replace(/^\[|\]$/g, ''), // [::1] → ::1
        port: url.port,
        path: pathAndQuery,
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            text,
            json: () => JSON.parse(text),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${pathAndQuery}`)));
    req.end(options.body);
  });
}
