import type { z } from 'zod';
import { SnapshotFile } from '../domain/snapshot.ts';

/** One reason a snapshot is refused, naming the record (by id when it has one) and the field. */
export interface SnapshotProblem {
  /** The record's id, `#<index>` when it has no usable id, or null for the file's own fields. */
  readonly record: string | null;
  /** Dotted path inside the record (or the file), e.g. `scheduleWindow.endAt`. */
  readonly field: string;
  readonly message: string;
}

export type SnapshotValidation =
  | { readonly ok: true; readonly snapshot: SnapshotFile }
  | { readonly ok: false; readonly problems: readonly SnapshotProblem[] };

/** Validates a parsed snapshot as a whole (decisions.md §2): one bad record rejects it. */
export function validateSnapshot(input: unknown): SnapshotValidation {
  const result = SnapshotFile.safeParse(input);
  if (result.success) return { ok: true, snapshot: result.data };
  return { ok: false, problems: result.error.issues.map((issue) => toProblem(input, issue)) };
}

/** Parses and validates the text of a snapshot file. */
export function validateSnapshotText(text: string): SnapshotValidation {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problems: [
        { record: null, field: '(file)', message: `not valid JSON: ${(error as Error).message}` },
      ],
    };
  }
  return validateSnapshot(input);
}

export function formatProblem(problem: SnapshotProblem): string {
  const where = problem.record === null ? 'snapshot' : `record ${problem.record}`;
  return `${where}: ${problem.field}: ${problem.message}`;
}

function toProblem(input: unknown, issue: z.core.$ZodIssue): SnapshotProblem {
  const path = [...issue.path];
  const fieldPath = (segments: PropertyKey[]) => {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    const joined = segments.map(String).join('.');
    if (keys.length === 0) return joined === '' ? '(root)' : joined;
    return keys.map((key) => (joined === '' ? key : `${joined}.${key}`)).join(', ');
  };
  if (path[0] === 'records' && typeof path[1] === 'number') {
    const index = path[1];
    const records = (input as { records?: unknown[] }).records;
    const id = (records?.[index] as { id?: unknown } | undefined)?.id;
    const record = typeof id === 'string' && id !== '' ? id : `#${index}`;
    return { record, field: fieldPath(path.slice(2)), message: issue.message };
  }
  return { record: null, field: fieldPath(path), message: issue.message };
}
