// A project that installed the packed client: imports it by name and reads the service.
import { createClient, QueryError } from '@reset-records/client';

const client = createClient({ baseUrl: process.argv[2] });
const next = await client.nextSchedule();
const last = await client.lastReset();
const error = await client.list({ pageSize: 11 }).catch((e) => e);
console.log(
  JSON.stringify({
    next: next.next?.record.id,
    complete: next.complete && last.complete,
    last: last.last?.record.id,
    error: error instanceof QueryError ? 'QueryError' : String(error),
  }),
);
