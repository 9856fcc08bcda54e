import assert from 'node:assert/strict';
import { get as httpGet } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { unzipSync } from 'fflate';
import { PLACEHOLDER_BASE_URL } from '../../src/service/web/base-url.ts';
import { type RequestOptions, request } from '../support/http.ts';
import { completion, DAY, iso, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * PUBLIC_BASE_URL in the documents that show absolute URLs: the guide, the agent skill (its
 * files and its zip) and llms.txt. Set, they carry it; unset, they show a placeholder they
 * call one (or relative links), and never the address the service happens to run on. Never
 * taken from the request: a forged Host or X-Forwarded-Host changes nothing.
 */

const BASE = 'https://resets.example.com';
const SNAPSHOT = snapshotOf([completion('200', { effectiveAt: iso(Date.now() - DAY) })]);
const TEXT_PATHS = [
  '/docs/guide',
  '/skill/SKILL.md',
  '/skill/references/api.md',
  '/.well-known/agent-skills/reset-records/SKILL.md',
  '/llms.txt',
];
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

/** The zip's files, as text. */
function zipTexts(server: TestServer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    httpGet(`${server.origin}/skill.zip`, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const entries = unzipSync(new Uint8Array(Buffer.concat(chunks)));
        resolve(Object.values(entries).map((entry) => Buffer.from(entry).toString('utf8')));
      });
    }).on('error', reject);
  });
}

describe('PUBLIC_BASE_URL set', () => {
  let server: TestServer;
  const get = (path: string, options?: RequestOptions) => request(server.origin, path, options);
  before(async () => {
    server = await startTestServer({ snapshot: SNAPSHOT, env: { PUBLIC_BASE_URL: `${BASE}/` } });
  });
  after(() => server.close());

  test('the guide uses it in every command, and says it is the public address', async () => {
    const html = (await get('/docs/guide')).text;
    assert.ok(html.includes(`claude mcp add --transport http reset-records ${BASE}/mcp`));
    assert.ok(html.includes(`codex mcp add reset-records --url ${BASE}/mcp`));
    assert.ok(html.includes(`&quot;url&quot;: &quot;${BASE}/mcp&quot;`));
    assert.ok(html.includes(`curl -sO ${BASE}/skill.zip`));
    assert.match(
      html,
      /use this service's public address,\n<code>https:\/\/resets\.example\.com<\/code>/,
    );
    assert.doesNotMatch(html, /placeholder|localhost|127\.0\.0\.1/);
  });

  test('the skill files and the zip carry it, and no longer call it a placeholder', async () => {
    const skill = (await get('/skill/SKILL.md')).text;
    assert.ok(skill.includes(`BASE=${BASE}   # this service's public address\n`), skill);
    for (const text of [
      skill,
      (await get('/skill/references/api.md')).text,
      ...(await zipTexts(server)),
    ]) {
      assert.doesNotMatch(text, /localhost|127\.0\.0\.1|placeholder/);
    }
    const zipped = await zipTexts(server);
    assert.ok(zipped.some((text) => text.includes(`BASE=${BASE} `)));
  });

  test('llms.txt links are absolute', async () => {
    const text = (await get('/llms.txt')).text;
    const links = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map((match) => match[1]!);
    assert.ok(links.length >= 10);
    for (const link of links) assert.ok(link.startsWith(`${BASE}/`), link);
    assert.ok(links.includes(`${BASE}/mcp`));
    assert.ok(text.includes(`This service is at ${BASE}; the MCP endpoint is ${BASE}/mcp.`));
  });

  test('a forged Host or X-Forwarded-Host changes nothing', async () => {
    for (const path of TEXT_PATHS) {
      const plain = await get(path);
      const forged = await get(path, { headers: FORGED });
      assert.equal(forged.status, 200, path);
      assert.equal(forged.text, plain.text, path);
      assert.ok(!forged.text.includes('evil.example'), path);
    }
  });
});

describe('PUBLIC_BASE_URL unset', () => {
  let server: TestServer;
  const get = (path: string, options?: RequestOptions) => request(server.origin, path, options);
  before(async () => {
    server = await startTestServer({ snapshot: SNAPSHOT });
  });
  after(() => server.close());

  test('no 127.0.0.1:8080, nor the address the service runs on, anywhere', async () => {
    const running = new URL(server.origin).host; // 127.0.0.1:<port>
    const texts = [...(await Promise.all(TEXT_PATHS.map(async (path) => (await get(path)).text)))];
    for (const text of [...texts, ...(await zipTexts(server))]) {
      assert.doesNotMatch(text, /127\.0\.0\.1:8080/);
      assert.ok(!text.includes(running));
    }
  });

  test('the guide and the skill show the placeholder and say it is one', async () => {
    const guide = (await get('/docs/guide')).text;
    assert.ok(
      guide.includes(`claude mcp add --transport http reset-records ${PLACEHOLDER_BASE_URL}/mcp`),
    );
    assert.ok(
      guide.includes(`<code>${PLACEHOLDER_BASE_URL}</code>, a\n<strong>placeholder</strong>`),
    );
    const skill = (await get('/skill/SKILL.md')).text;
    assert.ok(skill.includes(`BASE=${PLACEHOLDER_BASE_URL}   # placeholder`));
  });

  test('llms.txt links are relative', async () => {
    const text = (await get('/llms.txt')).text;
    const links = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\)/gm)].map((match) => match[1]!);
    for (const link of links) assert.match(link, /^\/(?!\/)/, link);
    assert.ok(text.includes('Links below are relative to the address this file was fetched from.'));
  });

  test('a forged Host or X-Forwarded-Host changes nothing', async () => {
    for (const path of TEXT_PATHS) {
      const forged = await get(path, { headers: FORGED });
      assert.equal(forged.text, (await get(path)).text, path);
      assert.ok(!forged.text.includes('evil.example'), path);
    }
  });
});
