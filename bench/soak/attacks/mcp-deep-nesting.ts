/**
 * Attack (d), CPU-heavy MCP bodies: POST /mcp with bodies just under the 64 KiB limit
 * that are as expensive as JSON gets: 20,000 nested arrays around thousands of float
 * literals, the same nested inside a tool call's `page` argument (which the service
 * scans for float literals in the raw text), and 10,900 nested objects. Each must be
 * answered quickly with a JSON-RPC error (or a tool error), never a 5xx or a stall.
 */
import { AddressSequence, BLOCKS } from '../addresses.ts';
import { checkHttpError, isForbidden5xx } from '../contract.ts';
import { send, type Target } from '../http-client.ts';
import { sleep } from '../lifecycle.ts';
import { checkProtocolReply, META, MODERN } from '../mcp.ts';
import { entry, Reservoir, type StatusTable, type Violations } from '../stats.ts';

export interface DeepNestingStats {
  sent: number;
  /** By variant, the latencies in ms of the answers. */
  latenciesMs: Record<string, Reservoir>;
  failures: Record<string, number>;
}

/** Fastify's body limit for /mcp: 64 KiB. */
const MAX_BODY = 64 * 1024;
const DEPTH = 20_000;
const PAUSE_MS = 100;
const TIMEOUT_MS = 30_000;

/** Fills `open + floats + close` up to MAX_BODY bytes with `1.0,` literals. */
function filled(open: string, close: string): string {
  const room = MAX_BODY - open.length - close.length - 3;
  return `${open}${'1.0,'.repeat(Math.floor(room / 4))}1.0${close}`;
}

export const BODIES: Record<string, string> = {
  'nested arrays': filled('['.repeat(DEPTH), ']'.repeat(DEPTH)),
  'nested in tool arguments': filled(
    `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_reset_records","_meta":${META},"arguments":{"page":${'['.repeat(DEPTH)}`,
    `${']'.repeat(DEPTH)}}}}`,
  ),
  'nested objects': `${'{"a":'.repeat(10_900)}1.0${'}'.repeat(10_900)}`,
};

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': MODERN,
  'mcp-method': 'tools/call',
  'mcp-name': 'list_reset_records',
};

export async function mcpDeepNesting(
  target: Target,
  concurrency: number,
  durationMs: number,
  signal: AbortSignal,
  statuses: StatusTable,
  violations: Violations,
): Promise<DeepNestingStats> {
  for (const [name, body] of Object.entries(BODIES)) {
    if (Buffer.byteLength(body) > MAX_BODY) throw new Error(`soak bug: body "${name}" too large`);
  }
  const stats: DeepNestingStats = { sent: 0, latenciesMs: {}, failures: {} };
  const variants = Object.keys(BODIES);
  const addresses = new AddressSequence(BLOCKS.mcpDeepNesting);
  const started = Date.now();
  const maxPerSender = Math.ceil(durationMs / PAUSE_MS) + 1;

  const sender = async (index: number) => {
    for (let n = 0; n < maxPerSender && !signal.aborted && Date.now() - started < durationMs; n++) {
      const variant = variants[(n + index) % variants.length]!;
      stats.sent++;
      const reply = await send(target, {
        method: 'POST',
        path: '/mcp',
        headers: HEADERS,
        body: BODIES[variant],
        localAddress: addresses.take(),
        timeoutMs: TIMEOUT_MS,
      });
      entry(stats.latenciesMs, variant, () => new Reservoir()).add(reply.ms);
      if (!reply.ok) {
        statuses.add('attack: MCP deep nesting', reply.error);
        stats.failures[reply.error] = (stats.failures[reply.error] ?? 0) + 1;
      } else {
        statuses.add('attack: MCP deep nesting', reply.status);
        if (isForbidden5xx(reply)) {
          violations.add('5xx', `MCP ${variant}: HTTP ${reply.status} ${reply.body.slice(0, 120)}`);
        }
        const problem = reply.status === 413 ? checkHttpError(reply) : checkProtocolReply(reply);
        if (problem !== undefined) violations.add('error body', `MCP ${variant}: ${problem}`);
      }
      await sleep(PAUSE_MS, signal);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => sender(i)));
  return stats;
}
