// `npm test` and its variants: a preflight, then the test files with Node's own test runner
// (TypeScript through tsx), the type check and the lint alongside. See docs/testing.md.
//
//   node scripts/run-tests.mjs [--checks] [--unit] [--isolate] [FILE.test.ts …] [node --test options …]
//
//   --checks    also run `tsc --noEmit` and `biome check .`, alongside the tests (npm test)
//   --unit      only the inner loop: the files that need nothing outside their own process
//   --isolate   every file in a process of its own, the in-process files too
//   FILE        only these test files (default: every *.test.ts under test/)
//   e.g. `npm run test:only -- --test-name-pattern=quota`, `--test-concurrency=1`.
//
// Before any test runs, the preflight checks what the chosen files need (Redis, PostgreSQL,
// redis-server, a browser) and prints one line per missing thing, with what to do, then
// exits 1: nothing is skipped instead. The browser test files share one Chromium, started
// here (TEST_BROWSER_WS_ENDPOINT).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const started = performance.now();

const OWN_FLAGS = new Set(['--checks', '--unit', '--isolate']);
const args = process.argv.slice(2);
const withChecks = args.includes('--checks');
const unitOnly = args.includes('--unit');
const isolate = args.includes('--isolate');
const named = args.filter((arg) => arg.endsWith('.ts') && !arg.startsWith('-'));
const chosen = named.map((file) => relative(ROOT, resolve(file)));
const passedOn = args.filter((arg) => !OWN_FLAGS.has(arg) && !named.includes(arg));
process.chdir(ROOT);

function findTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findTests(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The line a test file starts with to keep a process of its own although it needs nothing
 * outside it: its tests bound wall-clock times, which a shared process's larger heap (longer
 * garbage collections) and other files' leftovers could stretch.
 */
const OWN_PROCESS = /^\/\/ run-tests: own process\b/m;

/** What a test file needs, read from the support modules and built-ins it imports. */
function needsOf(file) {
  const text = readFileSync(file, 'utf8');
  return {
    browser: /support\/browser\.ts'/.test(text),
    ownProcess: OWN_PROCESS.test(text),
    // Redis, PostgreSQL, a browser, or another process (the CLI, a stand-in, a worker).
    outside:
      /redis-support\.ts'|support\/postgres\.ts'|ledger-contract\.ts'|support\/process\.ts'|processes\.ts'|support\/browser\.ts'|node:child_process'|node:worker_threads'/.test(
        text,
      ),
  };
}

/**
 * In-process files: they need nothing outside their own process, and are not fuzz suites
 * (whose 10,000 cases per surface are the point, and take a while). The inner loop
 * (`npm run test:unit`) is these alone.
 */
const inProcess = (file) => !file.startsWith(join('test', 'fuzz')) && !needsOf(file).outside;
/** In-process files that share a process with others (all but those marked OWN_PROCESS). */
const shareable = (file) => inProcess(file) && !needsOf(file).ownProcess;

/**
 * Slowest first, so that no long file starts last and runs alone at the end (node:test
 * starts files in the order of the list). These folders hold the files that run for tens of
 * seconds: processes, browsers, fuzzing, Redis failures, the ledger on PostgreSQL.
 */
const SLOW_FIRST = ['process', 'browser', 'fuzz', 'redis', 'producer'].map((name) =>
  join('test', name),
);
const rank = (file) => {
  const index = SLOW_FIRST.findIndex((dir) => file.startsWith(`${dir}/`));
  return index === -1 ? SLOW_FIRST.length : index;
};

let files = chosen.length > 0 ? chosen : findTests('test');
if (unitOnly) files = files.filter(inProcess);
files.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
if (files.length === 0) {
  console.error('run-tests: no test file chosen');
  process.exit(1);
}

// The preflight: before anything runs, everything the chosen files need.
register();
const { preflight } = await import('../test/support/preflight.ts');
const wantsBrowser = files.some((file) => needsOf(file).browser);
const wantsServices = files.some((file) => needsOf(file).outside);
const { problems, chromium } = await preflight({ services: wantsServices, browser: wantsBrowser });
if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  console.error(
    `npm test needs ${problems.length === 1 ? 'this' : 'these'} (docs/testing.md; on Debian, .ci/run sets it all up). No test was run.`,
  );
  process.exit(1);
}

const env = { ...process.env };
let browserServer;
if (wantsBrowser) {
  const { launchBrowserServer, SHARED_BROWSER_VARIABLE } = await import(
    '../test/support/browser.ts'
  );
  try {
    browserServer = await launchBrowserServer(chromium.path);
  } catch (error) {
    console.error(
      `✗ the browser at ${chromium.path} (${chromium.from}) does not start: ${String(error.message).split('\n')[0]}. On Debian, apt-get install chromium brings it with its libraries; or set CHROMIUM_PATH. No test was run.`,
    );
    process.exit(1);
  }
  env[SHARED_BROWSER_VARIABLE] = browserServer.wsEndpoint();
}

// Half the time of a typical file is spent waiting (on sockets, child processes, timers
// the tests run out), so one more file runs at once than there are cores; on a machine
// already busy with other work, one per core, so that the tests' own waits still suffice.
// Busy is measured now, over half a second of the cores' own counters: the load average
// lags by a minute, so it called the machine busy right after a step that had just ended
// (CI's npm ci, or the run before), and the tests then ran one file short.
const cores = availableParallelism();
const busy = (await idleShare(500)) < 0.5;

/** The share of the cores' time spent idle over the next `ms` milliseconds. */
async function idleShare(ms) {
  const sum = () =>
    cpus().reduce(
      (total, cpu) => {
        const { idle, user, nice, sys, irq } = cpu.times;
        return { idle: total.idle + idle, all: total.all + idle + user + nice + sys + irq };
      },
      { idle: 0, all: 0 },
    );
  const before = sum();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = sum();
  return after.all === before.all ? 1 : (after.idle - before.idle) / (after.all - before.all);
}
const concurrency = Math.max(2, busy ? cores : cores + 1);

/**
 * The in-process files in a few processes instead of one each: a file's own tests take a
 * fraction of the second or two its process spends loading the modules these files share
 * (the server, the MCP SDK, zod). Each group is a file that imports its share, written to
 * a temporary directory as an ES module (.mjs: outside the repository a .ts file would be
 * compiled as CommonJS, whose require() cannot load a module with a top-level await); its tests report under their own names and locations. Twice as
 * many groups as run at once, so that a group holding a slow file does not end last.
 */
async function groupInProcessFiles(all) {
  const grouped = isolate ? [] : all.filter(shareable);
  const count = Math.min(2 * concurrency, grouped.length);
  if (count <= 1) return { files: all, remove: async () => {} };
  const dir = await mkdtemp(join(tmpdir(), 'reset-records-tests-'));
  const groups = await Promise.all(
    Array.from({ length: count }, async (_, group) => {
      const share = grouped.filter((_file, index) => index % count === group);
      const path = join(dir, `in-process-${group + 1}-of-${count}.test.mjs`);
      const lines = share.map(
        (file) => `import ${JSON.stringify(pathToFileURL(resolve(file)).href)};`,
      );
      await writeFile(path, `${lines.join('\n')}\n`);
      return path;
    }),
  );
  // Where their folders would start: after the slow files, before the quick ones.
  const slow = all.filter((file) => !grouped.includes(file) && rank(file) < SLOW_FIRST.length);
  const rest = all.filter((file) => !grouped.includes(file) && !slow.includes(file));
  return {
    files: [...slow, ...groups, ...rest],
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

const found = [
  wantsServices && 'Redis, PostgreSQL, redis-server',
  wantsBrowser && `Chromium (${chromium.from}: ${chromium.path})`,
].filter(Boolean);
console.log(
  `run-tests: ${files.length} test files, ${concurrency} at a time${busy ? ' (the machine is busy)' : ''}${found.length > 0 ? `; found ${found.join('; ')}` : ''}`,
);

/** A command whose output is kept, to print when it ends. */
function quietly(name, command, commandArgs) {
  const begun = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => resolve({ name, ok: false, output: error.message, seconds: 0 }));
    child.on('close', (code) => {
      resolve({ name, ok: code === 0, output, seconds: (performance.now() - begun) / 1000 });
    });
  });
}

const checks = withChecks
  ? [
      quietly('typecheck (tsc --noEmit)', join('node_modules', '.bin', 'tsc'), ['--noEmit']),
      quietly('lint (biome check .)', join('node_modules', '.bin', 'biome'), ['check', '.']),
    ]
  : [];

const run = await groupInProcessFiles(files);
const testsStatus = await new Promise((resolve) => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...passedOn, ...run.files],
    { stdio: 'inherit', env },
  );
  child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
await browserServer?.close();
await run.remove();

let status = testsStatus;
for (const check of await Promise.all(checks)) {
  if (check.ok) {
    console.log(`✓ ${check.name} (${check.seconds.toFixed(0)} s)`);
  } else {
    console.log(`✗ ${check.name} failed:\n${check.output.trimEnd()}`);
    status ||= 1;
  }
}
const seconds = Math.round((performance.now() - started) / 1000);
console.log(
  `run-tests: ${status === 0 ? 'passed' : 'FAILED'} in ${Math.floor(seconds / 60)} min ${seconds % 60} s`,
);
process.exit(status);
