import { createECDH, randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkPushHeaders, type PushMessageHeaders } from './push-message-headers.ts';
import { checkVapid, type VapidIdentity } from './vapid-verify.ts';
import { decryptPushBody, PushDecryptError, type UserAgentKeys } from './web-push-decrypt.ts';

/**
 * A push service on 127.0.0.1 for tests, speaking the Web Push protocol as FCM or Mozilla's
 * autopush do (RFC 8030, 8291, 8292), so the service's push sender is proven with real
 * messages and no browser vendor. `subscribe()` makes keys as a browser does and an endpoint
 * here; a POST to it is checked like a real push service checks it (TTL, Urgency, Topic,
 * Content-Encoding, the body's size, the VAPID JWT) and then decrypted as the browser would
 * (web-push-decrypt.ts, independent of the library the service sends with). Accepted pushes
 * answer 201 with a Location and land in `received`; refused ones answer as a real service
 * does and land in `rejected` with the reason. A decryption failure answers 400, which no
 * real service could (it cannot read the body): here it makes a broken message visible.
 *
 * Bounded: bodies are read up to the cap (the rest is drained and discarded), `received`
 * and `rejected` keep at most `maxStored` each (the rest are counted), requests time out.
 */

export interface PushStandinOptions {
  /** When set, k must be this key (the applicationServerKey a browser subscribed with). */
  readonly vapidPublicKey?: string;
  /** The clock for the JWT's exp and for `at`; default Date.now. */
  readonly now?: () => number;
  /** Most pushes kept in `received`, and in `rejected`; default 100,000. */
  readonly maxStored?: number;
  /** The largest body taken (else 413); default 4096, what RFC 8291 requires a service take. */
  readonly maxBodyBytes?: number;
  /** The longest TTL retained, echoed in the 201's TTL header; default 28 days. */
  readonly maxTtlSeconds?: number;
}

export interface StandinSubscription {
  /** As a browser's PushSubscription.toJSON() gives it. */
  readonly subscription: {
    readonly endpoint: string;
    readonly expirationTime: null;
    readonly keys: { readonly p256dh: string; readonly auth: string };
  };
  readonly name: string;
}

export interface ReceivedPush {
  readonly name: string;
  readonly endpoint: string;
  readonly headers: PushMessageHeaders;
  /** Who signed it: sub, k and exp of the verified JWT. */
  readonly vapid: VapidIdentity;
  /** The decrypted payload as UTF-8 ('' for a push without a body). */
  readonly payload: string;
  /** The payload parsed as JSON, or undefined when it is not JSON. */
  readonly json: unknown;
  /** When it was accepted, by the stand-in's clock (ms). */
  readonly at: number;
}

/**
 * A push the stand-in did not accept: refused (4xx), answered by a responder (whatever status
 * it chose), or never answered (status 0: the sender went away, or its body ran 1 MiB over
 * the cap and the connection was dropped).
 */
export interface RejectedPush {
  /** The subscription's name, or null when the endpoint is unknown. */
  readonly name: string | null;
  readonly endpoint: string;
  /** The status answered; 0 when none was. */
  readonly status: number;
  readonly reason: string;
  readonly at: number;
}

/** What a responder sees of one push to its subscription. */
export interface StandinRequest {
  readonly name: string;
  readonly endpoint: string;
  /** 1 for the first push this subscription got, 2 for the next… (all pushes, answered or not). */
  readonly attempt: number;
  readonly headers: IncomingHttpHeaders;
  readonly bodyBytes: number;
}

export interface ResponderAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * A fixed status for every push to the subscription, or a function that answers (possibly
 * later: slowness) or returns undefined to let the stand-in check and accept as usual.
 */
export type Responder =
  | number
  | ((
      request: StandinRequest,
    ) => ResponderAnswer | undefined | Promise<ResponderAnswer | undefined>);

export interface PushStandinCounts {
  readonly accepted: number;
  readonly rejected: number;
  /** Accepted or rejected pushes not kept because their list was full. */
  readonly dropped: number;
}

export interface PushStandin {
  /** http://127.0.0.1:PORT, the aud a VAPID JWT must carry. */
  readonly origin: string;
  /** The endpoint of the subscription named `name` (throws if there is none). */
  endpointFor(name: string): string;
  /** A new subscription with a browser's keys; `name` defaults to subscriber-N (N: 1, 2…). */
  subscribe(name?: string): StandinSubscription;
  /** Removes a subscription: its endpoint answers 404 from now on, as for a gone one. */
  forget(name: string): void;
  readonly received: ReceivedPush[];
  readonly rejected: RejectedPush[];
  counts(): PushStandinCounts;
  /** Resolves with `received` once `count` pushes were accepted; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<ReceivedPush[]>;
  /** Resolves with `rejected` once `count` pushes were refused; rejects after `timeoutMs`. */
  waitForRejected(count: number, timeoutMs: number): Promise<RejectedPush[]>;
  /** How this subscription's pushes are answered from now on; null: as usual again. */
  respondWith(name: string, responder: Responder | null): void;
  close(): Promise<void>;
}

interface Subscriber {
  readonly name: string;
  readonly endpoint: string;
  readonly keys: UserAgentKeys;
  responder: Responder | null;
  attempts: number;
}

interface Waiter {
  readonly list: 'received' | 'rejected';
  readonly count: number;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

const DEFAULT_MAX_STORED = 100_000;
const DEFAULT_MAX_BODY_BYTES = 4096;
const DEFAULT_MAX_TTL_SECONDS = 28 * 24 * 60 * 60;
/** Subscriptions one stand-in holds (each is a key pair in memory). */
const MAX_SUBSCRIPTIONS = 1_000_000;
/** A body this much over the cap is not drained: the connection is dropped. */
const MAX_DRAINED_BYTES = 1024 * 1024;
const PUSH_PATH = /^\/push\/([A-Za-z0-9_-]{1,64})$/;
const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
};

export async function startPushStandin(options: PushStandinOptions = {}): Promise<PushStandin> {
  const now = options.now ?? Date.now;
  const maxStored = options.maxStored ?? DEFAULT_MAX_STORED;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxTtlSeconds = options.maxTtlSeconds ?? DEFAULT_MAX_TTL_SECONDS;

  const byToken = new Map<string, Subscriber>();
  const tokenByName = new Map<string, string>();
  const received: ReceivedPush[] = [];
  const rejected: RejectedPush[] = [];
  const waiters = new Set<Waiter>();
  let accepted = 0;
  let refused = 0;
  let dropped = 0;
  let messages = 0;
  let subscriptions = 0;
  let origin = '';

  const settleWaiters = () => {
    for (const waiter of waiters) {
      if ((waiter.list === 'received' ? accepted : refused) < waiter.count) continue;
      clearTimeout(waiter.timer);
      waiters.delete(waiter);
      waiter.resolve();
    }
  };

  const reject = (
    res: ServerResponse,
    entry: Omit<RejectedPush, 'at'>,
    headers: Readonly<Record<string, string>> = {},
  ) => {
    refused++;
    if (rejected.length < maxStored) rejected.push({ ...entry, at: now() });
    else dropped++;
    settleWaiters();
    if (res.destroyed || res.headersSent) return;
    const error = STATUS_TEXT[entry.status] ?? 'Error';
    const body = JSON.stringify({ code: entry.status, error, message: entry.reason });
    res.writeHead(entry.status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    const endpoint = `${origin}${path}`;
    const token = PUSH_PATH.exec(path)?.[1];
    const subscriber = token === undefined ? undefined : byToken.get(token);
    if (subscriber === undefined) {
      req.resume();
      return reject(res, { name: null, endpoint, status: 404, reason: 'no such subscription' });
    }
    const { name } = subscriber;
    if (req.method !== 'POST') {
      req.resume();
      return reject(
        res,
        { name, endpoint, status: 405, reason: `${req.method} is not POST` },
        { allow: 'POST' },
      );
    }
    subscriber.attempts++;
    const body = await readCapped(req, maxBodyBytes);
    if (!Buffer.isBuffer(body)) {
      return reject(res, { name, endpoint, status: 0, reason: body.failure });
    }
    if (body.length > maxBodyBytes) {
      return reject(res, {
        name,
        endpoint,
        status: 413,
        reason: `the body is over ${maxBodyBytes} bytes`,
      });
    }

    const { responder } = subscriber;
    if (responder !== null) {
      const answer =
        typeof responder === 'number'
          ? { status: responder }
          : await responder({
              name,
              endpoint,
              attempt: subscriber.attempts,
              headers: req.headers,
              bodyBytes: body.length,
            });
      if (answer !== undefined) {
        const reason = `answered ${answer.status} as told (respondWith)`;
        return reject(res, { name, endpoint, status: answer.status, reason }, answer.headers);
      }
    }

    const headers = checkPushHeaders(req.headers, body.length);
    if (!headers.ok) return reject(res, { name, endpoint, ...pick(headers) });
    const authorization = req.headers.authorization;
    const vapid = checkVapid(authorization, {
      audience: origin,
      nowMs: now(),
      publicKey: options.vapidPublicKey,
    });
    if (!vapid.ok) return reject(res, { name, endpoint, ...pick(vapid) });

    let plaintext: Buffer = Buffer.alloc(0);
    if (body.length > 0) {
      try {
        plaintext = decryptPushBody(body, subscriber.keys);
      } catch (error) {
        if (!(error instanceof PushDecryptError)) throw error;
        return reject(res, { name, endpoint, status: 400, reason: `decrypt: ${error.message}` });
      }
    }

    const payload = plaintext.toString('utf8');
    accepted++;
    if (received.length < maxStored) {
      received.push({
        name,
        endpoint,
        headers: headers.headers,
        vapid: vapid.identity,
        payload,
        json: parseJson(payload),
        at: now(),
      });
    } else {
      dropped++;
    }
    settleWaiters();
    messages++;
    if (res.destroyed) return;
    res.writeHead(201, {
      location: `${origin}/message/${messages}`,
      ttl: String(Math.min(headers.headers.ttl, maxTtlSeconds)),
      'content-length': '0',
    });
    res.end();
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const reason = `the stand-in failed: ${(error as Error).message}`;
      reject(res, { name: null, endpoint: `${origin}${req.url ?? ''}`, status: 500, reason });
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const wait = <T>(list: 'received' | 'rejected', items: T[], count: number, timeoutMs: number) =>
    new Promise<T[]>((resolve, rejectWait) => {
      if ((list === 'received' ? accepted : refused) >= count) return resolve(items);
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        const last = rejected.slice(-3).map((r) => `${r.status} ${r.name}: ${r.reason}`);
        rejectWait(
          new Error(
            `push stand-in: ${list === 'received' ? accepted : refused} ${list}, not ${count}, in ${timeoutMs} ms` +
              ` (${accepted} accepted, ${refused} rejected${last.length > 0 ? `; last rejected: ${last.join('; ')}` : ''})`,
          ),
        );
      }, timeoutMs);
      const waiter: Waiter = {
        list,
        count,
        resolve: () => resolve(items),
        reject: rejectWait,
        timer,
      };
      waiters.add(waiter);
    });

  const subscriberNamed = (name: string): Subscriber => {
    const token = tokenByName.get(name);
    const subscriber = token === undefined ? undefined : byToken.get(token);
    if (subscriber === undefined) throw new Error(`push stand-in: no subscription named ${name}`);
    return subscriber;
  };

  return {
    origin,
    received,
    rejected,
    endpointFor: (name) => subscriberNamed(name).endpoint,
    subscribe(name = `subscriber-${subscriptions + 1}`) {
      if (tokenByName.has(name)) throw new Error(`push stand-in: ${name} is already subscribed`);
      if (byToken.size >= MAX_SUBSCRIPTIONS) {
        throw new Error(`push stand-in: ${MAX_SUBSCRIPTIONS} subscriptions already`);
      }
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys(); // uncompressed: 65 bytes
      const authSecret = randomBytes(16);
      const token = randomBytes(16).toString('base64url');
      const endpoint = `${origin}/push/${token}`;
      byToken.set(token, {
        name,
        endpoint,
        keys: { ecdh, publicKey, authSecret },
        responder: null,
        attempts: 0,
      });
      tokenByName.set(name, token);
      subscriptions++;
      return {
        name,
        subscription: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
        },
      };
    },
    forget(name) {
      subscriberNamed(name);
      byToken.delete(tokenByName.get(name)!);
      tokenByName.delete(name);
    },
    counts: () => ({ accepted, rejected: refused, dropped }),
    waitFor: (count, timeoutMs) => wait('received', received, count, timeoutMs),
    waitForRejected: (count, timeoutMs) => wait('rejected', rejected, count, timeoutMs),
    respondWith(name, responder) {
      subscriberNamed(name).responder = responder;
    },
    async close() {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('push stand-in: closed'));
      }
      waiters.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The body, keeping at most `cap + 1` bytes (enough to tell it is too long) and draining the
 * rest unkept; or why there is none: the sender went away, or the body ran MAX_DRAINED_BYTES
 * over the cap and the connection was dropped.
 */
function readCapped(req: IncomingMessage, cap: number): Promise<Buffer | { failure: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let seen = 0;
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > cap + MAX_DRAINED_BYTES) {
        resolve({ failure: `the body ran over ${cap + MAX_DRAINED_BYTES} bytes: dropped` });
        req.destroy();
        return;
      }
      if (kept <= cap) {
        const part = chunk.subarray(0, cap + 1 - kept);
        chunks.push(part);
        kept += part.length;
      }
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    // After 'end' this changes nothing (a promise settles once).
    req.on('close', () => resolve({ failure: 'the sender went away before the body ended' }));
    req.on('error', () => resolve({ failure: 'the sender went away before the body ended' }));
  });
}

function pick(refusal: { readonly status: number; readonly reason: string }) {
  return { status: refusal.status, reason: refusal.reason };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
