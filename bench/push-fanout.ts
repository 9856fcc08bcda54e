/**
 * `npm run bench:push`: how long from a snapshot's publication to the last Web Push sent,
 * for SUBSCRIBERS subscribers (issue 21). The real service (`reset-records serve`, its own
 * process, SQLite push store) with VAPID keys, SUBSCRIBERS subscriptions of a stand-in push
 * service (its own process: it verifies the VAPID JWT and decrypts every message), then a
 * new snapshot with one new global reset written as `publish` writes it. Prints the time to
 * the first and the last push accepted, the service's own report, and its CPU time.
 *
 *   npm run bench:push                       # 10,000 subscribers
 *   npm run bench:push -- --subscribers 2000
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import webpush from 'web-push';
import { openFollowStore } from '../src/service/follow/store/open-follow-store.ts';
import type { ResetRecord } from '../src/shared/domain/record.ts';

const { values } = parseArgs({ options: { subscribers: { type: 'string', default: '10000' } } });
const COUNT = Number(values.subscribers);
const ROOT = new URL('..', import.meta.url).pathname;
const TICKS = 100; // clock ticks a second (getconf CLK_TCK on Linux)

const iso = (ms: number) => new Date(ms).toISOString();
const completion = (id: string, atMs: number): ResetRecord => ({
  id,
  kind: 'reset_completed',
  resetType: 'global',
  announcedAt: iso(atMs),
  effectiveAt: null,
  text: 'Rate limits reset for everyone.',
  confidence: 0.95,
  scope: { plans: ['all'], windows: ['five_hour', 'weekly'] },
  source: {
    origin: 'x',
    postId: id,
    handle: 'resetwatch',
    url: `https://x.com/resetwatch/status/${id}`,
  },
  schedulePrecision: null,
  scheduleBasis: null,
  scheduleWindow: null,
  scheduleState: null,
  completedAt: iso(atMs),
  completionRecordId: null,
  fulfillmentOrigin: null,
  relatedRecordIds: [],
});
const snapshot = (records: ResetRecord[], now: number) =>
  JSON.stringify({ generatedAt: iso(now), lastSuccessfulCheckAt: iso(now - 60_000), records });

function lines(child: ChildProcess, onLine: (line: string) => void) {
  createInterface({ input: child.stdout! }).on('line', onLine);
}
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

const dir = await mkdtemp(join(tmpdir(), 'bench-push-'));
const vapid = webpush.generateVAPIDKeys();
const children: ChildProcess[] = [];
try {
  // 1. The stand-in push service and its subscriptions.
  const standin = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/push/standin-process.ts', String(COUNT), vapid.publicKey],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  children.push(standin);
  let accepted = 0;
  let rejected = 0;
  let firstAt = 0;
  let lastAt = 0;
  const ready = new Promise<{
    subscriptions: { endpoint: string; keys: { p256dh: string; auth: string } }[];
  }>((resolve) =>
    lines(standin, (line) => {
      const message = JSON.parse(line);
      if ('subscriptions' in message) return resolve(message);
      if (accepted === 0 && message.accepted > 0) firstAt = message.at;
      accepted = message.accepted;
      rejected = message.rejected;
      lastAt = message.at;
    }),
  );
  const { subscriptions } = await ready;

  // 2. The subscriptions in the service's store, as POST /push/subscriptions stores them.
  const storeUrl = `sqlite:${join(dir, 'push.db')}`;
  const store = await openFollowStore(storeUrl, { logger: pino({ level: 'silent' }) });
  const now = Date.now();
  for (const subscription of subscriptions)
    await store.saveSubscription(
      { endpoint: subscription.endpoint, ...subscription.keys },
      ['global_reset'],
      now,
      COUNT + 1,
    );
  await store.close();

  // 3. The service, serving a snapshot without the reset.
  const snapshotPath = join(dir, 'snapshot.json');
  await writeFile(
    snapshotPath,
    snapshot([completion('1900000000000000001', now - 5 * 3600_000)], now),
  );
  const service = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      METRICS_PORT: 'off',
      LOG_LEVEL: 'info',
      SNAPSHOT_PATH: snapshotPath,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:bench@example.com',
      PUSH_STORE_URL: storeUrl,
      PUSH_ALLOW_PRIVATE_ENDPOINTS: '1',
    },
  });
  children.push(service);
  let report: Record<string, unknown> | undefined;
  let origin = '';
  createInterface({ input: service.stderr! }).on('line', (line) => {
    const serving = /serving (http:\/\/[\d.:]+)/.exec(line);
    if (serving !== null) origin = serving[1]!;
    else process.stderr.write(`${line}\n`);
  });
  const started = new Promise<void>((resolve) =>
    lines(service, (line) => {
      if (line.includes('following started') || line.includes('"msg":"following the resets"'))
        resolve();
      if (line.includes('push notifications sent')) report = JSON.parse(line);
    }),
  );
  await started;
  while (origin === '') await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  // 4. Publish the reset as `publish` does (a new file renamed over the old), and wait.
  // /healthz every 10 ms on a fresh connection, through the fan-out: the service must not stall.
  const latencies: number[] = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const sent = performance.now();
      const answer = await fetch(`${origin}/healthz`, { headers: { connection: 'close' } });
      await answer.arrayBuffer();
      latencies.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const cpuBefore = cpuMs(service.pid!);
  const next = join(dir, 'next.json');
  const published = Date.now();
  await writeFile(
    next,
    snapshot(
      [
        completion('1900000000000000001', now - 5 * 3600_000),
        completion('1900000000000000002', published - 1000),
      ],
      published,
    ),
  );
  await rename(next, snapshotPath);
  const deadline = Date.now() + 10 * 60_000;
  while (accepted + rejected < COUNT && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  while (report === undefined && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const cpu = cpuMs(service.pid!) - cpuBefore;
  polling = false;
  await poll;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);

  console.log(`subscribers             ${COUNT}`);
  console.log(`accepted / refused      ${accepted} / ${rejected}`);
  console.log(`publish → first push    ${firstAt - published} ms`);
  console.log(`publish → last push     ${lastAt - published} ms`);
  console.log(
    `service's fan-out       ${report?.['ms']} ms (sent ${report?.['sent']}, failed ${report?.['failed']}, gone ${report?.['gone']})`,
  );
  console.log(
    `/healthz meanwhile      p50 ${at(0.5)} / p99 ${at(0.99)} / max ${at(1)} ms (${latencies.length} asked)`,
  );
  console.log(
    `service CPU             ${Math.round(cpu)} ms (${(cpu / COUNT).toFixed(2)} ms a push)`,
  );
} finally {
  for (const child of children) {
    child.stdin?.end();
    child.kill('SIGTERM');
  }
  await rm(dir, { recursive: true, force: true });
}
