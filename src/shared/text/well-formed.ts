/**
 * Lone surrogates: a UTF-16 string can hold half of a surrogate pair, which is no
 * character; JSON.stringify writes it as `\ud800`, which strict parsers (jq, many
 * languages' UTF-8 decoders) refuse, failing the whole page; and as UTF-8 it is not
 * encodable at all (issue 16, finding 11). `String.prototype.isWellFormed` and
 * `toWellFormed` are ES2024; these are the same, for the ES2023 this project targets.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether `text` holds no lone surrogate. */
export const isWellFormed = (text: string): boolean => !HAS_LONE_SURROGATE.test(text);

/** The same without the global flag: `test` keeps no state between calls. */
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);

/** `text` with each lone surrogate replaced by U+FFFD (the replacement character). */
export const toWellFormed = (text: string): string => text.replace(LONE_SURROGATE, '\uFFFD');
