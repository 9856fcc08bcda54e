import { type ChildProcess, spawn } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import type { Logger } from 'pino';
import { DEFAULT_RESTART_POLICY, type RestartPolicy, restartDelay } from './restart-delay.ts';
import { isChildMessage } from './supervision-messages.ts';

/**
 * A child process kept running beside this one (`serve --monitor`: the producer's monitor
 * beside the service), so that whatever the child does (crash, run out of memory, block
 * its event loop on a lock, hang on a socket) it cannot delay or stop this process.
 *
 * - The first start must reach `ready` (supervision-messages.ts): a child that exits
 *   before, or stays silent for startTimeoutMs, rejects `ready`, so a bad setting stops
 *   the command before it serves anything.
 * - After that, a child that exits for any reason is started again after a back-off
 *   (restart-delay.ts), and the log says why (exit status, signal, silence).
 * - A child silent for stallTimeoutMs (no `alive`) is killed (SIGKILL) and restarted.
 * - `stop` sends SIGTERM and waits stopTimeoutMs, then SIGKILL.
 * - A child loses its channel when this process dies, however it dies: the supervised
 *   side stops on 'disconnect' (monitor --supervised does), so no child outlives us.
 */

export interface SupervisorOptions {
  /** What the logs call the child, e.g. "monitor". */
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly logger: Logger;
  readonly restart?: RestartPolicy;
  /** After SIGTERM, how long the child may take to exit before SIGKILL. */
  readonly stopTimeoutMs?: number;
  /** How long a running child may stay silent before it is killed as stalled. */
  readonly stallTimeoutMs?: number;
  /** How long a starting child may take to say `ready`. */
  readonly startTimeoutMs?: number;
  /**
   * Added to this process's nice value for the child (Unix; 0 leaves it): a busy child
   * yields the CPU to this process. Default 0.
   */
  readonly niceIncrement?: number;
}

export interface Supervisor {
  /** Resolves when the first child is ready; rejects (SupervisedStartError) if it is not. */
  readonly ready: Promise<void>;
  /** The running child's process id, if one runs. */
  readonly pid: number | undefined;
  /** How many times a child has been started again. */
  readonly restarts: number;
  /** Stops the child (SIGTERM, SIGKILL after stopTimeoutMs) and starts none again. */
  stop(): Promise<void>;
}

/** The first child did not become ready: its exit status (or why it was killed). */
export class SupervisedStartError extends Error {
  override name = 'SupervisedStartError';
  readonly child: string;
  /** The child's exit status; null when it was ended by a signal or never started. */
  readonly code: number | null;

  constructor(child: string, code: number | null, why: string) {
    super(`the ${child} did not start: ${why}`);
    this.child = child;
    this.code = code;
  }
}

const DEFAULTS = { stopTimeoutMs: 10_000, stallTimeoutMs: 60_000, startTimeoutMs: 60_000 };
/** How often silence is looked for. */
const WATCH_EVERY_MS = 500;
/** After a child's exit, the most we wait for its IPC channel to close (its last messages). */
const CLOSE_AFTER_EXIT_MS = 1_000;
/** After SIGKILL, the most we wait for the exit to be reported. */
const KILL_WAIT_MS = 5_000;

export function supervise(options: SupervisorOptions): Supervisor {
  const { name, logger } = options;
  const policy = options.restart ?? DEFAULT_RESTART_POLICY;
  const stopTimeoutMs = options.stopTimeoutMs ?? DEFAULTS.stopTimeoutMs;
  const stallTimeoutMs = options.stallTimeoutMs ?? DEFAULTS.stallTimeoutMs;
  const startTimeoutMs = options.startTimeoutMs ?? DEFAULTS.startTimeoutMs;

  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let readyOnce = false;
  let stopping = false;
  let restarts = 0;
  let previousDelay: number | null = null;
  let restartTimer: NodeJS.Timeout | undefined;
  let settleReady!: (error?: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    settleReady = (error) => (error === undefined ? resolve() : reject(error));
  });
  // Seen by the caller's await; marked handled so a rejection nobody awaits is no crash.
  ready.catch(() => undefined);

  const start = () => {
    restartTimer = undefined;
    if (stopping) return;
    const startedAt = Date.now();
    let lastSign = startedAt;
    let childReady = false;
    let killedFor: string | undefined;
    const current = spawn(options.command, [...options.args], {
      env: options.env ?? process.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Not in our process group's foreground: a terminal's Ctrl-C reaches us, and we
      // stop the child in order, rather than both receiving SIGINT at once.
      detached: true,
    });
    child = current;
    if ((options.niceIncrement ?? 0) > 0 && current.pid !== undefined) {
      try {
        setPriority(current.pid, Math.min(19, getPriority() + options.niceIncrement!));
      } catch (error) {
        logger.warn(
          { child: name, err: (error as Error).message },
          `${name}: priority not lowered`,
        );
      }
    }
    const watch = setInterval(() => {
      // Before `ready`, the time since the start counts (an `alive` is not `ready`).
      const silentMs = Date.now() - (childReady ? lastSign : startedAt);
      const limit = childReady ? stallTimeoutMs : startTimeoutMs;
      if (silentMs <= limit || killedFor !== undefined || stopping) return;
      killedFor = childReady
        ? `stalled: no sign of life for over ${limit / 1000} s`
        : `not ready within ${limit / 1000} s`;
      logger.error({ child: name, pid: current.pid, silentMs }, `${name} ${killedFor}; killing it`);
      current.kill('SIGKILL');
    }, WATCH_EVERY_MS);
    watch.unref();

    current.on('message', (message: unknown) => {
      if (!isChildMessage(message)) return;
      lastSign = Date.now();
      if (message.type !== 'ready' || childReady) return;
      childReady = true;
      if (readyOnce) {
        logger.info({ child: name, pid: current.pid, restarts }, `${name} started again`);
      } else {
        readyOnce = true;
        logger.info({ child: name, pid: current.pid }, `${name} started in its own process`);
        settleReady();
      }
    });

    exited = new Promise<void>((resolve) => {
      let done = false;
      const onEnd = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
        if (done) return;
        done = true;
        clearInterval(watch);
        if (child === current) child = undefined;
        resolve();
        const why =
          killedFor ??
          (error !== undefined
            ? `could not be started (${error.message})`
            : signal !== null
              ? `ended by ${signal}`
              : `exited with status ${code}`);
        if (!readyOnce) {
          if (!stopping) settleReady(new SupervisedStartError(name, code, why));
          return;
        }
        if (stopping) return;
        const ranMs = Date.now() - startedAt;
        const delay = restartDelay(previousDelay, ranMs, policy);
        previousDelay = delay;
        restarts += 1;
        logger.error(
          { child: name, pid: current.pid, code, signal, ranMs, restartInMs: delay },
          `${name} ${why}; starting it again in ${delay / 1000} s`,
        );
        restartTimer = setTimeout(start, delay);
      };
      // Judged once the IPC channel is closed too ('close'), so that a `ready` the child
      // sent just before it exited is read first: 'exit' can come before the last messages.
      // Bounded: a channel some grandchild kept open does not hold the judgement.
      current.once('exit', (code, signal) => {
        const late = setTimeout(() => onEnd(code, signal), CLOSE_AFTER_EXIT_MS);
        current.once('close', () => {
          clearTimeout(late);
          onEnd(code, signal);
        });
      });
      current.on('error', (error) => {
        // A spawn failure has no 'exit'; any other error (a failed send) is followed by one.
        if (current.pid === undefined) onEnd(null, null, error);
      });
    });
  };

  start();

  return {
    ready,
    get pid() {
      return child?.pid;
    },
    get restarts() {
      return restarts;
    },
    async stop() {
      if (stopping) return exited;
      stopping = true;
      clearTimeout(restartTimer);
      if (!readyOnce)
        settleReady(new SupervisedStartError(name, null, 'stopped before it was ready'));
      const current = child;
      if (current === undefined) return;
      const ended = exited;
      current.kill('SIGTERM');
      const inTime = await Promise.race([
        ended.then(() => true),
        delay(stopTimeoutMs).then(() => false),
      ]);
      if (inTime) return;
      logger.error(
        { child: name, pid: current.pid, stopTimeoutMs },
        `${name} did not stop within ${stopTimeoutMs / 1000} s of SIGTERM; killing it`,
      );
      current.kill('SIGKILL');
      await Promise.race([ended, delay(KILL_WAIT_MS)]);
    },
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
