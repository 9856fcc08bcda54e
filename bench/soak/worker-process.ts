/**
 * Parts of the soak that run in processes of their own (the normal client, so the load
 * generator's event loop cannot inflate its latencies; the attacks, so their sockets and
 * CPU do not slow the checkers), started with tsx and driven over IPC:
 *
 *   parent → {type: 'start', config}   worker runs until done or told to stop
 *   parent → {type: 'stop'}            worker stops its loops and reports
 *   worker → {type: 'result', result}  then exits
 *
 * A worker stops by itself at its own deadline, and exits when the parent goes away.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import type { Lifecycle } from './lifecycle.ts';
import { ROOT } from './service-process.ts';

export interface WorkerConfig {
  /** How long the worker runs, at most. */
  readonly durationMs: number;
}

type ToWorker = { type: 'start'; config: unknown } | { type: 'stop' };
type FromWorker = { type: 'result'; result: unknown; cpuSeconds: number };

/** Grace after a worker's duration before it exits whatever it is doing. */
const WORKER_GRACE_MS = 30_000;

export interface WorkerHandle<R> {
  readonly result: Promise<R | undefined>;
  /** CPU time the worker process used, once it has reported. */
  readonly cpuSeconds: () => number | undefined;
  stop(): void;
}

/** Starts `file` (relative to the repository) as a worker process with `config`. */
export function startWorker<C extends WorkerConfig, R>(
  file: string,
  config: C,
  lifecycle: Lifecycle,
): WorkerHandle<R> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  lifecycle.adopt(child);
  let cpuSeconds: number | undefined;
  const result = new Promise<R | undefined>((resolve) => {
    let value: R | undefined;
    child.on('message', (message: FromWorker) => {
      if (message.type !== 'result') return;
      value = message.result as R;
      cpuSeconds = message.cpuSeconds;
    });
    child.once('exit', (code) => {
      if (value === undefined)
        console.error(`soak: worker ${file} exited (${code}) without a result`);
      resolve(value);
    });
    child.once('error', (error) => {
      console.error(`soak: worker ${file}: ${error.message}`);
      resolve(undefined);
    });
  });
  const post = (message: ToWorker) => {
    if (child.connected) child.send(message);
  };
  post({ type: 'start', config });
  const handle = { result, cpuSeconds: () => cpuSeconds, stop: () => post({ type: 'stop' }) };
  lifecycle.defer(`stop worker ${file}`, async () => {
    handle.stop();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await result;
    clearTimeout(timer);
  });
  return handle;
}

/** The worker side: waits for its config, runs `main` with a stop signal, reports, exits. */
export function runWorker<C extends WorkerConfig, R>(
  main: (config: C, signal: AbortSignal) => Promise<R>,
): void {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal); // every pending sleep listens to it
  process.on('disconnect', () => {
    controller.abort();
    setTimeout(() => process.exit(1), 2_000).unref();
  });
  process.on('SIGINT', () => controller.abort()); // Ctrl-C reaches the whole group; the parent decides
  process.on('message', (message: ToWorker) => {
    if (message.type === 'stop') controller.abort();
    if (message.type !== 'start') return;
    const config = message.config as C;
    const stopTimer = setTimeout(() => controller.abort(), config.durationMs);
    setTimeout(() => process.exit(1), config.durationMs + WORKER_GRACE_MS).unref();
    main(config, controller.signal).then(
      (result) => {
        clearTimeout(stopTimer);
        const { user, system } = process.cpuUsage();
        const reply: FromWorker = { type: 'result', result, cpuSeconds: (user + system) / 1e6 };
        process.send?.(reply, () => process.exit(0));
      },
      (error: unknown) => {
        console.error(`soak worker failed: ${(error as Error).stack ?? error}`);
        process.exit(1);
      },
    );
  });
}
