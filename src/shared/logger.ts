import { type Logger, pino } from 'pino';

/**
 * Lines are written when this much is queued, or every LOG_FLUSH_MS, whichever comes
 * first: under load one write carries some twenty lines instead of one each.
 */
const LOG_BATCH_BYTES = 4096;
/** The most a line waits in memory before it is written, when traffic is low. */
export const LOG_FLUSH_MS = 250;

type Destination = ReturnType<typeof pino.destination>;
/** Every batched destination of the process, flushed when it exits. */
const destinations = new Set<Destination>();
let flushOnExit = false;

/**
 * JSON lines on stdout; the only logger of the process.
 *
 * Written in batches: pino's default writes each line with its own `writeSync`, a system
 * call per request on the hot path. Here lines are queued and written together
 * (LOG_BATCH_BYTES, at the latest after LOG_FLUSH_MS), still synchronously, so a queue
 * never holds more than one batch: a stdout that stops draining slows the service, as
 * pino's default does, rather than filling its memory. What is queued is flushed when the
 * process exits, a crash included; only a SIGKILL loses the last fraction of a second.
 * (Asynchronous writes were measured too: they hand each batch to a libuv thread and cost
 * more CPU per line than synchronous batches.)
 */
export function createLogger(level: string): Logger {
  const destination = pino.destination({
    dest: 1,
    sync: true,
    minLength: LOG_BATCH_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
  destinations.add(destination);
  if (!flushOnExit) {
    flushOnExit = true;
    process.once('exit', () => {
      for (const each of destinations) each.flushSync();
    });
  }
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}
