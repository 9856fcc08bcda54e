/**
 * Throughput benchmark. Every figure is reported as a ratio against a baseline measured
 * in the same run on the same machine, never as an absolute target:
 *  - each endpoint against GET /healthz on the same server (cost of the API over the
 *    bare framework: quota, strict query parsing, ETag, cached JSON);
 *  - MCP tools/call against GET /openapi/v1/records for the same page (cost of the protocol);
 *  - the same requests on a 100,000-record snapshot against a 100-record one (a request
 *    must cost O(pageSize + log n): the ratio should stay near 1).
 * The server runs in its own process (2 cores: one for it, one for the load generator).
 *
 * Usage: npm run bench [-- --duration 5 --connections 10]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { syntheticSnapshot } from './synthetic-snapshot.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startService(
  snapshotPath: string,
): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve'], {
    env: {
      ...process.env,
      PORT: String(port),
      SNAPSHOT_PATH: snapshotPath,
      // The quota stays on (its cost is part of every request) but never refuses here:
      // a 1-s window keeps the log short while far more requests fit in it than arrive.
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_WINDOW_SECONDS: '1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200 && child.exitCode === null; i++) {
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { origin, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('service did not become ready');
}

interface Target {
  readonly path: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

async function measure(origin: string, target: Target): Promise<number> {
  const url = origin + target.path;
  const result = await autocannon({ url, connections, duration, pipelining: 1, ...target });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return result.requests.average;
}

/** The same page as GET /openapi/v1/records?pageSize=10, asked through MCP. */
const toolCall = (protocolVersion: string, modern: boolean): Target => ({
  path: '/mcp',
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': protocolVersion,
    ...(modern ? { 'mcp-method': 'tools/call', 'mcp-name': 'list_reset_records' } : {}),
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'list_reset_records',
      arguments: { pageSize: 10 },
      ...(modern
        ? {
            _meta: {
              'io.modelcontextprotocol/protocolVersion': protocolVersion,
              'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          }
        : {}),
    },
  }),
});

const TARGETS: Record<string, Target> = {
  healthz: { path: '/healthz' },
  'records (page 1)': { path: '/openapi/v1/records?pageSize=10' },
  'records (deep page)': { path: '/openapi/v1/records?page=40&pageSize=10' },
  'records (reset_scheduled)': { path: '/openapi/v1/records?kind=reset_scheduled' },
  'records/latest': { path: '/openapi/v1/records/latest' },
  'MCP tools/call (2026-07-28)': toolCall('2026-07-28', true),
  'MCP tools/call (2025-11-25)': toolCall('2025-11-25', false),
};

const dir = await mkdtemp(join(tmpdir(), 'reset-records-bench-'));
const results: Record<string, Record<string, number>> = {};
try {
  for (const size of [100, 100_000]) {
    const path = join(dir, `snapshot-${size}.json`);
    await writeFile(path, JSON.stringify(syntheticSnapshot(size, Date.now())));
    const { origin, child } = await startService(path);
    try {
      await measure(origin, TARGETS.healthz!); // warm-up
      const row: Record<string, number> = {};
      for (const [name, target] of Object.entries(TARGETS))
        row[name] = await measure(origin, target);
      results[size] = row;
    } finally {
      child.kill('SIGTERM');
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

const small = results[100]!;
const large = results[100_000]!;
console.log(`\n${connections} connections, ${duration} s per figure, requests/s (average)\n`);
console.log('| request | 100 records | ÷ healthz | 100,000 records | ÷ healthz | 100k ÷ 100 |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const name of Object.keys(TARGETS)) {
  const s = small[name]!;
  const l = large[name]!;
  console.log(
    `| ${name} | ${s.toFixed(0)} | ${(s / small.healthz!).toFixed(2)} | ${l.toFixed(0)} | ${(l / large.healthz!).toFixed(2)} | ${(l / s).toFixed(2)} |`,
  );
}

const page = 'records (page 1)';
console.log(
  '\nThe same page over MCP, against GET /openapi/v1/records?pageSize=10 on the same server:\n',
);
console.log('| request | 100 records | ÷ GET records | 100,000 records | ÷ GET records |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const name of Object.keys(TARGETS).filter((key) => key.startsWith('MCP'))) {
  const s = small[name]!;
  const l = large[name]!;
  console.log(
    `| ${name} | ${s.toFixed(0)} | ${(s / small[page]!).toFixed(2)} | ${l.toFixed(0)} | ${(l / large[page]!).toFixed(2)} |`,
  );
}
