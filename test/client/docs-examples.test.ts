import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { StatusAnswer } from '../../packages/client/src/index.ts';
import { sampleSnapshot } from '../../src/producer/demo/sample-ledger.ts';
import { schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * docs/client.md's plain-fetch recipe, run as written against the real server: it must
 * give the answer of /status.json, and disclose a partial reading when the quota stops it.
 */

const START = Date.parse('2026-11-21T20:00:00.000Z');

async function recipe() {
  const text = await readFile(new URL('../../docs/client.md', import.meta.url), 'utf8');
  const block = [...text.matchAll(/```js\n([\s\S]*?)```/g)]
    .map((match) => match[1]!)
    .find((code) => code.includes('async function readAll('));
  assert.ok(block, 'docs/client.md has the plain-fetch recipe');
  const dir = await mkdtemp(join(tmpdir(), 'reset-records-recipe-'));
  const file = join(dir, 'recipe.mjs');
  await writeFile(file, block);
  const module = (await import(pathToFileURL(file).href)) as {
    nextSchedule(
      base: string,
      now?: number,
    ): Promise<{
      next: { id: string } | null;
      open: { id: string }[];
      complete: boolean;
      pagesRead: number;
    }>;
    lastReset(
      base: string,
      now?: number,
    ): Promise<{ last: { record: { id: string }; at: string } | null; complete: boolean }>;
  };
  await rm(dir, { recursive: true, force: true });
  return module;
}

let server: TestServer;
before(async () => {
  server = await startTestServer({
    snapshot: sampleSnapshot(START),
    clock: () => START,
    env: { RATE_LIMIT: 'off' },
  });
});
after(() => server.close());

test("docs/client.md's plain-fetch recipe gives the answer of /status.json", async () => {
  const { nextSchedule, lastReset } = await recipe();
  const status = (await server.get('/status.json')).json() as StatusAnswer;
  const next = await nextSchedule(`${server.origin}/`, START);
  assert.equal(next.complete, true);
  assert.deepEqual(
    next.open.map((record) => record.id),
    status.open.map((open) => open.recordId),
  );
  const last = await lastReset(`${server.origin}/`, START);
  assert.deepEqual(
    [last.last?.record.id, last.last?.at],
    [status.lastReset?.recordId, status.lastReset?.at],
  );
});

test('the recipe stopped by the quota says it is incomplete and how far it read', async () => {
  const { nextSchedule } = await recipe();
  const now = Date.now();
  const records = Array.from({ length: 12 }, (_, i) =>
    schedule(`op_${i + 1}`, 'pending', [now + (i + 1) * 3_600_000, now + (i + 1) * 3_600_000]),
  );
  const limited = await startTestServer({
    snapshot: snapshotOf(records, now),
    env: { RATE_LIMIT_MAX: '1' },
  });
  try {
    const result = await nextSchedule(`${limited.origin}/`);
    assert.deepEqual([result.complete, result.pagesRead, result.next?.id], [false, 1, 'op_3']);
  } finally {
    await limited.close();
  }
});
