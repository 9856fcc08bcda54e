/**
 * A post's text as the rules read it: lower case, typographic quotes and dashes made
 * plain, links and mentions taken out, cut into clauses. Only the first
 * MAX_CLASSIFIED_CHARS characters are read (a post's own limit is 25,000): every rule is a
 * bounded regular expression over bounded text, so one post costs bounded time.
 */

export const MAX_CLASSIFIED_CHARS = 4_000;

export interface ReadText {
  /** The whole text, normalised. */
  readonly all: string;
  /** Sentences, in order; a line break ends one too. */
  readonly sentences: readonly string[];
}

/**
 * A time alone in parentheses: "(tomorrow morning)", "(today)", "(6pm PT)"; not after a clock
 * time, whose other zone it gives: "at 17:00 UTC (9am PT)".
 */
const PARENTHESISED_TIME =
  /(?=\()(?<!(?:\d|am|pm|utc|gmt|pt|et|ct|cet|cest|pst|pdt|est|edt|bst) )\(((?:today|tonight|tomorrow|(?:this|tomorrow|friday|monday) (?:morning|afternoon|evening)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d{1,2}(?::\d\d)? ?(?:am|pm)(?: [a-z]{2,4})?|eod|end of day|noon|midnight)(?: (?:morning|afternoon|evening|night|pt|et|utc))?)\)/g;

export function readText(raw: string): ReadText {
  const plain = raw
    .slice(0, MAX_CLASSIFIED_CHARS)
    // "reset soon™": NFKC would make "soontm" of it (rules-2.13.42).
    .replace(/[\u2122\u2120\u00ae]/g, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[\u00a0\u2000-\u200b\u202f]/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/(^|\s)@\w+/g, '$1')
    // Informal spellings of the days a post names: "reset tmrw", "tonite".
    .replace(/\b(?:tmrw|tmrrw|tmr|tmw|2moro|2morrow|tomoz)\b/g, 'tomorrow')
    .replace(/\b(?:tonite|2nite)\b/g, 'tonight')
    // "resetting limits rn", "limits = back to zero" (rules-2.11.0).
    .replace(/\brn\b/g, 'right now')
    .replace(/(?=u)(?<![\w.'])u(?![\w.'])/g, 'you')
    .replace(/(?=ur)(?<![\w.'])ur(?![\w.'])/g, 'your')
    .replace(/\byday\b/g, 'yesterday')
    // "noonish", "5pm-ish": about then; "zero'd limits": zeroed (rules-2.13.61).
    .replace(/\bnoonish\b/g, 'around noon')
    .replace(/\b(\d{1,2}(?::\d\d)? ?(?:am|pm|a|p)?)-?ish\b/g, 'around $1')
    .replace(/\bzero'd\b/g, 'zeroed')
    // "à 23h PT", "9h PT", "17h CET": the hour as French, German and others write it
    // (rules-2.13.62).
    .replace(/(?=à )(?<=\s|^)à (?=\d)/g, 'at ')
    .replace(
      /\b(\d{1,2})h(\d\d)?(?= ?(?:pt|pst|pdt|et|est|edt|utc|gmt|cet|cest|bst|kst|jst|sgt)\b)|(?=\d)(?<=\b(?:at|by|until|from) )(\d{1,2})h(\d\d)?\b/g,
      (_m, h?: string, m?: string, h2?: string, m2?: string) => `${h ?? h2}:${m ?? m2 ?? '00'}`,
    )
    // "resettted evryone's limits", "resetted": the verb mistyped (rules-2.13.56).
    .replace(/\bresett+(?:t|e)d\b/g, 'reset')
    // "reset codex usage limits for all plans (tomorrow morning)": a time said aside is said
    // (rules-2.13.56).
    .replace(PARENTHESISED_TIME, ' $1 ')
    // "wed night", "on fri", "sat morning": a weekday's short name before a part of the day,
    // or after "on", "this", "next", "by", "until", "before" or "for" (rules-2.13.42), "coming",
    // "landing", "lands" or "due" (rules-2.13.43), is that day;
    // chrono reads the short names only before a clock time.
    .replace(SHORT_DAY, (day: string) => FULL_DAY[day.replace(/\.$/, '')] ?? day)
    // "reset tomorrow am PT": a morning, not the verb "am" (rules-2.13.9).
    .replace(
      /\b(today|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day) (am|pm)\b(?! ?\d)/g,
      (_match, day: string, half: string) => `${day} ${half === 'am' ? 'morning' : 'afternoon'}`,
    )
    // Quick phone posts (rules-2.12.0): "within the hr", "w another one", "ppl", "pls".
    .replace(/\b(the|an?|1|one) hr\b/g, '$1 hour')
    .replace(/\bhrs\b/g, 'hours')
    .replace(/\bw\/o\b/g, 'without')
    .replace(/(?=w)(?<![\w.'/])w\/?(?= (?:a|an|the|another|every|all|some)\b)/g, 'with')
    .replace(/\bppl\b/g, 'people')
    .replace(/\bwknd\b/g, 'weekend')
    .replace(/\btil\b/g, 'until')
    .replace(/ = /g, ' is ')
    .replace(/\b(?:in )?t-?minus /g, 'in ')
    // Typos of the words the rules read, one pass (SPELLED): "limts", "resetted" (rules-2.10.0),
    // "reseting limits tommorow" (rules-2.13.13), "jsut reste everyones codex limtis", "meters
    // zeroed by EOW" (rules-2.13.16 on).
    .replace(MISSPELLED, (word) => SPELLED[word] ?? word)
    // "reset'd", "resset" (rules-2.13.13), "Reset-ed" (rules-2.13.36), "resettt".
    .replace(/\bre-?set(?:'d|-ed)\b/g, 'reset')
    .replace(/\bre(?:s{2,}et+|set{2,})(s|ting|ed)?\b/g, 'reset$1')
    // Negations typed without the apostrophe (rules-2.13.4): "didnt reset anything", "isnt a
    // reset"; "cant", "wont".
    .replace(/\b(did|do|does|is|are|was|were|has|have|had|should|would|could)nt\b/g, "$1n't")
    .replace(/\bcant\b/g, "can't")
    .replace(/\bwont\b/g, "won't")
    // "heads up were reseting codex usage limits tmrw": "we're" typed without its mark, when
    // the time is ahead (rules-2.13.4).
    .replace(
      /(^|[.!?]\s+|\bup\s+)were (?=\w+ing\b[^.!?]*\b(?:tomorrow|tonight|tmrw|later)\b)/g,
      "$1we're ",
    )
    // "rest everyone's limits", "resting everyone's limits tmrw" (rules-2.13.34).
    .replace(
      /\brest(ing)? (?=(?:the )?(?:usage |rate |codex |weekly )?limits\b|everyone's\b)/g,
      (_match, ing?: string) => (ing === undefined ? 'reset ' : 'resetting '),
    )
    .replace(/[ \t]+/g, ' ')
    .trim();
  const all = rarely(plain);
  const sentences = all
    // A quotation's closing mark stays with its sentence: "asked: 'will there be a reset?'"
    // "no reset today, but one is coming tomorrow": two things said (rules-2.13.12).
    .split(
      /(?=\s)(?<=[.!?…]["')\]]{0,2})\s+|\n+|(?=,? but (?:one|another one|a (?:[\w-]+ )?re-?set) )(?<=\bno (?:[\w-]+ )?re-?sets?\b[^.!?,]{0,30}),? but /,
    )
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
  return { all, sentences };
}

/** Words of time and of resetting in Spanish, French, German and Portuguese, in English. */
const FOREIGN: Readonly<Record<string, string>> = {
  mañana: 'tomorrow',
  manana: 'tomorrow',
  hoy: 'today',
  'esta noche': 'tonight',
  'próxima semana': 'next week',
  'la próxima semana': 'next week',
  lunes: 'monday',
  martes: 'tuesday',
  miércoles: 'wednesday',
  jueves: 'thursday',
  viernes: 'friday',
  sábado: 'saturday',
  domingo: 'sunday',
  demain: 'tomorrow',
  'ce soir': 'tonight',
  "aujourd'hui": 'today',
  'la semaine prochaine': 'next week',
  lundi: 'monday',
  mardi: 'tuesday',
  mercredi: 'wednesday',
  jeudi: 'thursday',
  vendredi: 'friday',
  samedi: 'saturday',
  dimanche: 'sunday',
  heute: 'today',
  'heute abend': 'tonight',
  'nächste woche': 'next week',
  montag: 'monday',
  dienstag: 'tuesday',
  mittwoch: 'wednesday',
  donnerstag: 'thursday',
  freitag: 'friday',
  samstag: 'saturday',
  sonntag: 'sunday',
  amanhã: 'tomorrow',
  hoje: 'today',
  zurückgesetzt: 'reset',
  'für alle': 'for everyone',
  'pour tous': 'for everyone',
  'para todos': 'for everyone',
  réinitialisé: 'reset',
  réinitialisés: 'reset',
  reseteado: 'reset',
  reseteados: 'reset',
  reiniciado: 'reset',
  reiniciados: 'reset',
};
/** A letter with a mark, or one of FOREIGN's words written without one ("manana", "lunes"). */
const FOREIGN_HINT = new RegExp(
  String.raw`[\u00c0-\u024f]|\b(?:${Object.keys(FOREIGN)
    .filter((word) => /^[a-z' ]+$/.test(word))
    .join('|')})\b`,
);
/** Longest first, so "la próxima semana" is read before "próxima semana". */
const FOREIGN_WORDS = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${Object.keys(FOREIGN)
    .sort((a, b) => b.length - a.length)
    .join('|')})(?![\\p{L}\\p{N}])`,
  'gu',
);

/** Casual spellings of the words the rules read, each the word it stands for. */
const SPELLED: Readonly<Record<string, string>> = {
  limts: 'limits',
  limtis: 'limits',
  lmits: 'limits',
  limites: 'limits',
  resetted: 'reset',
  reseting: 'resetting',
  tommorow: 'tomorrow',
  tomorow: 'tomorrow',
  tommorrow: 'tomorrow',
  tomorrw: 'tomorrow',
  jsut: 'just',
  reste: 'reset',
  reest: 'reset',
  resett: 'reset',
  everyones: "everyone's",
  evryone: 'everyone',
  evrybody: 'everybody',
  givve: 'give',
  weve: "we've",
  wipped: 'wiped',
  eveyrone: 'everyone',
  eveyone: 'everyone',
  occasionaly: 'occasionally',
  ocasionally: 'occasionally',
  whenevr: 'whenever',
  ful: 'full',
  refrehsed: 'refreshed',
  refershed: 'refreshed',
  thier: 'their',
  eow: 'end of the week',
  refil: 'refill',
  refreshd: 'refreshed',
};
const MISSPELLED = new RegExp(`\\b(?:${Object.keys(SPELLED).join('|')})\\b`, 'g');

const FOUR_FIGURE_CLOCK =
  /\b([01]\d|2[0-3])([0-5]\d) (?:(?:hours|hrs) |(?=(?:utc|gmt|pt|pst|pdt|et|est|edt|cet|cest)\b))/g;

/**
 * Rewrites of shapes few posts have, each tried only when its mark is there (every
 * `replace` is a pass over the text):
 * - "the days-since-last-incident counter": a compound of three words or more is one word
 *   (the tagger would read its parts as a clause), unless it names a reset (rules-2.13.16);
 * - "~2h from now we're zeroing everyone's usage": "in ~2h" (rules-2.13.18);
 * - "clearing everyone's codex rate limits btw": an aside, not a word of the object
 *   (rules-2.13.19);
 * - "at 2300 UTC today": a clock time in four figures, before "hours" or a zone;
 * - "1/ Starting Monday…", "(2/3) …": a thread's numbering, taken out;
 * - "codex 🔄 all plans": the arrows beside what they renew, "reset";
 * - "(which is basically everyone)" inside a sentence: an aside, taken out;
 * - "does not, sadly, reset": the commas around an adverb inside a negated verb group;
 * - "meters ↩️ 0%": an arrow before an amount, "back to"; the keycap 0️⃣ is 0%;
 * - "for every body": everybody;
 * - "re-zeroed", "re-filled": a verb done again is the verb (rules-2.13.47);
 * - "back to zero fr": "for real" (rules-2.13.47);
 * - "going be reset": "going to be"; "its done": "it's done" (rules-2.13.73).
 */
function rarely(text: string): string {
  let read = text;
  if (read.includes('re-'))
    read = read.replace(
      /\bre-(?=(zero|wip|clear|nuk|scrub|top|fill|fresh|plenish|stor)\w*\b)/g,
      (_match, stem: string) => (/^(?:fill|fresh|plenish|stor)/.test(stem) ? 're' : ''),
    );
  if (/\bfr\b/.test(read)) read = read.replace(/\bfr\b/g, 'for real');
  // "usage limits going be reset friday": "going to be"; "update its done": "it's done", its
  // mark left out before a word that says how it stands (rules-2.13.73).
  if (read.includes('going be ')) read = read.replace(/\bgoing be\b/g, 'going to be');
  if (read.includes('its '))
    read = read.replace(
      /\bits (?=(?:done|live|out|landed|rolling|happening|there|fixed|over|already|now)\b)/g,
      "it's ",
    );
  if (/-[a-z]+-/.test(read))
    read = read.replace(/\b[a-z]+(?:-[a-z]+){2,}\b/g, (compound) =>
      /\bre-?set/.test(compound) ? compound : compound.replace(/-/g, ''),
    );
  // "not a one-off reset": a compound of two words between a negation and a reset is one
  // word too, so the negation reaches across it (rules-2.13.21).
  if (/[a-z]-[a-z]+ re-?set/.test(read))
    read = read.replace(/\b(not an?|no) ([a-z]+)-([a-z]+)(?= re-?set)/g, '$1 $2$3');
  // "T-30m to the codex usage reset", "in 30m": a countdown in minutes or hours, "in 30
  // minutes" (rules-2.13.92); not "$30m", "5m users".
  read = read.replace(
    /\b(?:t ?- ?|in )(\d{1,3}) ?(m|h)\b/g,
    (_match, amount: string, unit: string) => `in ${amount} ${unit === 'm' ? 'minutes' : 'hours'}`,
  );
  if (read.includes(' from now'))
    read = read.replace(
      /(~ ?)?\b((?:\d{1,3}|an?|one|two|three|a few|a couple of) ?(?:h|hrs?|hours?|mins?|minutes?)) from now\b/g,
      (_match, about: string | undefined, amount: string) => `in ${about ?? ''}${amount}`,
    );
  // "you've been asking "when reset". answer: tonight, around 8pm PT", "Q: when reset\nA:
  // tmrw 9am PT": the question quoted and answered in one post, "next reset: …"
  // (rules-2.13.92).
  if (/\b(?:answer|a) ?:/.test(read))
    read = read
      .replace(
        /(?:\bq ?: ?|["'])(?:so |ok )?when(?: is|'s| will)?(?: the)?(?: next)?(?: codex)?(?: usage)? re-?set(?: happening)?\??["']?[.?!]*\s+(?:answer|a) ?: ?/g,
        '\nnext reset: ',
      )
      // "Q: any more resets this year?\nA: yes, one this weekend actually": "one" is a reset
      // (rules-2.13.93).
      .replace(
        /\bq ?: ?[^\n?]{0,80}\bre-?sets?\b[^\n?]{0,40}\?+\s*a ?: ?(yes|yep|yeah|yup)([,.!]*) one\b/g,
        '\n$1$2 a reset',
      );
  // "the reset people asked about already happened": a relative clause without "that", not a
  // "reset people" (rules-2.13.93).
  if (/\bre-?set (?:people|you|y'all|everyone|folks|users) /.test(read))
    read = read.replace(
      /\b(re-?set) (?=(?:people|you|y'all|everyone|folks|users) (?:asked|were asking|kept asking|wanted|begged|requested)\b)/g,
      '$1 that ',
    );
  // "new model leaves preview on monday and we reset limits for everyone that same day": the
  // day named before it (rules-2.13.95).
  if (read.includes('that same day') || read.includes('that day'))
    read = read.replace(
      /\b((?:on|this|next) ((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b[^.!?\n]{0,80}?)\bthat (?:same )?day\b/g,
      '$1on $2',
    );
  // "not a full reset, but the 5h window has been cleared …", "not a blanket reset, just the
  // folks who hit the loop": how much was reset, not a denial of what follows (rules-2.13.97).
  if (read.includes('not a'))
    read = read.replace(
      /\bnot (?:an? |the )?(?:full|complete|blanket|global|real|proper|total|whole|normal|regular) re-?set(?:,? but|,? just|,? only|:)\s*/g,
      '',
    );
  // "we already reset limits server side": on our side, where it was done (rules-2.13.99).
  if (read.includes('server side') || read.includes('server-side'))
    read = read.replace(/(?<=\bre-?set (?:[\w']+ ){0,3})server[- ]side\b/g, 'on our side');
  // "you don't need to reset anything on your end, we already reset limits server side", "no
  // need to reset your cli or log out, the limit reset we're doing tomorrow applies
  // automatically": what the reader need not do, not a reset (rules-2.13.99).
  if (/\bneed to re-?set\b/.test(read))
    read = read.replace(
      /\b(?:you (?:don't|do not) need|no need) to re-?set (?:anything|your (?:cli|app|config|settings|account|workspace|session|browser|client|extension))(?: or (?:log|sign) out)?(?: on your (?:end|side)| yourself)?[,.;:]?\s*/g,
      '',
    );
  // A few words of time and of resetting in other languages, as the announcer's readers write
  // them: "mañana we reset everyone's codex limits", "lunes 9am PT", "rate limits
  // zurückgesetzt für alle" (rules-2.13.99). English stays the language read.
  if (FOREIGN_HINT.test(read)) read = read.replace(FOREIGN_WORDS, (word) => FOREIGN[word] ?? word);
  // "who wants a reset tonight? 🙋 rolling it out at 9pm PT" (answered with what he does, not
  // "… not happening, sorry"), "guess what just got reset? 👀 everyone's codex limits" (whose,
  // not "nothing lol"): questions he answers himself, said (rules-2.13.100).
  if (/\b(?:who|guess)\b/.test(read))
    read = read
      .replace(
        /(^|\n)who (?:wants|needs|could use|is ready for) (an?(?: [\w-]+){0,2} re-?set\b[^?\n]{0,30})\?+(?=\s*(?:\p{Extended_Pictographic}\ufe0f?\s*)*(?:rolling|doing|dropping|shipping|landing|going out|coming|happening)\b)/gu,
        '$1$2.',
      )
      .replace(
        /(^|\n)guess what (just )?(?:got|has been|was) (re-?set)\?+(?=\s*(?:\p{Extended_Pictographic}\ufe0f?\s*)*(?:everyone|everybody|all|every|your|codex|usage|limits|plus|pro|business|edu|enterprise)\b)/gu,
        '$1$2got $3:',
      );
  // "one more sleep till the codex meters reset": tomorrow; "the banked resets we talked about
  // ship …": the resets, not a talk; "limits have been re-upped": refilled (rules-2.13.102).
  if (read.includes('one more sleep'))
    read = read.replace(/\bone more sleep (?:till|until|til|to|before) /g, 'tomorrow ');
  if (/\b(?:talked|spoke|wrote|posted|tweeted) about\b/.test(read))
    read = read.replace(
      /\b(re-?sets?) (?:we|i) (?:talked|spoke|wrote|posted|tweeted) about\b/g,
      '$1',
    );
  if (read.includes('re-up') || read.includes('reupped'))
    read = read.replace(/\bre-?up(ped|ping|s)?\b/g, (_match, ending?: string) =>
      ending === 'ped'
        ? 'refilled'
        : ending === 'ping'
          ? 'refilling'
          : ending === 's'
            ? 'refills'
            : 'refill',
    );
  // "Reset ETA: 30 minutes": in 30 minutes (rules-2.13.101).
  if (read.includes('eta'))
    read = read.replace(/\beta:? ~?(\d{1,3}) ?(minutes?|mins?|hours?|hrs?)\b/g, 'eta: in $1 $2');
  // "1/ Starting Monday we're resetting…": a thread's numbering, not words of the sentence
  // (rules-2.13.23).
  if (/\d\/n?\)? |\d\/\d{1,2}\) /.test(read))
    read = read.replace(/(^|\n)(?:\(\d{1,2}\/\d{0,2}\)|\d{1,2}\/n?) /g, '$1');
  // "tomorrow 10am PT ⏰ codex 🔄 all plans": the arrows beside what they renew stand for
  // "reset" (rules-2.13.23).
  // Not an icon before a heading ("🔄 limits: a reset is rolling out"), nor beside "reset".
  // So do "🔁" and "↻" (rules-2.13.92).
  if (/[\u{1f504}\u{1f501}\u21bb]/u.test(read) && !/\bre-?set/.test(read))
    read = read.replace(
      /(?<=\b(?:codex|limits?|usage|quotas?)) ?[\u{1f504}\u{1f501}\u21bb]|[\u{1f504}\u{1f501}\u21bb](?:\p{Extended_Pictographic}|\ufe0f| )*(?=(?:all plans|every plan|limits|usage|codex (?:limits|usage))\b(?![\w ]{0,20}:))/gu,
      ' reset ',
    );
  // "resetting usage for everyone affected (which is basically everyone) once the fix is
  // out": an aside inside a sentence, not a clause of it (rules-2.13.24).
  if (read.includes(' ('))
    read = read.replace(
      / \((?:which|who|i\.e\.|e\.g\.|aka|basically|that is)\b[^()\n]{0,60}\)(?= \w)/g,
      '',
    );
  // "does not, sadly, reset your usage limits": an adverb set off by commas inside a negated
  // verb group is still inside it (rules-2.13.26).
  if (/(?:not|n't|never), /.test(read))
    read = read.replace(/(\bnot|n't|\bnever), ([a-z]+ly|of course|really|actually), /g, '$1 $2 ');
  // "codex usage meters ↩️ 0% for everyone": an arrow before an amount is "back to"
  // (rules-2.13.27).
  if (read.includes('\u20e3')) read = read.replace(/0\ufe0f?\u20e3/g, '0%');
  if (/[\u21a9\u2192\u27a1]|->/.test(read))
    read = read.replace(
      / ?(?:\u21a9\ufe0f?|\u2192|\u27a1\ufe0f?|->) ?(?=(?:0%|zero|full|100%|0(?= used\b))(?![\w%]))/g,
      ' back to ',
    );
  // "limits. zero. tomorrow.": what is reset, then its amount, as words said one by one
  // (rules-2.13.36).
  if (/\. (?:zero|0%?|full|100%)[.!]/.test(read))
    read = read.replace(
      /(^|[.!?\n] ?)((?:codex )?(?:usage|limits))\. (zero|0%?|full|100%)(?=[.!])/g,
      '$1$2 back to $3',
    );
  // "the fixture was named reset_all": a name in code, not a word (rules-2.13.36).
  if (read.includes('_'))
    read = read.replace(/\b\w*_\w*\b/g, (name) => (/re-?set/.test(name) ? 'a name' : name));
  // "^ meaning everyone's codex weekly allowance. wiping it clean around 5pm": "it" is the
  // usage named alone just before (rules-2.13.37).
  if (/\. (?:wip|refill|clear|zero|reset|top)/.test(read))
    read = read.replace(USAGE_THEN_IT, '$1. $2 $1');
  // "guess what's back to zero for everyone? (it's your weekly usage.)": the riddle's answer
  // is its subject (rules-2.13.36).
  if (read.includes('guess what')) read = answeredRiddle(read);
  // "for every body on codex": everybody (rules-2.13.34).
  if (read.includes('every body')) read = read.replace(/\bevery body\b/g, 'everybody');
  if (read.includes('btw')) read = read.replace(/,? ?\bbtw\b/g, ', by the way');
  // "at 2300 UTC today", "at 1600 hours PT": a clock time in four figures (rules-2.13.20).
  // Only before "hours" or a zone: not "in 2026".
  if (/\d{4} /.test(read)) read = read.replace(FOUR_FIGURE_CLOCK, '$1:$2 ');
  // "when the clock hits half past midnight UTC tonight, codex limits are restored": the
  // time said as a clock's, and half past an hour, are a clock time (rules-2.13.70).
  if (read.includes('clock ')) read = read.replace(CLOCK_HITS, 'at');
  if (read.includes('half past '))
    read = read.replace(HALF_PAST, (_match, hour: string) =>
      hour === 'midnight'
        ? '12:30am'
        : hour === 'noon'
          ? '12:30pm'
          : `${HOUR_WORDS.indexOf(hour) + 1 || hour}:30`,
    );
  return read;
}

/** "when the clock hits 9", "once the clock strikes midnight": at that time. */
const CLOCK_HITS = /\b(?:when|once|as soon as) the clock (?:hits|strikes|reaches|turns)\b/g;
/** The hours in words, in order: "nine" is 9. */
const HOUR_WORDS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
/** "half past midnight", "half past 9", "half past nine". */
const HALF_PAST = new RegExp(
  String.raw`\bhalf past (midnight|noon|1[0-2]|[1-9]|${HOUR_WORDS.join('|')})\b`,
  'g',
);

/**
 * "guess what's back to zero for everyone? (it's your weekly usage. it's done.)": a riddle
 * whose next sentence answers it with what is reset; "what" is that answer.
 */
function answeredRiddle(text: string): string {
  return text.replace(
    /\bguess what(?:'s| is) ([^.!?\n]{1,80})\?(?:[^\w\n(]*)(?:\n+|\s)*\(?it's ((?:your |the |everyone's )?(?:codex )?(?:weekly |5h |5-hour )?(?:usage|limits|quota))\b[.!]?/,
    (_match, rest: string, answer: string) => `${answer} is ${rest}.`,
  );
}

/** A sentence ending on whose usage, then a verb of the idioms on "it". */
const USAGE_THEN_IT =
  /\b((?:everyone's|everybody's|your|all) (?:codex |weekly |5h |usage )*(?:allowance|usage|quota|limits))\. ((?:wip|refill|clear|zero|reset|top)[a-z]*) it\b/g;

/** Does any of `patterns` match `text`? */
export const matchesAny = (text: string, patterns: readonly RegExp[]) =>
  patterns.some((pattern) => pattern.test(text));

/**
 * A weekday's short name where it can only be the day: "wed night", "on fri"; before a date,
 * "sat 21/11", "fri, 20 nov", "sat nov 21" ("sat" was read as the verb; rules-2.13.71); "sat"
 * before a clock time, "sat 00:00 UTC" (rules-2.13.92; chrono reads the other short names
 * there).
 */
const SHORT_DAY =
  /(?=mon|tue|wed|thu|fri|sat|sun)(?<=\b(?:on|this|next|by|until|till|before|for|coming|landing|lands|due) )(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\b\.?|\b(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\b\.?(?= (?:night|morning|afternoon|evening|eod|noon|midnight|am|pm)\b(?! ?\d)|,? \d{1,2}(?:\/\d{1,2}\b|(?:st|nd|rd|th)?,? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))|,? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{1,2}\b)|\bsat\b\.?(?=,? (?:at )?\d{1,2}(?::\d\d|(?::\d\d)? ?(?:am|pm)\b))/g;
const FULL_DAY: Readonly<Record<string, string>> = {
  mon: 'monday',
  tue: 'tuesday',
  tues: 'tuesday',
  wed: 'wednesday',
  weds: 'wednesday',
  thu: 'thursday',
  thur: 'thursday',
  thurs: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
};
