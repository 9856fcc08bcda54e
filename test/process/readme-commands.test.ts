import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { request } from '../support/http.ts';
import { section, shellCommands } from '../support/markdown-commands.ts';
import { cleanEnv, endProcessGroup, ROOT } from '../support/process.ts';
import { waitFor } from '../support/server.ts';

/**
 * The README's commands, run as a newcomer runs them in a fresh clone: `npm start` through
 * npm (on a free port instead of 8080, which may be taken here), then every curl line of
 * "What it serves" by the shell, as written but for the port: each must exit 0 with the
 * answer the README promises. The quick start's `npm ci` and `npm test` cannot run inside a
 * test: the lock file must be in step with package.json (or `npm ci` refuses), and `.ci/run`
 * must run exactly `npm test`. Every command must have its check here, so a new one cannot
 * be added to the README without one.
 */

const run = promisify(execFile);
const README = join(ROOT, 'README.md');
const README_ORIGIN = 'http://127.0.0.1:8080';
/** `npm start`'s line for people, the URL it serves on. */
const SERVING =
  /^reset-records: serving the demo on (http:\/\/127\.0\.0\.1:\d+) \(open it in a browser\)$/m;

/** What each curl line of the README must print, by the path it asks for. */
const ANSWERS: Record<string, (output: string) => void> = {
  '/openapi/v1/records/latest': (output) => {
    const body = JSON.parse(output) as { ok: boolean; data: { id: string } };
    assert.equal(body.ok, true);
    assert.match(body.data.id, /\S/);
  },
  '/openapi/v1/records?kind=reset_scheduled&page=1&pageSize=5': (output) => {
    const body = JSON.parse(output) as { ok: boolean; data: { items: { kind: string }[] } };
    assert.equal(body.ok, true);
    assert.ok(body.data.items.length >= 1 && body.data.items.length <= 5, output);
    assert.ok(body.data.items.every((item) => item.kind === 'reset_scheduled'));
  },
  '/openapi/v1/openapi.json': (output) => {
    assert.equal(output.length, 200);
    assert.ok(output.startsWith('{"openapi":"3.1.0"'), output);
  },
  '/feed.xml': (output) => {
    assert.equal(output.length, 200);
    assert.match(output, /^<\?xml [^>]*\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom"[ >]/);
  },
  '/calendar.ics': (output) => {
    const lines = output.split(/\r?\n/).filter(Boolean);
    assert.equal(lines.length, 5);
    assert.equal(lines[0], 'BEGIN:VCALENDAR');
  },
  '/skill/SKILL.md': (output) => {
    const lines = output.split('\n');
    assert.equal(lines[0], '---');
    assert.equal(lines[1], 'name: reset-records');
  },
  '/readyz': (output) => {
    assert.deepEqual(JSON.parse(output), { ok: true, snapshot: 'loaded', quotaStore: 'reachable' });
  },
};

describe("the README's commands", () => {
  let readme: string;
  let start: ChildProcess;
  let stderr = '';
  let origin: string;

  before(async () => {
    readme = await readFile(README, 'utf8');
    // Detached: npm's child and grandchild (sh, node) are one process group, ended together.
    start = spawn('npm', ['start'], {
      cwd: ROOT,
      env: cleanEnv({ PORT: '0' }),
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    start.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    await waitFor(async () => SERVING.test(stderr) || start.exitCode !== null, 60_000).catch(
      () => undefined,
    );
    const match = SERVING.exec(stderr);
    assert.ok(match, `npm start said where it serves:\n${stderr}`);
    origin = match[1]!;
  });
  after(async () => {
    if (start) await endProcessGroup(start);
  });

  test('the quick start: npm ci, npm start (one line for people, the URL), npm test', async () => {
    const commands = shellCommands(section(readme, 'Quick start'));
    assert.deepEqual(commands, ['npm ci', 'npm start', 'npm ci', 'npm test']);
    // npm start: serving, and the page it points at is there.
    const page = await request(origin, '/');
    assert.equal(page.status, 200);
    assert.match(page.headers['content-type'] as string, /^text\/html/);
    // npm ci: it refuses a lock file out of step with package.json.
    const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8'));
    const root = lock.packages[''];
    assert.deepEqual(root.dependencies, manifest.dependencies);
    assert.deepEqual(root.devDependencies, manifest.devDependencies);
    // npm test: what CI runs, exactly.
    const ci = await readFile(join(ROOT, '.ci', 'run'), 'utf8');
    assert.match(ci, /^ {2}npm test >"\$log" 2>&1 \|\| status=\$\?$/m);
    assert.match(manifest.scripts.test, /^node scripts\/run-tests\.mjs/);
  });

  test('"What it serves": every curl line, run by the shell, exits 0 with the answer promised', async () => {
    const commands = shellCommands(section(readme, 'What it serves'));
    const curls = commands.filter((command) => command.startsWith('curl '));
    assert.deepEqual(commands, curls, 'only curl lines');
    const checked = new Set<string>();
    for (const command of curls) {
      assert.ok(command.includes(README_ORIGIN), command);
      const url = new URL(/(https?:\/\/[^\s']+)/.exec(command)![1]!);
      const path = `${url.pathname}${url.search}`;
      const check = ANSWERS[path];
      assert.ok(check, `a check of what ${command} prints`);
      const { stdout } = await run('bash', ['-c', command.replaceAll(README_ORIGIN, origin)], {
        timeout: 15_000,
      });
      check(stdout);
      checked.add(path);
    }
    assert.deepEqual([...checked].sort(), Object.keys(ANSWERS).sort(), 'every check used');
  });

  test('the paths in the table of "What it serves" answer', async () => {
    const table = section(readme, 'What it serves');
    const paths = [...table.matchAll(/^\| (`[^|]+`) \|/gm)].flatMap((row) =>
      [...row[1]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!),
    );
    assert.ok(paths.length >= 12, String(paths));
    const latest = (await request(origin, '/openapi/v1/records/latest')).json() as {
      data: { id: string };
    };
    for (const path of paths) {
      // /records/ID stands for a record's id; /mcp takes POST (a GET is answered 405); /push/*
      // answer only with VAPID keys, which `npm start` has not (404, as the row says).
      const asked = path === '/records/ID' ? `/records/${latest.data.id}` : path;
      const response = await request(origin, asked);
      assert.equal(
        response.status,
        path === '/mcp' ? 405 : path.startsWith('/push/') ? 404 : 200,
        `${asked}: ${response.text.slice(0, 200)}`,
      );
    }
  });

  test('`npx reset-records --help` in the clone runs the CLI without reaching the registry', async () => {
    const cache = await mkdtemp(join(tmpdir(), 'reset-records-npx-'));
    try {
      // A fresh npm cache and a registry address where nothing listens: any fetch would fail.
      const { stdout } = await run('npx', ['reset-records', '--help'], {
        cwd: ROOT,
        env: {
          ...cleanEnv({}),
          npm_config_cache: cache,
          npm_config_registry: 'http://127.0.0.1:9/',
          npm_config_update_notifier: 'false',
        },
        timeout: 60_000,
      });
      assert.match(stdout, /^reset-records: the Public Reset Records Service and its producer\n/);
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  });
});
