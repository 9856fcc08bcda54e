import { DEFAULT_QUERY } from '../../src/service/query/params.ts';
import { PreparedSnapshot } from '../../src/service/query/prepared-snapshot.ts';
import { listRecords } from '../../src/service/query/query-service.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';

/**
 * A `fetch` that answers GET /openapi/v1/records from the service's own query module, in
 * process: the client's whole reading (pages, checks, dedup, selection) runs hundreds of
 * times in a property test without sockets. The real server is in client-server.test.ts.
 */
export function inProcessFetch(file: SnapshotFile, now: number): typeof fetch {
  const snapshot = PreparedSnapshot.of(file);
  return async (input) => {
    const url = new URL(String(input));
    if (url.pathname !== '/openapi/v1/records') return new Response('{}', { status: 404 });
    const kind = url.searchParams.get('kind') as 'reset_scheduled';
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const answer = listRecords(snapshot, { ...DEFAULT_QUERY, kind, page, pageSize }, now);
    return new Response(answer.json, { status: 200, headers: { etag: `"${answer.tag}"` } });
  };
}

/** A fetch that answers from a list of scripted responses, one per call, recording each URL. */
export function scriptedFetch(responses: Array<() => Response>): {
  fetch: typeof fetch;
  urls: string[];
} {
  const urls: string[] = [];
  return {
    urls,
    fetch: async (input) => {
      urls.push(String(input));
      const next = responses.shift();
      if (next === undefined) throw new Error(`unexpected request ${String(input)}`);
      return next();
    },
  };
}
