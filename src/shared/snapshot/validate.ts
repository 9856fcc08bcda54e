import type { z } from 'zod';
import { ResetRecord } from '../domain/record.ts';
import { type SnapshotFile, SnapshotHead } from '../domain/snapshot.ts';
import { exceedsDepth } from './json-depth.ts';

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
  | {
      readonly ok: false;
      readonly problems: readonly SnapshotProblem[];
      /** False when validation stopped at MAX_PROBLEMS: there may be more. */
      readonly complete: boolean;
    };

/**
 * Validation stops after this many problems. A 4 MB file of a million `{}` records would
 * otherwise produce 17 million issues and run the process out of memory.
 */
export const MAX_PROBLEMS = 100;
/** A snapshot is nested 5 deep; anything much deeper is refused before it is parsed. */
export const MAX_DEPTH = 32;

/** Validates a parsed snapshot as a whole (decisions.md §2): one bad record rejects it. */
export function validateSnapshot(input: unknown): SnapshotValidation {
  const head = SnapshotHead.safeParse(input);
  if (!head.success) return refuse(head.error.issues.slice(0, MAX_PROBLEMS).map(fileProblem));

  const problems: SnapshotProblem[] = [];
  const records: SnapshotFile['records'] = [];
  const seen = new Set<string>();
  const items = head.data.records;
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const result = ResetRecord.safeParse(item);
    const label = labelOf(item, index);
    if (result.success) {
      if (seen.has(result.data.id))
        problems.push({ record: label, field: 'id', message: 'duplicate id' });
      seen.add(result.data.id);
      records.push(result.data);
    } else {
      for (const issue of result.error.issues) problems.push(recordProblem(label, issue));
    }
    if (problems.length >= MAX_PROBLEMS) {
      const complete = problems.length === MAX_PROBLEMS && index === items.length - 1;
      return refuse(problems.slice(0, MAX_PROBLEMS), complete);
    }
  }
  if (problems.length > 0) return refuse(problems);
  const { generatedAt, lastSuccessfulCheckAt } = head.data;
  return { ok: true, snapshot: { generatedAt, lastSuccessfulCheckAt, records } };
}

/** Parses and validates the text of a snapshot file. */
export function validateSnapshotText(text: string): SnapshotValidation {
  if (exceedsDepth(text, MAX_DEPTH)) {
    return refuse([
      { record: null, field: '(file)', message: `nested deeper than ${MAX_DEPTH} levels` },
    ]);
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    const message = `not valid JSON: ${(error as Error).message.slice(0, 200)}`;
    return refuse([{ record: null, field: '(file)', message }]);
  }
  return validateSnapshot(input);
}

export function formatProblem(problem: SnapshotProblem): string {
  const where = problem.record === null ? 'snapshot' : `record ${problem.record}`;
  return `${where}: ${problem.field}: ${problem.message}`;
}

/** The lines a person reads: every problem found, and a last line if validation stopped early. */
export function describeProblems(result: Extract<SnapshotValidation, { ok: false }>): string[] {
  const lines = result.problems.map(formatProblem);
  if (!result.complete) lines.push(`(stopped after the first ${MAX_PROBLEMS} problems)`);
  return lines;
}

const refuse = (problems: SnapshotProblem[], complete = true): SnapshotValidation => ({
  ok: false,
  problems,
  complete,
});

function labelOf(item: unknown, index: number): string {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' ? id.slice(0, 100) : `#${index}`;
}

function fieldPath(issue: z.core.$ZodIssue, segments: readonly PropertyKey[]): string {
  const keys = issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 10) : [];
  const joined = segments.map(String).join('.');
  if (keys.length === 0) return joined === '' ? '(root)' : joined;
  return keys.map((key) => (joined === '' ? key : `${joined}.${key}`)).join(', ');
}

const fileProblem = (issue: z.core.$ZodIssue): SnapshotProblem => ({
  record: null,
  field: fieldPath(issue, issue.path),
  message: issue.message,
});

const recordProblem = (record: string, issue: z.core.$ZodIssue): SnapshotProblem => ({
  record,
  field: fieldPath(issue, issue.path),
  message: issue.message,
});
