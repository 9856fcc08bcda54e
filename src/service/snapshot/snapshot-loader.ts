import { Worker } from 'node:worker_threads';
import { type LoadOutcome, loadSnapshot, type SnapshotInput } from './load-snapshot.ts';

/** A load that takes longer than this is abandoned (the worker is replaced). */
const LOAD_TIMEOUT_MS = 60_000;
/**
 * Snapshots up to this size load on the main thread: about 10 ms of work, less than
 * starting the worker; a hostile small file is cheap too (validation stops after
 * MAX_PROBLEMS problems, nesting is checked before parsing).
 */
export const INLINE_MAX_BYTES = 256 * 1024;
/**
 * The worker is stopped once no load has come for this long: its heap (several times the
 * last snapshot's size, which V8 keeps rather than returns) goes back to the system, and
 * a burst of publishes still reuses one worker (starting one takes about 350 ms of CPU).
 */
export const WORKER_IDLE_MS = 5_000;
/**
 * After a load this large the worker is stopped at once: its heap would otherwise double
 * the service's memory until the idle time passes, and starting the next one costs little
 * beside such a load (a 65 MB snapshot takes about 2.5 s).
 */
export const RETIRE_AT_ONCE_BYTES = 8 * 2 ** 20;

export interface SnapshotLoader {
  /** Reads, validates and prepares a snapshot off the main thread; one load at a time. */
  load(input: SnapshotInput): Promise<LoadOutcome>;
  /** Whether the worker thread is running (it starts on a large load, stops when idle). */
  readonly workerRunning: boolean;
  close(): Promise<void>;
}

/**
 * Runs the loads of snapshots over INLINE_MAX_BYTES in one worker thread (started when
 * first needed), so that parsing, validating and sorting a large or hostile snapshot (a
 * 65 MB file takes about 2.5 s) never stalls the requests being served; the main thread
 * only receives the prepared result. The worker's heap is
 * capped: a snapshot that would need more fails its load and leaves the worker to be
 * replaced, while the service keeps the last good snapshot. A load that hangs is abandoned
 * after LOAD_TIMEOUT_MS the same way. The worker stops after `idleMs` without a load, or
 * as soon as it is idle after a load over `retireAtOnceBytes`.
 */
export function createSnapshotLoader(
  maxBytes: number,
  { idleMs = WORKER_IDLE_MS, retireAtOnceBytes = RETIRE_AT_ONCE_BYTES } = {},
): SnapshotLoader {
  // About 16 bytes of heap per byte of JSON covers parsing, validation and preparation.
  const heapMb = Math.max(256, Math.ceil((maxBytes / 2 ** 20) * 16));
  let worker: Worker | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let idleTimer: NodeJS.Timeout | undefined;

  const retire = () => {
    idleTimer = undefined;
    const idle = worker;
    worker = undefined;
    void idle?.terminate();
  };

  const start = () => {
    const created = new Worker(new URL('./snapshot-worker-entry.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    created.unref(); // never keeps the process alive by itself
    created.once('exit', () => {
      if (worker === created) worker = undefined;
    });
    return created;
  };

  const run = (input: SnapshotInput) =>
    new Promise<LoadOutcome>((resolve) => {
      worker ??= start();
      const current = worker;
      const finish = (outcome: LoadOutcome) => {
        clearTimeout(timer);
        current.off('message', onMessage).off('error', onError).off('exit', onExit);
        resolve(outcome);
      };
      const fail = (problem: string) => {
        if (worker === current) worker = undefined;
        void current.terminate();
        finish({ ok: false, problems: [problem] });
      };
      const onMessage = (outcome: LoadOutcome) => finish(outcome);
      const onError = (error: Error) =>
        fail(
          (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `the snapshot needs more than ${heapMb} MB to load`
            : `the snapshot worker failed: ${error.message}`,
        );
      const onExit = () => fail('the snapshot worker stopped');
      const timer = setTimeout(
        () => fail(`loading took longer than ${LOAD_TIMEOUT_MS / 1000} s`),
        LOAD_TIMEOUT_MS,
      );
      current.on('message', onMessage).on('error', onError).on('exit', onExit);
      current.postMessage(input);
    });

  return {
    load(input) {
      clearTimeout(idleTimer);
      const next = queue.then(() =>
        input.bytes <= INLINE_MAX_BYTES ? loadSnapshot(input) : run(input),
      );
      const settled = next.catch(() => undefined);
      queue = settled;
      void settled.then(() => {
        // The last load queued is done: the worker is idle from now on.
        if (queue !== settled || worker === undefined) return;
        if (input.bytes > retireAtOnceBytes) retire();
        else idleTimer = setTimeout(retire, idleMs).unref();
      });
      return next;
    },
    get workerRunning() {
      return worker !== undefined;
    },
    async close() {
      await queue;
      clearTimeout(idleTimer);
      await worker?.terminate();
      worker = undefined;
    },
  };
}
