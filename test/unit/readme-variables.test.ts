import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { PRODUCER_VARIABLES } from '../../src/producer/config.ts';
import { SERVICE_VARIABLES } from '../../src/service/config.ts';

/** The README's configuration tables are how an operator learns the settings: none may be missing. */

const readme = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
/** Variables in the first column of a README table row: `| `NAME` | …`. */
const documented = new Set(
  [...readme.matchAll(/^\|\s*`([A-Z][A-Z0-9_]+)`\s*\|/gm)].map((match) => match[1]!),
);

test('every environment variable the service and the producer read has a row in a table of docs/configuration.md', () => {
  const read = [...new Set([...SERVICE_VARIABLES, ...PRODUCER_VARIABLES])].sort();
  assert.ok(
    read.length >= 20,
    `found only ${read.length} variables: the lists are read from the schemas`,
  );
  assert.deepEqual(
    read.filter((name) => !documented.has(name)),
    [],
  );
});

test('docs/configuration.md documents no variable that nothing reads', () => {
  const read = new Set([...SERVICE_VARIABLES, ...PRODUCER_VARIABLES]);
  assert.deepEqual([...documented].filter((name) => !read.has(name)).sort(), []);
});
