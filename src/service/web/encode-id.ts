/** Record ids in URLs: the pages' links, the feed's and the calendar's ids. */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * `encodeURIComponent`, which throws on a lone surrogate: a JSON string, and so an id, can
 * hold one. Such a code unit is written as its three WTF-8 bytes instead, so that every id
 * still gets its own token and one odd id cannot take the whole feed down.
 */
export function encodeId(id: string): string {
  if (!LONE_SURROGATE.test(id)) return encodeURIComponent(id);
  return Array.from(id, (char) => {
    if (!LONE_SURROGATE.test(char)) return encodeURIComponent(char);
    const unit = char.charCodeAt(0);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('');
  }).join('');
}

/** A record's own page (`/records/ID`), with the id percent-encoded. */
export const recordPagePath = (id: string) => `/records/${encodeId(id)}`;
