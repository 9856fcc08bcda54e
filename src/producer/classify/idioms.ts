/**
 * Other words for a reset of usage (rules-2.10.0): "wiped the usage counters", "replenish
 * your weekly usage", "we'll refresh everyone's Codex limits", "usage is back at zero",
 * "limits are fresh for all", "a clean slate on usage limits". Each is read as the matching
 * form of "reset" when what it acts on is usage or limits, so the grammar (sense.ts) decides
 * its tense, negation and subject as for "reset" itself. A synonym with no usage near it
 * ("we wiped the staging database") is left alone.
 *
 * Every pattern is bounded (a few words, or a few dozen characters, apart), as in cues.ts.
 */

/** Words that may follow the head of a phrase: its end, a preposition, a verb. */
const AFTER_HEAD =
  '(?:for|across|of|on|in|to|and|at|as|this|today|tonight|tomorrow|now|again|back|with|from|so|because|right|too|already|is|are|were|was|have|has|will|should|get|gets|got|go|goes|just|all|clean|wiped|zeroed|replenished|refilled|restored)';
/**
 * What a reset of usage acts on, as the head of its phrase: "the usage counters for all",
 * not "usage logs" or "the usage page" (another noun after it is what is acted on).
 */
const USAGE_NOUN = String.raw`(?:usage|limits?|quotas?|counters?|meters?)(?=[.!?,;:)]|$| ${AFTER_HEAD}\b)`;
/** After "back to zero" / "back to full": the clause goes on with no noun ("full color"). */
const AFTER_AMOUNT = String.raw`(?=[.!?,;:)]|$| (?:for|across|on|in|as|at|by|this|today|tonight|tomorrow|now|again|already|and|so|because|right)\b)`;
/** Whose limits: "topped everyone back up" ("a clean slate for everyone" may be of anything). */
const PEOPLE = String.raw`(?:everyone|everybody|all of you|(?:all )?(?:paid |codex )?(?:users|accounts|subscribers))`;
/** Up to five words between a verb and its object: "wiped the 5-hour and weekly usage". */
const OBJECT_GAP = String.raw`(?:[\w'%-]+ ){0,5}`;

/** The form of "reset" for a verb's ending: wiped → reset, wiping → resetting. */
function resetFormOf(ending: string): string {
  if (ending === 'ing') return 'resetting';
  if (ending === 's' || ending === 'es') return 'resets';
  return 'reset';
}

const VERBS =
  '(?:wip(?:e|es|ed|ing)|refresh(?:es|ed|ing)?|refill(?:s|ed|ing)?|replenish(?:es|ed|ing)?|zero(?:es|ed|ing)? out|zeroed)';
/** A verb and its object: "wiped the usage counters", "replenish the weekly usage". */
const VERB_THEN_OBJECT = new RegExp(String.raw`\b(${VERBS})\b(?= ${OBJECT_GAP}${USAGE_NOUN}\b)`);
/** Its object first: "usage counters wiped for everyone", "limits zeroed out". */
const OBJECT_THEN_VERB = new RegExp(String.raw`(?<=\b${USAGE_NOUN} (?:\w+ ){0,2})(${VERBS})\b`);
/**
 * "usage is back at zero", "limits are back to 100%", "has been restored to full"; and "back
 * at 0% used", which names the usage itself.
 */
const BACK_TO_EMPTY = new RegExp(
  String.raw`(?<=\b${USAGE_NOUN}\b[^.!?,;]{0,30})\b(?:back|restored|refilled) (?:to|at) (?:zero|0%?|100%|full)(?: used)?${AFTER_AMOUNT}|\bback (?:to|at) 0% used${AFTER_AMOUNT}`,
);
/** "a fresh weekly limit", "a fresh 5-hour window", "a fresh weekly bucket". */
const A_FRESH_ONE = new RegExp(
  String.raw`\ba fresh (?:(?:5-hour|5h|five-hour|weekly|codex|usage) ){0,2}(?:limit|window|bucket|quota|allowance)${AFTER_AMOUNT}|\ba fresh set of (?:(?:codex|usage|weekly) ){0,2}limits${AFTER_AMOUNT}`,
);
/** "a full refill for every plan", "a limits refill": a refill with whom it is for. */
const A_REFILL =
  /\b(?:a|the) (?:(?:full|limits?|usage|weekly) )?refill\b(?=[^.!?]{0,40}\b(?:limits?|usage|quota|plans?|users|accounts|everyone|everybody)\b)/;
/** "usage limits are fresh for all", "your limits are all fresh again". */
const ARE_FRESH = new RegExp(
  String.raw`(?<=\b${USAGE_NOUN} (?:(?:is|are|now|all) ){1,3})fresh${AFTER_AMOUNT}`,
);
/** "a clean slate on usage limits", "a fresh start for your limits". */
const FRESH_START = new RegExp(
  String.raw`\b(?:a )?(?:clean slate|fresh slate|fresh start)\b(?=[^.!?,;]{0,30}\b${USAGE_NOUN}\b)`,
);

/** "topped everyone back up to 100%", "we're topping everyone up in 2 hours". */
const TOP_UP = new RegExp(String.raw`\btop(s|ped|ping)? (${PEOPLE}) (?:back )?up\b`);

/** A word every idiom above has. */
const TRIGGER =
  /\b(?:wip|refresh|refill|replenish|restored|zero|back (?:to|at) |clean slate|fresh|top)/;

/** `sentence` with its reset idiom made a form of "reset", or null when it has none. */
export function resetIdiomRead(sentence: string): string | null {
  // Most sentences have none of these words: one quick test spares them the patterns.
  if (!TRIGGER.test(sentence)) return null;
  let read = sentence;
  read = read.replace(BACK_TO_EMPTY, 'reset');
  read = read.replace(FRESH_START, 'a reset');
  read = read.replace(ARE_FRESH, 'reset');
  read = read.replace(A_FRESH_ONE, 'a reset');
  read = read.replace(A_REFILL, 'a reset');
  const verb = (match: string) => {
    const ending = /(ing|es|ed|s|e)$/.exec(match.replace(/ out$/, ''))?.[1] ?? '';
    return resetFormOf(ending === 'e' ? '' : ending);
  };
  read = read.replace(VERB_THEN_OBJECT, verb);
  read = read.replace(OBJECT_THEN_VERB, verb);
  read = read.replace(
    TOP_UP,
    (_match, ending: string | undefined, people: string) =>
      `${verb(`top${ending ?? ''}`)} ${people}`,
  );
  return read === sentence ? null : read;
}
