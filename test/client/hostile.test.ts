import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  ApiError,
  createClient,
  RateLimitError,
  type ResetRecordsError,
} from '../../packages/client/src/index.ts';

/**
 * A stand-in service that misbehaves, one way per path prefix: the client must end every
 * call with a typed error within its bounds (time, bytes, waits), never hang, never buffer
 * without limit, never hand on a body that is not the contract's.
 */

const STATUS = {
  generatedAt: '2026-11-21T10:00:00.000Z',
  lastSuccessfulCheckAt: null,
  stale: true,
  lastReset: null,
  lastGlobalReset: null,
  next: null,
  open: [],
  links: { api: '/openapi/v1/records', feed: '/feed.xml', calendar: '/calendar.ics' },
};

let bytesSentEndless = 0;

const send = (res: ServerResponse, status: number, body: string, headers = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);

const error = (code: string, detail = 'no', extra = {}) =>
  JSON.stringify({ ok: false, error: code, detail, ...extra });

const BEHAVIOURS: Record<string, (res: ServerResponse) => void> = {
  hang: () => {},
  'slow-body': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"generatedAt":');
    const timer = setInterval(() => res.write(' '), 50);
    res.on('close', () => clearInterval(timer));
  },
  endless: (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) bytesSentEndless += chunk.length;
    };
    res.on('drain', pump);
    pump();
  },
  'huge-length': (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000000000' });
    res.write('{');
  },
  'not-json': (res) => send(res, 200, '<html>hello</html>'),
  'bad-utf8': (res) =>
    res.writeHead(200).end(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])),
  'wrong-shape': (res) => send(res, 200, JSON.stringify({ ...STATUS, stale: 'no' })),
  'deep-nesting': (res) => send(res, 200, `${'['.repeat(200_000)}${']'.repeat(200_000)}`),
  'not-modified': (res) => res.writeHead(304).end(),
  'internal-error': (res) => send(res, 500, error('internal_error', 'Unexpected server error.')),
  'plain-502': (res) =>
    res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'),
  'no-data': (res) =>
    send(res, 503, error('data_unavailable', 'No snapshot has been published yet.')),
  'refused-long': (res) =>
    send(res, 429, error('rate_limited', 'Quota exceeded.', { retryAfter: 100_000 }), {
      'retry-after': '100000',
    }),
  'refused-date': (res) =>
    send(res, 429, error('rate_limited', 'Quota exceeded.', { retryAfter: 1 }), {
      'retry-after': new Date(Date.now() + 120_000).toUTCString(),
    }),
  'proxy-429': (res) =>
    res
      .writeHead(429, { 'content-type': 'text/html', 'retry-after': '7' })
      .end('<h1>Slow down</h1>'),
  'lying-pages': (res) =>
    send(
      res,
      200,
      JSON.stringify({
        ok: true,
        data: { items: [], page: 1, pageSize: 10, total: 0, totalPages: 0, hasNext: true },
        meta: { generatedAt: STATUS.generatedAt, lastSuccessfulCheckAt: null },
      }),
    ),
};

let server: Server;
let origin: string;
before(async () => {
  server = createServer((req, res) => {
    const behaviour = BEHAVIOURS[req.url!.split('/')[1]!];
    if (behaviour === undefined) return send(res, 404, error('not_found'));
    behaviour(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const clientAt = (prefix: string, options = {}) =>
  createClient({ baseUrl: `${origin}/${prefix}/`, timeoutMs: 500, ...options });

async function failure(promise: Promise<unknown>) {
  const started = performance.now();
  const error = await promise.then(
    () => assert.fail('expected a failure'),
    (e: unknown) => e,
  );
  return { error: error as ResetRecordsError, ms: performance.now() - started };
}

describe('the client against a hostile or broken service', { timeout: 10_000 }, () => {
  test('no answer: timeout after timeoutMs', async () => {
    const { error, ms } = await failure(clientAt('hang').status());
    assert.equal(error.code, 'timeout');
    // The client's clock starts when status() is called, a moment before `failure`'s: a
    // pause of the process between the two (a loaded machine) shortens what is measured.
    assert.ok(ms >= 250 && ms < 2000, `${ms} ms`);
  });

  test('a body that trickles for ever: the timeout covers the body too', async () => {
    const { error, ms } = await failure(clientAt('slow-body').status());
    assert.equal(error.code, 'timeout');
    assert.ok(ms < 2000, `${ms} ms`);
  });

  test('an endless body: cut at maxBodyBytes, the service stops being read', async () => {
    const { error } = await failure(clientAt('endless', { maxBodyBytes: 65_536 }).status());
    assert.equal(error.code, 'body_too_large');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sent = bytesSentEndless;
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(bytesSentEndless, sent, 'nothing more is sent once the client has cut');
    assert.ok(sent < 16 * 1024 * 1024, `${sent} bytes sent`);
  });

  test('a Content-Length over the bound: refused before reading', async () => {
    const { error, ms } = await failure(clientAt('huge-length').status());
    assert.equal(error.code, 'body_too_large');
    assert.ok(ms < 450, 'without waiting for the body');
  });

  test('bodies that are not the contract: invalid_response, with where', async () => {
    for (const prefix of ['not-json', 'bad-utf8', 'deep-nesting']) {
      const { error } = await failure(clientAt(prefix).status());
      assert.equal(error.code, 'invalid_response', prefix);
    }
    const { error } = await failure(clientAt('wrong-shape').status());
    assert.equal(error.message, 'response body.stale: expected a boolean');
    const notModified = await failure(clientAt('not-modified').status());
    assert.equal(notModified.error.code, 'invalid_response');
    const lying = await failure(clientAt('lying-pages').list());
    assert.equal(lying.error.message, 'response body.data.hasNext: expected page < totalPages');
  });

  test("the contract's errors are ApiErrors with their code; other statuses are unexpected_status", async () => {
    const internal = await failure(clientAt('internal-error').latest());
    assert.ok(internal.error instanceof ApiError);
    assert.deepEqual([internal.error.code, internal.error.status], ['internal_error', 500]);
    const noData = await failure(clientAt('no-data').latest());
    assert.deepEqual([noData.error.code, noData.error.status], ['data_unavailable', 503]);
    const gateway = await failure(clientAt('plain-502').latest());
    assert.deepEqual([gateway.error.code, gateway.error.status], ['unexpected_status', 502]);
  });

  test('a Retry-After beyond maxWaitMs is not waited for; an HTTP-date Retry-After is read', async () => {
    const long = await failure(clientAt('refused-long', { onRateLimit: 'wait' }).latest());
    assert.ok(long.error instanceof RateLimitError);
    assert.equal(long.error.retryAfterSeconds, 100_000);
    assert.ok(long.ms < 450, 'thrown at once');
    const dated = await failure(clientAt('refused-date').latest());
    assert.ok(dated.error instanceof RateLimitError);
    assert.ok(dated.error.retryAfterSeconds >= 110 && dated.error.retryAfterSeconds <= 121);
    const proxy = await failure(clientAt('proxy-429').latest());
    assert.ok(proxy.error instanceof RateLimitError, "a proxy's 429 is a refusal too");
    assert.equal(proxy.error.retryAfterSeconds, 7);
  });

  test("the caller's signal aborts a call with its own reason; a closed port is a network error", async () => {
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    setTimeout(() => controller.abort(reason), 50);
    const aborted = await failure(
      clientAt('hang', { timeoutMs: 5000 }).status({ signal: controller.signal }),
    );
    assert.equal(aborted.error, reason);
    assert.ok(aborted.ms < 1000);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await failure(createClient({ baseUrl: `http://127.0.0.1:${port}` }).status());
    assert.equal(refused.error.code, 'network');
  });

  test('options are checked when the client is made', () => {
    assert.throws(() => createClient({ baseUrl: 'ftp://example.org/' }), TypeError);
    assert.throws(() => createClient({ baseUrl: 'not a url' }), TypeError);
    assert.throws(() => createClient({ baseUrl: 'https://u:p@example.org/' }), TypeError);
    assert.throws(() => createClient({ baseUrl: origin, timeoutMs: 0 }), RangeError);
    assert.throws(() => createClient({ baseUrl: origin, maxWaitMs: -1 }), RangeError);
    assert.throws(() => createClient({ baseUrl: origin, maxBodyBytes: 2 ** 40 }), RangeError);
    assert.throws(
      () => createClient({ baseUrl: origin, onRateLimit: 'retry' as never }),
      TypeError,
    );
  });
});
