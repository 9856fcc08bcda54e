import { createHash } from 'node:crypto';
import {
  readSnapshotFile,
  SnapshotReadError,
  tooLarge,
} from '../../shared/snapshot/read-snapshot-file.ts';
import { describeProblems, validateSnapshotText } from '../../shared/snapshot/validate.ts';
import { type PreparedData, prepareSnapshotData } from '../query/prepared-data.ts';

/**
 * Where a snapshot to load comes from: a file to read, or text already read (Redis), with
 * its size as last seen (stat, STRLEN) so the loader can decide where to load it.
 */
export type SnapshotInput =
  | { readonly path: string; readonly bytes: number; readonly maxBytes: number }
  | {
      readonly text: string;
      readonly origin: string;
      readonly bytes: number;
      readonly maxBytes: number;
    };

export type LoadOutcome =
  | { readonly ok: true; readonly data: PreparedData; readonly contentHash: string }
  | {
      readonly ok: false;
      /** What is wrong, one line each, bounded (validate.ts MAX_PROBLEMS). */
      readonly problems: readonly string[];
      /** Present when the content could be read: the same bad content is not reported twice. */
      readonly contentHash?: string;
    };

/**
 * Reads, validates and prepares one snapshot: everything expensive about a new snapshot,
 * as one function that the snapshot worker runs off the main thread. Never throws.
 */
export async function loadSnapshot(input: SnapshotInput): Promise<LoadOutcome> {
  let text: string;
  try {
    text = 'path' in input ? await readSnapshotFile(input.path, input.maxBytes) : input.text;
  } catch (error) {
    if (error instanceof SnapshotReadError) return { ok: false, problems: [error.message] };
    throw error;
  }
  if ('text' in input && Buffer.byteLength(text) > input.maxBytes) {
    return {
      ok: false,
      problems: [tooLarge(input.origin, Buffer.byteLength(text), input.maxBytes).message],
    };
  }
  const contentHash = createHash('sha256').update(text).digest('base64url');
  const result = validateSnapshotText(text);
  if (!result.ok) return { ok: false, problems: describeProblems(result), contentHash };
  return { ok: true, data: prepareSnapshotData(result.snapshot), contentHash };
}
