import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PAGE_CSP } from '../../src/service/web/security-headers.ts';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import type { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { completion, HOUR, iso, schedule } from '../support/records.ts';
import { startTestServer, type TestServer, waitFor } from '../support/server.ts';

/**
 * GET /records/ID: one record as an HTML page (issue 11), from the snapshot being served,
 * never counted against the quota; meta tags for link previews, absolute URLs only from
 * PUBLIC_BASE_URL (never from the request's Host).
 */

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const COMPLETION_ID = '1990500000000000042';
const ODD_ID = 'manual:a/b c?d#e&é';

const records: ResetRecord[] = [
  completion(COMPLETION_ID, {
    announcedAt: iso(NOW - 2 * HOUR + 60_000),
    effectiveAt: iso(NOW - 2 * HOUR),
    text: 'Limits reset for "everyone" <b>now</b> & enjoy',
    scope: { plans: ['all'], windows: ['five_hour', 'weekly'] },
    relatedRecordIds: ['op_done', 'op_dismissed'],
  }),
  schedule('op_done', 'fulfilled', [NOW - 3 * HOUR, NOW - 2 * HOUR], {
    announcedAt: iso(NOW - 20 * HOUR),
    completedAt: iso(NOW - 2 * HOUR),
    completionRecordId: COMPLETION_ID,
    confidence: 0.9,
    text: 'Resetting between 07:00 and 08:00 UTC.',
  }),
  schedule('op_pending', 'pending', [NOW + 5 * HOUR, NOW + 5 * HOUR], {
    text: 'x'.repeat(200),
  }),
  schedule('op_passed', 'pending', [NOW - 2 * HOUR, NOW - HOUR]),
  completion('manual:abc', { completedAt: iso(NOW - HOUR) }),
  completion(ODD_ID, { completedAt: iso(NOW - 30 * HOUR) }),
];

const snapshot: SnapshotFile = {
  generatedAt: iso(NOW - 60_000),
  lastSuccessfulCheckAt: iso(NOW - 5 * 60_000),
  records,
};

const path = (id: string) => `/records/${encodeURIComponent(id)}`;
const one = (html: string, pattern: RegExp): string => {
  const match = pattern.exec(html);
  assert.ok(match, `expected ${pattern} in the page`);
  return match[1]!;
};
const titleOf = (html: string) => one(html, /<title>([^<]*)<\/title>/);
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(
    html,
  )?.[1];
const factsOf = (html: string) =>
  Object.fromEntries(
    [
      ...one(html, /<dl class="facts">([\s\S]*?)<\/dl>/).matchAll(
        /<dt>([^<]*)<\/dt><dd>(.*?)<\/dd>/g,
      ),
    ].map((match) => [match[1], match[2]!.replace(/<[^>]*>/g, '')]),
  );
const timelineOf = (html: string) =>
  [...one(html, /<ol class="timeline">([\s\S]*?)<\/ol>/).matchAll(/<li>(.*?)<\/li>/g)].map(
    (match) => match[1]!.replace(/<[^>]*>/g, ''),
  );
const headingOf = (html: string) => one(html, /<h1>(.*?)<\/h1>/);

describe('record pages', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ snapshot, clock: () => NOW });
  });
  after(() => server.close());

  test('a fulfilled schedule: its day in the title and the heading, a timeline saying when it was confirmed, facts', async () => {
    const response = await server.get('/records/op_done');
    assert.equal(response.status, 200);
    const { text } = response;
    assert.equal(
      titleOf(text),
      'Reset scheduled for Sat 21 Nov 2026 (UTC): Global limits (fulfilled) · OpenAI Codex usage-limit resets',
    );
    // The heading's day is a <time> of the same instant as the window in the body: the
    // page's script shows both in the visitor's zone, so they never name different days.
    assert.equal(
      headingOf(text),
      'Reset scheduled for <time datetime="2026-11-21T07:00:00.000Z" data-day="">Sat 21 Nov 2026 (UTC)</time>: Global limits (fulfilled)',
    );
    assert.match(
      text,
      /<blockquote class="record-quote">Resetting between 07:00 and 08:00 UTC\.<\/blockquote>/,
    );
    assert.deepEqual(timelineOf(text), [
      'Announced 2026-11-20 14:00 UTC.',
      'Window: Between 2026-11-21 07:00 UTC and 2026-11-21 08:00 UTC.',
      'Confirmed 2026-11-21 08:00 UTC (matched automatically to a completion post): Reset completed on Sat 21 Nov 2026 (UTC): Global limits, all plans, five-hour and weekly windows.',
    ]);
    assert.match(
      text,
      new RegExp(
        `<a href="/records/${COMPLETION_ID}">Reset completed on Sat 21 Nov 2026 \\(UTC\\)`,
      ),
    );
    assert.deepEqual(factsOf(text), {
      Kind: 'Scheduled reset',
      Type: 'Global limits',
      'Time basis': 'stated in the post (a time), confidence 90&nbsp;%',
      Source: 'Operator note',
      'Record id': 'op_done',
    });
    assert.doesNotMatch(text, /id="countdown"/, 'no countdown: it is not open');
    assert.match(
      text,
      /<p class="breadcrumb"><a href="\/">Status<\/a> › <a href="\/history\/">History<\/a> › Record<\/p>/,
    );
  });

  test('its completion: dated by completedAt ?? effectiveAt, escaped text, the schedules it fulfils', async () => {
    const { status, text } = await server.get(`/records/${COMPLETION_ID}`);
    assert.equal(status, 200);
    assert.equal(
      titleOf(text),
      'Reset completed on Sat 21 Nov 2026 (UTC): Global limits, all plans, five-hour and weekly windows · OpenAI Codex usage-limit resets',
    );
    assert.match(
      text,
      /<blockquote class="record-quote">Limits reset for &quot;everyone&quot; &lt;b&gt;now&lt;\/b&gt; &amp; enjoy<\/blockquote>/,
    );
    assert.doesNotMatch(text, /<b>now/);
    assert.deepEqual(timelineOf(text), [
      'Announced 2026-11-21 08:01 UTC by @resetwatch.',
      'Reset 2026-11-21 08:00 UTC.',
      'Fulfils the schedule Reset scheduled for Sat 21 Nov 2026 (UTC): Global limits (fulfilled).',
      'Fulfils the schedule op_dismissed (not published).',
    ]);
    const facts = factsOf(text);
    assert.equal(facts['Kind'], 'Completed reset');
    assert.equal(facts['Type'], 'Global limits (plans: all; windows: five-hour, weekly)');
    assert.equal(facts['Record id'], COMPLETION_ID);
    assert.match(
      text,
      /<dt>Source<\/dt><dd><a href="https:\/\/x\.com\/resetwatch\/status\/1990500000000000042" rel="noopener noreferrer">Post by @resetwatch<\/a><\/dd>/,
    );
  });

  test('an open schedule has a countdown, from the one answer', async () => {
    const { text } = await server.get('/records/op_pending');
    assert.match(
      text,
      /<p id="countdown" class="countdown" data-when="" data-start="2026-11-21T15:00:00.000Z" data-end="2026-11-21T15:00:00.000Z" data-precision="datetime" data-basis="explicit" data-sentence="">Today 15:00 UTC, in 5 h 00 min\.<\/p>/,
    );
    assert.deepEqual(timelineOf(text).slice(-1), [
      'Not confirmed yet: the window is open or still ahead.',
    ]);
  });

  test('a pending schedule whose window has passed is not said to be still open', async () => {
    const { text } = await server.get('/records/op_passed');
    assert.doesNotMatch(text, /id="countdown"/);
    assert.deepEqual(timelineOf(text).slice(-1), [
      'Pending when the data was published; its window has ended since, and no completion is linked yet.',
    ]);
  });

  test('meta tags for link previews; no og:url or canonical without PUBLIC_BASE_URL, whatever the Host', async () => {
    const { text } = await server.get(`/records/${COMPLETION_ID}`, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const description =
      'Completed 2026-11-21 08:00 UTC. &quot;Limits reset for &quot;everyone&quot; &lt;b&gt;now&lt;/b&gt; &amp; enjoy&quot;';
    const title =
      'Reset completed on Sat 21 Nov 2026 (UTC): Global limits, all plans, five-hour and weekly windows';
    assert.equal(metaOf(text, 'og:title'), title);
    assert.equal(metaOf(text, 'og:site_name'), 'OpenAI Codex usage-limit resets');
    assert.equal(metaOf(text, 'og:description'), description);
    assert.equal(metaOf(text, 'description'), description);
    assert.equal(metaOf(text, 'og:type'), 'article');
    assert.equal(metaOf(text, 'twitter:card'), 'summary');
    assert.equal(metaOf(text, 'twitter:title'), title);
    assert.equal(metaOf(text, 'twitter:description'), description);
    assert.equal(metaOf(text, 'og:url'), undefined);
    assert.doesNotMatch(text, /rel="canonical"/);
    assert.doesNotMatch(text, /evil\.example/);
    // The meta tags are in <head>.
    const head = one(text, /<head>([\s\S]*)<\/head>/);
    assert.match(head, /<meta property="og:title"/);
  });

  test('a long text is cut in the description, whole on the page', async () => {
    const { text } = await server.get('/records/op_pending');
    const description = metaOf(text, 'og:description')!;
    assert.equal(
      description,
      `Announced for 2026-11-21 15:00 UTC. &quot;${'x'.repeat(159)}…&quot;`,
    );
    assert.match(
      text,
      new RegExp(`<blockquote class="record-quote">${'x'.repeat(200)}</blockquote>`),
    );
  });

  test('an id with ":" (a manual completion) works URL-encoded and as typed', async () => {
    for (const target of ['/records/manual%3Aabc', '/records/manual:abc']) {
      const { status, text } = await server.get(target);
      assert.equal(status, 200, target);
      assert.equal(factsOf(text)['Record id'], 'manual:abc');
      assert.equal(factsOf(text)['Source'], 'Manual completion by the operator');
      assert.deepEqual(timelineOf(text), ['Reset 2026-11-21 09:00 UTC.']);
    }
  });

  test('an id with "/", space, "?", "#", "&" and non-ASCII characters works URL-encoded', async () => {
    const { status, text } = await server.get(path(ODD_ID));
    assert.equal(status, 200);
    assert.equal(factsOf(text)['Record id'], 'manual:a/b c?d#e&amp;é');
  });

  test('an unknown id: 404 HTML page, the id escaped, a way back, not cached', async () => {
    const response = await server.get(path('op_<b>nope</b>'));
    assert.equal(response.status, 404);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers['content-security-policy'], PAGE_CSP);
    assert.match(response.text, /<h1>No such record<\/h1>/);
    assert.match(response.text, /<code>op_&lt;b&gt;nope&lt;\/b&gt;<\/code>/);
    assert.doesNotMatch(response.text, /<b>nope/);
    assert.match(response.text, /<a href="\/">Back to the status page<\/a>/);
    assert.doesNotMatch(response.text, /og:title/);
  });

  test('headers: HTML, the page CSP, no inline script or style, cacheable', async () => {
    const response = await server.get('/records/op_done');
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['content-security-policy'], PAGE_CSP);
    assert.equal(response.headers['referrer-policy'], 'no-referrer');
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.match(String(response.headers['cache-control']), /^public, max-age=\d+$/);
    assert.doesNotMatch(response.text, /<style|style=/);
    assert.doesNotMatch(response.text, /<script(?![^>]*\bsrc=)/);
    const head = await server.get('/records/op_done', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
  });

  test('record pages do not count against the quota and carry no rate-limit headers', async () => {
    const first = await server.get('/openapi/v1/records/latest');
    const remaining = Number(first.headers['x-ratelimit-remaining']);
    assert.ok(Number.isInteger(remaining));
    for (const target of ['/records/op_done', path(COMPLETION_ID), path('nope'), path(ODD_ID)]) {
      for (let index = 0; index < 3; index++) {
        const page = await server.get(target);
        assert.ok(page.status === 200 || page.status === 404, target);
        assert.equal(page.headers['x-ratelimit-remaining'], undefined, target);
      }
    }
    const second = await server.get('/openapi/v1/records/latest');
    assert.equal(Number(second.headers['x-ratelimit-remaining']), remaining - 1);
  });
});

describe('record pages with PUBLIC_BASE_URL', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      snapshot,
      clock: () => NOW,
      env: { PUBLIC_BASE_URL: 'https://resets.example.com/' },
    });
  });
  after(() => server.close());

  test('og:url and canonical from PUBLIC_BASE_URL, never from a forged Host', async () => {
    for (const id of [COMPLETION_ID, 'manual:abc']) {
      const { text } = await server.get(path(id), {
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      const url = `https://resets.example.com/records/${encodeURIComponent(id)}`;
      assert.equal(metaOf(text, 'og:url'), url);
      assert.match(
        text,
        new RegExp(`<link rel="canonical" href="${url.replace(/[.?]/g, '\\$&')}">`),
      );
      assert.doesNotMatch(text, /evil\.example/);
    }
  });

  test('no og:url on a 404', async () => {
    const response = await server.get('/records/nope');
    assert.equal(response.status, 404);
    assert.doesNotMatch(response.text, /og:url|rel="canonical"/);
  });
});

describe('record pages before a snapshot is published', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ snapshot: null, clock: () => NOW });
  });
  after(() => server.close());

  test('503 HTML saying data unavailable, not cached; then the record once published', async () => {
    const response = await server.get('/records/op_done');
    assert.equal(response.status, 503);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers['content-security-policy'], PAGE_CSP);
    assert.match(response.text, /<h1>Data unavailable<\/h1>/);
    assert.doesNotMatch(response.text, /No such record/);

    await server.publish(snapshot);
    await waitFor(async () => (await server.get('/records/op_done')).status === 200, 2_000);
  });
});
