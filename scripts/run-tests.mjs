// Runs every test file under test/ with Node's own test runner (Node 20's `--test` does
// not expand globs itself). TypeScript is loaded through tsx. Extra arguments are passed
// on, e.g. `npm run test:only -- --test-name-pattern=quota`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

function findTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findTests(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = findTests('test').sort();
// Two test files at a time: most of a file's time is waiting on sockets, processes and
// databases (Node's default on a 2-core machine is one), and every file uses its own
// ports, directories and databases. `--test-concurrency=1` as an argument overrides it.
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', ...process.argv.slice(2), ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
