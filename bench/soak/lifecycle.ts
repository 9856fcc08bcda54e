/**
 * How the soak stops and cleans up, whatever happens: one AbortSignal that every loop
 * watches, a stack of cleanups run once in reverse order (each bounded in time), Ctrl-C
 * and SIGTERM turned into an orderly stop, and a hard deadline after which the process
 * exits even if something hangs. Child processes are also killed synchronously on exit.
 */
import type { ChildProcess } from 'node:child_process';
import { setMaxListeners } from 'node:events';

type Cleanup = () => void | Promise<void>;

/** How long one cleanup step may take before the next one runs anyway. */
const CLEANUP_STEP_TIMEOUT_MS = 10_000;

export class Lifecycle {
  private readonly controller = new AbortController();
  private readonly cleanups: { name: string; run: Cleanup }[] = [];
  private readonly children = new Set<ChildProcess>();
  private cleaned: Promise<void> | undefined;
  stopReason: string | undefined;

  constructor() {
    setMaxListeners(0, this.controller.signal); // every pending sleep listens to it
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get stopping(): boolean {
    return this.controller.signal.aborted;
  }

  /** Asks every loop to stop (idempotent; the first reason is kept). */
  stop(reason: string): void {
    if (this.stopReason === undefined) this.stopReason = reason;
    this.controller.abort();
  }

  /** Registers a cleanup; cleanups run in reverse order of registration. */
  defer(name: string, run: Cleanup): void {
    this.cleanups.push({ name, run });
  }

  /** A child process that must never outlive the soak (SIGKILLed synchronously on exit). */
  adopt(child: ChildProcess): void {
    this.children.add(child);
    child.once('exit', () => this.children.delete(child));
  }

  /** Runs every cleanup once, in reverse order, each bounded in time; never throws. */
  cleanup(): Promise<void> {
    this.cleaned ??= (async () => {
      this.stop('cleanup');
      for (const { name, run } of this.cleanups.reverse()) {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            Promise.resolve().then(run),
            new Promise((_resolve, reject) => {
              timer = setTimeout(
                () => reject(new Error(`timed out after ${CLEANUP_STEP_TIMEOUT_MS} ms`)),
                CLEANUP_STEP_TIMEOUT_MS,
              );
            }),
          ]);
        } catch (error) {
          console.error(`soak: cleanup "${name}" failed: ${(error as Error).message}`);
        } finally {
          clearTimeout(timer);
        }
      }
      this.killChildren();
    })();
    return this.cleaned;
  }

  /**
   * Ctrl-C / SIGTERM stop the run (the summary is still printed); a second one exits at
   * once. `hardDeadlineMs` after now the process exits with status 1 whatever it is doing.
   */
  install(hardDeadlineMs: number): void {
    let signals = 0;
    const onSignal = (signal: NodeJS.Signals) => {
      signals++;
      if (signals > 1) {
        console.error(`soak: second ${signal}, exiting now`);
        process.exit(130);
      }
      console.error(`soak: ${signal} received, stopping and cleaning up (again to force)`);
      this.stop(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    process.on('exit', () => this.killChildren());
    const hard = setTimeout(() => {
      console.error('soak: hard deadline reached, exiting');
      process.exit(1);
    }, hardDeadlineMs);
    hard.unref();
  }

  private killChildren(): void {
    for (const child of this.children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }
}

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Resolves when `signal` aborts. */
export function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
