import { parentPort } from 'node:worker_threads';
import type { ResetRecord } from '../../shared/domain/record.ts';
import { prepareRecord } from '../query/prepared-record.ts';
import { buildCalendar } from './calendar.ts';
import type { CalendarJob } from './calendar-renderer.ts';

/** The calendar worker: renders one calendar per message, in order (calendar-renderer.ts). */
parentPort!.on('message', (job: CalendarJob) => {
  try {
    const rows = job.records.map((json) => prepareRecord(JSON.parse(json) as ResetRecord));
    const value = buildCalendar(rows, job.generatedAt, job.baseUrl, job.siteName);
    parentPort!.postMessage({ ok: true, value });
  } catch (error) {
    parentPort!.postMessage({ ok: false, error: (error as Error).message });
  }
});
