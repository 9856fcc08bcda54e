import { type Logger, pino } from 'pino';

/** JSON lines on stdout; the only logger of the process. */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}
