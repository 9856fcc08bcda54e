import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseFeed } from '@rowanmanning/feed-parser';
import fc from 'fast-check';
import ICAL from 'ical.js';
import { wholeDayOf } from '../../src/service/answer/words.js';
import { buildAtomFeed } from '../../src/service/feeds/atom-feed.ts';
import { buildCalendar, LAST_WRITABLE_MS } from '../../src/service/feeds/calendar.ts';
import { entryId, eventUid, FEED_ENTRIES, recordPath } from '../../src/service/feeds/paths.ts';
import { plainText, recordTitle } from '../../src/service/feeds/record-summary.ts';
import { PreparedSnapshot } from '../../src/service/query/prepared-snapshot.ts';
import type { ResetRecord } from '../../src/shared/domain/record.ts';
import { SnapshotFile } from '../../src/shared/domain/snapshot.ts';
import { DAY, iso } from '../support/records.ts';

/**
 * Any valid snapshot gives a feed and a calendar that parse, whatever its texts hold:
 * markup, `]]>`, control characters, lone surrogates, iCalendar separators, links the
 * feed's post-processing looks for. Generated records are checked against the snapshot
 * schema first, so every case is one the service could really be asked to serve.
 */

const RUNS = 300;
const T0 = Date.parse('2026-11-20T12:00:00.000Z');
const BASE = 'https://resets.example.com/sub';

const awkward = fc.constantFrom(
  '<',
  '>',
  '&',
  '&amp;',
  '"',
  "'",
  ']]>',
  '\u0000',
  '\u0008',
  '\u000B',
  '\u001F',
  '\u007F',
  '\uD800',
  '\uDFFF',
  '\uFFFE',
  '\uFFFF',
  '\r',
  '\n',
  '\r\n',
  '\t',
  ',',
  ';',
  '\\',
  'é',
  '😀',
  '<link href="x"/>',
  'https://relative.invalid/',
  ' ',
);
/** A lone surrogate as the producer stores it (U+FFFD): a snapshot that holds one is refused. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const text = fc
  .string({
    unit: fc.oneof(awkward, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
    maxLength: 24,
  })
  .map((value) => value.replace(LONE_SURROGATE, '\ufffd'));
const instant = fc.integer({ min: T0 - 400 * DAY, max: T0 + 30 * DAY }).map(iso);
const url = fc.oneof(
  fc.webUrl(),
  text,
  fc.constantFrom(
    'javascript:alert(1)',
    'https://a.example/?q=1&r="2"<x>',
    'https://relative.invalid/records/1',
  ),
);
const scope = fc.record({ plans: fc.array(text, { maxLength: 3 }), windows: fc.array(text) });
const common = {
  resetType: fc.constantFrom('global', 'banked', 'global_and_banked') as fc.Arbitrary<
    ResetRecord['resetType']
  >,
  announcedAt: fc.option(instant),
  effectiveAt: fc.option(instant),
  text: fc.option(text),
  confidence: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
  scope: fc.option(scope),
  url: fc.option(url),
  handle: text,
};
const numericId = fc.bigInt({ min: 1n, max: 10n ** 19n }).map(String);

const scheduleRecord = fc
  .record({
    ...common,
    id: fc.oneof(
      numericId,
      text.map((token) => `op_${token}`),
    ),
    state: fc.constantFrom('pending', 'elapsed', 'fulfilled', 'unknown') as fc.Arbitrary<
      NonNullable<ResetRecord['scheduleState']>
    >,
    window: fc.option(fc.tuple(instant, fc.oneof(fc.constant(0), fc.nat(3 * DAY)))),
    precision: fc.constantFrom('date', 'datetime') as fc.Arbitrary<'date' | 'datetime'>,
    completedAt: instant,
    origin: fc.constantFrom('auto', 'link', 'manual') as fc.Arbitrary<'auto' | 'link' | 'manual'>,
  })
  .map(
    (r): ResetRecord => ({
      ...fields(r),
      kind: 'reset_scheduled',
      schedulePrecision: r.precision,
      scheduleBasis: 'explicit',
      scheduleWindow:
        r.window === null
          ? null
          : { startAt: r.window[0], endAt: iso(Date.parse(r.window[0]) + r.window[1]) },
      scheduleState: r.state,
      completedAt: r.state === 'fulfilled' ? r.completedAt : null,
      completionRecordId: null,
      fulfillmentOrigin: r.state === 'fulfilled' ? r.origin : null,
      relatedRecordIds: [],
    }),
  );

const completionRecord = fc
  .record({
    ...common,
    id: fc.oneof(
      numericId,
      text.map((token) => `op_${token}`),
      text.map((token) => `manual:${token}`),
    ),
    completedAt: fc.option(instant),
    related: fc.array(text, { maxLength: 2 }),
  })
  .map((r): ResetRecord => {
    const manual = r.id.startsWith('manual:');
    return {
      ...fields(r),
      ...(manual && { source: { origin: 'operator', postId: null, handle: null, url: null } }),
      kind: 'reset_completed',
      schedulePrecision: null,
      scheduleBasis: null,
      scheduleWindow: null,
      scheduleState: null,
      completedAt: r.completedAt,
      completionRecordId: null,
      fulfillmentOrigin: manual ? 'manual' : null,
      relatedRecordIds: r.related,
    };
  });

/** The fields every record has, and a source that fits its id. */
function fields(r: {
  id: string;
  resetType: ResetRecord['resetType'];
  announcedAt: string | null;
  effectiveAt: string | null;
  text: string | null;
  confidence: number | null;
  scope: ResetRecord['scope'];
  url: string | null;
  handle: string;
}) {
  const x = /^\d+$/.test(r.id);
  return {
    id: r.id,
    resetType: r.resetType,
    announcedAt: r.announcedAt,
    effectiveAt: r.effectiveAt,
    text: r.text,
    confidence: r.confidence,
    scope: r.scope,
    source: x
      ? { origin: 'x' as const, postId: r.id, handle: r.handle, url: r.url }
      : { origin: 'operator' as const, postId: null, handle: null, url: r.url },
  };
}

const snapshot = fc
  .record({
    records: fc.uniqueArray(fc.oneof(scheduleRecord, completionRecord), {
      maxLength: 60,
      selector: (record) => record.id,
    }),
    generatedAt: instant,
    withBase: fc.boolean(),
  })
  .map(({ records, generatedAt, withBase }) => ({
    file: { generatedAt, lastSuccessfulCheckAt: null, records },
    base: withBase ? BASE : undefined,
  }));

/** XML 1.0 §2.2 Char, the whole document. */
const XML_CHARS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
/** Controls that iCalendar TEXT cannot hold (tab and the CRLF line ends aside). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const ICAL_CONTROLS = /[\u0000-\u0008\u000A-\u001F\u007F]/;

/** A completion's time, else a schedule's announcement (null: none, listed last). */
const timeOf = (record: ResetRecord) =>
  record.kind === 'reset_completed'
    ? (record.completedAt ?? record.effectiveAt ?? record.announcedAt)
    : record.announcedAt;
const lines = (value: string) => value.replace(/\r\n?/g, '\n');

describe('fuzzing the subscriptions', () => {
  test(`${RUNS} generated valid snapshots: the feed and the calendar always parse and reflect the records`, () => {
    fc.assert(
      fc.property(snapshot, ({ file, base }) => {
        const parsed = SnapshotFile.parse(file); // the generator makes valid snapshots only
        const prepared = PreparedSnapshot.of(parsed);
        const views = prepared.viewsAt(T0);
        const rows = [
          ...views.rows.reset_scheduled,
          ...views.rows.reset_completed.filter((row) => !row.isSchedule),
        ];
        const byUid = new Map(parsed.records.map((record) => [eventUid(record.id), record]));
        const origin = base ?? '';

        const atom = buildAtomFeed(rows, parsed.generatedAt, base);
        assert.match(atom, XML_CHARS);
        const items = parseFeed(atom).items;
        assert.equal(items.length, Math.min(FEED_ENTRIES, parsed.records.length));
        const ids = parsed.records.map((record) => [entryId(record.id), record] as const);
        const recordOfEntry = new Map(ids);
        let previous: string | null | undefined;
        for (const item of items) {
          const record = recordOfEntry.get(item.id ?? '');
          assert.ok(record, `entry ${item.id} is a record`);
          assert.equal(item.url, `${origin}${recordPath(record.id)}`);
          assert.equal(item.title, lines(recordTitle(record)).trim() || null);
          const related = item.element
            .findElementsWithName('link')
            .filter((link) => link.getAttribute('rel') === 'related');
          assert.ok(related.length <= 1);
          for (const link of related) assert.match(link.getAttribute('href')!, /^https?:\/\//);
          assert.ok(item.updated instanceof Date && !Number.isNaN(item.updated.getTime()));
          // Newest first, records without a time last.
          const time = timeOf(record);
          if (previous !== undefined) {
            assert.ok(previous !== null ? time === null || time <= previous : time === null);
          }
          previous = time;
        }

        const ics = buildCalendar(rows, parsed.generatedAt, base);
        assert.doesNotMatch(ics.replaceAll('\r\n', ''), ICAL_CONTROLS);
        for (const line of ics.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, line);
        const events = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');
        // An event per schedule with a window and per completion with a time.
        const startOf = (record: ResetRecord) =>
          record.kind === 'reset_completed'
            ? timeOf(record)
            : (record.scheduleWindow?.startAt ?? null);
        const dated = parsed.records.filter((record) => startOf(record) !== null);
        assert.deepEqual(
          events.map((event) => event.getFirstPropertyValue('uid')).sort(),
          dated.map((record) => eventUid(record.id)).sort(),
        );
        for (const component of events) {
          const event = new ICAL.Event(component);
          const record = byUid.get(event.uid)!;
          const start = Date.parse(startOf(record)!);
          if (event.startDate.isDate) {
            // A whole day (Pacific or UTC) of a date-precision window: that date.
            const window = record.scheduleWindow!;
            const whole = wholeDayOf(start, Date.parse(window.endAt));
            assert.equal(record.schedulePrecision, 'date');
            assert.equal(event.startDate.toString(), whole?.day);
          } else {
            assert.equal(
              event.startDate.toJSDate().getTime(),
              Math.min(Math.floor(start / 1000) * 1000, LAST_WRITABLE_MS),
            );
          }
          assert.ok(event.endDate.compare(event.startDate) >= 0);
          assert.equal(
            component.getFirstPropertyValue('status'),
            record.scheduleState === 'fulfilled' || record.kind === 'reset_completed'
              ? 'CONFIRMED'
              : 'TENTATIVE',
          );
          const postText = lines(plainText(record.text ?? ''));
          if (postText.trim() !== '') assert.ok(event.description.startsWith(`${postText}\n\n`));
        }
      }),
      { numRuns: RUNS },
    );
  });
});
