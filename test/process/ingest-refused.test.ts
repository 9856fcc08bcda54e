import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  assertExit,
  createLedger,
  jsonLines,
  ledgerEntries,
  run,
  tempDir,
} from './support-producer/processes.ts';

/**
 * `ingest FILE` as a process (issue 16): a post it cannot store (here, dated 2999) is
 * reported on stderr and counted; every other post of the file is stored; exit 1.
 */

describe('ingest with a post it cannot store', () => {
  let dir: string;
  let remove: () => Promise<void>;
  before(async () => {
    ({ dir, remove } = await tempDir('ingest-refused'));
  });
  after(() => remove());

  test('the post from 2999 is refused and named; the others are stored; exit 1', async () => {
    const file = join(dir, 'posts.jsonl');
    await writeFile(
      file,
      jsonLines([
        {
          id: '1900000000000000101',
          handle: 'thsottiaux',
          createdAt: '2025-03-10T10:00:00.000Z',
          text: 'Nice weather today.',
        },
        {
          id: '1900000000000000102',
          handle: 'thsottiaux',
          createdAt: '2999-01-01T00:00:00.000Z',
          text: 'Usage limits have been reset for everyone.',
        },
        {
          id: '1900000000000000103',
          handle: 'thsottiaux',
          createdAt: '2025-03-10T11:00:00.000Z',
          text: 'Another day.',
        },
      ]),
    );
    const env = { LEDGER_URL: `sqlite:${join(dir, 'ledger.db')}` };
    await createLedger(env.LEDGER_URL);
    const result = await run(['ingest', file], env);
    assertExit(result, 1, 'ingest with a post from 2999');
    assert.match(
      result.stderr,
      /posts\.jsonl: post 1900000000000000102: dated 2999-01-01T00:00:00\.000Z, later than now \(\d{4}-\d\d-\d\dT[\d:.]+Z\) \(not stored\)\n/,
    );
    assert.match(
      result.stdout,
      /^2 new post\(s\) stored and classified, 0 already in the ledger, 1 refused, 0 line\(s\) skipped\.\n/,
    );
    const stored = (await ledgerEntries(env.LEDGER_URL)).flatMap((entry) =>
      entry.type === 'post_observed' ? [entry.payload.post.id] : [],
    );
    assert.deepEqual(stored, ['1900000000000000101', '1900000000000000103']);
  });
});
