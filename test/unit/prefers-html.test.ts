import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { prefersHtml } from '../../src/service/http/prefers-html.ts';

/** Which Accept headers get the HTML 404 page (a browser's) rather than the JSON one. */

const CHROME =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';
const FIREFOX = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const SAFARI = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('prefersHtml', () => {
  const cases: readonly [string | undefined, boolean, string][] = [
    [CHROME, true, 'Chromium'],
    [FIREFOX, true, 'Firefox'],
    [SAFARI, true, 'Safari'],
    ['text/html', true, 'HTML only'],
    ['application/xhtml+xml', true, 'XHTML only'],
    ['TEXT/HTML; charset=utf-8', true, 'case and a parameter other than q'],
    ['application/json;q=0.5, text/html', true, 'HTML preferred by quality'],
    [undefined, false, 'no Accept (curl without -H, most HTTP libraries)'],
    ['', false, 'empty'],
    ['*/*', false, 'curl'],
    ['application/json', false, 'JSON only'],
    ['application/json, text/html', false, 'a tie keeps JSON'],
    ['text/html;q=0.5, application/json', false, 'JSON preferred by quality'],
    ['text/html;q=0.8, */*;q=0.8', false, 'a tie with the wildcard'],
    ['text/html;q=0.9, application/*', false, 'application/* counts as JSON'],
    ['text/html;q=0', false, 'HTML refused'],
    ['text/*', false, 'HTML must be named'],
    ['text/event-stream', false, 'an MCP client'],
    ['text/html;q=abc', true, 'an unreadable q counts as 1'],
  ];
  for (const [accept, expected, why] of cases) {
    test(`${JSON.stringify(accept)} → ${expected ? 'HTML' : 'JSON'} (${why})`, () => {
      assert.equal(prefersHtml(accept), expected);
    });
  }
});
