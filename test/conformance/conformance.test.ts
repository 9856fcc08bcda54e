// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, `server` mode,
// active suite) against the real server's POST /mcp, offline.
//
// test/conformance/expected-failures.yaml lists the scenarios this server cannot pass because
// they need features it deliberately lacks (the reference server's test tools, resources,
// prompts, logging, completions, sessions), each with a reason. Everything else must pass, and
// every listed scenario must still fail, so the list cannot go stale. The same file is passed to
// the CLI's own --expected-failures, whose exit code must agree.
//
// By hand: PORT=8123 npm start, then
//   node --require ./test/conformance/node20-globsync-stub.cjs \
//     node_modules/@modelcontextprotocol/conformance/dist/index.js server \
//     --url http://127.0.0.1:8123/mcp --expected-failures test/conformance/expected-failures.yaml
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sampleSnapshot as buildDemoSnapshot } from '../../src/producer/demo/sample-ledger.ts';
import { freePort } from '../support/process.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const here = dirname(fileURLToPath(import.meta.url));
/** Supplies fs.globSync on Node 20 so the CLI can load at all (see the file). */
const GLOBSYNC_STUB = join(here, 'node20-globsync-stub.cjs');
const EXPECTED_FAILURES = join(here, 'expected-failures.yaml');
/** The CLI takes ~2 s here; this only keeps a hung run from holding CI. */
const CLI_TIMEOUT_MS = 45_000;

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string | null;
  details?: unknown;
}

interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

function conformanceCliPath(): string {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('@modelcontextprotocol/conformance/package.json');
  const { bin } = JSON.parse(readFileSync(packageJson, 'utf8')) as { bin: { conformance: string } };
  return join(dirname(packageJson), bin.conformance);
}

function runConformanceCli(args: string[]): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  // Set by `node --test` for its own children; the CLI is not a test file.
  delete env['NODE_TEST_CONTEXT'];
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--require', GLOBSYNC_STUB, conformanceCliPath(), ...args],
      {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, CLI_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut, stdout, stderr });
    });
  });
}

/**
 * Reads the `server:` list of expected-failures.yaml as scenario → reason (the comment on the
 * entry's line). Deliberately strict about the file's shape: anything it does not understand
 * throws rather than being read differently from the CLI's YAML parser.
 */
function readExpectedFailures(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let section: string | undefined;
  for (const [index, line] of text.split('\n').entries()) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const key = /^([A-Za-z]+):\s*(#.*)?$/.exec(line);
    if (key) {
      section = key[1];
      continue;
    }
    const entry = /^\s+-\s+([\w./-]+)\s*(?:#\s*(.*?))?\s*$/.exec(line);
    if (!entry || section === undefined) {
      throw new Error(`expected-failures.yaml line ${index + 1} is not understood: ${line}`);
    }
    if (section !== 'server') continue;
    const [, scenario = '', reason = ''] = entry;
    if (entries.has(scenario)) throw new Error(`expected-failures.yaml lists ${scenario} twice`);
    entries.set(scenario, reason);
  }
  return entries;
}

/** The CLI writes each scenario's checks to `<dir>/server-<scenario>-<ISO time with - for :.>/`. */
async function readResults(outputDir: string): Promise<Map<string, Check[]>> {
  const results = new Map<string, Check[]>();
  for (const entry of await readdir(outputDir)) {
    const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/.exec(entry);
    if (!match?.[1]) continue;
    const checks = JSON.parse(await readFile(join(outputDir, entry, 'checks.json'), 'utf8'));
    results.set(match[1], checks as Check[]);
  }
  return results;
}

/** As the CLI's own baseline logic: a scenario fails on any FAILURE or WARNING check. */
function problems(checks: Check[] | undefined): Check[] {
  if (checks === undefined) {
    return [
      { id: '(no results)', status: 'FAILURE', errorMessage: 'the scenario wrote no results' },
    ];
  }
  return checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
}

function describeProblems(scenario: string, checks: Check[]): string {
  const lines = checks.map((check) => {
    const details = check.details === undefined ? '' : ` ${JSON.stringify(check.details)}`;
    return `    [${check.status}] ${check.id}: ${check.errorMessage ?? ''}${details.slice(0, 600)}`;
  });
  return `  ${scenario}\n${lines.join('\n')}`;
}

describe('MCP conformance suite (@modelcontextprotocol/conformance, server mode)', {
  timeout: 60_000,
}, () => {
  let server: TestServer;
  let outputDir: string;
  let run: CliRun;
  let ran: string[];
  let results: Map<string, Check[]>;
  const expected = readExpectedFailures(readFileSync(EXPECTED_FAILURES, 'utf8'));

  before(async () => {
    server = await startTestServer({
      snapshot: buildDemoSnapshot(Date.now()),
      env: { RATE_LIMIT: 'off' },
    });
    outputDir = await mkdtemp(join(tmpdir(), 'reset-records-conformance-'));
    run = await runConformanceCli([
      'server',
      '--url',
      `${server.origin}/mcp`,
      '--expected-failures',
      EXPECTED_FAILURES,
      '--output-dir',
      outputDir,
    ]);
    ran = [...run.stdout.matchAll(/^=== Running scenario: (\S+) ===$/gm)].map((m) => m[1] ?? '');
    results = await readResults(outputDir);
  });

  after(async () => {
    await server?.close();
    if (outputDir) await rm(outputDir, { recursive: true, force: true });
  });

  test('the CLI runs the whole active suite against /mcp', () => {
    const output = `stdout:\n${run.stdout.slice(-3000)}\nstderr:\n${run.stderr.slice(-3000)}`;
    assert.equal(
      run.timedOut,
      false,
      `the CLI did not finish within ${CLI_TIMEOUT_MS} ms\n${output}`,
    );
    const announced = /Running active suite \((\d+) scenarios\)/.exec(run.stdout);
    assert.ok(announced, `the CLI did not start the suite\n${output}`);
    assert.ok(ran.length > 0, `no scenario ran\n${output}`);
    assert.equal(ran.length, Number(announced[1]), `not every announced scenario ran\n${output}`);
  });

  test('every scenario not in expected-failures.yaml passes', () => {
    const unexpected = ran
      .filter((scenario) => !expected.has(scenario))
      .map((scenario) => [scenario, problems(results.get(scenario))] as const)
      .filter(([, failing]) => failing.length > 0);
    assert.equal(
      unexpected.length,
      0,
      `scenarios failing that are not expected to:\n${unexpected
        .map(([scenario, failing]) => describeProblems(scenario, failing))
        .join('\n')}`,
    );
  });

  test('every scenario in expected-failures.yaml still fails (the list cannot go stale)', () => {
    const notRun = [...expected.keys()].filter((scenario) => !ran.includes(scenario));
    assert.deepEqual(notRun, [], 'listed but not run by this version of the suite: remove them');
    const nowPassing = [...expected.keys()].filter(
      (scenario) => problems(results.get(scenario)).length === 0,
    );
    assert.deepEqual(nowPassing, [], 'listed but passing now: remove them from the file');
  });

  test('every entry in expected-failures.yaml gives a reason', () => {
    assert.ok(expected.size > 0, 'expected-failures.yaml has no server entries');
    const withoutReason = [...expected].filter(([, reason]) => reason === '').map(([s]) => s);
    assert.deepEqual(withoutReason, [], 'add a one-line `# reason` comment to each entry');
  });

  test("the CLI's own --expected-failures check agrees (exit code 0)", () => {
    assert.equal(
      run.code,
      0,
      `conformance exited ${run.code ?? run.signal}\n${run.stdout.slice(-2000)}\n${run.stderr.slice(-2000)}`,
    );
  });
});

describe('MCP conformance: dns-rebinding-protection with MCP_ALLOWED_ORIGINS narrowed', {
  timeout: 60_000,
}, () => {
  // By default the service allows any browser Origin (decisions.md §7), so this scenario is
  // an expected failure above; a deployment that narrows MCP_ALLOWED_ORIGINS must pass it.
  let server: TestServer;
  let outputDir: string;
  let run: CliRun;

  before(async () => {
    const port = await freePort();
    server = await startTestServer({
      snapshot: buildDemoSnapshot(Date.now()),
      env: {
        RATE_LIMIT: 'off',
        PORT: String(port),
        MCP_ALLOWED_ORIGINS: `http://127.0.0.1:${port}`,
      },
    });
    outputDir = await mkdtemp(join(tmpdir(), 'reset-records-conformance-'));
    run = await runConformanceCli([
      'server',
      '--url',
      `${server.origin}/mcp`,
      '--scenario',
      'dns-rebinding-protection',
      '--output-dir',
      outputDir,
    ]);
  });

  after(async () => {
    await server?.close();
    if (outputDir) await rm(outputDir, { recursive: true, force: true });
  });

  test('a foreign Host/Origin is refused and the own origin accepted', async () => {
    const checks = (await readResults(outputDir)).get('dns-rebinding-protection');
    assert.ok(checks !== undefined && checks.length > 0, `no results\n${run.stdout.slice(-2000)}`);
    assert.deepEqual(
      problems(checks),
      [],
      describeProblems('dns-rebinding-protection', problems(checks)),
    );
    assert.equal(run.code, 0, run.stdout.slice(-2000));
  });
});
