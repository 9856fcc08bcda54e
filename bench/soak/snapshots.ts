/**
 * The snapshots the soak publishes, and the book of what each one must serve. Every
 * snapshot is generated here, so for each `generatedAt` the soak knows exactly which ids
 * `kind=all` and `kind=reset_scheduled` must list (neither set depends on the request
 * time: `all` is every record but fulfilled schedules, `reset_scheduled` every schedule)
 * and the exact JSON of every record.
 *
 * Contents vary from one snapshot to the next: size, the mix of kinds and states, which
 * records are kept (with changed text, as corrections would), added or dropped. Window
 * boundaries stay at least 30 minutes from the publishing time, so the order of a
 * snapshot cannot change while it is served (it is replaced within seconds).
 */
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { completion, HOUR, iso, schedule, snapshotOf } from '../../test/support/records.ts';
import type { Random } from './stats.ts';

const MINUTE = 60_000;

export type CheckedKind = 'all' | 'reset_scheduled';

export interface BookEntry {
  readonly generatedAt: string;
  /** The ids each filter must list, whatever the request time. */
  readonly ids: Readonly<Record<CheckedKind, ReadonlySet<string>>>;
  /** Canonical JSON of every record, by id. */
  readonly records: ReadonlyMap<string, string>;
}

/** JSON with object keys sorted, so two encodings of one value compare equal. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function bookEntryOf(snapshot: SnapshotFile): BookEntry {
  const all = new Set<string>();
  const scheduled = new Set<string>();
  const records = new Map<string, string>();
  for (const record of snapshot.records) {
    records.set(record.id, canonical(record));
    if (record.kind === 'reset_scheduled') scheduled.add(record.id);
    if (record.scheduleState !== 'fulfilled') all.add(record.id);
  }
  return {
    generatedAt: snapshot.generatedAt,
    ids: { all, reset_scheduled: scheduled },
    records,
  };
}

/** Snapshots kept in full (at one every 3 s, the last 10 minutes); older ones by name only. */
const KEPT_ENTRIES = 200;

/** Every snapshot published so far, by generatedAt (bounded in memory for long runs). */
export class SnapshotBook {
  private readonly entries = new Map<string, BookEntry>();
  private readonly retired = new Set<string>();
  /** The generatedAt of the last valid snapshot published. */
  lastGood: string | undefined;

  add(snapshot: SnapshotFile): BookEntry {
    const entry = bookEntryOf(snapshot);
    this.entries.set(entry.generatedAt, entry);
    if (this.entries.size > KEPT_ENTRIES) {
      const oldest = this.entries.keys().next().value!;
      this.entries.delete(oldest);
      this.retired.add(oldest);
    }
    return entry;
  }

  /** Whether `generatedAt` was published, but so long ago that only its name is kept. */
  isRetired(generatedAt: string): boolean {
    return this.retired.has(generatedAt);
  }

  get(generatedAt: string): BookEntry | undefined {
    return this.entries.get(generatedAt);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Generates the `serial`-th snapshot at `nowMs`. Ids of x posts are numeric; a block of
 * "long-lived" ids recurs in every snapshot (with text that changes), the rest are new.
 */
export function generateSnapshot(serial: number, nowMs: number, random: Random): SnapshotFile {
  const size = random.int(25, 95);
  const records: ResetRecord[] = [];
  const usedIds = new Set<string>();
  const freshId = (index: number) =>
    String(1_990_000_000_000_000_000n + BigInt(serial * 1000 + index));
  const longLivedId = (index: number) => String(1_980_000_000_000_000_000n + BigInt(index));

  for (let i = 0; records.length < size; i++) {
    const id = random.chance(0.3) ? longLivedId(random.int(0, 40)) : freshId(i);
    if (usedIds.has(id)) continue;
    usedIds.add(id);
    records.push(randomRecord(id, i, serial, nowMs, random));
  }
  // Operator notes and a manual completion now and then.
  if (random.chance(0.7)) {
    records.push(
      completion(`op_note_${serial}`, {
        announcedAt: iso(nowMs - random.int(1, 200) * HOUR),
        effectiveAt: iso(nowMs - random.int(1, 200) * HOUR),
        text: `Operator note #${serial}: weekly limits were reset.`,
      }),
    );
  }
  if (random.chance(0.5)) {
    const at = nowMs - random.int(2, 300) * HOUR;
    records.push(
      completion(`manual:${serial}`, {
        effectiveAt: iso(at),
        completedAt: iso(at),
        relatedRecordIds: records.length > 0 ? [records[0]!.id] : [],
      }),
    );
  }
  // Shuffle, so the file order never matches a served order by accident.
  for (let i = records.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [records[i], records[j]] = [records[j]!, records[i]!];
  }
  return snapshotOf(records, nowMs);
}

function randomRecord(
  id: string,
  index: number,
  serial: number,
  nowMs: number,
  random: Random,
): ResetRecord {
  const past = () => nowMs - random.int(60, 60 * 24 * 60) * MINUTE; // 1 h to 60 days ago
  const announcedAt = past();
  const text = `Snapshot ${serial}, record ${index}: limits reset.`;
  const common = {
    announcedAt: random.chance(0.9) ? iso(announcedAt) : null,
    text: random.chance(0.8) ? text : null,
    confidence: random.chance(0.8) ? Math.round(random.next() * 100) / 100 : null,
    scope: random.chance(0.7)
      ? { plans: [random.pick(['all', 'pro', 'unknown'])], windows: ['five_hour'] }
      : null,
    resetType: random.pick(['global', 'banked', 'global_and_banked'] as const),
  };
  const shape = random.int(0, 9);
  if (shape <= 3) {
    return completion(id, {
      ...common,
      effectiveAt: random.chance(0.8) ? iso(announcedAt + random.int(0, 120) * MINUTE) : null,
    });
  }
  // Windows whose boundaries are all at least 30 minutes away from now.
  const pastEnd = nowMs - random.int(30, 60 * 24 * 60) * MINUTE;
  const futureStart = nowMs + random.int(30, 600) * MINUTE;
  const windows: Record<string, [number, number] | null> = {
    future: [futureStart, futureStart + random.int(0, 180) * MINUTE],
    inProgress: [nowMs - random.int(30, 600) * MINUTE, nowMs + random.int(30, 600) * MINUTE],
    past: [pastEnd - random.int(0, 120) * MINUTE, pastEnd],
    none: null,
  };
  switch (shape) {
    case 4:
      return schedule(id, 'pending', windows.future!, common);
    case 5:
      return schedule(id, 'pending', random.chance(0.3) ? null : windows.inProgress!, {
        ...common,
        schedulePrecision: random.chance(0.5) ? 'date' : 'datetime',
      });
    case 6:
      return schedule(id, 'fulfilled', windows.past!, {
        ...common,
        effectiveAt: iso(windows.past![0]),
      });
    case 7:
      return schedule(id, 'unknown', random.chance(0.5) ? null : windows.past!, {
        ...common,
        scheduleBasis: 'contextual_inference',
      });
    default:
      // elapsed, or a stale pending schedule whose window ended long ago
      return schedule(id, random.chance(0.7) ? 'elapsed' : 'pending', windows.past!, {
        ...common,
        effectiveAt: random.chance(0.5) ? iso(windows.past![0]) : null,
      });
  }
}
