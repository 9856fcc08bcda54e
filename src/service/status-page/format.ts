/**
 * Text helpers of the status page for the server-rendered (UTC) version. The client
 * script replaces these texts with the visitor's local time; without JavaScript the page
 * states these UTC facts.
 */
import { escapeHtml } from '../web/layout.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** `2026-11-21T09:12:30.000Z` → `2026-11-21 09:12 UTC`. */
export function utcDateTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** `2026-11-21T09:12:30.000Z` → `09:12 UTC`. */
export function utcTime(iso: string): string {
  return `${iso.slice(11, 16)} UTC`;
}

/** The UTC calendar day (YYYY-MM-DD) of an instant. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * A `<time>` element the client script localizes: `datetime` is the UTC instant, the
 * content is its UTC text until the script runs.
 */
export function timeTag(iso: string, attributes = ''): string {
  const extra = attributes === '' ? '' : ` ${attributes}`;
  return `<time datetime="${escapeHtml(iso)}"${extra}>${utcDateTime(iso)}</time>`;
}

/** A duration as `2 d 4 h 05 min`, `4 h 05 min`, `5 min` (minute resolution, rounded down). */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} d ${hours} h ${pad(rest)} min`;
  if (hours > 0) return `${hours} h ${pad(rest)} min`;
  if (rest > 0) return `${rest} min`;
  return 'less than a minute';
}

/** How long ago, in words: `just now`, `5 minutes ago`, `3 hours ago`, `2 days ago`. */
export function agoText(ms: number): string {
  if (ms < MINUTE) return 'less than a minute ago';
  if (ms < HOUR) return plural(Math.floor(ms / MINUTE), 'minute');
  if (ms < DAY) return plural(Math.floor(ms / HOUR), 'hour');
  return plural(Math.floor(ms / DAY), 'day');
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;
const pad = (value: number) => String(value).padStart(2, '0');

/** Only http(s) URLs become links; anything else is shown as text, or not at all. */
export function isWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
