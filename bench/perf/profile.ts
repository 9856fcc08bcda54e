/**
 * Summary of a V8 `.cpuprofile` (written by `node --cpu-prof`): self time per function
 * (name + file + line) and per bucket (fastify, pino, prom-client, quota, query, MCP SDK,
 * zod, node internals, GC, idle...), counted over the samples taken while the load ran.
 *
 * A sample's time is the gap to the next sample (as Chrome DevTools counts it). The
 * profile's timestamps are microseconds of the monotonic clock, the same clock as
 * `process.hrtime` in the bench process, so the load window can be cut out of a profile
 * that also covers start-up and shutdown.
 */
import { fileURLToPath } from 'node:url';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}

export interface CpuProfile {
  readonly nodes: ReadonlyArray<{
    readonly id: number;
    readonly callFrame: CallFrame;
    readonly children?: readonly number[];
  }>;
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface Entry {
  readonly name: string;
  readonly bucket: string;
  /** Self time in milliseconds. */
  readonly ms: number;
}

export interface ProfileSummary {
  /** Milliseconds of samples counted (the load window, or the whole profile as a fallback). */
  readonly totalMs: number;
  /** Whether the samples were cut to the load window. */
  readonly windowed: boolean;
  readonly buckets: readonly Entry[];
  readonly functions: readonly Entry[];
}

const ROOT_URL = new URL('../../', import.meta.url).href;
const ROOT_PATH = fileURLToPath(ROOT_URL);

export const IDLE = 'idle (waiting for the network)';
/** Native bindings that are the system call writing a response to its socket. */
const WRITES = new Set(['writev', 'writeBuffer']);
export const GC = 'GC';

const PACKAGE_BUCKETS: Record<string, string> = {};
const assign = (bucket: string, packages: string[]) => {
  for (const name of packages) PACKAGE_BUCKETS[name] = bucket;
};
assign('fastify', [
  'fastify',
  'find-my-way',
  'avvio',
  'fast-json-stringify',
  'light-my-request',
  'fast-querystring',
  'toad-cache',
  'process-warning',
  'abstract-logging',
  'fast-decode-uri-component',
  'secure-json-parse',
  'rfdc',
  'ret',
  'safe-regex2',
  'semver',
]);
assign('pino (logging)', [
  'pino',
  'sonic-boom',
  'thread-stream',
  'pino-std-serializers',
  'pino-abstract-transport',
  '@pinojs/redact',
  'quick-format-unescaped',
  'on-exit-leak-free',
  'atomic-sleep',
  'safe-stable-stringify',
  'real-require',
]);
assign('prom-client (metrics)', ['prom-client', 'tdigest', 'bintrees']);
assign('zod', ['zod']);
assign('quota (src/quota, ipaddr.js)', ['ipaddr.js']);
assign('tsx (loader)', ['tsx', 'esbuild', 'get-tsconfig']);

export function bucketOf(functionName: string, url: string): string {
  if (functionName === '(garbage collector)') return GC;
  if (functionName === '(idle)') return IDLE;
  if (functionName === '(program)' || functionName === '(root)') return 'V8 (program)';
  // esbuild's keepNames helper, which tsx adds to every function expression it transpiles:
  // a closure created per request pays a defineProperty call each time.
  if (functionName === '__name') return 'tsx keepNames helper (__name)';
  if (url === '')
    return WRITES.has(functionName)
      ? 'socket writes (writev syscall)'
      : 'native (builtins, bindings)';
  if (url.includes('internal/deps/undici')) return 'undici (web Request/Response)';
  if (url.startsWith('node:')) return 'node internals (http, net, streams...)';
  const packages = [...url.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
  const pkg = packages.at(-1)?.[1];
  if (pkg !== undefined) {
    if (pkg.startsWith('@modelcontextprotocol/')) return 'MCP SDK';
    if (pkg.startsWith('@fastify/')) return 'fastify';
    return PACKAGE_BUCKETS[pkg] ?? `other dependencies (${pkg})`;
  }
  if (url.includes('/src/service/quota/')) return 'quota (src/quota, ipaddr.js)';
  if (url.includes('/src/shared/domain/')) return 'service domain (src/domain: ApiError...)';
  if (url.includes('/src/service/query/')) return 'query (src/query)';
  if (url.includes('/src/service/mcp/')) return 'service MCP route (src/mcp)';
  if (url.includes('/src/service/observability/'))
    return 'service metrics/log glue (src/observability)';
  if (url.includes('/src/service/http/')) return 'service HTTP glue (src/http)';
  if (url.includes('/src/')) return 'service, other (src)';
  return 'other';
}

function shortUrl(url: string): string {
  let path = url.startsWith(ROOT_URL)
    ? url.slice(ROOT_URL.length)
    : url.startsWith(ROOT_PATH)
      ? url.slice(ROOT_PATH.length)
      : url;
  const nm = path.lastIndexOf('node_modules/');
  if (nm !== -1) path = path.slice(nm + 'node_modules/'.length);
  return path;
}

export function summarize(
  profile: CpuProfile,
  window?: { readonly startUs: number; readonly endUs: number },
): ProfileSummary {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  /**
   * A native frame without a file (a builtin such as JSON.stringify, a C++ binding) counts
   * in the bucket of the nearest JavaScript function that called it; system calls apart.
   */
  const bucketWithCaller = (id: number, frame: CallFrame): string => {
    const own = bucketOf(frame.functionName, frame.url);
    if (own !== 'native (builtins, bindings)') return own;
    for (let up = parents.get(id); up !== undefined; up = parents.get(up)) {
      const caller = frames.get(up)!;
      if (caller.url !== '' || caller.functionName === '__name')
        return bucketOf(caller.functionName, caller.url);
    }
    return own;
  };
  const { samples, timeDeltas } = profile;
  const times: number[] = new Array(samples.length);
  let t = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    t += timeDeltas[i] ?? 0;
    times[i] = t;
  }
  const inWindow = (i: number) =>
    window === undefined || (times[i]! >= window.startUs && times[i]! <= window.endUs);
  let counted = 0;
  for (let i = 0; i < samples.length; i++) if (inWindow(i)) counted++;
  // Fall back to the whole profile if the clocks did not line up (then start-up is in it).
  const windowed = window !== undefined && counted > samples.length * 0.1;

  const selfByNode = new Map<number, number>();
  let totalUs = 0;
  for (let i = 0; i < samples.length; i++) {
    if (windowed && !inWindow(i)) continue;
    const next = i + 1 < samples.length ? times[i + 1]! : profile.endTime;
    const us = Math.max(0, next - times[i]!);
    selfByNode.set(samples[i]!, (selfByNode.get(samples[i]!) ?? 0) + us);
    totalUs += us;
  }

  const byFunction = new Map<string, Entry>();
  const byBucket = new Map<string, number>();
  for (const [id, us] of selfByNode) {
    const frame = frames.get(id);
    if (frame === undefined) continue;
    const bucket = bucketWithCaller(id, frame);
    byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + us);
    // Positions in transpiled .ts files are those of tsx's output, not of the source.
    const line = frame.url.endsWith('.ts') ? '' : `:${frame.lineNumber + 1}`;
    const where = frame.url === '' ? '' : ` ${shortUrl(frame.url)}${line}`;
    const name = `${frame.functionName || '(anonymous)'}${where}`;
    const previous = byFunction.get(name);
    byFunction.set(name, { name, bucket, ms: (previous?.ms ?? 0) + us / 1000 });
  }
  const descending = (a: Entry, b: Entry) => b.ms - a.ms;
  return {
    totalMs: totalUs / 1000,
    windowed,
    buckets: [...byBucket]
      .map(([name, us]) => ({ name, bucket: name, ms: us / 1000 }))
      .sort(descending),
    functions: [...byFunction.values()].sort(descending),
  };
}
