import { parseArgs } from 'node:util';
import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import { ACTOR, type Entry } from '../ledger/entry.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { CURSOR_RESET_SOURCE, currentCursor, implausibleCursor } from '../monitor/cursor.ts';
import { OpsUsageError } from './parse-ops-args.ts';
import { OpsRefusal } from './refusal.ts';

/**
 * `ops cursor` (docs/operating.md, "The cursor"): shows where the next check of the
 * source reads from (X's `since_id`), which entry set it, and any recorded cursor skipped
 * as implausible. `ops cursor --reset [--to POST_ID]` sets it: to none (the next check
 * reads the newest pages again; posts already stored are not stored twice) or to a given
 * post id. The reset is a `source_checked` entry of source `ops:cursor-reset`, by the
 * operator, not ok (so it never counts as a successful check).
 */

export interface CursorIo {
  readonly ledger: Ledger;
  readonly now: () => number;
  readonly operator: string | undefined;
  stdout(line: string): void;
}

interface CheckPayload {
  readonly source: string;
  readonly ok: boolean;
  readonly cursor: string | null;
}

/** Runs `ops cursor …` (`argv` follows `cursor`); throws OpsUsageError or OpsRefusal. */
export async function cursorCommand(argv: readonly string[], io: CursorIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new OpsUsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 0) throw new OpsUsageError('cursor takes no arguments, only options');
  const now = io.now();
  if (values.reset !== true) {
    if (values.to !== undefined || values.by !== undefined || values.reason !== undefined)
      throw new OpsUsageError('--to, --by and --reason go with --reset');
    show(await io.ledger.entries(), now, values.json === true, io);
    return 0;
  }
  const to = values.to ?? null;
  if (to !== null) {
    const why = implausibleCursor(to, now);
    if (why !== null) throw new OpsRefusal(`--to ${JSON.stringify(to.slice(0, 40))} is ${why}`);
  }
  const actor = actorOf(values.by ?? io.operator);
  const reason = values.reason === undefined || values.reason === '' ? null : values.reason;
  if (reason !== null && reason.length > 2_000)
    throw new OpsUsageError('--reason is longer than 2000 characters');
  const { appended } = await io.ledger.transact(() => ({
    append: [
      {
        type: 'source_checked',
        at: formatTimestamp(now),
        actor,
        reason,
        payload: {
          source: CURSOR_RESET_SOURCE,
          ok: false,
          cursor: to,
          error: 'the cursor was reset by the operator',
          newPosts: 0,
        },
      },
    ],
    result: null,
  }));
  const entry = appended[0]!;
  if (values.json === true) {
    io.stdout(JSON.stringify({ action: 'cursor-reset', entryId: entry.id, cursor: to, actor }));
  } else if (to === null) {
    io.stdout(
      `Cursor reset to none (entry ${entry.id}): the next check reads the newest pages again; posts already stored are not stored twice.`,
    );
  } else {
    io.stdout(
      `Cursor reset to ${to} (entry ${entry.id}): the next check reads the posts after it.`,
    );
  }
  return 0;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      reset: { type: 'boolean' },
      to: { type: 'string' },
      by: { type: 'string' },
      reason: { type: 'string' },
      json: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  });
}

function actorOf(name: string | undefined): string {
  if (name === undefined) throw new OpsUsageError('who is acting? pass --by NAME or set OPERATOR');
  const checked = ACTOR.safeParse(name);
  if (!checked.success) throw new OpsUsageError(`--by: ${checked.error.issues[0]!.message}`);
  if (name === 'monitor') throw new OpsUsageError('--by: "monitor" is the monitor\'s name');
  return name;
}

/** The cursor now, the entry that set it, and the implausible cursors skipped after it. */
function show(entries: readonly Entry[], now: number, json: boolean, io: CursorIo): void {
  const cursor = currentCursor(entries, now);
  let setBy: { entry: Entry; source: string } | undefined;
  const skipped: { entryId: number; cursor: string; problem: string }[] = [];
  for (let i = entries.length - 1; i >= 0 && setBy === undefined; i--) {
    const entry = entries[i]!;
    if (entry.type !== 'source_checked') continue;
    const payload = entry.payload as CheckPayload;
    const counts = payload.source === CURSOR_RESET_SOURCE || payload.ok;
    if (!counts) continue;
    const problem = payload.cursor === null ? null : implausibleCursor(payload.cursor, now);
    if (problem === null) setBy = { entry, source: payload.source };
    else skipped.push({ entryId: entry.id, cursor: payload.cursor!, problem });
  }
  const by =
    setBy === undefined
      ? null
      : {
          entryId: setBy.entry.id,
          at: setBy.entry.at,
          actor: setBy.entry.actor,
          source: setBy.source,
        };
  if (json) {
    io.stdout(JSON.stringify({ cursor, setBy: by, skipped }));
    return;
  }
  io.stdout(
    cursor === null
      ? 'Cursor: none (the next check reads the newest pages of each handle)'
      : `Cursor: ${cursor}`,
  );
  if (by !== null) {
    const what =
      by.source === CURSOR_RESET_SOURCE ? `reset by ${by.actor}` : `check of ${by.source}`;
    io.stdout(`  set by entry ${by.entryId} (${what}, ${by.at})`);
  }
  for (const { entryId, cursor: bad, problem } of skipped) {
    const shown = bad.length > 40 ? `${bad.slice(0, 40)}…` : bad;
    io.stdout(`  skipped: ${JSON.stringify(shown)} of entry ${entryId} (${problem})`);
  }
}
