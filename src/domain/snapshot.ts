import { z } from 'zod';
import { ResetRecord } from './record.ts';
import { Timestamp } from './timestamp.ts';

/** The published snapshot file (decisions.md §2). */
export const SnapshotFile = z
  .strictObject({
    generatedAt: Timestamp,
    lastSuccessfulCheckAt: Timestamp.nullable(),
    records: z.array(ResetRecord),
  })
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
