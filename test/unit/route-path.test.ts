import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { routePathOf } from '../../src/service/http/known-routes.ts';

/** The path the router matches a request target against (Finding 10: 404 instead of 405). */

describe('routePathOf', () => {
  const cases: [string, string][] = [
    ['/openapi/v1/records', '/openapi/v1/records'],
    ['/openapi/v1/records?page=2&kind=all', '/openapi/v1/records'],
    ['/openapi/v1/records#top', '/openapi/v1/records'],
    ['/openapi/v1/record%73', '/openapi/v1/records'],
    ['/%6Fpenapi/v1/records', '/openapi/v1/records'],
    ['/openapi%2Fv1/records', '/openapi%2Fv1/records'], // reserved: stays encoded, as in the router
    ['/openapi/v1/records%3Fpage=2', '/openapi/v1/records%3Fpage=2'],
    ['/caf%C3%A9', '/café'],
    ['/%zz', '/%zz'], // the router refuses it (400) before any lookup
    ['http://127.0.0.1:8080/openapi/v1/records', '/openapi/v1/records'],
    ['HTTPS://example.org/openapi/v1/records?x=1', '/openapi/v1/records'],
    ['http://example.org', '/'],
    ['http://example.org?x=1', '/'],
    ['http://user@example.org:80/healthz', '/healthz'],
    ['ftp://example.org/healthz', 'ftp://example.org/healthz'],
    ['*', '*'],
    ['example.com:443', 'example.com:443'],
  ];
  for (const [target, path] of cases) {
    test(`${target} → ${path}`, () => {
      assert.equal(routePathOf(target), path);
    });
  }
});
