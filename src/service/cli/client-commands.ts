import { parseArgs } from 'node:util';
import {
  createClient,
  type LastResetResult,
  type NextScheduleResult,
  ResetRecordsError,
} from '../../../packages/client/src/index.ts';

/**
 * `reset-records next` and `reset-records last`: the official client (packages/client)
 * against a running service at --base-url. Exit status 0 with a complete answer, 3 when the
 * reading stopped early (the answer names the range it checked and says it is not the
 * overall one), 1 when the service could not be read, 2 for a usage error.
 */

const OPTIONS = {
  'base-url': { type: 'string' },
  json: { type: 'boolean' },
  wait: { type: 'string' },
  timeout: { type: 'string' },
  global: { type: 'boolean' },
} as const;

export const CLIENT_USAGE = `Usage: reset-records next|last --base-url URL [--json] [--wait SECONDS] [--timeout SECONDS]
       reset-records last --global ...   the last global reset (not banked)`;

type Outcome =
  | { kind: 'next'; result: NextScheduleResult }
  | { kind: 'last'; result: LastResetResult };

export async function clientCommand(command: 'next' | 'last', argv: string[]): Promise<number> {
  let options: ReturnType<typeof parseCommand>;
  try {
    options = parseCommand(command, argv);
  } catch (error) {
    console.error(`reset-records: ${(error as Error).message}\n${CLIENT_USAGE}`);
    return 2;
  }
  const client = createClient({
    baseUrl: options.baseUrl,
    onRateLimit: options.waitSeconds > 0 ? 'wait' : 'throw',
    maxWaitMs: options.waitSeconds * 1000,
    timeoutMs: options.timeoutSeconds * 1000,
  });
  let outcome: Outcome;
  try {
    outcome =
      command === 'next'
        ? { kind: 'next', result: await client.nextSchedule() }
        : { kind: 'last', result: await client.lastReset({ global: options.global }) };
  } catch (error) {
    if (!(error instanceof ResetRecordsError)) throw error;
    console.error(`reset-records: ${error.message}`);
    return 1;
  }
  console.log(options.json ? JSON.stringify(outcome.result, null, 2) : describe(outcome));
  return outcome.result.complete ? 0 : 3;
}

function parseCommand(command: 'next' | 'last', argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: OPTIONS,
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new Error(`unexpected argument "${positionals[0]}"`);
  if (values['base-url'] === undefined) throw new Error('--base-url is required');
  try {
    new URL(values['base-url']);
  } catch {
    throw new Error(`--base-url is not a URL: ${values['base-url']}`);
  }
  if (values.global === true && command !== 'last') throw new Error('--global is for `last`');
  const seconds = (name: string, value: string | undefined, fallback: number, max: number) => {
    if (value === undefined) return fallback;
    if (!/^\d{1,6}$/.test(value) || Number(value) > max) {
      throw new Error(`--${name} must be a whole number of seconds from 0 to ${max}`);
    }
    return Number(value);
  };
  const timeoutSeconds = seconds('timeout', values.timeout, 10, 600);
  if (timeoutSeconds === 0) throw new Error('--timeout must be at least 1 second');
  return {
    baseUrl: values['base-url'],
    json: values.json === true,
    global: values.global === true,
    waitSeconds: seconds('wait', values.wait, 0, 86_400),
    timeoutSeconds,
  };
}

const scopeWords = (record: {
  resetType: string;
  scope: { plans: string[]; windows: string[] } | null;
}) =>
  `${record.resetType}; plans: ${(record.scope?.plans ?? ['unknown']).join(', ')}; windows: ${(record.scope?.windows ?? ['unknown']).join(', ')}`;

function describe(outcome: Outcome): string {
  const lines: string[] = [];
  if (outcome.kind === 'next') {
    const next = outcome.result.next;
    if (next === null) lines.push('next: no open schedule');
    else {
      const window = next.record.scheduleWindow;
      lines.push(`next: ${next.record.id} (${scopeWords(next.record)})`);
      lines.push(
        window === null
          ? 'window: none announced'
          : `window: ${window.startAt} to ${window.endAt}${next.inProgress ? ' (in progress)' : ''}`,
      );
    }
  } else {
    const last = outcome.result.last;
    lines.push(
      last === null
        ? 'last reset: none'
        : `last reset: ${last.record.id} at ${last.at} (${scopeWords(last.record)})`,
    );
  }
  lines.push(outcome.result.note);
  return lines.join('\n');
}
