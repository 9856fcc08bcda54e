import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { pino } from 'pino';
import { restartDelay } from '../../src/shared/process/restart-delay.ts';
import {
  SupervisedStartError,
  type Supervisor,
  type SupervisorOptions,
  supervise,
} from '../../src/shared/process/supervisor.ts';

/**
 * The supervisor of `serve --monitor` (src/shared/process/supervisor.ts) with stand-in
 * children: small scripts that say ready and then crash, block their event loop, ignore
 * SIGTERM or exit at once, as a monitor might.
 */

/**
 * A child that does `then` (JavaScript), then says `ready`, and `alive` every 100 ms (its
 * signal handlers are in place before it says ready, or a SIGTERM could come first).
 */
const child = (then: string, { ready = true } = {}) => `
  process.on('disconnect', () => process.exit(0));
  ${then}
  setInterval(() => process.send({ type: 'alive' }), 100);
  ${ready ? "process.send({ type: 'ready' });" : ''}
`;

const SCRIPTS = {
  calm: child("process.on('SIGTERM', () => process.exit(0));"),
  // Exits 150 ms after its ready is written (not 150 ms after it started: on a loaded
  // machine the ready could otherwise still be on its way).
  crashesSoon: `
    process.on('disconnect', () => process.exit(0));
    setInterval(() => process.send({ type: 'alive' }), 100);
    process.send({ type: 'ready' }, () => setTimeout(() => process.exit(1), 150));
  `,
  crashesLater: child('setTimeout(() => process.exit(7), 500);'),
  failsToStart: "console.error('bad setting'); process.exit(3);",
  blocksItsLoop: child('setTimeout(() => { for (;;) {} }, 200);'),
  neverReady: child('', { ready: false }),
  ignoresSigterm: child("process.on('SIGTERM', () => {});"),
  saysJunk: `for (const junk of ['ready', { type: 'Ready' }, { kind: 'ready' }, [{ type: 'ready' }], 1, null])
      process.send(junk);
    setInterval(() => {}, 1000);
    process.on('disconnect', () => process.exit(0));`,
} as const;

interface Logged {
  readonly level: number;
  readonly msg: string;
  readonly [field: string]: unknown;
}

describe('supervise', { concurrency: true }, () => {
  let dir: string;
  const running: Supervisor[] = [];
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reset-records-supervisor-'));
    for (const [name, text] of Object.entries(SCRIPTS))
      await writeFile(join(dir, `${name}.mjs`), text);
  });
  after(async () => {
    await Promise.all(running.map((each) => each.stop()));
    await rm(dir, { recursive: true, force: true });
  });

  function start(script: keyof typeof SCRIPTS, options: Partial<SupervisorOptions> = {}) {
    const logs: Logged[] = [];
    const logger = pino({ level: 'info', base: undefined }, {
      write: (line: string) => logs.push(JSON.parse(line) as Logged),
    } as unknown as NodeJS.WritableStream);
    const supervisor = supervise({
      name: 'stand-in',
      command: process.execPath,
      args: [join(dir, `${script}.mjs`)],
      logger,
      restart: { initialMs: 100, maxMs: 400, healthyMs: 60_000 },
      stopTimeoutMs: 2_000,
      stallTimeoutMs: 1_000,
      startTimeoutMs: 5_000,
      ...options,
    });
    running.push(supervisor);
    return { supervisor, logs };
  }

  const alive = (pid: number | undefined) => {
    if (pid === undefined) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  async function waitFor<T>(what: string, check: () => T | undefined, ms = 10_000): Promise<T> {
    const started = Date.now();
    for (;;) {
      const value = check();
      if (value !== undefined) return value;
      if (Date.now() - started > ms) assert.fail(`not within ${ms} ms: ${what}`);
      await sleep(20);
    }
  }

  test('ready once the child says so; stop sends SIGTERM and the child exits', async () => {
    const { supervisor, logs } = start('calm');
    await supervisor.ready;
    const pid = supervisor.pid;
    assert.ok(alive(pid));
    await supervisor.stop();
    assert.equal(alive(pid), false);
    assert.equal(supervisor.pid, undefined);
    assert.equal(supervisor.restarts, 0);
    assert.deepEqual(
      logs.map((line) => line.msg),
      ['stand-in started in its own process'],
    );
  });

  test('a first child that exits before it is ready rejects ready with its status, and is not restarted', async () => {
    const { supervisor } = start('failsToStart');
    await assert.rejects(supervisor.ready, (error: unknown) => {
      assert.ok(error instanceof SupervisedStartError);
      assert.equal(error.code, 3);
      assert.equal(error.message, 'the stand-in did not start: exited with status 3');
      return true;
    });
    await sleep(300);
    assert.equal(supervisor.restarts, 0);
    assert.equal(supervisor.pid, undefined);
  });

  test('a first child that never says ready is killed after startTimeoutMs', async () => {
    const { supervisor } = start('neverReady', { startTimeoutMs: 600 });
    await assert.rejects(
      supervisor.ready,
      /^SupervisedStartError: the stand-in did not start: not ready within 0\.6 s$/,
    );
  });

  test('messages other than ready and alive are ignored', async () => {
    const { supervisor } = start('saysJunk', { startTimeoutMs: 600 });
    await assert.rejects(supervisor.ready, /not ready within/);
  });

  test('a child that keeps crashing is started again after 100, 200, 400, 400 ms, each time logged with why', async () => {
    const { supervisor, logs } = start('crashesSoon');
    await supervisor.ready;
    const restarts = await waitFor('four restarts', () => {
      const lines = logs.filter((line) => line.restartInMs !== undefined);
      return lines.length >= 4 ? lines.slice(0, 4) : undefined;
    });
    assert.deepEqual(
      restarts.map((line) => line.restartInMs),
      [100, 200, 400, 400],
    );
    for (const line of restarts) {
      assert.equal(line.level, 50);
      assert.equal(line.code, 1);
      assert.equal(line.signal, null);
      assert.match(line.msg, /^stand-in exited with status 1; starting it again in 0\.[124] s$/);
    }
    // Each restart is reported once the new child is ready.
    await waitFor('a restarted child ready', () =>
      logs.some((line) => line.msg === 'stand-in started again') ? true : undefined,
    );
    await supervisor.stop();
  });

  test('after a child that ran healthily, the wait starts over at initialMs', async () => {
    const { supervisor, logs } = start('crashesLater', {
      restart: { initialMs: 100, maxMs: 400, healthyMs: 300 },
    });
    await supervisor.ready;
    const restarts = await waitFor('three restarts', () => {
      const lines = logs.filter((line) => line.restartInMs !== undefined);
      return lines.length >= 3 ? lines.slice(0, 3) : undefined;
    });
    assert.deepEqual(
      restarts.map((line) => [line.restartInMs, line.code]),
      [
        [100, 7],
        [100, 7],
        [100, 7],
      ],
    );
    await supervisor.stop();
  });

  test('a child whose event loop blocks is killed after stallTimeoutMs of silence and started again', async () => {
    const { supervisor, logs } = start('blocksItsLoop');
    await supervisor.ready;
    const first = supervisor.pid;
    const line = await waitFor('the stalled child restarted', () =>
      logs.find((each) => each.restartInMs !== undefined),
    );
    assert.equal(line.signal, 'SIGKILL');
    assert.match(
      line.msg,
      /^stand-in stalled: no sign of life for over 1 s; starting it again in 0\.1 s$/,
    );
    assert.ok(
      logs.some((each) => each.level === 50 && /stalled: .*; killing it$/.test(each.msg)),
      JSON.stringify(logs),
    );
    assert.equal(alive(first), false);
    await supervisor.stop();
  });

  test('a child that ignores SIGTERM is killed after stopTimeoutMs; stop is bounded', async () => {
    const { supervisor, logs } = start('ignoresSigterm', { stopTimeoutMs: 500 });
    await supervisor.ready;
    const pid = supervisor.pid;
    const started = Date.now();
    await supervisor.stop();
    const took = Date.now() - started;
    assert.ok(took >= 450 && took < 3_000, `stop took ${took} ms: ${JSON.stringify(logs)}`);
    assert.equal(alive(pid), false);
    assert.ok(
      logs.some((line) => /did not stop within 0\.5 s of SIGTERM; killing it$/.test(line.msg)),
    );
  });

  test('stop during a restart wait starts nothing more', async () => {
    const { supervisor, logs } = start('crashesSoon', {
      restart: { initialMs: 5_000, maxMs: 5_000, healthyMs: 60_000 },
    });
    await supervisor.ready;
    await waitFor('the crash', () =>
      logs.some((line) => line.restartInMs === 5_000) ? true : undefined,
    );
    await supervisor.stop();
    await sleep(200);
    assert.equal(supervisor.pid, undefined);
    assert.equal(logs.filter((line) => line.msg === 'stand-in started again').length, 0);
  });
});

test('restartDelay: within [initialMs, maxMs], doubling, and back to initialMs after a healthy run', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 10_000 }),
      fc.integer({ min: 0, max: 100_000 }),
      fc.integer({ min: 1, max: 100_000 }),
      fc.option(fc.integer({ min: 0, max: 200_000 })),
      fc.integer({ min: 0, max: 200_000 }),
      (initialMs, extra, healthyMs, previous, ranMs) => {
        const policy = { initialMs, maxMs: initialMs + extra, healthyMs };
        const next = restartDelay(previous, ranMs, policy);
        assert.ok(next >= policy.initialMs && next <= policy.maxMs);
        if (previous === null || ranMs >= healthyMs) assert.equal(next, initialMs);
        else assert.equal(next, Math.min(Math.max(previous * 2, initialMs), policy.maxMs));
      },
    ),
    { numRuns: 10_000 },
  );
  assert.deepEqual(
    [null, 1_000, 2_000, 32_000, 60_000].map((previous) => restartDelay(previous, 5_000)),
    [1_000, 2_000, 4_000, 60_000, 60_000],
  );
  assert.equal(restartDelay(60_000, 60_000), 1_000);
});
