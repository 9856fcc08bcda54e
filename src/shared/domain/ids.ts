/** How record ids compare (decisions.md §4), for the service's orderings and the producer's cursor. */

const DIGITS = /^\d+$/;

/** Ids compare as integers when both are all digits, otherwise by UTF-16 code units. */
export function compareIds(a: string, b: string): number {
  if (DIGITS.test(a) && DIGITS.test(b)) {
    const x = a.replace(/^0+(?=\d)/, '');
    const y = b.replace(/^0+(?=\d)/, '');
    if (x.length !== y.length) return x.length - y.length;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
