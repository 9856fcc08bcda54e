import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local HTTP receiver on 127.0.0.1 and a free port that records every request and answers
 * as a protocol says (protocols.ts: Telegram's Bot API, Slack, Discord, ntfy, a Standard
 * Webhooks receiver), unless the test scripts the next answers: a status with a body,
 * a slow answer, an answer that never comes, a body too long to read, a closed socket.
 */

export interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** Milliseconds since the stand-in started. */
  readonly at: number;
}

export interface Answer {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/** What the stand-in does with one request. */
export type Behaviour =
  | Answer
  | { readonly delayMs: number; readonly answer: Answer }
  | 'hang'
  | 'close'
  /** 200 and then 8 MiB of body, slowly: the reader must stop early. */
  | 'endless';

export type Protocol = (request: Recorded) => Answer;

const MAX_RECORDED_BODY = 1024 * 1024;

export class StandIn {
  readonly requests: Recorded[] = [];
  /** Requests being answered right now, and the most at once. */
  open = 0;
  /** 64 KiB chunks of 'endless' bodies written before the client stopped reading. */
  endlessChunks = 0;
  maxOpen = 0;
  readonly #server: Server;
  readonly #script: Behaviour[] = [];
  readonly #sockets = new Set<Socket>();
  readonly #started = Date.now();
  #protocol: Protocol;
  #origin = '';

  private constructor(protocol: Protocol) {
    this.#protocol = protocol;
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_RECORDED_BODY) chunks.push(chunk);
      });
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://stand-in');
        const recorded: Recorded = {
          method: request.method ?? '',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now() - this.#started,
        };
        this.requests.push(recorded);
        this.open++;
        this.maxOpen = Math.max(this.maxOpen, this.open);
        response.on('close', () => this.open--);
        this.#behave(this.#script.shift() ?? this.#protocol(recorded), response);
      });
    });
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  static async start(protocol: Protocol): Promise<StandIn> {
    const standIn = new StandIn(protocol);
    await new Promise<void>((resolve) => standIn.#server.listen(0, '127.0.0.1', resolve));
    standIn.#origin = `http://127.0.0.1:${(standIn.#server.address() as AddressInfo).port}`;
    return standIn;
  }

  get origin(): string {
    return this.#origin;
  }

  /** The next requests get these behaviours, in order; then the protocol answers again. */
  script(...behaviours: Behaviour[]): void {
    this.#script.push(...behaviours);
  }

  /** Resolves once `count` requests have come (or rejects after `timeoutMs`). */
  async received(count: number, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      if (Date.now() > until)
        throw new Error(
          `stand-in got ${this.requests.length} requests, not ${count}, in ${timeoutMs} ms`,
        );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #behave(behaviour: Behaviour, response: ServerResponse): void {
    if (behaviour === 'hang') return;
    if (behaviour === 'close') {
      response.socket?.destroy();
      return;
    }
    if (behaviour === 'endless') {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const write = () => {
        if (response.destroyed || sent >= 128) return response.end();
        sent++;
        this.endlessChunks++;
        response.write(chunk, () => setTimeout(write, 5));
      };
      write();
      return;
    }
    if ('delayMs' in behaviour) {
      setTimeout(() => this.#behave(behaviour.answer, response), behaviour.delayMs);
      return;
    }
    response.writeHead(behaviour.status, behaviour.headers ?? {});
    response.end(behaviour.body ?? '');
  }
}

export const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Answer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
