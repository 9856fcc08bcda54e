import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SWAGGER_UI_DIR } from '../../src/service/docs/assets.ts';
import { GUIDE_SECTIONS } from '../../src/service/docs/guide.ts';
import { TOOLS } from '../../src/service/mcp/tools/index.ts';
import { PAGE_CSP } from '../../src/service/web/security-headers.ts';
import { ERROR_CATALOGUE, ERROR_CODES } from '../../src/shared/domain/errors.ts';
import type { Response } from '../support/http.ts';
import { completion, DAY, iso, schedule, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** GET /docs and /docs/guide: served locally, linked together, never counted (service.md § Limits 3). */

const NOW = Date.now();
const SNAPSHOT = snapshotOf([
  schedule('100', 'pending', [NOW + DAY, NOW + DAY], { effectiveAt: iso(NOW + DAY) }),
  completion('200', { announcedAt: iso(NOW - DAY), effectiveAt: iso(NOW - DAY) }),
]);

const PAGES = ['/docs', '/docs/guide'] as const;
const ASSETS: Record<string, string> = {
  '/docs/assets/swagger-ui.css': 'text/css; charset=utf-8',
  '/docs/assets/swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  '/docs/assets/swagger-initializer.js': 'text/javascript; charset=utf-8',
  '/docs/assets/docs.css': 'text/css; charset=utf-8',
  '/docs/assets/copy-code.js': 'text/javascript; charset=utf-8',
};
const SITE_PATHS = [
  '/',
  '/docs',
  '/docs/guide',
  '/openapi/v1/openapi.json',
  '/skill/SKILL.md',
  '/llms.txt',
];
const LIST = '/openapi/v1/records';

/** Every href and src attribute value of an HTML document, in order. */
const attributeUrls = (html: string) =>
  [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((match) => match[1]!);
const hrefs = (html: string) => [...html.matchAll(/\shref="([^"]*)"/g)].map((match) => match[1]!);
const scriptSources = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => {
    assert.equal(body, '', 'no inline script');
    return /\ssrc="([^"]+)"/.exec(attributes!)?.[1];
  });
const stylesheets = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1]!);

const remaining = (response: Response) => {
  const value = response.headers['x-ratelimit-remaining'];
  assert.equal(typeof value, 'string', 'x-ratelimit-remaining present');
  return Number(value);
};

describe('documentation pages', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ snapshot: SNAPSHOT });
  });
  after(() => server.close());

  for (const path of PAGES) {
    test(`${path} is an HTML page with the pages' CSP, nosniff and a cache lifetime`, async () => {
      const response = await server.get(path);
      assert.equal(response.status, 200);
      assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(response.headers['content-security-policy'], PAGE_CSP);
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.headers['cache-control'], 'public, max-age=300');
      assert.match(response.text, /^<!doctype html>\n<html lang="en">/);
    });

    test(`${path} links to every page of the site and the machine-readable files`, async () => {
      const links = new Set(hrefs((await server.get(path)).text));
      for (const target of SITE_PATHS) assert.ok(links.has(target), `${path} links to ${target}`);
    });

    test(`${path} loads nothing from another origin and nothing inline`, async () => {
      const html = (await server.get(path)).text;
      for (const url of attributeUrls(html)) {
        // Same-origin paths, in-page anchors and data: URLs (the layout's empty icon) only:
        // no CDN, no font service, no other scheme.
        assert.match(url, /^(\/(?!\/)|#|data:)/, `${path}: ${url} stays on this origin`);
      }
      assert.doesNotMatch(html, /<style\b/i, 'no <style> element (style-src self)');
      assert.doesNotMatch(html, /\sstyle="/i, 'no style attribute');
      assert.doesNotMatch(html, /\son[a-z]+="/i, 'no inline event handler');
      for (const src of scriptSources(html)) assert.ok(src?.startsWith('/'), `script ${src}`);
    });
  }

  test('/docs loads Swagger UI and its initializer from this server, and the stylesheets', async () => {
    const html = (await server.get('/docs')).text;
    assert.deepEqual(scriptSources(html), [
      '/docs/assets/swagger-ui-bundle.js',
      '/docs/assets/swagger-initializer.js',
    ]);
    assert.deepEqual(stylesheets(html), [
      '/assets/site.css',
      '/docs/assets/swagger-ui.css',
      '/docs/assets/docs.css',
    ]);
    assert.match(html, /<div id="swagger-ui"><\/div>/);
    assert.match(html, /<a href="\/docs" aria-current="page">/);
  });

  test('the initializer points Swagger UI at the OpenAPI document, without the validator badge', async () => {
    const script = (await server.get('/docs/assets/swagger-initializer.js')).text;
    assert.match(script, /url: '\/openapi\/v1\/openapi\.json'/);
    assert.match(script, /dom_id: '#swagger-ui'/);
    assert.match(script, /validatorUrl: null/);
    assert.doesNotMatch(script, /https?:\/\//);
  });

  test('/docs/guide has every section, in order, with a table of contents', async () => {
    const html = (await server.get('/docs/guide')).text;
    assert.match(html, /<a href="\/docs\/guide" aria-current="page">/);
    const ids = [...html.matchAll(/<h2 id="([^"]+)">/g)].map((match) => match[1]);
    assert.deepEqual(
      ids,
      GUIDE_SECTIONS.map(([id]) => id),
    );
    for (const [id] of GUIDE_SECTIONS) assert.ok(hrefs(html).includes(`#${id}`), `toc has #${id}`);
    assert.deepEqual(
      GUIDE_SECTIONS.map(([id]) => id),
      [
        'status-json',
        'records',
        'states',
        'filters',
        'pagination',
        'last-reset',
        'next-reset',
        'quota',
        'errors',
        'agents',
        'mcp',
        'more',
      ],
    );
  });

  test('/docs/guide documents every error code with its HTTP status', async () => {
    const html = (await server.get('/docs/guide')).text;
    for (const code of ERROR_CODES) {
      const row = `<tr><td><code>${code}</code></td><td>${ERROR_CATALOGUE[code].status}</td>`;
      assert.ok(html.includes(row), `errors table row for ${code}`);
    }
  });

  test('/docs/guide names both MCP tools, the /mcp URL and the four states', async () => {
    const html = (await server.get('/docs/guide')).text;
    for (const name of TOOLS.keys()) assert.ok(html.includes(`<code>${name}</code>`), name);
    assert.equal(TOOLS.size, 2);
    // PUBLIC_BASE_URL is unset here: the MCP URL has the placeholder, which the page names.
    assert.match(html, /&quot;url&quot;: &quot;http:\/\/localhost:8080\/mcp&quot;/);
    assert.match(html, /<code>http:\/\/localhost:8080<\/code>, a\n<strong>placeholder<\/strong>/);
    for (const state of ['pending', 'elapsed', 'fulfilled', 'unknown']) {
      assert.ok(html.includes(`<tr><td><code>${state}</code></td>`), `state ${state}`);
    }
    for (const header of [
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Window',
      'X-RateLimit-Reset',
      'Retry-After',
    ]) {
      assert.ok(html.includes(`<tr><td><code>${header}</code></td>`), header);
    }
  });

  for (const [path, type] of Object.entries(ASSETS)) {
    test(`serves ${path} as ${type}`, async () => {
      const response = await server.get(path);
      assert.equal(response.status, 200);
      assert.equal(response.headers['content-type'], type);
      assert.equal(response.headers['cache-control'], 'public, max-age=3600');
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.ok(response.text.length > 0);
    });
  }

  test('serves Swagger UI byte for byte from the installed swagger-ui-dist', async () => {
    const bundle = await server.get('/docs/assets/swagger-ui-bundle.js');
    assert.equal(bundle.text, readFileSync(join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js'), 'utf8'));
    const css = await server.get('/docs/assets/swagger-ui.css');
    const original = readFileSync(join(SWAGGER_UI_DIR, 'swagger-ui.css'), 'utf8');
    assert.match(original, /sourceMappingURL/);
    // Only the source-map comment is dropped: the map itself is not served.
    assert.doesNotMatch(css.text, /sourceMappingURL/);
    assert.ok(original.startsWith(css.text.trimEnd()), 'the rest is unchanged');
  });

  test('serves only the listed files under /docs/assets', async () => {
    for (const path of [
      '/docs/assets/swagger-ui.js',
      '/docs/assets/swagger-ui-standalone-preset.js',
      '/docs/assets/index.html',
      '/docs/assets/swagger-ui-bundle.js.map',
      '/docs/assets/../package.json',
    ]) {
      const response = await server.get(path);
      assert.equal(response.status, 404, path);
      assert.equal((response.json() as { error: string }).error, 'not_found');
    }
  });

  for (const path of [...PAGES, ...Object.keys(ASSETS)]) {
    test(`${path} answers HEAD, and 405 with Allow: GET, HEAD to other methods`, async () => {
      assert.equal((await server.get(path, { method: 'HEAD' })).status, 200);
      const response = await server.get(path, { method: 'POST', body: '' });
      assert.equal(response.status, 405);
      assert.equal(response.headers['allow'], 'GET, HEAD');
      assert.equal((response.json() as { error: string }).error, 'method_not_allowed');
    });
  }

  test('documentation requests do not count against the quota and carry no quota headers', async () => {
    const first = remaining(await server.get(LIST));
    for (const path of [...PAGES, ...Object.keys(ASSETS)]) {
      const response = await server.get(path);
      assert.equal(response.status, 200);
      assert.equal(response.headers['x-ratelimit-remaining'], undefined, path);
      assert.equal((await server.get(path, { method: 'HEAD' })).status, 200);
    }
    assert.equal(remaining(await server.get(LIST)), first - 1);
  });
});

describe('documentation pages with the quota used up', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ snapshot: SNAPSHOT, env: { RATE_LIMIT_MAX: '1' } });
  });
  after(() => server.close());

  test('are still served while data requests get 429', async () => {
    assert.equal((await server.get(LIST)).status, 200);
    assert.equal((await server.get(LIST)).status, 429);
    for (const path of [...PAGES, ...Object.keys(ASSETS)]) {
      assert.equal((await server.get(path)).status, 200, path);
    }
  });
});
