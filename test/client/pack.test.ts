import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { sampleSnapshot } from '../../src/producer/demo/sample-ledger.ts';
import { launchBrowser } from '../support/browser.ts';
import { ROOT } from '../support/process.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * `npm pack` of packages/client gives a tarball a project can install: packed from a copy
 * (so the build never writes into the working tree), its `prepack` builds JS and .d.ts
 * with the repository's tsc, `npm install <tarball> --offline` installs it into an empty
 * project, and that project imports it, type-checks against it and reads the real server;
 * the same built files run in Chromium, from another origin than the service's.
 */

const run = promisify(execFile);
const PATH = `${join(ROOT, 'node_modules', '.bin')}${delimiter}${process.env['PATH']}`;
const env = { ...process.env, PATH, npm_config_update_notifier: 'false', npm_config_fund: 'false' };

let dir: string;
let server: TestServer;
let tarball: string;
let packed: { files: Array<{ path: string }> };

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reset-records-client-pack-'));
  // The quota on (20 an hour): the browser must read X-RateLimit-* cross-origin.
  server = await startTestServer({ snapshot: sampleSnapshot(Date.now()) });
  await cp(join(ROOT, 'packages', 'client'), join(dir, 'client'), {
    recursive: true,
    filter: (source) => !/[/\\](dist|node_modules)$/.test(source),
  });
  const { stdout } = await run('npm', ['pack', '--json', '--offline', '--pack-destination', dir], {
    cwd: join(dir, 'client'),
    env,
  });
  // npm prints prepack's output before the JSON.
  [packed] = JSON.parse(stdout.slice(stdout.indexOf('\n[') + 1)) as [typeof packed];
  tarball = join(dir, (await readdir(dir)).find((name) => name.endsWith('.tgz'))!);
});
after(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

test('the tarball holds the built JS, the .d.ts, package.json and README, and no TypeScript source', () => {
  const files = packed.files.map((file) => file.path).sort();
  for (const file of [
    'package.json',
    'README.md',
    'dist/index.js',
    'dist/index.d.ts',
    'dist/generated/types.d.ts',
  ]) {
    assert.ok(files.includes(file), file);
  }
  assert.deepEqual(
    files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')),
    [],
  );
});

test('the built JS uses only what Node 20, browsers and Deno share: no node: modules, process or Buffer', async () => {
  const built = join(dir, 'client', 'dist');
  for (const name of await readdir(built, { recursive: true })) {
    if (!name.endsWith('.js')) continue;
    const text = await readFile(join(built, name), 'utf8');
    assert.doesNotMatch(text, /from ['"]node:|require\(|\bprocess\.|\bBuffer\b/, name);
    assert.doesNotMatch(text, /from ['"]\.[^'"]+\.ts['"]/, `${name} imports .js, not .ts`);
  }
});

test('a project installs the tarball offline, imports it, type-checks against it and reads the server', async () => {
  const project = join(dir, 'project');
  await cp(join(ROOT, 'test', 'client', 'consumer'), project, { recursive: true });
  await run('npm', ['install', tarball, '--offline', '--no-audit', '--ignore-scripts'], {
    cwd: project,
    env,
  });
  const manifest = JSON.parse(await readFile(join(project, 'package.json'), 'utf8'));
  assert.match(manifest.dependencies['@reset-records/client'], /^file:/);
  // The consumer's TypeScript compiles against the shipped .d.ts (strict, nodenext).
  await run('tsc', ['-p', project], { cwd: project, env });
  const { stdout } = await run(process.execPath, [join(project, 'consumer.mjs'), server.origin], {
    cwd: project,
    env,
  });
  const status = (await server.get('/status.json')).json() as {
    next: { recordId: string };
    lastReset: { recordId: string };
  };
  assert.deepEqual(JSON.parse(stdout), {
    next: status.next.recordId,
    complete: true,
    last: status.lastReset.recordId,
    error: 'QueryError',
  });
});

test('the built package runs in Chromium, cross-origin: answers, quota headers, 304 revalidation', async () => {
  const built = join(dir, 'client', 'dist');
  const page = `<!doctype html><title>client</title><script type="module">
    import { createClient } from './index.js';
    const client = createClient({ baseUrl: ${JSON.stringify(server.origin)} });
    const next = await client.nextSchedule();
    const first = await client.status();
    const again = await client.status();
    window.result = {
      next: next.next?.record.id, complete: next.complete,
      same: JSON.stringify(first) === JSON.stringify(again), quota: client.quota,
    };
  </script>`;
  // The page and the built files from one origin, the service on another.
  const files = createServer(async (req, res) => {
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    const name = req.url!.slice(1);
    if (!/^[\w/.-]+\.js$/.test(name) || name.includes('..')) return res.writeHead(404).end();
    const text = await readFile(join(built, name), 'utf8').catch(() => null);
    if (text === null) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(text);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    tab.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const statuses: number[] = [];
    tab.on('response', (response) => {
      if (response.url().endsWith('/status.json') && response.request().method() === 'GET') {
        statuses.push(response.status());
      }
    });
    await tab.goto(`http://127.0.0.1:${(files.address() as AddressInfo).port}/`);
    await tab
      .waitForFunction('"result" in window', undefined, { timeout: 10_000 })
      .catch((error: Error) => assert.fail(`${error.message}: ${errors.join('; ')}`));
    const result = (await tab.evaluate('window.result')) as {
      next: string;
      complete: boolean;
      same: boolean;
      quota: { limit: number; remaining: number } | null;
    };
    const status = (await server.get('/status.json')).json() as { next: { recordId: string } };
    assert.deepEqual(errors, []);
    assert.deepEqual(
      { next: result.next, complete: result.complete, same: result.same },
      { next: status.next.recordId, complete: true, same: true },
    );
    assert.equal(result.quota?.limit, 20, 'X-RateLimit-* are readable cross-origin');
    assert.deepEqual(statuses, [200, 304], 'the second status() revalidated with If-None-Match');
    await context.close();
  } finally {
    await browser.close();
    await new Promise((resolve) => files.close(resolve));
  }
});
