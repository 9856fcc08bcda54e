import { Feed } from 'feed';
import type { ResetRecord } from '../../shared/domain/record.ts';
import { type PreparedRecord, recordOf } from '../query/prepared-record.ts';
import { entryId, FEED_ENTRIES, FEED_PATH, recordPath, TAG_AUTHORITY } from './paths.ts';
import { plainText, recordFacts, recordTitle, sourceUrl } from './record-summary.ts';
import { compareNewest, recordTime, revisedAt } from './record-times.ts';

/**
 * The Atom feed (RFC 4287) of the newest records, built with `feed`. Two things that
 * library cannot express are added to its output afterwards, each confined to the
 * `<link>` elements it wrote (entry titles and contents are escaped HTML in CDATA, so
 * they never hold a `<link`):
 * - the source post as a second link of each entry, `rel="related"` (it writes one `href`);
 * - relative links when PUBLIC_BASE_URL is unset (it passes every URL through `new URL`).
 */

const SUBTITLE =
  'Scheduled and completed usage-limit resets, newest first, each titled with its time and what was reset.';
/** "This service" while the library builds the feed; replaced by relative links after. */
const PLACEHOLDER_ORIGIN = 'https://relative.invalid';

export function buildAtomFeed(
  rows: readonly PreparedRecord[],
  generatedAt: string,
  baseUrl: string | undefined,
  siteName = 'Usage-limit resets',
): string {
  const origin = baseUrl ?? PLACEHOLDER_ORIGIN;
  const generatedAtMs = Date.parse(generatedAt);
  const feed = new Feed({
    id: `${TAG_AUTHORITY}feed`,
    title: siteName,
    description: SUBTITLE,
    updated: new Date(generatedAtMs),
    generator: false,
    link: `${origin}/`,
    feed: `${origin}${FEED_PATH}`,
    author: { name: siteName },
  });

  const related: (string | null)[] = [];
  for (const row of [...rows].sort(compareNewest).slice(0, FEED_ENTRIES)) {
    const record = recordOf(row);
    const source = sourceUrl(record);
    const updated = revisedAt(row, generatedAtMs);
    const happened = recordTime(row);
    related.push(source);
    feed.addItem({
      id: entryId(record.id),
      title: escapeHtml(recordTitle(record)),
      link: `${origin}${recordPath(record.id)}`,
      date: new Date(updated),
      ...(happened !== null && { published: new Date(Math.min(happened, generatedAtMs)) }),
      content: entryContent(record, source),
      category: [record.kind, record.resetType, record.scheduleState]
        .filter((term) => term !== null)
        .map((term) => ({ term })),
    });
  }

  // Relative first: only the library's own links can hold the placeholder then.
  const xml = baseUrl === undefined ? withRootBase(relativeLinks(feed.atom1())) : feed.atom1();
  return withRelatedLinks(xml, related);
}

/** The entry's `type="html"` content: the post text, the facts, the source post. */
function entryContent(record: ResetRecord, source: string | null): string {
  const parts: string[] = [];
  if (record.text !== null && record.text.trim() !== '') {
    parts.push(`<p>${escapeHtml(plainText(record.text)).replace(/\r\n|\r|\n/g, '<br>')}</p>`);
  }
  const facts = recordFacts(record).map(
    ([label, value]) => `<li>${escapeHtml(label)}: ${escapeHtml(value)}</li>`,
  );
  parts.push(`<ul>${facts.join('')}</ul>`);
  if (source !== null) parts.push(`<p><a href="${escapeHtml(source)}">Source post</a></p>`);
  return parts.join('\n');
}

/** The entry links `feed` writes: `<link href="…"/>`, no rel (the feed's own carry one first). */
const ENTRY_LINK = /(\n[ \t]*)<link href="[^"]*"\/>/g;

/** Adds `<link rel="related" href="SOURCE"/>` after the n-th entry's link, for each entry. */
function withRelatedLinks(xml: string, related: readonly (string | null)[]): string {
  let index = 0;
  const result = xml.replace(ENTRY_LINK, (link, indent: string) => {
    const source = related[index++];
    return source ? `${link}${indent}<link rel="related" href="${escapeHtml(source)}"/>` : link;
  });
  // The library's output format is what this relies on: fail loudly, never drop links.
  if (index !== related.length) throw new Error(`feed: ${index} entry links for ${related.length}`);
  return result;
}

/**
 * Without PUBLIC_BASE_URL the links are root-relative, and the feed says what they are
 * relative to with `xml:base="/"` (RFC 4287 §2, XML Base): the root of the address the feed
 * was fetched from, taken from nothing a request says (never its Host header).
 */
function withRootBase(xml: string): string {
  const opening = '<feed xmlns="http://www.w3.org/2005/Atom">';
  if (!xml.includes(opening)) throw new Error('feed: unexpected <feed> element');
  return xml.replace(opening, '<feed xmlns="http://www.w3.org/2005/Atom" xml:base="/">');
}

/** `href="https://relative.invalid/x"` → `href="/x"`, in `<link>` elements only. */
function relativeLinks(xml: string): string {
  return xml.replace(/(<link\b[^>]*\bhref=")https:\/\/relative\.invalid\//g, '$1/');
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escaping `>` too means no `]]>` can end the library's CDATA sections early. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}
