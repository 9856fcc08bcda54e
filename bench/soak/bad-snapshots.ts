/**
 * Snapshot files the service must refuse while it keeps serving the last good one
 * (decisions.md §2; README "Publishing a snapshot"). They are put in place the way a
 * careless or broken publisher would: renamed over the target (atomically, so the
 * service sees the whole bad file) or, for the half-written one, written in place.
 */
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { validateSnapshotText } from '../../src/shared/snapshot/validate.ts';

export const BAD_KINDS = [
  'truncated JSON',
  'oversized (129 MiB)',
  'invalid record',
  'half-written in place',
  'duplicate id',
  'empty file',
] as const;

export type BadKind = (typeof BAD_KINDS)[number];

/**
 * Larger than the service's snapshot size limit (64 MiB, or 128 MiB where SNAPSHOT_MAX_BYTES
 * exists), so it must be refused without being read. Its content is invalid too.
 */
const OVERSIZED_BYTES = 129 * 1024 * 1024;

/** The text of a bad snapshot derived from a valid one, checked to be invalid. */
function badText(kind: BadKind, valid: SnapshotFile): string {
  const text = JSON.stringify(valid);
  let bad: string;
  switch (kind) {
    case 'truncated JSON':
    case 'half-written in place':
      bad = text.slice(0, Math.floor(text.length / 2));
      break;
    case 'invalid record': {
      const records = valid.records.map((record, i) =>
        i === 0 ? { ...record, confidence: 7 } : record,
      );
      bad = JSON.stringify({ ...valid, records });
      break;
    }
    case 'duplicate id':
      bad = JSON.stringify({ ...valid, records: [...valid.records, valid.records[0]] });
      break;
    case 'empty file':
      bad = '';
      break;
    case 'oversized (129 MiB)':
      throw new Error('the oversized file is not built from text');
  }
  if (validateSnapshotText(bad).ok) throw new Error(`soak bug: the "${kind}" snapshot is valid`);
  return bad;
}

/** Puts a bad snapshot of `kind` at `snapshotPath`. */
export async function publishBad(
  kind: BadKind,
  snapshotPath: string,
  dir: string,
  valid: SnapshotFile,
): Promise<void> {
  const temporary = join(dir, `bad-${Date.now()}.json`);
  if (kind === 'half-written in place') {
    await writeFile(snapshotPath, badText(kind, valid));
    return;
  }
  if (kind === 'oversized (129 MiB)') {
    const head = Buffer.from('{"generatedAt":"not a timestamp","records":[');
    const file = Buffer.alloc(OVERSIZED_BYTES, 0x20); // spaces
    head.copy(file);
    file.write(']}', OVERSIZED_BYTES - 2);
    await writeFile(temporary, file);
  } else {
    await writeFile(temporary, badText(kind, valid));
  }
  await rename(temporary, snapshotPath);
}
