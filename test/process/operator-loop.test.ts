import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ntfyProtocol, webhookProtocol } from '../delivery/support/protocols.ts';
import { StandIn } from '../delivery/support/stand-in.ts';
import {
  assertExit,
  jsonLines,
  LongRunning,
  run,
  tempDir,
  until,
} from './support-producer/processes.ts';

/**
 * The operator's loop (issue 19) with a real monitor and local receivers: a held post is
 * alerted within its round, an accept is public within seconds, a failing source gives one
 * alert after ALERT_AFTER_FAILED_CHECKS rounds and one when it recovers, a hanging channel
 * slows no round, `ops status` shows what was sent, and `ops check` brings a round now.
 */

const SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const HELD = {
  id: '1990000000000000401',
  handle: 'thsottiaux',
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  text: 'Reset button pressed.', // "a reset of what?": held by the rules
};

describe('the operator loop', { concurrency: true }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  const started: LongRunning[] = [];
  after(async () => {
    for (const child of started) child.kill();
    for (const cleanup of cleanups) await cleanup();
  });

  test('held post alerted in its round; accept public within 10 s; failing checks alerted once each way', async () => {
    const temp = await tempDir('operator-loop');
    cleanups.push(temp.remove);
    const verified: unknown[] = [];
    const webhook = await StandIn.start(webhookProtocol(SECRET, verified));
    const ntfy = await StandIn.start(ntfyProtocol('ops', null));
    cleanups.push(
      () => webhook.close(),
      () => ntfy.close(),
    );
    ntfy.script(...Array.from({ length: 50 }, () => 'hang' as const)); // a channel that never answers
    const posts = join(temp.dir, 'posts.jsonl');
    const snapshot = join(temp.dir, 'snapshot.json');
    const env = {
      LEDGER_URL: `sqlite:${join(temp.dir, 'ledger.db')}`,
      SNAPSHOT_PATH: snapshot,
      MONITOR_SOURCE: `file:${posts}`,
      MONITOR_INTERVAL_SECONDS: '1',
      ALERT_WEBHOOK_URL: `${webhook.origin}/hooks/reset`,
      ALERT_WEBHOOK_SECRET: SECRET,
      ALERT_NTFY_URL: `${ntfy.origin}/ops`,
      ALERT_AFTER_FAILED_CHECKS: '3',
      LOG_LEVEL: 'info',
    };
    await writeFile(posts, '');
    assertExit(await run(['ledger-init'], env), 0, 'ledger-init');
    const monitor = new LongRunning(['monitor'], env);
    started.push(monitor);
    await until(
      'the first round',
      async () => (monitor.stdout.includes('"msg":"round: ') ? true : undefined),
      20_000,
    );

    // A held post: alerted in the round that stores it.
    const written = performance.now();
    await writeFile(posts, jsonLines([HELD]));
    await webhook.received(1, 15_000);
    const alertMs = performance.now() - written;
    console.log(`held post to alert: ${Math.round(alertMs)} ms`);
    const alert = JSON.parse(webhook.requests[0]!.body);
    assert.equal(alert.event, 'post_held');
    assert.equal(alert.data.postId, HELD.id);
    assert.deepEqual(alert.commands.slice(0, 1), [`npm run cli -- ops accept ${HELD.id}`]);
    assert.equal(verified.length, 1, 'signed as Standard Webhooks says');
    // The round logs its line when it ends, which may be just after the alert it sent arrives.
    await until(
      'the round that stored it, logged',
      async () =>
        /"msg":"round: check ok, 1 new post\(s\): 0 reset\(s\) to publish, 1 held, 0 not a reset; /.test(
          monitor.stdout,
        )
          ? true
          : undefined,
      10_000,
    );

    // The operator accepts: public (in the snapshot) within 10 s, with no round needed.
    const accepted = performance.now();
    const accept = await run(['ops', 'accept', HELD.id, '--by', 'alice'], env);
    assertExit(accept, 0, 'ops accept');
    await until(
      'the accepted post in the snapshot',
      async () =>
        JSON.parse(await readFile(snapshot, 'utf8')).records.some(
          (r: { id: string }) => r.id === HELD.id,
        )
          ? true
          : undefined,
      10_000,
    );
    console.log(`accept to published: ${Math.round(performance.now() - accepted)} ms`);

    // The source fails: one checks_failing after 3 rounds, one checks_recovered after.
    await rm(posts);
    await until(
      'checks_failing',
      async () =>
        webhook.requests.some((r) => JSON.parse(r.body).event === 'checks_failing')
          ? true
          : undefined,
      20_000,
    );
    await writeFile(posts, jsonLines([HELD]));
    await until(
      'checks_recovered',
      async () =>
        webhook.requests.some((r) => JSON.parse(r.body).event === 'checks_recovered')
          ? true
          : undefined,
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // more rounds: no repeat
    const events = webhook.requests.map((r) => JSON.parse(r.body).event);
    assert.deepEqual(events, ['post_held', 'checks_failing', 'checks_recovered']);
    // The hanging channel held up nothing: rounds went on every second.
    assert.ok((monitor.stdout.match(/"msg":"round: /g) ?? []).length >= 8);

    const status = await run(['ops', 'status'], env);
    assertExit(status, 0, 'ops status');
    assert.match(status.stdout, /Monitor: \S+ runs the rounds \(lease until /);
    assert.match(
      status.stdout,
      /post_held to webhook http:\/\/127\.0\.0\.1:\d+: sent after 1 attempt\(s\)/,
    );
    assert.match(status.stdout, /checks_recovered to webhook http:\/\/127\.0\.0\.1:\d+: sent/);
    await monitor.terminate('monitor', 20_000);
  });

  test('ops check: a monitor with a long interval reads a new post now; refused with no monitor', async () => {
    const temp = await tempDir('operator-check');
    cleanups.push(temp.remove);
    const posts = join(temp.dir, 'posts.jsonl');
    const env = {
      LEDGER_URL: `sqlite:${join(temp.dir, 'ledger.db')}`,
      SNAPSHOT_PATH: join(temp.dir, 'snapshot.json'),
      MONITOR_SOURCE: `file:${posts}`,
      MONITOR_INTERVAL_SECONDS: '3600',
      LOG_LEVEL: 'info',
    };
    await writeFile(posts, '');
    assertExit(await run(['ledger-init'], env), 0, 'ledger-init');
    const noMonitor = await run(['ops', 'check', '--by', 'alice'], env);
    assertExit(noMonitor, 1, 'ops check without a monitor');
    assert.equal(
      noMonitor.stderr,
      'Refused: no monitor is running (none holds the lease): "monitor --once" checks the source now\n',
    );
    const monitor = new LongRunning(['monitor'], env);
    started.push(monitor);
    await until(
      'the first round',
      async () => (monitor.stdout.includes('"msg":"round: ') ? true : undefined),
      20_000,
    );
    await writeFile(posts, jsonLines([HELD]));
    const asked = await run(['ops', 'check', '--by', 'alice'], env);
    assertExit(asked, 0, 'ops check');
    assert.match(asked.stdout, /^Asked \S+ for a round now \(entry \d+\); it looks every 2 s\./);
    await until(
      'the new post read',
      async () => (monitor.stdout.includes('1 new post(s)') ? true : undefined),
      10_000,
    );
    await monitor.terminate('monitor', 20_000);
  });
});
