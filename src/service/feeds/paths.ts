import { encodeId, recordPagePath } from '../web/encode-id.ts';

/** Where the subscriptions live, and the addresses they link to. */

export const FEED_PATH = '/feed.xml';
export const CALENDAR_PATH = '/calendar.ics';

/** Newest records in the feed: a reader polls it, it is not an archive (the API is). */
export const FEED_ENTRIES = 50;
/**
 * Most recent schedule windows in the calendar (decades of real schedules), so a huge
 * snapshot still gives a calendar that is quick to build and to fetch.
 */
export const CALENDAR_EVENTS = 500;
/** Post text kept in an event's description; the record page has all of it. */
export const EVENT_TEXT_CHARS = 500;

/** A record's page (served by the status page), with the id percent-encoded. */
export const recordPath = recordPagePath;

/**
 * Identifiers that never change with the address the service is reached at: a tag URI
 * (RFC 4151) for Atom, a UID for iCalendar, both from the percent-encoded record id (so no
 * id can break out of its field, and `manual:x` stays one token).
 */
export const TAG_AUTHORITY = 'tag:reset-records,2026:';
export const entryId = (id: string) => `${TAG_AUTHORITY}record:${encodeId(id)}`;
export const eventUid = (id: string) => `${encodeId(id)}@reset-records`;
