import { z } from 'zod';
import { ResetRecord } from './record.ts';
import { Timestamp } from './timestamp.ts';

const META_FIELDS = {
  generatedAt: Timestamp,
  lastSuccessfulCheckAt: Timestamp.nullable(),
};

/** The published snapshot file (decisions.md §2). */
export const SnapshotFile = z
  .strictObject({ ...META_FIELDS, records: z.array(ResetRecord) })
  .superRefine((snapshot, ctx) => {
    const seen = new Set<string>();
    snapshot.records.forEach((record, index) => {
      if (seen.has(record.id)) {
        ctx.addIssue({ code: 'custom', path: ['records', index, 'id'], message: 'duplicate id' });
      }
      seen.add(record.id);
    });
  });

export type SnapshotFile = z.infer<typeof SnapshotFile>;

/**
 * The same file with its records left unchecked: a validator checks this first, then each
 * record against ResetRecord, so that it can stop after a bounded number of problems
 * instead of building one issue per field of a million bad records.
 */
export const SnapshotHead = z.strictObject({ ...META_FIELDS, records: z.array(z.unknown()) });
