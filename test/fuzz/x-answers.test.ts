import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { pino } from 'pino';
import { DEFAULT_BUILD_SETTINGS } from '../../src/producer/build/settings.ts';
import { createRulesClassifier } from '../../src/producer/classify/rules-classifier.ts';
import { Post } from '../../src/producer/ledger/post.ts';
import { implausibleCursor } from '../../src/producer/monitor/cursor.ts';
import type { PostSource } from '../../src/producer/monitor/post-source.ts';
import { runRound } from '../../src/producer/monitor/round.ts';
import { FUTURE_SKEW_MS } from '../../src/producer/pipeline/ingest.ts';
import { createXSource } from '../../src/producer/sources/x-source.ts';
import { validateSnapshot } from '../../src/shared/snapshot/validate.ts';
import { OpsMemoryLedger } from '../producer/support/ops-memory-ledger.ts';
import { XStandIn } from '../producer/support/x-stand-in.ts';

/**
 * The producer's third input from outside, generated: X's answers (issue 16), served by a
 * stand-in X on loopback to a real X source inside a real monitor round. Each case scripts
 * every answer to the timeline: a status (2xx, 3xx, 4xx, 429, 5xx), an encoding (none,
 * gzip, deflate, brotli, one not asked for, one that lies), a size (small, about the limit,
 * over it, a bomb), a pacing (at once, in slow pieces, stalled, cut), and a body (a page of
 * posts with generated ids, dates and texts, a page that pages forever, JSON of another
 * shape, bytes). Limits are small here (64 KiB, 200 ms a request, 700 ms a check) so that
 * a case takes milliseconds; the production limits are the same code with other numbers.
 *
 * Whatever X sends, the round ends within the check deadline, records exactly one check,
 * stores only valid posts not dated in the future, moves the cursor only to a plausible id
 * of a post it stored, never puts the token in a message, and builds a snapshot the service
 * accepts.
 */

const RUNS = 150;
const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAfuzz%2Bx%3Danswers5e';
const USER = { id: '1000000001', name: 'Tibo', username: 'thsottiaux' };
const MAX_BYTES = 64 * 1024;
const REQUEST_DEADLINE_MS = 200;
const CHECK_DEADLINE_MS = 700;
const NOW = Date.parse('2026-11-20T12:00:00.000Z');

// ---------------------------------------------------------------------------------------
// Generated answers
// ---------------------------------------------------------------------------------------

const id = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .bigInt({ min: 1_800_000_000_000_000_000n, max: 2_100_000_000_000_000_000n })
      .map(String),
  },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{1,25}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '9999999999999999999999999',
      '9223372036854775808',
      '0',
      '-1',
      '1e18',
      ' 1',
      '',
    ),
  },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null), fc.string({ maxLength: 5 })) },
);
const date = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .integer({ min: NOW - 30 * 86_400_000, max: NOW })
      .map((ms) => new Date(ms).toISOString()),
  },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: NOW, max: NOW + 2 * FUTURE_SKEW_MS })
      .map((ms) => new Date(ms).toISOString()),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '9999-12-31T23:00:00.000Z',
      '2999-01-01T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
      '2026-02-30T00:00:00.000Z',
      '2026-11-20T12:00:00+02:00',
      'yesterday',
      '',
    ),
  },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(undefined)) },
);
const text = fc.oneof(
  fc.constantFrom(
    'We will reset usage limits for all plans tomorrow at 10am PT.',
    'Usage limits have been reset for everyone.',
    'Limits reset in 4 hours.',
    '\ud800 lone surrogate',
    '\u001b]0;title\u0007 escape',
  ),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const tweet = fc.record(
  {
    id,
    text,
    created_at: date,
    conversation_id: id,
    author_id: fc.constant(USER.id),
    note_tweet: fc.record({ text }),
    referenced_tweets: fc.array(
      fc.record({ type: fc.constantFrom('replied_to', 'quoted', 'retweeted', 'x'), id }),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: ['id', 'text', 'created_at'] },
);
const page = fc.record(
  {
    data: fc.array(tweet, { maxLength: 12 }),
    includes: fc.record({ tweets: fc.array(tweet, { maxLength: 3 }) }),
    meta: fc.record(
      { next_token: fc.constantFrom('again', 'next-1', ''), result_count: fc.nat(100) },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  { weight: 14, arbitrary: page.map((p) => JSON.stringify(p)) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: MAX_BYTES - 64, max: MAX_BYTES + 64 })
      .map((n) => `{"meta":{}}${' '.repeat(n - 11)}`),
  },
  { weight: 1, arbitrary: fc.constant('BOMB') },
);

interface Answer {
  readonly status: number;
  readonly encoding: 'identity' | 'gzip' | 'deflate' | 'br' | 'zstd' | 'lying-gzip';
  readonly declareLength: boolean;
  readonly pacing: 'at-once' | 'pieces' | 'stall' | 'cut';
  readonly body: string;
}
const answer: fc.Arbitrary<Answer> = fc.record({
  status: fc.oneof(
    { weight: 8, arbitrary: fc.constant(200) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(204, 301, 302, 304, 307, 400, 401, 403, 404, 429, 500, 503, 599),
    },
  ),
  encoding: fc.constantFrom(
    'identity',
    'identity',
    'identity',
    'gzip',
    'deflate',
    'br',
    'zstd',
    'lying-gzip',
  ),
  declareLength: fc.boolean(),
  pacing: fc.oneof(
    { weight: 8, arbitrary: fc.constant('at-once' as const) },
    { weight: 1, arbitrary: fc.constantFrom('pieces' as const, 'stall' as const, 'cut' as const) },
  ),
  body,
});

function encoded(a: Answer): Buffer {
  if (a.body === 'BOMB') return gzipSync(Buffer.alloc(8 * 1024 * 1024));
  const raw = Buffer.from(a.body, 'utf8');
  switch (a.encoding) {
    case 'gzip':
      return gzipSync(raw);
    case 'deflate':
      return deflateSync(raw);
    case 'br':
      return brotliCompressSync(raw);
    default:
      return raw;
  }
}

function serve(a: Answer) {
  const bytes = encoded(a);
  const encoding = a.body === 'BOMB' ? 'gzip' : a.encoding === 'lying-gzip' ? 'gzip' : a.encoding;
  return (response: ServerResponse) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    if (a.status === 429) headers['x-rate-limit-reset'] = String(Math.floor(Date.now() / 1000) + 1);
    const noBody = a.status === 204 || a.status === 304;
    if (a.declareLength && !noBody && a.pacing !== 'cut')
      headers['content-length'] = String(bytes.length);
    response.writeHead(a.status, headers);
    if (noBody) {
      response.end();
      return;
    }
    if (a.pacing === 'at-once') {
      response.end(bytes);
      return;
    }
    const half = bytes.subarray(0, Math.floor(bytes.length / 2));
    if (a.pacing === 'stall') {
      response.write(half); // and nothing more
      return;
    }
    if (a.pacing === 'cut') {
      response.write(half, () => response.destroy());
      return;
    }
    response.write(half);
    setTimeout(() => response.end(bytes.subarray(half.length)), 30);
  };
}

// ---------------------------------------------------------------------------------------
// The property
// ---------------------------------------------------------------------------------------

describe('fuzz: X API answers (issue 16)', () => {
  let x: XStandIn;
  let dir: string;
  let source: PostSource;
  before(async () => {
    x = await XStandIn.start(TOKEN);
    x.addUser(USER, []);
    dir = await mkdtemp(join(tmpdir(), 'reset-records-fuzz-x-'));
    source = createXSource({
      bearerToken: TOKEN,
      handles: [USER.username],
      baseUrl: x.origin,
      logger: pino({ level: 'silent' }),
      sleep: async () => {},
      requestDeadlineMs: REQUEST_DEADLINE_MS,
      maxAnswerBytes: MAX_BYTES,
    });
    await source.check(null); // the handle is resolved once: the answers hit the timeline
  });
  after(async () => {
    await x.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('whatever X answers, the round ends in time, records one check, and stores only what is sound', async (t) => {
    const tally = { ok: 0, failed: 0, stored: 0 };
    const errors = new Map<string, number>();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(answer, async (a) => {
        run++;
        x.recover();
        x.answerNextWith(serve(a), Infinity);
        const ledger = new OpsMemoryLedger();
        const started = Date.now();
        const outcome = await runRound(
          {
            ledger,
            source,
            classify: createRulesClassifier(),
            target: { kind: 'file', path: join(dir, `${run}.json`), maxBytes: 4 * 1024 * 1024 },
            settings: DEFAULT_BUILD_SETTINGS,
            clock: () => NOW,
            logger: pino({ level: 'silent' }),
            holder: 'fuzz',
            leaseMs: 15_000,
            heartbeatMs: 60_000,
            roundDeadlineMs: CHECK_DEADLINE_MS,
          },
          null,
        );
        const took = Date.now() - started;
        assert.ok(took < CHECK_DEADLINE_MS + 1_500, `the round took ${took} ms`);

        const entries = await ledger.entries();
        const checks = entries.flatMap((e) => (e.type === 'source_checked' ? [e.payload] : []));
        assert.equal(checks.length, 1);
        const [check] = checks;
        assert.equal(check!.ok, outcome.checkOk);
        if (check!.error !== null) {
          assert.ok(!/[\r\n]/.test(check!.error), check!.error);
          assert.ok(!check!.error.includes(TOKEN));
          assert.ok(check!.error.length < 600, check!.error);
        }
        if (a.status >= 300 && a.status <= 399) assert.equal(check!.ok, false, 'a 3xx fails');
        if (a.body === 'BOMB') assert.equal(check!.ok, false, 'a bomb fails');

        const stored = entries.flatMap((e) => (e.type === 'post_observed' ? [e.payload.post] : []));
        for (const post of stored) {
          assert.ok(Post.safeParse(post).success);
          assert.ok(Date.parse(post.createdAt) <= NOW + FUTURE_SKEW_MS, post.createdAt);
        }
        if (check!.cursor !== null) {
          assert.equal(implausibleCursor(check!.cursor, NOW), null, check!.cursor);
          assert.ok(stored.some((post) => post.id === check!.cursor));
        }
        const snapshot = JSON.parse(JSON.stringify(outcome.built?.snapshot));
        assert.ok(validateSnapshot(snapshot).ok);

        if (check!.ok) tally.ok++;
        else {
          tally.failed++;
          const kind = (check!.error ?? '').replace(/\d+/g, 'N').slice(0, 90);
          errors.set(kind, (errors.get(kind) ?? 0) + 1);
        }
        tally.stored += stored.length;
      }),
      { numRuns: RUNS },
    );
    t.diagnostic(JSON.stringify(tally));
    t.diagnostic(JSON.stringify([...errors].sort((a, b) => b[1] - a[1])));
    assert.ok(tally.ok > 0 && tally.failed > 0 && tally.stored > 0, JSON.stringify(tally));
  });
});
