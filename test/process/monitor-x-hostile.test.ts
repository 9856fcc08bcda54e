import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import type { Entry } from '../../src/producer/ledger/entry.ts';
import { type ApiTweet, type ApiUser, XStandIn } from '../producer/support/x-stand-in.ts';
import { freePort } from '../support/process.ts';
import {
  assertExit,
  createLedger,
  healthy,
  LongRunning,
  ledgerEntries,
  run,
  tempDir,
  until,
} from './support-producer/processes.ts';

/**
 * `monitor` as a process against a hostile X (issue 16): a gzip bomb is a failed check,
 * recorded, and the process lives to say so; an answer drip-fed a byte every 5 s does not
 * keep `monitor`, nor `serve --monitor`, from exiting at once on SIGTERM.
 */

const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAhostile%2Bprocess%3Dtoken9a';
const TIBO: ApiUser = { id: '1000000001', name: 'Tibo', username: 'thsottiaux' };
const PLAIN: ApiTweet = {
  id: '1900000000000000101',
  text: 'Banked usage has been reset.',
  created_at: '2025-03-10T10:00:00.000Z',
  conversation_id: '1900000000000000101',
};
const MIB = 1024 * 1024;

const checks = (entries: Entry[]) =>
  entries.flatMap((entry) => (entry.type === 'source_checked' ? [entry.payload] : []));

describe('monitor against a hostile X', { concurrency: false }, () => {
  let x: XStandIn;
  let dir: string;
  let remove: () => Promise<void>;
  let env: Record<string, string>;
  let ledgerUrl: string;
  const running: LongRunning[] = [];
  before(async () => {
    x = await XStandIn.start(TOKEN);
    x.addUser(TIBO, [PLAIN]);
    ({ dir, remove } = await tempDir('monitor-x-hostile'));
    ledgerUrl = `sqlite:${join(dir, 'ledger.db')}`;
    await createLedger(ledgerUrl);
    env = {
      LEDGER_URL: ledgerUrl,
      SNAPSHOT_PATH: join(dir, 'snapshot.json'),
      X_BEARER_TOKEN: TOKEN,
      X_API_BASE_URL: x.origin,
      LOG_LEVEL: 'info',
    };
  });
  after(async () => {
    for (const process of running) process.kill();
    await x.close();
    await remove();
  });

  test('a gzip bomb (about 1 MiB inflating to 1 GiB): monitor --once records a failed check and exits 1; the next check reads X again', async () => {
    const member = gzipSync(Buffer.alloc(16 * MIB), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: 64 }, () => member));
    x.answerNextWith((response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(bomb);
    });
    const result = await run(['monitor', '--once'], env);
    assertExit(result, 1, 'monitor --once against a gzip bomb');
    assert.ok(!result.stderr.includes('ERR_STRING_TOO_LONG'), result.stderr);
    const [failed] = checks(await ledgerEntries(ledgerUrl));
    assert.deepEqual(failed, {
      source: 'x:thsottiaux',
      ok: false,
      cursor: null,
      error:
        "X's answer to GET /2/users/by/username/thsottiaux was refused: the answer inflates to more than 8 MiB",
      newPosts: 0,
    });
    assertExit(await run(['monitor', '--once'], env), 0, 'monitor --once once X is sane');
    assert.equal(checks(await ledgerEntries(ledgerUrl)).at(-1)?.cursor, PLAIN.id);
  });

  test('ops cursor shows the cursor; after ops cursor --reset the next check sends no since_id', async () => {
    const shown = await run(['ops', 'cursor'], env);
    assertExit(shown, 0, 'ops cursor');
    assert.match(
      shown.stdout,
      /^Cursor: 1900000000000000101\n {2}set by entry \d+ \(check of x:thsottiaux, /,
    );
    const reset = await run(['ops', 'cursor', '--reset', '--by', 'ann'], env);
    assertExit(reset, 0, 'ops cursor --reset');
    const before = x.requests.length;
    assertExit(await run(['monitor', '--once'], env), 0, 'monitor --once after the reset');
    const timeline = x.requests.slice(before).find((request) => request.path.endsWith('/tweets'));
    assert.equal(timeline?.query['since_id'], undefined);
    assert.equal(checks(await ledgerEntries(ledgerUrl)).at(-1)?.cursor, PLAIN.id);
  });

  test('an answer drip-fed a byte every 5 s: monitor exits 0 within 3 s of SIGTERM, the check recorded as stopped', async (t) => {
    let dripping = 0;
    x.answerNextWith((response) => {
      dripping++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{');
      const timer = setInterval(() => response.write(' '), 5_000);
      response.on('close', () => clearInterval(timer));
    }, Infinity);
    try {
      const monitor = new LongRunning(['monitor'], env);
      running.push(monitor);
      await until('the monitor asks X', async () => (dripping > 0 ? true : undefined), 15_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const started = Date.now();
      await monitor.terminate('monitor under a drip-fed answer', 3_000);
      const took = Date.now() - started;
      assert.ok(took < 3_000, `exited ${took} ms after SIGTERM`);
      t.diagnostic(`monitor exited ${took} ms after SIGTERM`);
      assert.equal(
        checks(await ledgerEntries(ledgerUrl)).at(-1)?.error,
        'the monitor stopped during the check',
      );
    } finally {
      x.recover();
    }
  });

  test('serve --monitor under a drip-fed answer: /healthz answers, and SIGTERM ends it within 5 s', async (t) => {
    let dripping = 0;
    x.answerNextWith((response) => {
      dripping++;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{');
      const timer = setInterval(() => response.write(' '), 5_000);
      response.on('close', () => clearInterval(timer));
    }, Infinity);
    try {
      const port = await freePort();
      const box = new LongRunning(['serve', '--monitor'], {
        ...env,
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_PORT: '0',
        RATE_LIMIT: 'off',
      });
      running.push(box);
      await healthy(`http://127.0.0.1:${port}`, 30_000, box);
      await until('the monitor asks X', async () => (dripping > 0 ? true : undefined), 15_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await healthy(`http://127.0.0.1:${port}`, 1_000, box); // while the round is stuck
      const started = Date.now();
      box.child.kill('SIGTERM');
      const { code, signal } = await box.exitWithin(5_000);
      const took = Date.now() - started;
      assert.equal(signal, null, `killed after ${took} ms: ${box.stderr}`);
      assert.equal(code, 0, box.stderr);
      assert.ok(took < 5_000, `exited ${took} ms after SIGTERM`);
      t.diagnostic(`serve --monitor exited ${took} ms after SIGTERM`);
    } finally {
      x.recover();
    }
  });
});
