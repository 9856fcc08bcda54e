import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type LoggerOptions, pino } from 'pino';
import { createRequestLogLine } from '../../src/service/observability/request-log.ts';

/**
 * The request log line is written from pre-serialised parts (request-log.ts); it must be
 * the line pino itself writes for `logger.child({ reqId }).info({ method, url, status, ms,
 * ip }, 'request')`, for the service's logger and for others (time set aside: two calls
 * may fall in different milliseconds).
 */

function capture(options: LoggerOptions) {
  const lines: string[] = [];
  const logger = pino(options, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

const withoutTime = (line: string) => line.replace(/,"time":("[^"]*"|\d+)/, '');

const OPTIONS: [string, LoggerOptions][] = [
  [
    'the service logger',
    { level: 'info', base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
  ],
  ['pino defaults (pid, hostname, epoch time)', { level: 'info' }],
  ['a mixin (the ordinary call)', { level: 'info', mixin: () => ({ extra: 1 }) }],
  ['a level above info (nothing)', { level: 'warn' }],
];

describe('the request log line is the line pino writes', () => {
  for (const [label, options] of OPTIONS) {
    test(label, () => {
      const ours = capture(options);
      const pinos = capture(options);
      const line = createRequestLogLine(ours.logger);
      fc.assert(
        fc.property(
          fc.string({ maxLength: 60 }),
          fc.constantFrom('GET', 'HEAD', 'POST', 'M-SEARCH'),
          fc.integer({ min: 100, max: 599 }),
          fc.double({ min: 0, max: 10_000, noNaN: true }).map((ms) => Math.round(ms * 100) / 100),
          fc.option(fc.constantFrom('127.0.0.1', '::1', '2001:db8::1'), { nil: undefined }),
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          (url, method, status, ms, ip, n) => {
            const reqId = `req-${n.toString(36)}`;
            line(reqId, method, url, status, ms, ip);
            pinos.logger.child({ reqId }).info({ method, url, status, ms, ip }, 'request');
            assert.equal(ours.lines.length, pinos.lines.length);
            if (ours.lines.length === 0) return;
            assert.equal(withoutTime(ours.lines.at(-1)!), withoutTime(pinos.lines.at(-1)!));
          },
        ),
        { numRuns: 300 },
      );
    });
  }
});
