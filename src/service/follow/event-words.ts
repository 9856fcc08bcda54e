import type { MessageInput } from '../../shared/delivery/message.ts';
import type { ResetRecord } from '../../shared/domain/record.ts';
import {
  agoWords,
  createClock,
  isFullReset,
  resetNoun,
  scheduleWords,
  whatWasReset,
} from '../answer/words.js';
import { recordPagePath } from '../web/encode-id.ts';
import type { FollowEvent } from './topics.ts';

/**
 * What an event says to a person, in the words of the status page (answer/words.js): a push
 * notification (title, body, link, tag) and a broadcast message (the same words, the record
 * in `data`). Times are in UTC and say so: a notification does not know its reader's zone.
 */

export interface EventSite {
  readonly name: string;
  /** PUBLIC_BASE_URL, or undefined: links are then root-relative (push) or the post (broadcast). */
  readonly baseUrl: string | undefined;
}

export interface PushPayload {
  readonly title: string;
  readonly body: string;
  /** The record's page: absolute with PUBLIC_BASE_URL, else root-relative. */
  readonly url: string;
  /** One notification per record: a later one about it replaces the earlier. */
  readonly tag: string;
  readonly event: FollowEvent['type'];
}

const clock = createClock('UTC', 'en-GB');

const scopeOf = (record: ResetRecord) => ({
  resetType: record.resetType,
  plans: record.scope?.plans ?? ['unknown'],
  windows: record.scope?.windows ?? ['unknown'],
});

const scheduleOf = (record: ResetRecord) => ({
  startAt: record.scheduleWindow?.startAt ?? null,
  endAt: record.scheduleWindow?.endAt ?? null,
  precision: record.schedulePrecision,
  basis: record.scheduleBasis,
});

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

export function eventWords(event: FollowEvent, now: number): { title: string; body: string } {
  const { record } = event;
  const scope = scopeOf(record);
  const what = whatWasReset(scope);
  switch (event.type) {
    case 'reset_completed': {
      const at = Date.parse(event.at);
      return {
        title: isFullReset(scope) ? 'Usage limits were reset' : `${resetNoun(scope)} happened`,
        body: sentence(`${what}, ${agoWords(now - at)} (${clock.when(at, now)})`),
      };
    }
    case 'reset_scheduled':
      return {
        title: 'A reset is scheduled',
        body: sentence(`${what}: ${scheduleWords(scheduleOf(record), now, clock, 'en-GB')}`),
      };
    case 'schedule_moved':
      return {
        title: 'A scheduled reset moved',
        body: sentence(`${what}: now ${scheduleWords(scheduleOf(record), now, clock, 'en-GB')}`),
      };
    case 'window_soon':
      return {
        title: 'A reset is due within the hour',
        body: sentence(`${what}: ${scheduleWords(scheduleOf(record), now, clock, 'en-GB')}`),
      };
  }
}

/**
 * The most a push payload may be, as UTF-8 JSON: web-push writes one 4,096-byte record
 * (RFC 8291 §4), which holds 3,993 bytes of payload; push services refuse more (413).
 */
export const MAX_PUSH_PAYLOAD_BYTES = 3_993;

export function pushPayload(event: FollowEvent, now: number, site: EventSite): PushPayload {
  const path = recordPagePath(event.record.id);
  const words = eventWords(event, now);
  const payload = {
    ...words,
    url: site.baseUrl === undefined ? path : `${site.baseUrl}${path}`,
    tag: `record-${event.record.id}`.slice(0, 100),
    event: event.type,
  };
  if (Buffer.byteLength(JSON.stringify(payload)) <= MAX_PUSH_PAYLOAD_BYTES) return payload;
  // Only a record id of thousands of characters gets here: link the status page instead.
  // Only thousands of characters of plans or record id get here: shorter words, and the
  // status page for a link.
  return {
    ...payload,
    title: excerpt(words.title, 200),
    body: excerpt(words.body, 500),
    url: site.baseUrl ?? '/',
  };
}

/** The broadcast message (ntfy, Discord, Slack, Telegram, the webhook) of an event. */
export function broadcastMessage(event: FollowEvent, now: number, site: EventSite): MessageInput {
  const { title, body } = eventWords(event, now);
  const { record } = event;
  const page = site.baseUrl === undefined ? null : `${site.baseUrl}${recordPagePath(record.id)}`;
  const fields: { name: string; value: string }[] = [
    { name: 'When', value: clock.when(Date.parse(event.at), now) },
  ];
  if (record.source.url !== null) fields.push({ name: 'Source', value: record.source.url });
  if (record.text !== null && record.text !== '')
    fields.push({ name: 'Said', value: excerpt(record.text, 500) });
  const global = event.topics.includes('global_reset');
  return {
    event: event.type,
    title: `${site.name}: ${title}`.slice(0, 200),
    text: body,
    url: page ?? record.source.url,
    fields,
    priority: event.type === 'reset_completed' && global ? 'high' : 'default',
    tags: event.type === 'reset_completed' ? ['tada'] : ['calendar'],
    data: { event: { id: event.id, type: event.type, at: event.at }, record },
  };
}

function excerpt(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
