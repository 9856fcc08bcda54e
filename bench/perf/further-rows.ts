/**
 * Rows 14 to 19 of issue 12, run after the load rows by bench/run.ts (each alone with
 * `--rows ID`). A row that fails is reported failed; the others still run.
 */
import type { FurtherContext, FurtherOutcome, FurtherRow } from './further.ts';
import { MEMORY_STORE_ROW, measureMemoryStore } from './memory-store.ts';
import {
  BUILD_ROW,
  CLASSIFY_ROW,
  MONITOR_ROW,
  measureClassifyRow,
  measureLedgerRows,
} from './producer.ts';
import { LOAD_ROW, measureSnapshotLoad } from './snapshot-load.ts';
import { measureSnapshotSwap, SWAP_ROW } from './snapshot-swap.ts';

export const FURTHER_ROWS: readonly FurtherRow[] = [
  SWAP_ROW,
  LOAD_ROW,
  MEMORY_STORE_ROW,
  BUILD_ROW,
  CLASSIFY_ROW,
  MONITOR_ROW,
];

export async function measureFurther(
  context: FurtherContext,
  wanted: (row: FurtherRow) => boolean,
  /** Row 1's p99 in this run, if it ran: shown beside row 14's steady p99. */
  row1P99: number | undefined,
): Promise<FurtherOutcome[]> {
  const outcomes: FurtherOutcome[] = [];
  const attempt = async (rows: readonly FurtherRow[], work: () => Promise<FurtherOutcome[]>) => {
    const chosen = rows.filter(wanted);
    if (chosen.length === 0) return;
    for (const row of chosen) context.log(`row ${row.order}: ${row.title}`);
    try {
      for (const outcome of await work()) {
        outcomes.push(outcome);
        const missed = outcome.met === false ? ' (target missed)' : '';
        context.log(`  row ${outcome.row.order}: ${outcome.result}${missed}`);
      }
    } catch (error) {
      const message = (error as Error).message;
      context.log(`  failed: ${message}`);
      for (const row of chosen) outcomes.push({ row, error: message });
    }
  };
  await attempt([SWAP_ROW], async () => [await measureSnapshotSwap(context, row1P99)]);
  await attempt([LOAD_ROW], async () => [await measureSnapshotLoad(context)]);
  await attempt([MEMORY_STORE_ROW], async () => [await measureMemoryStore()]);
  await attempt([BUILD_ROW, MONITOR_ROW], () => measureLedgerRows(context, wanted));
  await attempt([CLASSIFY_ROW], async () => [await measureClassifyRow()]);
  return outcomes;
}
