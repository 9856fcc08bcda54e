import { Worker } from 'node:worker_threads';

/**
 * One worker thread that runs one job at a time off the main thread (the calendar's
 * rendering), started when first needed and stopped after `idleMs` without a job, so that
 * its heap goes back to the system between snapshots. A job that takes longer than
 * `timeoutMs`, or a worker that dies or runs out of its heap, fails that job and the
 * worker is replaced at the next one; the service goes on.
 */
export interface JobWorker<I, O> {
  run(input: I): Promise<O>;
  readonly running: boolean;
  close(): Promise<void>;
}

export interface JobWorkerOptions {
  /** The worker's entry (an .mjs file that registers tsx, then imports the job's module). */
  readonly entry: URL;
  readonly idleMs: number;
  readonly timeoutMs: number;
  readonly heapMb: number;
  readonly name: string;
}

export function createJobWorker<I, O>(options: JobWorkerOptions): JobWorker<I, O> {
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
    const created = new Worker(options.entry, {
      name: options.name,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
    });
    created.unref(); // never keeps the process alive by itself
    created.once('exit', () => {
      if (worker === created) worker = undefined;
    });
    return created;
  };

  const once = (input: I) =>
    new Promise<O>((resolve, reject) => {
      worker ??= start();
      const current = worker;
      const finish = () => {
        clearTimeout(timer);
        current.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      const fail = (problem: string) => {
        finish();
        if (worker === current) worker = undefined;
        void current.terminate();
        reject(new Error(`${options.name}: ${problem}`));
      };
      const onMessage = (message: { ok: true; value: O } | { ok: false; error: string }) => {
        finish();
        if (message.ok) resolve(message.value);
        else reject(new Error(`${options.name}: ${message.error}`));
      };
      const onError = (error: Error) => fail(error.message);
      const onExit = () => fail('the worker stopped');
      const timer = setTimeout(
        () => fail(`took longer than ${options.timeoutMs} ms`),
        options.timeoutMs,
      );
      current.on('message', onMessage).on('error', onError).on('exit', onExit);
      current.postMessage(input);
    });

  return {
    run(input) {
      clearTimeout(idleTimer);
      const next = queue.then(() => once(input));
      const settled = next.catch(() => undefined);
      queue = settled;
      void settled.then(() => {
        // The last job queued is done: the worker is idle from now on.
        if (queue === settled && worker !== undefined) {
          idleTimer = setTimeout(retire, options.idleMs).unref();
        }
      });
      return next;
    },
    get running() {
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

/**
 * The newest of a series of values made by slow jobs, one job at a time: a request for a
 * key already made or being made shares its promise; a request for a new key while a job
 * runs waits for it, and replaces any other key still waiting (whose callers then get the
 * newer value), so however fast keys change, at most one job runs and one waits.
 */
export class LatestOnly<V> {
  #made: { key: string; promise: Promise<V> } | undefined;
  #running = false;
  #waiting:
    | { key: string; make: () => Promise<V>; promise: Promise<V>; settle: (p: Promise<V>) => void }
    | undefined;

  get(key: string, make: () => Promise<V>): Promise<V> {
    if (this.#made?.key === key) return this.#made.promise;
    if (this.#waiting !== undefined) {
      this.#waiting.key = key;
      this.#waiting.make = make;
      this.#made = { key, promise: this.#waiting.promise };
      return this.#waiting.promise;
    }
    if (!this.#running) return this.#start(key, make);
    let settle!: (p: Promise<V>) => void;
    const promise = new Promise<V>((resolve) => {
      settle = resolve;
    });
    this.#waiting = { key, make, promise, settle };
    this.#made = { key, promise };
    return promise;
  }

  #start(key: string, make: () => Promise<V>): Promise<V> {
    this.#running = true;
    const promise = make();
    this.#made = { key, promise };
    const done = () => {
      this.#running = false;
      // A failed job is not kept: the next request for its key tries again.
      const waiting = this.#waiting;
      this.#waiting = undefined;
      if (waiting !== undefined) waiting.settle(this.#start(waiting.key, waiting.make));
    };
    promise.then(done, () => {
      if (this.#made?.promise === promise) this.#made = undefined;
      done();
    });
    return promise;
  }
}
