import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PAGE_CSP } from '../../src/service/web/security-headers.ts';
import type { Response } from '../support/http.ts';
import { completion, DAY, iso, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * An unknown page opened in a browser is a small HTML 404 in the site's frame, with the way
 * back; API clients, and everything under /openapi/v1 and /mcp, keep the JSON not_found.
 */

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const NOW = Date.now();

function assertJsonNotFound(response: Response): void {
  assert.equal(response.status, 404, response.text);
  assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(response.headers['cache-control'], 'no-store');
  const body = response.json() as Record<string, unknown>;
  assert.deepEqual(Object.keys(body).sort(), ['detail', 'error', 'ok']);
  assert.equal(body.error, 'not_found');
}

describe('HTML 404 for browsers', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot: snapshotOf([completion('200', { effectiveAt: iso(NOW - DAY) })]),
    });
  });
  after(() => server.close());

  test('a browser gets an HTML page in the site frame, with the pages CSP and links back', async () => {
    const response = await server.get('/stauts', { headers: { accept: BROWSER } });
    assert.equal(response.status, 404);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['content-security-policy'], PAGE_CSP);
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers.vary, 'Accept');
    assert.match(response.text, /^<!doctype html>\n<html lang="en">/);
    assert.match(response.text, /<h1>Page not found<\/h1>/);
    assert.match(response.text, /<code>\/stauts<\/code>/);
    for (const href of ['/', '/docs/guide', '/docs']) {
      assert.ok(response.text.includes(`<li><a href="${href}">`), `links to ${href}`);
    }
    assert.match(response.text, /<nav aria-label="Site">/);
    assert.doesNotMatch(response.text, /<script\b/);
  });

  test('the requested path is escaped in the page', async () => {
    const response = await server.get('/%3Cscript%3Ealert(1)%3C/script%3E', {
      headers: { accept: BROWSER },
    });
    assert.equal(response.status, 404);
    assert.doesNotMatch(response.text, /<script>alert/);
    assert.match(response.text, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  });

  test('HEAD from a browser: the same status and headers, no body', async () => {
    const response = await server.get('/nope', { method: 'HEAD', headers: { accept: BROWSER } });
    assert.equal(response.status, 404);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['content-security-policy'], PAGE_CSP);
    assert.equal(response.text, '');
  });

  for (const headers of [{}, { accept: 'application/json' }, { accept: '*/*' }] as Record<
    string,
    string
  >[]) {
    test(`an API client (${JSON.stringify(headers)}) keeps the JSON not_found`, async () => {
      const response = await server.get('/nope', { headers });
      assertJsonNotFound(response);
      assert.equal(response.headers.vary, 'Accept');
    });
  }

  for (const path of ['/openapi/v1/nope', '/openapi/v1', '/openapi/v1/records/', '/mcp/x']) {
    test(`${path} stays JSON, even for a browser`, async () => {
      const response = await server.get(path, { headers: { accept: BROWSER } });
      assertJsonNotFound(response);
      assert.equal(response.headers.vary, undefined, 'the answer does not depend on Accept');
    });
  }

  test('other methods get the JSON 404, even from a browser', async () => {
    for (const method of ['POST', 'DELETE', 'OPTIONS']) {
      assertJsonNotFound(await server.get('/nope', { method, headers: { accept: BROWSER } }));
    }
  });

  test('405 stays JSON for a browser', async () => {
    const response = await server.get('/docs', {
      method: 'POST',
      headers: { accept: BROWSER },
      body: '',
    });
    assert.equal(response.status, 405);
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal((response.json() as { error: string }).error, 'method_not_allowed');
  });
});
