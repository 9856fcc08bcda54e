import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PAGE_CSP } from '../../src/service/web/security-headers.ts';
import { completion, iso, snapshotOf } from '../support/records.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/**
 * "Get notified" in the status page's HTML (issue 21): absent unless push is configured
 * (Site.push); with it, a hidden section whose script (/assets/notify.js) reveals it in a
 * browser that can take push, and the service worker at /push-sw.js with the site's name.
 * test/browser/notify-me.test.ts drives it in Chromium.
 */

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const SNAPSHOT = snapshotOf(
  [completion('1990500000000000042', { completedAt: iso(NOW - 3_600_000) })],
  NOW - 60_000,
);

const SECTION = `<section class="panel panel-notify" id="notify" aria-labelledby="notify-heading" data-keep hidden>
<h2 id="notify-heading">Get notified</h2>
<p class="muted">A notification from this browser, even when this page is closed.</p>
<fieldset class="notify-topics">
<legend>Choose what to be told</legend>
<ul><li><label><input type="checkbox" name="notify-topic" value="global_reset" checked> A global reset happened</label></li><li><label><input type="checkbox" name="notify-topic" value="any_reset"> Any reset, banked ones included</label></li><li><label><input type="checkbox" name="notify-topic" value="schedule"> A reset is scheduled or moved</label></li><li><label><input type="checkbox" name="notify-topic" value="window_soon"> An hour before a scheduled reset</label></li></ul>
</fieldset>
<p class="notify-actions">
<button type="button" class="notify-button notify-primary" id="notify-subscribe">Notify me</button>
<button type="button" class="notify-button" id="notify-unsubscribe" hidden>Unsubscribe</button>
</p>
<p class="notify-status" id="notify-status" aria-live="polite"></p>
</section>`;

const scriptTags = (html: string) => [...html.matchAll(/<script[^>]*>/g)].map((match) => match[0]);

describe('"Get notified" on the status page', () => {
  let plain: TestServer;
  let push: TestServer;
  before(async () => {
    [plain, push] = await Promise.all([
      startTestServer({ snapshot: SNAPSHOT, clock: () => NOW }),
      startTestServer({
        snapshot: SNAPSHOT,
        clock: () => NOW,
        sitePush: true,
        env: { SITE_NAME: 'Resets "R" us' },
      }),
    ]);
  });
  after(async () => {
    await Promise.all([plain?.close(), push?.close()]);
  });

  test('without push: no section, no script for it, no service worker', async () => {
    const { text } = await plain.get('/');
    assert.doesNotMatch(text, /notify/);
    assert.deepEqual(scriptTags(text).slice(0, 2), [
      '<script src="/docs/assets/copy-code.js" defer>',
      '<script type="module" src="/assets/status-page.js">',
    ]);
    const worker = await plain.get('/push-sw.js');
    assert.equal(worker.status, 404);
    assert.doesNotMatch(worker.text, /addEventListener/);
  });

  test('with push: the section, hidden, before "Follow the resets"; its module after the page\'s', async () => {
    const { text, headers } = await push.get('/');
    assert.equal(headers['content-security-policy'], PAGE_CSP);
    assert.equal(text.split(SECTION).length, 2, 'the section, exactly once');
    assert.ok(text.indexOf(SECTION) < text.indexOf('<h2 id="subscribe-heading">'));
    assert.ok(text.indexOf(SECTION) > text.indexOf('<h2 id="records-heading">'));
    assert.deepEqual(scriptTags(text).slice(0, 3), [
      '<script src="/docs/assets/copy-code.js" defer>',
      '<script type="module" src="/assets/status-page.js">',
      '<script type="module" src="/assets/notify.js">',
    ]);
    // Only the status page: a record page and the history have no section.
    assert.doesNotMatch((await push.get('/history/')).text, /notify/);
    assert.doesNotMatch((await push.get('/records/1990500000000000042')).text, /notify/);
  });

  test('with push but no snapshot: the "Data unavailable" page has no section', async () => {
    const server = await startTestServer({ snapshot: null, sitePush: true });
    try {
      const response = await server.get('/');
      assert.equal(response.status, 503);
      assert.doesNotMatch(response.text, /notify/);
    } finally {
      await server.close();
    }
  });

  test("/push-sw.js: JavaScript, revalidated every time, with the site's name written in", async () => {
    const worker = await push.get('/push-sw.js');
    assert.equal(worker.status, 200);
    assert.equal(worker.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(worker.headers['cache-control'], 'no-cache');
    assert.match(worker.text, /^const SITE_NAME = "Resets \\"R\\" us";$/m);
    assert.match(worker.text, /self\.addEventListener\('push'/);
    const head = await push.get('/push-sw.js', { method: 'HEAD' });
    assert.equal(head.status, 200);
  });

  test('/assets/notify.js is served on both, as JavaScript', async () => {
    for (const server of [plain, push]) {
      const script = await server.get('/assets/notify.js');
      assert.equal(script.status, 200);
      assert.equal(script.headers['content-type'], 'text/javascript; charset=utf-8');
      assert.equal(script.headers['cache-control'], 'public, max-age=300');
      assert.match(script.text, /pushManager\.subscribe\(/);
    }
  });
});
