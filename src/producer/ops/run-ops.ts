import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import type { BuildSettings } from '../build/settings.ts';
import { ACTOR, type Entry } from '../ledger/entry.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { transactAfterReading } from '../ledger/transact-after-reading.ts';
import { type OpsContext, operatorEntry } from './context.ts';
import { cursorCommand } from './cursor.ts';
import { describeChange } from './describe-changes.ts';
import { doneLine, entriesById, namedRecordIds } from './describe-entry.ts';
import { type Effects, effectsOf, effectsOfAll } from './effects.ts';
import { formatLog, logRows } from './log.ts';
import { type Decide, OpsUsageError, parseOpsArgs } from './parse-ops-args.ts';
import { describeReclassified, heldReclassifications, type Reclassified } from './reclassify.ts';
import { timeOrderedToken } from './record-ids.ts';
import { OpsRefusal } from './refusal.ts';
import { formatReview, reviewQueue } from './review.ts';
import { formatStatus, opsStatus } from './status.ts';
import { terminalSafe } from './terminal-io.ts';
import { OPS_USAGE } from './usage.ts';

export interface OpsIo {
  readonly ledger: Ledger;
  readonly now: () => number;
  /** OPERATOR: who acts when `--by` is not given. */
  readonly operator: string | undefined;
  readonly settings: BuildSettings;
  stdout(line: string): void;
  stderr(line: string): void;
  /** Tokens for new record ids; by default time-ordered random ones. */
  readonly newId?: () => string;
  /** The classifier `ops reclassify` uses; by default the rules with their default settings. */
  readonly classify?: OpsContext['classify'];
  /** SCHEDULE_TIME_ZONE: what "PT" means in a typed time; America/Los_Angeles by default. */
  readonly timeZone?: string;
}

/**
 * What the monitor appends every round when nothing is new: it changes no record, so a
 * command decided before it still holds after it (transactAfterReading).
 */
const monitorCheck = (entry: Entry) => entry.type === 'source_checked';
const DEFAULT_TIME_ZONE = 'America/Los_Angeles';
const silent = () => {};

/** Longest `--reason` the ledger keeps (entry.ts). */
const MAX_REASON = 2_000;

/**
 * `reset-records ops …` (producer.md §4): `argv` is what follows `ops`. Returns the exit
 * status: 0 done, 1 refused (nothing appended), 2 usage error. Errors of the ledger itself
 * (a store that cannot be reached) are thrown, for the caller to report.
 */
export async function runOps(argv: string[], unescaped: OpsIo): Promise<number> {
  const io = terminalSafe(unescaped);
  try {
    if (argv[0] === 'cursor') return await cursorCommand(argv.slice(1), io);
    const command = parseOpsArgs(argv);
    switch (command.name) {
      case 'help':
        printAll(io, OPS_USAGE.split('\n'));
        return 0;
      case 'review': {
        const { held, carried } = reviewQueue(await io.ledger.entries());
        printAll(
          io,
          command.json ? held.map((post) => JSON.stringify(post)) : formatReview(held, carried),
        );
        // JSON lines: an empty queue is no line; a person reading it is told so on stderr.
        if (command.json && held.length === 0) io.stderr('No posts held for review.');
        return 0;
      }
      case 'status': {
        const status = await opsStatus(io.ledger, io.now(), io.settings);
        printAll(io, command.json ? [JSON.stringify(status)] : formatStatus(status));
        return 0;
      }
      case 'check':
        return await askForRound(io, actor(command.by, io.operator), reason(command.reason));
      case 'log': {
        const rows = logRows(await io.ledger.entries(), command.limit);
        printAll(io, command.json ? rows.map((row) => JSON.stringify(row)) : formatLog(rows));
        return 0;
      }
      case 'reclassify-held':
        return await reclassifyHeld(io, command);
      case 'write':
        return await write(io, command.decide, {
          classifies: command.classifies,
          json: command.json,
          actor: actor(command.by, io.operator),
          reason: reason(command.reason),
        });
    }
  } catch (error) {
    if (error instanceof OpsUsageError) {
      io.stderr(`Usage error: ${oneLine(error.message)}`);
      io.stderr('Run "reset-records ops help" for the syntax.');
      return 2;
    }
    if (error instanceof OpsRefusal) {
      io.stderr(`Refused: ${oneLine(error.message)}`);
      return 1;
    }
    throw error;
  }
}

/**
 * The classifier of `ops reclassify`: the one given, or the rules with their default
 * settings, whose modules (the NLP model, chrono) are loaded only by a command that
 * classifies: the others start faster without them.
 */
async function classifierOf(io: OpsIo): Promise<OpsContext['classify']> {
  if (io.classify !== undefined) return io.classify;
  return (await import('../classify/rules-classifier.ts')).createRulesClassifier();
}

const noClassifier: OpsContext['classify'] = () => {
  throw new Error('this ops command does not classify');
};

interface WriteOptions {
  readonly classifies: boolean;
  readonly json: boolean;
  readonly actor: string;
  readonly reason: string | null;
}

/**
 * Decides and appends in one transaction, so the state the command was checked against
 * is the state it is written over; then says what it did to the published records.
 */
async function write(io: OpsIo, decide: Decide, options: WriteOptions): Promise<number> {
  const now = io.now();
  const context: OpsContext = {
    now,
    actor: options.actor,
    reason: options.reason,
    newId: io.newId ?? (() => timeOrderedToken(now)),
    settings: io.settings,
    classify: options.classifies ? await classifierOf(io) : noClassifier,
    timeZone: io.timeZone ?? DEFAULT_TIME_ZONE,
    echo: silent,
  };
  // The times as typed are echoed in UTC once the first decision is made, which is before
  // anything is written (transactAfterReading decides first); a refusal echoes nothing.
  let echoed = false;
  const { appended, result } = await transactAfterReading(
    io.ledger,
    (entries) => {
      const echoes: string[] = [];
      const entry = decide(entries, { ...context, echo: (line) => echoes.push(line) });
      const effects = effectsOf(entries, entry, now, io.settings);
      refuseInvalid(entry.type, effects);
      if (!echoed) for (const line of echoes) (options.json ? io.stderr : io.stdout)(line);
      echoed = true;
      return { append: [entry], result: { effects, byId: entriesById(entries) } };
    },
    monitorCheck,
  );
  const entry = appended[0]!;
  const byId = new Map(result.byId).set(entry.id, entry);
  const { changes } = result.effects;
  if (options.json) {
    io.stdout(
      JSON.stringify({
        action: entry.type,
        entryId: entry.id,
        at: entry.at,
        actor: entry.actor,
        recordIds: affectedIds(entry, byId, result.effects),
        changes,
      }),
    );
  } else {
    io.stdout(doneLine(entry, byId));
    if (changes.length === 0) io.stdout('  No change to the published records.');
    for (const change of changes) io.stdout(`  ${describeChange(change)}`);
    for (const { id, problem } of result.effects.newlyOmitted) {
      io.stdout(`  ${id} is left out of the snapshot: ${problem}`);
    }
  }
  return 0;
}

/**
 * `ops check`: a `check_requested` entry, which the monitor holding the lease reads within
 * its ledger poll (2 s) and answers with a round. Refused when no monitor holds the lease.
 */
async function askForRound(io: OpsIo, by: string, why: string | null): Promise<number> {
  const now = io.now();
  const lease = await io.ledger.leaseHolder('monitor', now);
  if (lease === null) {
    throw new OpsRefusal(
      'no monitor is running (none holds the lease): "monitor --once" checks the source now',
    );
  }
  const { appended } = await io.ledger.transact(() => ({
    append: [
      { type: 'check_requested', at: formatTimestamp(now), actor: by, reason: why, payload: {} },
    ],
    result: null,
  }));
  io.stdout(
    `Asked ${lease.holder} for a round now (entry ${appended[0]!.id}); it looks every 2 s. ops status shows the check.`,
  );
  return 0;
}

/**
 * `ops reclassify --held [--dry-run]`: every held post this version classifies otherwise,
 * one `reclassify` entry each, appended in one transaction; `--dry-run` prints the same
 * differences and what they would do to the published records, and appends nothing.
 */
async function reclassifyHeld(
  io: OpsIo,
  command: Extract<ReturnType<typeof parseOpsArgs>, { name: 'reclassify-held' }>,
): Promise<number> {
  const now = io.now();
  const classify = await classifierOf(io);
  const plan = (entries: readonly Entry[], context: OpsContext) => {
    const changed = heldReclassifications(entries, classify);
    const added = changed.map(({ postId, after }) =>
      operatorEntry('reclassify', { postId, classification: after }, context),
    );
    return { changed, added, effects: effectsOfAll(entries, added, now, io.settings) };
  };
  const print = (changed: readonly Reclassified[], effects: Effects, entryIds: number[]) => {
    if (command.json) {
      changed.forEach((change, index) => {
        io.stdout(JSON.stringify({ ...change, entryId: entryIds[index] ?? null }));
      });
      return;
    }
    io.stdout(
      `${command.dryRun ? 'Would reclassify' : 'Reclassified'} ${changed.length} held post(s):`,
    );
    for (const change of changed) io.stdout(`  ${describeReclassified(change)}`);
    if (effects.changes.length === 0) io.stdout('  No change to the published records.');
    for (const change of effects.changes) io.stdout(`  ${describeChange(change)}`);
  };
  if (command.dryRun) {
    const context = {
      now,
      actor: 'dry-run',
      reason: null,
      newId: () => '',
      settings: io.settings,
      classify,
      timeZone: io.timeZone ?? DEFAULT_TIME_ZONE,
      echo: silent,
    };
    const { changed, effects } = plan(await io.ledger.entries(), context);
    print(changed, effects, []);
    return 0;
  }
  const context: OpsContext = {
    now,
    actor: actor(command.by, io.operator),
    reason: reason(command.reason),
    newId: io.newId ?? (() => timeOrderedToken(now)),
    settings: io.settings,
    classify,
    timeZone: io.timeZone ?? DEFAULT_TIME_ZONE,
    echo: silent,
  };
  const { appended, result } = await transactAfterReading(
    io.ledger,
    (entries) => {
      const { changed, added, effects } = plan(entries, context);
      if (changed.length === 0)
        throw new OpsRefusal(
          'no held post is classified otherwise by this version; nothing to change',
        );
      const invalid = effects.newlyOmitted[0];
      if (invalid !== undefined)
        throw new OpsRefusal(`record ${invalid.id} would not be valid: ${invalid.problem}`);
      return { append: added, result: { changed, effects } };
    },
    monitorCheck,
  );
  print(
    result.changed,
    result.effects,
    appended.map((entry) => entry.id),
  );
  return 0;
}

/**
 * A command must not turn a record into one the service would reject (the build would
 * leave it out, silently). An undo is let through: it returns to a state the ledger was
 * in before, and the output says which record is left out.
 */
function refuseInvalid(type: Entry['type'], effects: Effects): void {
  const invalid = effects.newlyOmitted[0];
  if (invalid !== undefined && type !== 'undo') {
    throw new OpsRefusal(`record ${invalid.id} would not be valid: ${invalid.problem}`);
  }
}

/** The records the entry names, then every other record whose published form it changes. */
function affectedIds(entry: Entry, byId: ReadonlyMap<number, Entry>, effects: Effects): string[] {
  const ids = [
    ...namedRecordIds(entry, byId),
    ...effects.changes.map((change) => change.recordId),
    ...effects.newlyOmitted.map((omission) => omission.id),
  ];
  return [...new Set(ids)];
}

function actor(by: string | undefined, operator: string | undefined): string {
  const name = by ?? operator;
  if (name === undefined) throw new OpsUsageError('who is acting? pass --by NAME or set OPERATOR');
  const checked = ACTOR.safeParse(name);
  if (!checked.success) throw new OpsUsageError(`--by: ${checked.error.issues[0]!.message}`);
  // The log tells the monitor's entries by their actor too; an operator must not pass for it.
  if (name === 'monitor') throw new OpsUsageError('--by: "monitor" is the monitor\'s name');
  return name;
}

function reason(text: string | undefined): string | null {
  if (text === undefined || text === '') return null;
  if (text.length > MAX_REASON) {
    throw new OpsUsageError(`--reason is longer than ${MAX_REASON} characters`);
  }
  return text;
}

function printAll(io: OpsIo, lines: readonly string[]): void {
  for (const line of lines) io.stdout(line);
}

/** Longest message printed: a refusal may quote what the operator typed. */
const MAX_MESSAGE = 300;

/**
 * A message as one line of bounded length: refusals quote the operator's values, and
 * parseArgs's own messages run over several lines; a refusal is one `Refused:` line.
 */
function oneLine(message: string): string {
  const flat = message.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ');
  return flat.length > MAX_MESSAGE ? `${flat.slice(0, MAX_MESSAGE)}…` : flat;
}
