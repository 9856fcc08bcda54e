/**
 * The rows of issue 12, grouped by the service configuration they need (one service
 * process per group, one bare server per row). Rows are reported in `order`.
 */
import type { RequestShape } from './capture.ts';
import {
  connectRedis,
  deleteRunKeys,
  KEY_PREFIX,
  REDIS_URL,
  type RedisFigures,
  watchRedis,
} from './redis-quota.ts';

export interface Row {
  readonly id: string;
  readonly order: number;
  readonly title: string;
  /** The target for the ratio (or the p99), as written there. */
  readonly target: string;
  readonly shape: RequestShape;
  /** Headers varied per request during the load (not in the capture). */
  readonly perRequestHeaders?: () => Record<string, string>;
  /** Extra headers of the one request whose response is captured for the bare server. */
  readonly captureHeaders?: Readonly<Record<string, string>>;
  readonly expectStatus: number;
  /** The captured body must contain this (it proves the intended path was taken). */
  readonly expectBody?: string;
  /** ... and must not contain this. */
  readonly refuseBody?: string;
  /** Profiled by `--profile`. */
  readonly profile: boolean;
  /** The bare server is profiled too, as the reference for the platform's share. */
  readonly profileBare?: boolean;
  /** For size rows: compare this row's ratio with that row's. */
  readonly compareWith?: string;
}

export interface Group {
  readonly name: string;
  readonly snapshotSize: number;
  readonly env: Readonly<Record<string, string>>;
  /** Runs once against the fresh service before its rows (e.g. exhausting a quota). */
  readonly prepare?: (origin: string) => Promise<void>;
  /** Runs before the group's service starts (e.g. checking that Redis is there). */
  readonly setUp?: () => Promise<void>;
  /** Runs after the group's service stopped, even after a failure (e.g. deleting its keys). */
  readonly tearDown?: () => Promise<void>;
  /**
   * Watches something beside each side's load in the timed rounds (Redis's command
   * counters): called right before the load, its result right after; kept with the round.
   */
  readonly watch?: () => Promise<() => Promise<RedisFigures>>;
  readonly rows: readonly Row[];
}

export const LIST = '/openapi/v1/records';
export const LATEST = '/openapi/v1/records/latest';

/** A tools/call of list_reset_records for the same page as GET /openapi/v1/records. */
export function toolCall(protocolVersion: string, modern: boolean): RequestShape {
  return {
    method: 'POST',
    path: '/mcp',
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
  };
}

const MCP_MODERN = toolCall('2026-07-28', true);
const MCP_LEGACY = toolCall('2025-11-25', false);

/** The next client address: 10.0.0.1, 10.0.0.2, ... (16 million of them, then again). */
let nextClient = 0;
export function nextForwardedFor(): Record<string, string> {
  nextClient = (nextClient + 1) & 0xffffff;
  const n = nextClient;
  return { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

const get = (path: string): RequestShape => ({ method: 'GET', path });

async function exhaustQuota(origin: string): Promise<void> {
  // RATE_LIMIT_MAX=1: the first counted request takes the whole quota of 127.0.0.1.
  const response = await fetch(origin + LIST);
  await response.arrayBuffer();
  const again = await fetch(origin + LIST);
  await again.arrayBuffer();
  if (again.status !== 429) throw new Error(`quota not exhausted: ${again.status}`);
}

export const GROUPS: readonly Group[] = [
  {
    name: 'quota off, 1,000 records',
    snapshotSize: 1_000,
    env: { RATE_LIMIT: 'off' },
    rows: [
      {
        id: 'records',
        order: 1,
        title: '`GET /openapi/v1/records` page 1, quota off',
        target: '≥ 0.85',
        shape: get(LIST),
        expectStatus: 200,
        profile: true,
        profileBare: true,
      },
      {
        id: 'mcp',
        order: 4,
        title: 'MCP `tools/call list_reset_records` (2026-07-28), quota off',
        target: '≥ 0.40',
        shape: MCP_MODERN,
        expectStatus: 200,
        expectBody: 'items',
        refuseBody: 'rate_limited',
        profile: true,
      },
      {
        id: 'latest-all',
        order: 9,
        title: '`GET /openapi/v1/records/latest`, quota off',
        target: '',
        shape: get(LATEST),
        expectStatus: 200,
        profile: false,
      },
      {
        id: 'latest-scheduled',
        order: 10,
        title: '`GET /openapi/v1/records/latest?kind=reset_scheduled`, quota off',
        target: '',
        shape: get(`${LATEST}?kind=reset_scheduled`),
        expectStatus: 200,
        profile: false,
      },
      {
        id: 'latest-completed',
        order: 11,
        title: '`GET /openapi/v1/records/latest?kind=reset_completed`, quota off',
        target: '',
        shape: get(`${LATEST}?kind=reset_completed`),
        expectStatus: 200,
        profile: false,
      },
      {
        id: 'mcp-legacy',
        order: 12,
        title: 'MCP `tools/call list_reset_records` (2025-11-25), quota off',
        target: '≥ 0.40',
        shape: MCP_LEGACY,
        expectStatus: 200,
        expectBody: 'items',
        refuseBody: 'rate_limited',
        profile: false,
      },
    ],
  },
  {
    name: 'memory quota admitting, many clients, 1,000 records',
    snapshotSize: 1_000,
    env: { RATE_LIMIT: 'on', RATE_LIMIT_MAX: '1000000', TRUST_PROXY: '127.0.0.1' },
    rows: [
      {
        id: 'records-quota',
        order: 2,
        title: 'same, memory quota admitting (many clients: `X-Forwarded-For` from a pool)',
        target: '≥ 0.75',
        shape: get(LIST),
        perRequestHeaders: nextForwardedFor,
        captureHeaders: { 'x-forwarded-for': '10.255.255.255' },
        expectStatus: 200,
        profile: true,
      },
    ],
  },
  {
    name: 'Redis quota admitting, many clients, 1,000 records',
    snapshotSize: 1_000,
    env: {
      RATE_LIMIT: 'on',
      RATE_LIMIT_MAX: '1000000',
      TRUST_PROXY: '127.0.0.1',
      REDIS_URL,
      REDIS_KEY_PREFIX: KEY_PREFIX,
    },
    setUp: connectRedis,
    tearDown: async () => {
      await deleteRunKeys();
    },
    watch: watchRedis,
    rows: [
      {
        id: 'records-redis',
        order: 13,
        title: 'same as row 2, quota in Redis (local, `REDIS_URL`)',
        target: '≥ 0.45',
        shape: get(LIST),
        perRequestHeaders: nextForwardedFor,
        captureHeaders: { 'x-forwarded-for': '10.255.255.254' },
        expectStatus: 200,
        profile: false,
      },
    ],
  },
  {
    name: 'one client over its quota, 1,000 records',
    snapshotSize: 1_000,
    env: { RATE_LIMIT: 'on', RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW_SECONDS: '86400' },
    prepare: exhaustQuota,
    rows: [
      {
        id: 'records-429',
        order: 3,
        title: 'one client over its quota: `GET /openapi/v1/records` → 429',
        target: '≥ 0.90',
        shape: get(LIST),
        expectStatus: 429,
        expectBody: 'rate_limited',
        profile: true,
        profileBare: true,
      },
      {
        id: 'mcp-429',
        order: 5,
        title: 'MCP `tools/call` over quota (200, error result), 2026-07-28',
        target: '≥ 0.70',
        shape: MCP_MODERN,
        expectStatus: 200,
        expectBody: 'rate_limited',
        profile: true,
      },
      {
        id: 'mcp-legacy-429',
        order: 20,
        title: 'MCP `tools/call` over quota (200, error result), 2025-11-25',
        target: '≥ 0.70',
        shape: MCP_LEGACY,
        expectStatus: 200,
        expectBody: 'rate_limited',
        profile: true,
      },
    ],
  },
  {
    name: 'quota off, 100,000 records',
    snapshotSize: 100_000,
    env: { RATE_LIMIT: 'off' },
    rows: [
      {
        id: 'records-100k',
        order: 7,
        title: '100,000 records: `GET /openapi/v1/records` page 1, quota off',
        target: 'within 5 % of row 1',
        shape: get(LIST),
        expectStatus: 200,
        compareWith: 'records',
        profile: true,
      },
      {
        id: 'records-100k-deep',
        order: 8,
        title: '100,000 records: deep page (`?page=8000` of 8,334), quota off',
        target: 'within 5 % of row 1',
        // The synthetic snapshot's 100,000 records give a list of 83,334 (its total), so
        // 8,334 pages of 10: page 8000 is a full page near the end (page 9000 was past
        // it: an empty page, much smaller than row 1's, so not the same work).
        shape: get(`${LIST}?page=8000`),
        expectStatus: 200,
        compareWith: 'records',
        profile: false,
      },
    ],
  },
];
