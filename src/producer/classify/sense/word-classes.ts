/**
 * Closed classes of English the grammar of a reset is read with (sense.ts): auxiliaries and
 * modals, negators, adverbs that sit inside a verb group, subjects, the classes of verbs that
 * take a reset as object (promising, wishing, talking, stopping, arriving), the words that
 * say where a reset is, the words that end a clause, and the other word classes and patterns
 * more than one reader of a mention uses.
 */

export const FUTURE_AUX = new Set(['will', "'ll", 'shall', 'wil', 'gonna', 'wo', 'ill']);
export const PERFECT_AUX = new Set(['have', 'has', "'ve", 've']);
export const PAST_PERFECT_AUX = new Set(['had', "'d"]);
export const BE_PRESENT = new Set([
  'is',
  'are',
  'am',
  "'re",
  "'m",
  'be',
  're',
  "i'm",
  "we're",
  "it's",
]);
export const BE_PAST = new Set(['was', 'were', 'been', 'got', 'get', 'gets', 'getting', 'being']);
export const HEDGING_MODALS = new Set(['may', 'might', 'could', 'would', "'d"]);
export const EXPECTING_MODALS = new Set(['should', 'must']);
export const ABILITY_MODALS = new Set(['can', 'ca']);
export const NEGATORS = new Set([
  'not',
  "n't",
  'never',
  'no',
  'nor',
  'without',
  'zero',
  'none',
  'nobody',
]);
/** Adverbs that may sit inside a verb group ("have just now all been reset"). */
export const GROUP_ADVERBS = new Set([
  'just',
  'now',
  'all',
  'also',
  'once',
  'again',
  'officially',
  'fully',
  'finally',
  'already',
  'successfully',
  'actually',
  'indeed',
  'really',
  'both',
  'then',
  'currently',
  'still',
  'each',
  'quietly',
  'globally',
  'manually',
  'completely',
  'entirely',
  'totally',
  'literally',
  'kindly',
  'officially',
]);
/** Pronouns after "and" start a new clause ("… and we'll reset them again"); names may not. */
export const PRONOUN_SUBJECTS = new Set([
  'we',
  'i',
  'they',
  'you',
  'he',
  'she',
  'it',
  "i'm",
  "we're",
]);
export const SUBJECTS = new Set([
  'we',
  'i',
  'they',
  'you',
  'he',
  'she',
  'team',
  'openai',
  'codex',
  'it',
]);

/** Verbs whose object or complement is a future event ("promised a reset", "plan to reset"). */
export const FUTURE_VERBS = new Set([
  'promise',
  // "Just approved a reset for all plans. It goes out … ~3pm ET" (rules-2.11.0).
  'approve',
  'authorize',
  'greenlight',
  'plan',
  'intend',
  'schedule',
  'prepare',
  'expect',
  'aim',
  'owe',
  'queue',
  'go',
  'about',
  // "the reset is set for Monday", "slated for Friday", "decided to reset" (rules-2.10.0).
  'set',
  'slate',
  'decide',
]);
/** Verbs of holding on to something: a reset kept is one still to give (rules-2.13.40). */
export const KEEPING_VERBS = new Set(['keep', 'hold', 'stash', 'reserve']);
/** "we have a reset banked", "… lined up", "… planned": had, for later (rules-2.13.41). */
export const KEPT_FOR_LATER = new Set([
  'banked',
  'saved',
  'planned',
  'queued',
  'lined',
  'scheduled',
]);
/**
 * Verbs of liking: in the simple present with a reset (or giving one) as object they state a
 * taste, not an event ("I do like giving resets"); with a modal they wish ("I'd love a reset").
 */
export const LIKING_VERBS = new Set(['like', 'love', 'hate', 'prefer', 'adore', 'dislike']);
/** Verbs of wanting: the reset is wished for, not announced. */
export const WISH_VERBS = new Set([
  'want',
  'hope',
  'wish',
  'like',
  'love',
  'consider',
  'feel',
  'try',
  // "im so tempted to reset everyone's limits" (rules-2.13.1).
  'tempt',
]);
/** Verbs that talk about a reset without doing one ("asked for a reset", "remember the reset"). */
export const TALK_VERBS = new Set([
  'ask',
  'beg',
  'request',
  'demand',
  'deserve',
  'wait',
  'pray',
  'count',
  'track',
  'predict',
  'guess',
  'miss',
  'remember',
  'recall',
  'forget',
  'explain',
  'need',
  'use',
  'spend',
  'apply',
  'redeem',
  'save',
  'burn',
  'waste',
  'call',
  'say',
  'mention',
  'debate',
  'talk',
  'discuss',
  'joke',
  // Dealing with resets as a matter: "hiring someone to own rate limits and resets".
  'own',
  'handle',
  'manage',
  'oversee',
]);
const IRREGULAR_PARTICIPLES: Readonly<Record<string, string>> = {
  say: 'said',
  spend: 'spent',
  forget: 'forgotten',
  beg: 'begged',
};
/** "asked", "saved", "said": the participle of a verb of TALK_VERBS, for reasons. */
export const participleOf = (lemma: string) =>
  IRREGULAR_PARTICIPLES[lemma] ??
  (lemma.endsWith('e')
    ? `${lemma}d`
    : /[^aeiou]y$/.test(lemma)
      ? `${lemma.slice(0, -1)}ied`
      : `${lemma}ed`);
/** Leaving something behind: "moving away from global resets" (not "giving away a reset"). */
export const AWAY_FROM = new Set([
  'move away',
  'shift away',
  'step away',
  'walk away',
  'steer away',
  'turn away',
]);
/**
 * Verbs that stop a reset: "Resets are paused", "we cancelled the reset"; or refuse it: "I
 * refused to reset everyone's limits" (rules-2.13.24).
 */
export const STOP_VERBS = new Set([
  'refuse',
  'decline',
  'reject',
  'veto',
  'pause',
  'stop',
  'halt',
  'suspend',
  'cancel',
  'discontinue',
  'freeze',
  'scrap',
  'shelve',
  'end',
  'postpone',
  'delay',
  'defer',
]);
/** Verbs of arriving: "reset landing tomorrow", "lands in the next hour", "should apply by 6pm". */
export const ARRIVAL_VERBS = new Set([
  'land',
  'drop',
  'arrive',
  'propagate',
  'roll',
  'kick',
  'show',
  'appear',
  'reach',
  'apply',
  'happen',
  // "banked reset loading into every account right now" (rules-2.12.0).
  'load',
  // "reset hits at 18:00 CET tomorrow" (rules-2.13.94).
  'hit',
]);

/** Adjectives or participles that say where a reset is ("reset incoming", "reset is live"). */
export const COMING_WORDS = new Set([
  'incoming',
  'upcoming',
  'inbound',
  'imminent',
  'pending',
  'coming',
  'scheduled',
  'planned',
  'queued',
  'due',
  'soon',
  'next',
]);
export const DONE_WORDS = new Set([
  'done',
  'complete',
  'completed',
  'finished',
  'live',
  'out',
  'through',
  'over',
  'active',
]);
export const ONGOING_WORDS = new Set(['underway', 'ongoing', 'progress']);

/** Words that end a clause: the verb group of a mention is read inside its clause. */
export const CLAUSE_END = new Set([
  ',',
  ';',
  ':',
  '(',
  ')',
  '!',
  '?',
  '.',
  '…',
  '...',
  '—',
  '–',
  '-',
  '"',
]);
export const EMOJI_OR_ARROW = /^(?:\p{Extended_Pictographic}|[\u2190-\u21ff\u27f6\u2794])/u;
export const CLAUSE_WORDS = new Set([
  'but',
  'because',
  'while',
  'which',
  'so',
  'although',
  'though',
]);

/** Nouns after "reset" that are what is reset ("reset usage limits"), not a thing named. */
export const RESET_HEADS = new Set(['usage', 'limit', 'rate', 'quota', 'bank', 'credit', 'day']);

export const TIME_NOUNS =
  /^(?:today|tonight|tomorrow|yesterday|now|morning|afternoon|arvo|evening|night|week|weekend|eod|cob|midnight|noon|(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|tues|wed|thu|thur|thurs|fri|sat|thanksgiving|christmas|xmas)$/;

/**
 * How far something is moved: "a day", "an hour", "two days", "a couple of hours" (sense.ts
 * BY_A_SPAN, announcement-doubts.ts MOVED_BY_A_SPAN).
 */
export const A_SPAN = String.raw`(?:a|an|one|two|three|a few|a couple(?: of)?|\d+) (?:days?|hours?|weeks?)\b`;

/** Times that own a reset: "yesterday's reset", "last week's reset", "tomorrow's reset". */
export const TIME_OWNERS =
  /^(?:yesterday|today|tonight|tomorrow|morning|afternoon|evening|night|week|weekend|month|year|christmas|xmas|thanksgiving|halloween|easter|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/;
/** Times of a possessive that are past: a reset of theirs is not the one announced now. */
export const PAST_OWNER = /^(?:yesterday|last \w+)$/;
/** Times of a possessive that are ahead: "tomorrow's reset", "next week's reset". */
export const AHEAD_OWNER = /^(?:tomorrow|tonight|next \w+)$/;

export const RELATIVE = new Set(['that', 'which', 'who', 'whose', 'where', 'when']);
export const CONTACT_SUBJECTS = new Set(['you', 'we', 'they', 'i', 'people', 'everyone', "y'all"]);
export const DUMMY_SUBJECTS = new Set(['it', 'that', 'this']);

/** Adjectives of a reset before another: "the last reset", "the previous reset". */
export const PAST_ADJECTIVES = new Set(['last', 'previous', 'prior', 'past', 'earlier', 'former']);
/** Verbs that give resets: a count after them is what is given. */
export const GIVING_VERBS = new Set([
  'give',
  'add',
  'load',
  'grant',
  'credit',
  'drop',
  'send',
  'get',
  'receive',
]);

/** Verbs that name what they announce: "pleased to announce another reset". */
export const ANNOUNCING_VERBS = new Set(['announce', 'unveil', 'introduce']);

/** Verbs of wanting a reset: "the reset that people asked for" is still ours. */
export const ASKING_VERBS = new Set([
  'ask',
  'request',
  'want',
  'beg',
  'vote',
  'need',
  'demand',
  'deserve',
  'love',
  'like',
  'enjoy',
]);
/** Whoever in general: "a reset you trigger yourself", "one that users apply". */
export const GENERIC_SUBJECTS = new Set(['you', 'they', 'people', 'users', 'anyone', 'everyone']);

/** "a different reset": another than the one spoken of. */
export const DIFFERENT = new Set(['different', 'separate']);
/** "the reset moves to Monday": a reset's time changed (its verb, not a thing named). */
export const MOVED = /^(?:moves|slips|shifts)$/;
/** Tags of a name or a noun: "codex", "Codex", "gpt-5". */
export const NAMES = new Set(['NOUN', 'PROPN']);
/** Words that open a verb's object: "reset everyone's limits", "reset their quotas". */
export const OBJECT_START = new Set(['everyone', 'everybody', 'their', 'your', 'our', 'all']);

/** Words of a time ahead, in the reset's clause: "get reset tonight", "at 5pm", "on Friday". */
export const FUTURE_TIME =
  /\b(?:tonight|tomorrow|shortly|soon|(?<!\d (?:hours?|minutes?|mins?|days?) )later|this (?:afternoon|evening)|next|(?:mon|tues|wednes|thurs|fri|satur|sun)day|eod|midnight|noon|within|in (?:a|an|~ ?\d+|\d+) \w+|thanksgiving|christmas|xmas)\b|\bat \d/;
/** "almost here", "nearly there": a reset that has not come yet. */
export const ALMOST_HERE = /^(?:\S+ )?(?:almost|nearly) (?:here|there|ready)\b/;
/** Adverbs that make a bare "reset" after them past: "limits just reset", "already reset". */
export const PAST_ADVERBS = new Set(['just', 'already', 'finally', 'officially']);

/** "right now", "right away": "right" as an adverb. */
export const RIGHT_ADVERBS = new Set(['now', 'away', 'after', 'before', 'here', 'there', 'then']);

/** Adjectives of a reset still ahead: "the next reset", "the upcoming reset". */
export const AHEAD = new Set(['next', 'upcoming']);
export const WHOLE = new Set(['whole', 'entire']);
export const VAGUE_NOUNS = new Set(['thing', 'lot']);
/** Words of a short object before a wh-clause: "asked the team whether". */
export const OBJECT_TAGS = new Set(['DET', 'NOUN', 'PROPN', 'PRON', 'ADJ']);
/** Prepositions before a bare plural "resets" that make them a topic: "decide on resets". */
export const TOPIC_OF_RESETS = new Set(['on', 'about', 'regarding', 'around', 'concerning']);
/** Pronouns as objects: "of me promising", "photos of us pressing". */
export const OBJECT_PRONOUNS = new Set(['me', 'us', 'him', 'her', 'them']);
/** Verbs that press a button: a reset button pressed is a reset (not one given as a gift). */
export const PRESS_VERBS = new Set([
  'press',
  'hit',
  'push',
  'smash',
  'slam',
  'click',
  'tap',
  'mash',
]);
/** Words that open a clause of a verb's object: "shows when your limits reset". */
export const WH_WORDS = new Set(['when', 'whenever', 'how', 'whether', 'why', 'where']);
/** Prepositions whose gerund is a topic: "congrats on resetting", "good at resetting". */
export const GERUND_TOPICS = new Set(['on', 'about', 'against', 'despite', 'at']);
/** Prepositions whose -ing object is a topic: "a fix for limits resetting early". */
export const TOPIC_PREPOSITIONS = new Set(['for', 'about', 'of', 'against', 'despite']);
/** Verbs of saying: "People are saying we reset limits" reports, it does not announce. */
export const REPORT_VERBS = new Set([
  'say',
  'claim',
  'report',
  'hear',
  'rumor',
  'rumour',
  'speculate',
  'assume',
  'insist',
  'suggest',
  'announce',
  // "people keep posting that codex limits reset at midnight" (rules-2.13.1).
  'post',
  'tweet',
]);
/** Subjects that make a verb of saying the announcer's own: "As I said, we'll reset…". */
export const FIRST_PERSON = new Set(['we', 'i']);

/** A subject that denies its verb: "Nobody has reset anything today". */
export const NEGATIVE_SUBJECTS = new Set(['nobody', 'nothing', 'none', 'noone', 'neither']);

/**
 * What resets are of: limits, their windows, and who has them. A verb "reset" whose object
 * names none of these resets something else ("We reset our internal dashboards").
 */
export const RESET_OBJECTS = new Set([
  'limit',
  'usage',
  'rate',
  'quota',
  'credit',
  'bank',
  'window',
  'cap',
  'meter',
  'counter',
  'allowance',
  'everyone',
  'everybody',
  'all',
  'user',
  'account',
  'plan',
  'subscriber',
  'member',
  'team',
  'people',
  'customer',
  'tier',
  'workspace',
  'org',
  'organization',
  'seat',
  'folk',
  'dev',
  'developer',
  'balance',
  'budget',
  'bucket',
  'allotment',
  'codex',
  'chatgpt',
  'pro',
  'plus',
  'business',
  'enterprise',
  'edu',
  'free',
  'week',
  'weekly',
  'hour',
  'h',
  'hr',
  'day',
  'it',
  'them',
  'you',
]);

export const TIME_UNITS = /^(?:second|minute|hour|day|week|month|year|moment|sec|min|hr)s?$/;
/** A month's name, short or whole: "nov", "sept", "november". */
export const MONTHS =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)$/;
/** A day of the month as a word: "25", "25th". */
export const DAY_OF_MONTH = /^\d{1,2}(?:st|nd|rd|th)?$/;

export const POSSESSIVES = new Set(['our', 'their', 'my', 'your', 'its', 'his', 'her']);
export const READERS = new Set(['you', 'u']);
export const JOINING_SIGNS = new Set(['/', '&', '+']);
export const TIME_ADJECTIVES = new Set(['next', 'last', 'this']);
/** Subjects that are the announcer's side: "the team reset everyone's limits". */
export const OUR_AGENTS = new Set([
  'openai',
  'codex',
  'team',
  'ops',
  'infra',
  'eng',
  'engineering',
  'oncall',
  'folk',
]);
export const ORDINAL =
  /^(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|nth|umpteenth|\d+(?:st|nd|rd|th))$/;
/** Nouns whose "of" phrase a reset is only the topic of: "rumours of a reset". */
export const TOPIC_NOUNS = new Set([
  'rumour',
  'rumor',
  'talk',
  'hope',
  'chance',
  'odds',
  'possibility',
  'idea',
  'question',
  'thought',
  'fear',
  'risk',
  'cost',
  'price',
  'need',
  'request',
  'demand',
  'speculation',
  'prediction',
  'guess',
  'discussion',
  'debate',
  // "reports that weekly limits reset unexpectedly": what was reported (rules-2.12.0).
  'report',
  'claim',
  // "had a dream last night that I reset everyone's Codex limits" (rules-2.13.103).
  'dream',
  'nightmare',
]);
/** Words that open a clause of its own after a topic noun's clause. */
export const CLAUSE_JOINERS = new Set([',', ';', 'so', 'but', 'and']);

/** "enough reports that …", "so many reports that …": the clause says what followed. */
export const RESULT_DEGREE = new Set(['enough', 'many', 'such']);

/** Nouns of intention before "is to": "the plan is to reset", "the hope is to". */
export const INTENTIONS = new Set([
  'plan',
  'goal',
  'aim',
  'intent',
  'intention',
  'idea',
  'hope',
  'wish',
]);

/** Words between a negating determiner and its noun: "no more resets", "no further resets". */
export const QUANTIFIERS = new Set(['more', 'further', 'additional', 'other', 'extra']);

/**
 * Plural nouns the tagger may take for verbs after "reset": "I see the reset replies in my
 * mentions", "the reset requests": things named after resets (rules-2.13.31).
 */
export const TAKEN_FOR_VERBS = new Set([
  'replies',
  'requests',
  'posts',
  'memes',
  'questions',
  'mentions',
  'tweets',
  'jokes',
  'emails',
  'dms',
  'screenshots',
  'rumors',
  'rumours',
  'comments',
]);
