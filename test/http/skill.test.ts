import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { unzipSync } from 'fflate';
import { SITE_LINKS } from '../../src/service/web/layout.ts';
import { completion, DAY, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * The installable agent skill and the documents pointing at it (service.md § Versioning 3,
 * § Limits 3; decisions.md §1): exact types, the frontmatter, the zip's contents and stable
 * bytes, the discovery index and llms.txt, and that none of it counts against the quota.
 */

const NOW = Date.now();
const LATEST = '/openapi/v1/records/latest';
const SKILL_MD = '/skill/SKILL.md';
const SKILL_REFERENCE = '/skill/references/api.md';
const ZIP = '/skill.zip';
const INDEX = '/.well-known/agent-skills/index.json';
const WELL_KNOWN_SKILL = '/.well-known/agent-skills/reset-records/';
const LLMS = '/llms.txt';

const TYPES: Record<string, string> = {
  [SKILL_MD]: 'text/markdown; charset=utf-8',
  [SKILL_REFERENCE]: 'text/markdown; charset=utf-8',
  [`${WELL_KNOWN_SKILL}SKILL.md`]: 'text/markdown; charset=utf-8',
  [`${WELL_KNOWN_SKILL}references/api.md`]: 'text/markdown; charset=utf-8',
  [ZIP]: 'application/zip',
  [INDEX]: 'application/json; charset=utf-8',
  [LLMS]: 'text/plain; charset=utf-8',
};
const PATHS = Object.keys(TYPES);

interface BinaryResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly text: string;
}

/** One request over a fresh socket, keeping the body as bytes (the zip is binary). */
function fetchBytes(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<BinaryResponse> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: body.toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${path}`)));
    req.end();
  });
}

/** The frontmatter's top-level `key: value` lines and one level of nested `  key: value`. */
function parseFrontmatter(text: string): {
  fields: Record<string, string>;
  nested: Record<string, Record<string, string>>;
  body: string;
} {
  const lines = text.split('\n');
  assert.equal(lines[0], '---', 'SKILL.md starts with ---');
  const end = lines.indexOf('---', 1);
  assert.ok(end > 1, 'frontmatter closed by ---');
  const fields: Record<string, string> = {};
  const nested: Record<string, Record<string, string>> = {};
  let block: string | undefined;
  for (const line of lines.slice(1, end)) {
    const top = /^([a-z][a-z0-9-]*):(?: (.+))?$/.exec(line);
    const inner = /^ {2}([a-z][a-z0-9-]*): (.+)$/.exec(line);
    if (top) {
      block = top[2] === undefined ? top[1]! : undefined;
      if (block === undefined) fields[top[1]!] = top[2]!;
      else nested[block] = {};
    } else if (inner && block !== undefined) {
      nested[block]![inner[1]!] = inner[2]!;
    } else {
      assert.fail(`unexpected frontmatter line: ${JSON.stringify(line)}`);
    }
  }
  return { fields, nested, body: lines.slice(end + 1).join('\n') };
}

const sha256Hex = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

describe('agent skill endpoints', () => {
  let server: TestServer;
  const get = (path: string, options?: { method?: string; headers?: Record<string, string> }) =>
    fetchBytes(server.origin, path, options);

  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf([
        schedule('100', 'pending', [NOW + DAY, NOW + DAY], { effectiveAt: iso(NOW + DAY) }),
        completion('200', { announcedAt: iso(NOW - DAY), effectiveAt: iso(NOW - DAY) }),
      ]),
      env: { RATE_LIMIT_MAX: '50' },
    });
  });
  after(() => server.close());

  test('every path answers 200 with its exact content type, CORS, nosniff and no quota headers', async () => {
    for (const path of PATHS) {
      const response = await get(path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers['content-type'], TYPES[path], path);
      assert.equal(response.headers['access-control-allow-origin'], '*', path);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', path);
      assert.equal(response.headers['cache-control'], 'public, max-age=300', path);
      assert.match(String(response.headers.etag), /^"[0-9a-f]{32}"$/, path);
      assert.equal(response.headers['x-ratelimit-remaining'], undefined, path);
      assert.equal(response.headers['x-ratelimit-limit'], undefined, path);
      assert.equal(Number(response.headers['content-length']), response.body.length, path);
      assert.ok(response.body.length > 0, path);
    }
  });

  test('SKILL.md has frontmatter name reset-records, a description and version 1.0.0', async () => {
    const { fields, nested } = parseFrontmatter((await get(SKILL_MD)).text);
    assert.equal(fields.name, 'reset-records');
    assert.equal(fields.version, '1.0.0');
    assert.deepEqual(nested.metadata, { version: '"1.0.0"' });
    const description = fields.description!;
    assert.ok(description.length >= 100 && description.length <= 1024, description);
    assert.doesNotMatch(description, /: /, 'a plain YAML scalar cannot contain ": "');
    assert.match(description, /usage limits were reset/);
    assert.match(description, /next reset is scheduled/);
    assert.deepEqual(Object.keys(fields).sort(), ['description', 'name', 'version']);
  });

  test('the SKILL.md body teaches the endpoints, tools, quota, pagination and the no-claim rule', async () => {
    const { body } = parseFrontmatter((await get(SKILL_MD)).text);
    for (const phrase of [
      'BASE=http://localhost:8080   # placeholder',
      'curl -s "$BASE/status.json"',
      '`completedAt ?? effectiveAt ?? announcedAt`',
      'Read\n   `completedAt` first: real completions leave `effectiveAt` null.',
      'its first row can be a *schedule*, which is no reset',
      '$BASE/openapi/v1/records?kind=reset_completed&page=1&pageSize=10',
      '$BASE/openapi/v1/records?kind=reset_scheduled&page=1&pageSize=10',
      '$BASE/mcp',
      '`get_latest_reset_record`',
      '`list_reset_records`',
      '`pageSize`',
      '422 `invalid_query`',
      '20 requests in any rolling 3600 s per client IP',
      '`X-RateLimit-Remaining`',
      '`X-RateLimit-Reset`',
      '`Retry-After`',
      '`retryAfter`',
      'Never\n  retry in a loop',
      '`If-None-Match`',
      '`data.hasNext`',
      '**Deduplicate by `id`**',
      '**disclose the range you checked**',
      'earliest `scheduleWindow.startAt`',
      'Elapsed ≠ completed',
      '**null means unknown or not applicable, never zero or false.**',
      '`meta.generatedAt`',
      '`meta.lastSuccessfulCheckAt`',
      '**503 `data_unavailable`**',
      '**Never say a reset happened, or is scheduled, unless a record returned by the service shows\nit.**',
      '`source.url`',
      '[references/api.md](references/api.md)',
    ]) {
      assert.ok(body.includes(phrase), `SKILL.md body mentions ${JSON.stringify(phrase)}`);
    }
  });

  test('SKILL.md and llms.txt do not reflect the Host header', async () => {
    for (const path of [SKILL_MD, LLMS, INDEX]) {
      const plain = await get(path);
      const spoofed = await get(path, { headers: { host: 'evil.example' } });
      assert.equal(spoofed.status, 200, path);
      assert.deepEqual(spoofed.body, plain.body, path);
      assert.ok(!spoofed.text.includes('evil.example'), path);
    }
  });

  test('skill.zip is an attachment holding reset-records/ with SKILL.md byte-identical to GET /skill/SKILL.md', async () => {
    const zip = await get(ZIP);
    assert.equal(
      zip.headers['content-disposition'],
      'attachment; filename="reset-records-skill.zip"',
    );
    assert.deepEqual([...zip.body.subarray(0, 4)], [0x50, 0x4b, 0x03, 0x04], 'zip signature');
    const entries = unzipSync(new Uint8Array(zip.body));
    assert.deepEqual(Object.keys(entries).sort(), [
      'reset-records/',
      'reset-records/SKILL.md',
      'reset-records/references/',
      'reset-records/references/api.md',
    ]);
    const skillMd = await get(SKILL_MD);
    assert.deepEqual(Buffer.from(entries['reset-records/SKILL.md']!), skillMd.body);
    const reference = await get(SKILL_REFERENCE);
    assert.deepEqual(Buffer.from(entries['reset-records/references/api.md']!), reference.body);
    assert.equal(entries['reset-records/']!.length, 0);
  });

  test('skill.zip has the same bytes on every request, and a fixed entry timestamp', async () => {
    const first = await get(ZIP);
    const second = await get(ZIP);
    assert.equal(first.headers.etag, second.headers.etag);
    assert.ok(first.body.equals(second.body), 'identical bytes');
    // Local file header: DOS time at offset 10, DOS date at 12 (2026-11-21 00:00:00).
    assert.equal(first.body.readUInt16LE(10), 0);
    assert.equal(first.body.readUInt16LE(12), ((2026 - 1980) << 9) | (11 << 5) | 21);
  });

  test('the discovery index lists the skill with its version, and every URL and digest in it checks out', async () => {
    const response = await get(INDEX);
    const index = JSON.parse(response.text) as {
      version: string;
      skills: {
        name: string;
        description: string;
        version: string;
        digest: string;
        url: string;
        files: { path: string; digest: string }[];
        archive: { url: string; digest: string; root: string };
      }[];
    };
    assert.equal(index.version, '0.2.0');
    assert.equal(index.skills.length, 1);
    const [entry] = index.skills;
    const skillMd = await get(SKILL_MD);
    const { fields } = parseFrontmatter(skillMd.text);
    assert.equal(entry!.name, 'reset-records');
    assert.equal(entry!.description, fields.description);
    assert.equal(entry!.version, '1.0.0');
    assert.equal(entry!.url, '/skill/SKILL.md');
    assert.equal(entry!.archive.url, '/skill.zip');
    assert.equal(entry!.archive.root, 'reset-records/');
    assert.deepEqual(
      entry!.files.map((file) => file.path),
      ['SKILL.md', 'references/api.md'],
    );

    // URLs resolve against the index's own URL, as a client would.
    const resolve = (url: string) => new URL(url, `${server.origin}${INDEX}`).pathname;
    const viaUrl = await get(resolve(entry!.url));
    assert.equal(viaUrl.status, 200);
    assert.ok(viaUrl.body.equals(skillMd.body));
    const archive = await get(resolve(entry!.archive.url));
    assert.equal(archive.status, 200);
    assert.equal(entry!.archive.digest, `sha256:${sha256Hex(archive.body)}`);

    // RFC layout: /.well-known/agent-skills/{name}/{path}, each matching its digest, and the
    // skill digest over the sorted `path\0hex\n` manifest.
    let manifest = '';
    for (const file of [...entry!.files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
      const fetched = await get(resolve(`${entry!.name}/${file.path}`));
      assert.equal(fetched.status, 200, file.path);
      assert.equal(file.digest, `sha256:${sha256Hex(fetched.body)}`, file.path);
      const underSkill = await get(`/skill/${file.path}`);
      assert.ok(underSkill.body.equals(fetched.body), file.path);
      manifest += `${file.path}\0${sha256Hex(fetched.body)}\n`;
    }
    assert.equal(entry!.digest, `sha256:${sha256Hex(manifest)}`);
  });

  test('llms.txt has a title, a summary and links to every page of the site', async () => {
    const { text } = await get(LLMS);
    const lines = text.split('\n');
    assert.equal(lines[0], '# OpenAI Codex usage-limit resets: the Public Reset Records Service');
    assert.equal(lines[1], '');
    assert.match(
      lines[2]!,
      /^> Read-only public records of when the usage limits of OpenAI Codex were reset/,
    );
    const sections = lines.filter((line) => line.startsWith('## '));
    assert.deepEqual(sections, [
      '## The answer',
      '## Docs',
      '## Agent skill',
      '## API',
      '## Optional',
    ]);
    const links = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\)(?::|$)/gm)].map((m) => m[1]!);
    for (const required of [
      '/status.json',
      '/status.openapi.json',
      '/docs',
      '/docs/guide',
      '/openapi/v1/openapi.json',
      '/skill/SKILL.md',
      '/skill.zip',
      '/.well-known/agent-skills/index.json',
      '/mcp',
      '/',
      '/openapi/v1/records/latest',
      '/openapi/v1/records',
    ]) {
      assert.ok(links.includes(required), `llms.txt links ${required}`);
    }
    for (const { href } of SITE_LINKS) {
      if (href !== LLMS) assert.ok(links.includes(href), `llms.txt links site page ${href}`);
    }
    // The links served by this module and the OpenAPI document answer 200 here; /mcp is
    // POST only, so GET is a 405 naming POST. (/, /docs and /docs/guide belong to other routes.)
    for (const link of ['/openapi/v1/openapi.json', SKILL_MD, ZIP, INDEX]) {
      assert.equal((await get(link)).status, 200, link);
    }
    const mcp = await get('/mcp');
    assert.equal(mcp.status, 405);
    assert.equal(mcp.headers.allow, 'POST');
  });

  test('HEAD and If-None-Match are answered without a body', async () => {
    const full = await get(ZIP);
    const head = await get(ZIP, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-type'], 'application/zip');
    assert.equal(Number(head.headers['content-length']), full.body.length);
    assert.equal(head.body.length, 0);
    for (const path of PATHS) {
      const { headers } = await get(path);
      for (const ifNoneMatch of [headers.etag!, `W/${headers.etag}`, `"other", ${headers.etag}`]) {
        const cached = await get(path, { headers: { 'if-none-match': ifNoneMatch } });
        assert.equal(cached.status, 304, `${path} ${ifNoneMatch}`);
        assert.equal(cached.body.length, 0, path);
        assert.equal(cached.headers.etag, headers.etag, path);
      }
      const stale = await get(path, { headers: { 'if-none-match': '"other"' } });
      assert.equal(stale.status, 200, path);
    }
  });

  test('none of these requests counts against the quota', async () => {
    const remaining = async () => {
      const response = await get(LATEST);
      assert.equal(response.status, 200);
      return Number(response.headers['x-ratelimit-remaining']);
    };
    const before = await remaining();
    for (const path of PATHS) {
      await get(path);
      await get(path, { method: 'HEAD' });
      await get(path, { method: 'OPTIONS', headers: { origin: 'https://a.example' } });
      await get(path, { method: 'POST' });
      await get(path, { headers: { 'if-none-match': '*' } });
    }
    assert.equal(await remaining(), before - 1);
  });

  test('POST, PUT and DELETE answer 405 method_not_allowed with Allow: GET, HEAD', async () => {
    for (const path of PATHS) {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const response = await get(path, { method });
        assert.equal(response.status, 405, `${method} ${path}`);
        assert.equal(response.headers.allow, 'GET, HEAD', `${method} ${path}`);
        assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
        const body = JSON.parse(response.text) as { ok: boolean; error: string };
        assert.equal(body.ok, false);
        assert.equal(body.error, 'method_not_allowed');
      }
    }
  });

  test('an OPTIONS preflight is 204 and other files under the prefixes are 404', async () => {
    const preflight = await get(ZIP, {
      method: 'OPTIONS',
      headers: { origin: 'https://a.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
    for (const path of [
      '/skill/',
      '/skill/skill.md',
      '/skill/references/',
      '/skill/../package.json',
      '/.well-known/agent-skills/',
      '/.well-known/agent-skills/other/SKILL.md',
      '/skill.tar.gz',
    ]) {
      const response = await get(path);
      assert.equal(response.status, 404, path);
    }
  });
});
