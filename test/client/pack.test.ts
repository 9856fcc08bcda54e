import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { sampleSnapshot } from '../../src/producer/demo/sample-ledger.ts';
import { ROOT } from '../support/process.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * `npm pack` of packages/client gives a tarball a project can install: packed from a copy
 * (so the build never writes into the working tree), its `prepack` builds JS and .d.ts
 * with the repository's tsc, `npm install <tarball> --offline` installs it into an empty
 * project, and that project imports it, type-checks against it and reads the real server.
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
  server = await startTestServer({
    snapshot: sampleSnapshot(Date.now()),
    env: { RATE_LIMIT: 'off' },
  });
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
