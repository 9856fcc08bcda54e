import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'libsql';
import { assertExit, run, tempDir } from './support-producer/processes.ts';

/**
 * Issue 16, findings 9 and 15, with the CLI as a process: what it prints for a person is
 * escaped for the terminal (keys and ids from a file, values from a ledger), and an error is
 * one line, a zod error its first issue, unless LOG_LEVEL=debug adds the stack.
 */

let dir: string;
let remove: () => Promise<void>;
before(async () => {
  ({ dir, remove } = await tempDir('producer-terminal'));
});
after(() => remove());

/** No control character (C0 but the final newline, DEL, C1) and no bidi control. */
const RAW_CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

describe('escaped output', () => {
  test('ingest and classify show a hostile key of a posts file escaped', async () => {
    const posts = join(dir, 'hostile.jsonl');
    await writeFile(
      posts,
      '{"id":"1","handle":"a","createdAt":"2026-11-20T12:00:00Z","text":"x","\\u001b]0;pwned\\u0007\\r\\u202e":1}\n',
    );
    const classified = await run(['classify', posts], {});
    assertExit(classified, 1, 'classify');
    assert.equal(
      classified.stderr,
      `${posts}:1: the line: Unrecognized key: "\\u001B]0;pwned\\u0007\\u000D\\u202E" (skipped)\n`,
    );
    const env = { LEDGER_URL: `sqlite:${join(dir, 'ingest.db')}` };
    assertExit(await run(['ledger-init'], env), 0, 'ledger-init');
    const ingested = await run(['ingest', posts], env);
    assertExit(ingested, 1, 'ingest');
    assert.equal(ingested.stderr, classified.stderr);
  });

  test('validate shows a hostile record id escaped', async () => {
    const file = join(dir, 'snapshot.json');
    await writeFile(
      file,
      '{"generatedAt":"2026-11-20T12:00:00.000Z","lastSuccessfulCheckAt":null,"records":[{"id":"\\u001b[2J\\u009b\\u202e\\n1"}]}',
    );
    const result = await run(['validate', file], {});
    assertExit(result, 1, 'validate');
    assert.doesNotMatch(result.stderr, RAW_CONTROL);
    assert.match(result.stderr, /^ {2}record \\u001B\[2J\\u009B\\u202E\\u000A1: kind: /m);
  });
});

describe('errors', () => {
  let env: Record<string, string>;
  before(async () => {
    env = { LEDGER_URL: `sqlite:${join(dir, 'corrupt.db')}` };
    assertExit(await run(['ledger-init'], env), 0, 'ledger-init');
    // An entry written by hand, past the store's checks: copying it checks it again.
    const db = new Database(join(dir, 'corrupt.db'));
    db.prepare(
      `INSERT INTO entries (at, actor, type, reason, payload)
       VALUES ('2026-11-20T12:00:00.000Z', 'monitor', 'post_observed', NULL, '{"post":{"id":"1"}}')`,
    ).run();
    db.close();
  });

  test('a zod error is one line: its first issue and how many more', async () => {
    const result = await run(['ledger-copy', `sqlite:${join(dir, 'copy.db')}`], env);
    assertExit(result, 1, 'ledger-copy of an invalid entry');
    assert.equal(
      result.stderr,
      'reset-records: unexpected error: invalid value at post.handle: Invalid input: expected string, received undefined (and 2 more)\n',
    );
  });

  test('LOG_LEVEL=debug adds the stack, each line escaped', async () => {
    const result = await run(['ledger-copy', `sqlite:${join(dir, 'copy2.db')}`], {
      ...env,
      LOG_LEVEL: 'debug',
    });
    assertExit(result, 1, 'ledger-copy with LOG_LEVEL=debug');
    const lines = result.stderr.trimEnd().split('\n');
    assert.equal(
      lines[0],
      'reset-records: unexpected error: invalid value at post.handle: Invalid input: expected string, received undefined (and 2 more)',
    );
    assert.match(lines[1]!, /^ZodError: \[/);
    assert.ok(
      lines.some((line) => /^ {4}at /.test(line)),
      result.stderr,
    );
  });
});
