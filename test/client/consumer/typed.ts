// Type-checked by pack.test.ts against the .d.ts of the installed tarball.
import {
  createClient,
  type NextScheduleResult,
  RateLimitError,
  type ResetRecord,
  type StatusAnswer,
} from '@reset-records/client';

export async function typed(baseUrl: string): Promise<string | null> {
  const client = createClient({ baseUrl, onRateLimit: 'wait', maxWaitMs: 10_000 });
  const status: StatusAnswer = await client.status();
  const latest: ResetRecord | null = (await client.latest('reset_completed')).record;
  const next: NextScheduleResult = await client.nextSchedule();
  try {
    for await (const page of client.pages('reset_scheduled')) page.items satisfies ResetRecord[];
  } catch (error) {
    if (error instanceof RateLimitError) return `retry after ${error.retryAfterSeconds} s`;
  }
  return next.next?.record.scheduleWindow?.startAt ?? latest?.completedAt ?? status.generatedAt;
}
