import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { Entry, NewEntry } from '../ledger/entry.ts';
import { accept } from './accept.ts';
import { complete } from './complete.ts';
import type { OpsContext } from './context.ts';
import { correct } from './correct.ts';
import { dismiss } from './dismiss.ts';
import { link } from './link.ts';
import { note } from './note.ts';
import { reclassify } from './reclassify.ts';
import { restore } from './restore.ts';
import { undo } from './undo.ts';
import { unlink } from './unlink.ts';

/** A command line that cannot be read as a command: exit status 2. */
export class OpsUsageError extends Error {
  override readonly name = 'OpsUsageError';
}

/** A writing command's decision, with its request bound. */
export type Decide = (entries: readonly Entry[], context: OpsContext) => NewEntry;

export type OpsCommand =
  | { readonly name: 'help' }
  | { readonly name: 'review'; readonly json: boolean }
  | { readonly name: 'status'; readonly json: boolean }
  | {
      /** `ops check`: asks the running monitor for a round now. */
      readonly name: 'check';
      readonly by: string | undefined;
      readonly reason: string | undefined;
    }
  | { readonly name: 'log'; readonly json: boolean; readonly limit: number }
  | {
      /** `ops reclassify --held [--dry-run]`: every held post, appended together. */
      readonly name: 'reclassify-held';
      readonly json: boolean;
      readonly dryRun: boolean;
      readonly by: string | undefined;
      readonly reason: string | undefined;
    }
  | {
      readonly name: 'write';
      /** It classifies (`ops reclassify POST_ID`): the classifier is loaded only then. */
      readonly classifies: boolean;
      readonly json: boolean;
      readonly by: string | undefined;
      readonly reason: string | undefined;
      readonly decide: Decide;
    };

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

interface WriteSpec {
  readonly options: Options;
  readonly positionals: readonly string[];
  readonly request: (values: Values, positionals: readonly string[]) => Decide;
}

const ONE = { type: 'string' } as const;
const MANY = { type: 'string', multiple: true } as const;

const WRITE_COMMANDS: Readonly<Record<string, WriteSpec>> = {
  accept: {
    options: { set: MANY },
    positionals: ['POST_ID'],
    request: (values, [postId]) => {
      const set = many(values, 'set');
      return (entries, context) => accept(entries, { postId: postId!, set }, context);
    },
  },
  correct: {
    options: { set: MANY },
    positionals: ['RECORD_ID'],
    request: (values, [recordId]) => {
      const set = many(values, 'set');
      if (set.length === 0) throw new OpsUsageError('correct needs --set FIELD=VALUE');
      return (entries, context) => correct(entries, { recordId: recordId!, set }, context);
    },
  },
  note: {
    options: {
      kind: ONE,
      'reset-type': ONE,
      window: ONE,
      precision: ONE,
      basis: ONE,
      scope: ONE,
      'effective-at': ONE,
      text: ONE,
      post: ONE,
      'announced-at': ONE,
    },
    positionals: [],
    request: (values) => {
      const request = {
        kind: required(values, 'kind'),
        resetType: required(values, 'reset-type'),
        window: one(values, 'window'),
        precision: one(values, 'precision'),
        basis: one(values, 'basis'),
        scope: one(values, 'scope'),
        effectiveAt: one(values, 'effective-at'),
        text: one(values, 'text'),
        post: one(values, 'post'),
        announcedAt: one(values, 'announced-at'),
      };
      return (entries, context) => note(entries, request, context);
    },
  },
  complete: {
    options: { schedules: ONE, at: ONE, 'reset-type': ONE },
    positionals: [],
    request: (values) => {
      const [first, ...rest] = required(values, 'schedules').split(',');
      if (first === undefined || first === '' || rest.includes('')) {
        throw new OpsUsageError('--schedules takes ID[,ID…]');
      }
      const request = {
        scheduleIds: [first, ...rest] as const,
        at: one(values, 'at'),
        resetType: one(values, 'reset-type'),
      };
      return (entries, context) => complete(entries, request, context);
    },
  },
  link: {
    options: {},
    positionals: ['SCHEDULE_ID', 'COMPLETION_ID'],
    request:
      (_values, [scheduleId, completionId]) =>
      (entries, context) =>
        link(entries, { scheduleId: scheduleId!, completionId: completionId! }, context),
  },
  unlink: {
    options: {},
    positionals: ['SCHEDULE_ID'],
    request:
      (_values, [scheduleId]) =>
      (entries, context) =>
        unlink(entries, { scheduleId: scheduleId! }, context),
  },
  dismiss: {
    options: {},
    positionals: ['RECORD_ID'],
    request:
      (_values, [recordId]) =>
      (entries, context) =>
        dismiss(entries, { recordId: recordId! }, context),
  },
  restore: {
    options: {},
    positionals: ['RECORD_ID'],
    request:
      (_values, [recordId]) =>
      (entries, context) =>
        restore(entries, { recordId: recordId! }, context),
  },
  reclassify: {
    options: {},
    positionals: ['POST_ID'],
    request:
      (_values, [postId]) =>
      (entries, context) =>
        reclassify(entries, { postId: postId! }, context),
  },
  undo: {
    options: {},
    positionals: ['ENTRY_ID'],
    request: (_values, [entryId]) => {
      const id = wholeNumber('ENTRY_ID', entryId!);
      return (entries, context) => undo(entries, { entryId: id }, context);
    },
  },
};

const COMMON: Options = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } };
const WRITING: Options = { by: ONE, reason: ONE };

/** Default of `ops log --limit`: a screenful, the recent work of a day or two. */
const DEFAULT_LOG_LIMIT = 50;

/** Reads `argv` (what follows `reset-records ops`); throws OpsUsageError when it cannot. */
export function parseOpsArgs(argv: readonly string[]): OpsCommand {
  const [name, ...rest] = argv;
  if (name === undefined) throw new OpsUsageError('missing command');
  if (name === 'help' || name === '--help' || name === '-h') return { name: 'help' };
  if (name === 'review' || name === 'status') {
    const { values } = parse(name, rest, COMMON, []);
    return values.help ? { name: 'help' } : { name, json: values.json === true };
  }
  if (name === 'check') {
    const { values } = parse(name, rest, { ...COMMON, ...WRITING }, []);
    if (values.help) return { name: 'help' };
    return { name, by: one(values, 'by'), reason: one(values, 'reason') };
  }
  if (name === 'log') {
    const { values } = parse(name, rest, { ...COMMON, limit: ONE }, []);
    if (values.help) return { name: 'help' };
    const limit = one(values, 'limit');
    return {
      name,
      json: values.json === true,
      limit: limit === undefined ? DEFAULT_LOG_LIMIT : wholeNumber('--limit', limit),
    };
  }
  if (name === 'reclassify' && (rest.includes('--held') || rest.includes('--dry-run'))) {
    const options = {
      ...COMMON,
      ...WRITING,
      held: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    } as const;
    const { values } = parse(name, rest, options, []);
    if (values.help) return { name: 'help' };
    if (values['held'] !== true) throw new OpsUsageError('--dry-run goes with --held');
    return {
      name: 'reclassify-held',
      json: values.json === true,
      dryRun: values['dry-run'] === true,
      by: one(values, 'by'),
      reason: one(values, 'reason'),
    };
  }
  const spec = Object.hasOwn(WRITE_COMMANDS, name) ? WRITE_COMMANDS[name] : undefined;
  if (spec === undefined) throw new OpsUsageError(`unknown command "${name}"`);
  const { values, positionals } = parse(
    name,
    rest,
    { ...COMMON, ...WRITING, ...spec.options },
    spec.positionals,
  );
  if (values.help) return { name: 'help' };
  return {
    name: 'write',
    classifies: name === 'reclassify',
    json: values.json === true,
    by: one(values, 'by'),
    reason: one(values, 'reason'),
    decide: spec.request(values, positionals),
  };
}

function parse(command: string, args: string[], options: Options, names: readonly string[]) {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new OpsUsageError((error as Error).message); // unknown option, missing value…
  }
  if (parsed.positionals.length !== names.length && parsed.values['help'] !== true) {
    throw new OpsUsageError(
      names.length === 0
        ? `${command} takes no arguments, only options`
        : `${command} takes ${names.join(' ')}`,
    );
  }
  return parsed;
}

const one = (values: Values, name: string) => values[name] as string | undefined;
const many = (values: Values, name: string) => (values[name] as string[] | undefined) ?? [];

function required(values: Values, name: string): string {
  const value = one(values, name);
  if (value === undefined) throw new OpsUsageError(`--${name} is required`);
  return value;
}

function wholeNumber(name: string, value: string): number {
  if (!/^[1-9]\d{0,14}$/.test(value)) {
    throw new OpsUsageError(`${name} must be a whole number from 1, not "${value}"`);
  }
  return Number(value);
}
