/**
 * Other words for a reset of usage (rules-2.10.0): "wiped the usage counters", "replenish
 * your weekly usage", "we'll refresh everyone's Codex limits", "usage is back at zero",
 * "limits are fresh for all", "a clean slate on usage limits". Each is read as the matching
 * form of "reset" when what it acts on is usage or limits, so the grammar (sense.ts) decides
 * its tense, negation and subject as for "reset" itself. A synonym with no usage near it
 * ("we wiped the staging database") is left alone.
 *
 * Every pattern is bounded (a few words, or a few dozen characters, apart), as in cues.ts.
 *
 * A pattern that would open with a lookbehind opens with a lookahead of the words it reads
 * next: `(?=start)(?<=…usage… )start(s|ed)? over`. V8 tries a pattern at every position of
 * a sentence, and a lookbehind scans back up to dozens of characters at each; the
 * lookahead, at the same position and zero-width, fails at once where those words are not,
 * so the matches are the same and the sentences without them cost next to nothing (the
 * same in text.ts, cues.ts and mentions.ts; docs/classifier.md, "Speed").
 */

/** An emoji or a sign after a phrase ends it: "refilled everyone's limits 🔋" (rules-2.11.0). */
const SYMBOL = String.raw`[^\w\s'"]`;
/** Words that may follow the head of a phrase: its end, a preposition, a verb. */
const AFTER_HEAD =
  '(?:for|across|of|on|in|to|and|at|as|over|during|throughout|this|today|tonight|tomorrow|now|again|back|with|from|so|because|right|too|already|is|are|were|was|have|has|will|should|get|gets|got|getting|go|goes|drops?|dropped|dropping|falls?|fell|set|put|logged|recorded|billed|counted|charged|since|between|first|that|then|erased|forgiven|burned|just|all|clean|wiped|zeroed|scrubbed|refunded|replenished|refilled|restored|cleared|emptied|nuked|start|starts|started|went|roll|rolls|rolled|rolling|return|returns|returned|came|come|comes|after|before|once|when|until|by|within|around|soon|shortly|later|earlier|yesterday|overnight|going|refills|refilling|restore|restores|restoring|about|a few|an hour|a couple|eod|eow|(?:mon|tues|wednes|thurs|fri|satur|sun)day)';
/**
 * What a reset of usage acts on, as the head of its phrase: "the usage counters for all",
 * not "usage logs" or "the usage page" (another noun after it is what is acted on);
 * "weekly codex caps just got zeroed out" (rules-2.13.71; "caps" only, not "no cap").
 * Counters and meters, not another thing's: "the staging db counters", "its counter", "the
 * sequence counters" (rules-2.13.75).
 */
const USAGE_NOUN = String.raw`(?:usage|limits?|quotas?|caps|(?<=\b(?:codex|usage|credit) )pools?|(?<!\b(?:db|database|staging|sequence|its|his|her|page|view|visitor|step|shot|error|request|incident|streak) )(?:counters?|meters?)|allowances?|buckets?|(?<=usage )bars?)(?=[.!?,;:)]|$| ${AFTER_HEAD}\b| ${SYMBOL}|(?<=s) refill\b)`;
/**
 * After "back to zero" / "back to full": the clause goes on with no noun ("full color"); "…
 * (the good kind of empty)", "… thanks to …" (rules-2.13.55); not "after …" or
 * "following …": "the counter is back at zero after the migration" is another counter.
 */
const AFTER_AMOUNT = String.raw`(?=[.!?,;:)]|$| \(| (?:for|to|across|on|in|as|at|by|before|thanks to|once|until|this|today|tonight|tomorrow|now|just|again|already|and|so|because|right|next|first|about|around|roughly|since|earlier|overnight|later|soon|shortly|with it|with (?:the|this|that) (?:launch|release|update|drop)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:a|an|\d+|a few|a couple of) (?:min(?:ute)?s?|hours?|moments?|sec(?:ond)?s?) ago)\b| ${SYMBOL})`;
/** Whose limits: "topped everyone back up" ("a clean slate for everyone" may be of anything). */
const PEOPLE = String.raw`(?:everyone|everybody|all of you|(?:all )?(?:paid |codex )?(?:users|accounts|subscribers)|every (?:paid |codex )?(?:users?|accounts?|subscribers?|workspaces?))`;
/** Whose, by their plans: "all pro + plus folks", "every plus/pro account" (rules-2.13.37). */
const PLANS_PEOPLE = String.raw`(?:all |every )?(?:(?:plus|pro|business|biz|edu|enterprise|team|free|go)(?: ?[+&,/] ?| and | ))+(?:folks|users|accounts|subscribers|people|seats)\b`;
/**
 * Up to five words between a verb and its object: "wiped the 5-hour and weekly usage"; not
 * a preposition that makes usage the topic of another object: "clearing up some confusion
 * about usage limits" (rules-2.11.0); nor a copula, whose subject the verb was: "the first
 * thing I checked after restoring was my codex usage" (rules-2.13.18).
 */
const OBJECT_GAP = String.raw`(?:(?!(?:about|regarding|around|concerning|into|with|from|on|in|at|over|than|is|was|are|were) )[\w'%&+-]+ ){0,6}`;

/** The form of "reset" for a verb's ending: wiped → reset, wiping → resetting. */
function resetFormOf(ending: string): string {
  if (ending === 'ing') return 'resetting';
  if (ending === 's' || ending === 'es') return 'resets';
  return 'reset';
}

/** The form of "reset" for a verb as written: "wiped", "topping up", "gives" → reset, resetting, resets. */
function resetFormOfVerb(verb: string): string {
  const ending = /(ing|es|ed|s|e)$/.exec(verb.replace(/(?: back)? (?:out|up|off)$/, ''))?.[1] ?? '';
  return resetFormOf(ending === 'e' ? '' : ending);
}

const VERBS =
  '(?:wip(?:e|es|ed|ing)|refresh(?:es|ed|ing)?|refill(?:s|ed|ing)?|replenish(?:es|ed|ing)?|clear(?:s|ed|ing)?(?! up\b| the air\b)|restor(?:e|es|ed|ing)|zero(?:es|ed|ing)? out|zeroed|zeroing|zeroes|top(?:s|ped|ping)? (?:back )?up|top(?:s|ped|ping)? off|nuk(?:e|es|ed|ing)|empt(?:y|ies|ied|ying)|scrub(?:s|bed|bing)?|refund(?:s|ed|ing)?|unwind(?:s|ing)?|unwound|rewind(?:s|ing)?|revers(?:e|es|ed|ing)|roll(?:s|ed|ing)? back|re-?rack(?:s|ed|ing)?|respawn(?:s|ed|ing)?|eras(?:e|es|ed|ing)|forg(?:ave|iven))';
/**
 * "everyone's 5h and weekly windows": the windows of usage, named with their length; "both
 * windows" (rules-2.13.38); "everyone's weekly + 5h", without "windows" (rules-2.13.40: not
 * "your weekly", which may be its own cycle); "codex weekly + 5h", both (rules-2.13.47);
 * "your 5h and weekly both got zeroed": "your weekly" as the subject of a passive with "get",
 * something done to it (rules-2.13.69); still not "your weekly is back to full on monday" or
 * "your weekly just started over", which its own cycle does too, nor "your weekly gets wiped
 * every monday".
 */
const WINDOW_NOUN = String.raw`(?:(?:5h|5-hour|five-hour|weekly|hourly|usage) (?:codex )?windows?|both windows|(?<=\b(?:everyone|everybody)'s )(?:5h|5-hour|weekly)(?: (?:\+|and|&) (?:5h|5-hour|weekly))?(?! (?:usage|limits?|quotas?|windows?|allowances?|cap)\b)|(?<=\bcodex )(?:5h|5-hour|weekly) (?:\+|and|&) (?:5h|5-hour|weekly)(?! (?:usage|limits?|quotas?|windows?|allowances?|cap)\b)|(?<=\byour (?:codex )?)(?:5h|5-hour|weekly)(?: (?:\+|and|&) (?:5h|5-hour|weekly))?(?= (?:both |all |just |now |\(and [^()]{1,30}\) )?(?:got|gets|get|getting)\b(?![^.!?]{0,60}\b(?:every|each|per|always|usually)\b)))\b`;
/**
 * "we clear everyone's codex usage back to nothing": a verb of the idioms, its object, and
 * where it goes back to; the verb says it all (rules-2.13.59).
 */
const VERB_OBJECT_BACK_TO = new RegExp(
  String.raw`(\b${VERBS}\b ${OBJECT_GAP}(?:${USAGE_NOUN}|${WINDOW_NOUN})) back (?:to|at) (?:zero|0%?|nothing|empty|full)(?![\w%])`,
);
/** A verb and its object: "wiped the usage counters", "replenish the weekly usage". */
const VERB_THEN_OBJECT = new RegExp(
  String.raw`\b(${VERBS})\b(?= ${OBJECT_GAP}(?:${USAGE_NOUN}\b|${WINDOW_NOUN}))`,
);
/**
 * Its object first: "usage counters wiped for everyone", "limits zeroed out", "usage limits
 * for everyone: zeroed" (rules-2.12.0), "Codex usage, wiped clean, every plan" (rules-2.13.27);
 * five words apart: "usage for all affected plans gets wiped" (rules-2.13.40); emoji between
 * them: "limits 📉➡️📈 refilled across plus, pro …" (rules-2.13.84); six words apart, "usage
 * counters for all codex plans have been cleared" (rules-2.13.94).
 */
const OBJECT_THEN_VERB = new RegExp(
  String.raw`(?=${VERBS}\b)(?<=\b(?:${USAGE_NOUN}|${WINDOW_NOUN})[:,]? (?:(?:\w+|${SYMBOL}+):? ){0,6})(${VERBS})\b`,
);
/**
 * "every user now has freshly restored rate limits": a participle of the idiom before
 * usage or limits, read as "reset" (rules-2.11.0).
 */
const FRESHLY_DONE = new RegExp(
  String.raw`\bfreshly (?:restored|refreshed|refilled|replenished|wiped|reset|topped up)(?= ${OBJECT_GAP}${USAGE_NOUN})`,
);
/**
 * "codex usage counters going back to 0 across business, edu and enterprise": "going",
 * "went" or "gone" before "back to zero" is the reset's own verb, with its aspect: "getting
 * reset" (rules-2.13.69). BACK_TO_EMPTY alone read "back to 0" as "reset" and left "going
 * reset", which the grammar took for a future. "go" and "goes" stay as they were read
 * ("limits go back to zero at 2pm PT" is a schedule; "get reset" would be asked now or later).
 */
const GO_BACK_TO_EMPTY = new RegExp(
  String.raw`\b(?=(?:going|went|gone) back )(?<=\b(?:${USAGE_NOUN}\b|${WINDOW_NOUN}),?[^.!?,;]{0,40})(going|went|gone) back (?:to|at) (?:zero|0%?|100%|full|empty|square one|nothing)(?: used| usage)?${AFTER_AMOUNT}`,
);
/**
 * "we have make your codex limits go back to full for all plans": made to go back to full is
 * reset, the verb's own form kept ("have made" is "have reset"; rules-2.13.70).
 */
const MADE_TO_GO_BACK =
  /\b(make|makes|made|making) ((?:your|everyone's|everybody's|all|the|all the) (?:[\w-]+ ){0,3}(?:limits|usage|quotas?|meters|counters)) go back (?:to|at) (?:zero|0%?|full|100%)(?![\w%])/;
const GOTTEN: Readonly<Record<string, string>> = {
  going: 'getting',
  went: 'got',
  gone: 'gotten',
};
/**
 * "usage is back at zero", "limits are back to 100%", "has been restored to full", "the codex
 * meter has been rewound to zero" (rules-2.13.47); and "back at 0% used", which names the
 * usage itself. "usage was set back to zero", the verb and all; "all codex usage drops back to
 * nothing" (rules-2.13.55).
 */
const BACK_TO_EMPTY = new RegExp(
  String.raw`(?=(?:set|put|brought|turned|dialed|wound|drops?|dropping|dropped|falls?|falling|fell|back|restored|refilled|rewound|goes|go|going|return|returns|returned|returning) )(?<=\b(?:${USAGE_NOUN}\b|${WINDOW_NOUN}),?[^.!?,;]{0,40})\b(?:(?:set|put|brought|turned|dialed|wound|drops?|dropping|dropped|falls?|falling|fell) )?(?:back|restored|refilled|rewound|goes|go|going|return|returns|returned|returning) (?:to|at) (?:zero|0%?|100%|full|empty|square one|nothing)(?: used| usage)?${AFTER_AMOUNT}|\bback (?:to|at) 0% (?:used|usage)${AFTER_AMOUNT}|(?=back )(?<=\b(?:${USAGE_NOUN}\b|${WINDOW_NOUN}) (?:(?:are|is|now|all) ){0,2})back (?:to )?where (?:they|it) (?:started|began)\b|\b(?=sitting at )(?<=\b(?:${USAGE_NOUN}\b|${WINDOW_NOUN})[^.!?,;]{0,20})sitting at (?:zero|0%)(?: used)? again\b`,
);
/**
 * "5h + weekly back to full for all paid plans": the windows named, without "windows", and
 * for whom (rules-2.13.17); not "your weekly is back to full on monday", its cycle. "weekly
 * is back at 0 for you and everybody else" (rules-2.13.55).
 */
const WINDOWS_BACK_TO_FULL =
  /\b(?=back (?:to|at) (?:full|100%|zero|0%?(?!\w)))(?<=\b(?:5h|5-hour|weekly) (?:(?:\+|and|&) (?:5h|5-hour|weekly) )?(?:(?:are|is|both|now|all) ){0,2})back (?:to|at) (?:full|100%|zero|0%?)(?= (?:for|across|on) (?:you and )?(?:all|every|everyone|everybody|paid|plus|pro|business|edu|enterprise)\b)/;
/**
 * "we'll zero everyone's codex limits before the US wakes up" (rules-2.13.17); "we will make
 * zero again the usage for everyone" (rules-2.13.28).
 */
const ZERO_THEIR_USAGE =
  /\bzero(?= (?:everyone's|everybody's|all|your|the|every) (?:[\w'-]+ ){0,3}(?:usage|limits|meters|counters|quotas)\b)|\bmake zero(?: again)?(?= the (?:usage|limits)\b)/;
/**
 * "a fresh weekly limit", "a fresh 5-hour window", "a fresh weekly bucket", "a brand new
 * weekly window" (rules-2.13.30); "every Codex user gets a fresh 5-hour and weekly window"
 * (rules-2.13.67), given, not "you should see a fresh 5h and weekly window".
 */
const A_FRESH_ONE = new RegExp(
  String.raw`\ba (?:fresh|brand new|brand-new) (?:(?:5-hour|5h|five-hour|weekly|codex|usage) ){0,2}(?:limit|window|bucket|quota|allowance)${AFTER_AMOUNT}|(?=a fresh )(?<=\b(?:gets?|got|getting|gives?|gave|giving) )a fresh (?:5-hour|5h|weekly) (?:and|\+|&) (?:5-hour|5h|weekly) windows?${AFTER_AMOUNT}|\ba fresh set of (?:(?:codex|usage|weekly) ){0,2}limits${AFTER_AMOUNT}`,
);
/** "fresh tank of codex usage for business", "a full bucket of limits" (rules-2.13.16). */
const TANK_OF_USAGE =
  /\b(?:an? )?(?:fresh|full|new) (?:tank|bucket|batch) of (?=(?:codex |weekly |5h |5-hour )?(?:usage|limits)\b)/;
/**
 * "a full refill for every plan", "a limits refill": a refill with whom it is for; "☐ full
 * limit refill for every codex user" (rules-2.13.28); "full codex refill, all tiers"
 * (rules-2.13.71).
 */
const A_REFILL =
  /\b(?:(?:a|the) (?:(?:full|limits?|usage|weekly) )?(?:tank )?|full (?:codex )?(?:(?:limits?|usage|quota|tank) )?)(?:refill|refresh)\b(?=[^.!?]{0,40}\b(?:limits?|usage(?! (?:page|tab|screen|dashboard|panel|view)\b)|quota|plans?|tiers|users|accounts|(?:every|each) (?:[\w-]+ )?(?:account|user)|everyone|everybody|y'all|yall|you all|all of you)\b)/;
/**
 * "a rate limit refresh is on its way", "one more usage refresh": it names what (rules-2.11.0);
 * "Scheduled: usage restoration for all Codex seats" (rules-2.13.30); "a single usage
 * refill", "one banked limit refresh" (rules-2.13.36).
 */
const A_USAGE_REFILL =
  /\b(a|the|one more|another|one|a single)((?: banked)?) (?:full )?(?:codex )?(?:usage|limits?|rate[ -]limits?|quota|weekly) (?:refill|refresh|wipe|top-?up|restore)\b|\b(usage|limits?) (?:restoration|restore)(?= for (?:all|every|everyone|everybody|codex|plus|pro|business|edu|enterprise)\b)/;
/**
 * "your Codex limits are getting a refill in about an hour": the refill of what stands before
 * (rules-2.11.0); "your limits get a fresh start tomorrow" (rules-2.12.0).
 */
const GETTING_A_REFILL = new RegExp(
  String.raw`(?=(?:a|the) )(?<=\b${USAGE_NOUN} (?:(?:is|are|will|be|get|gets|getting|got|just|all) ){1,3})(?:a|the) (?:full |quick )?(?:refill|refresh|recharge|top-?up|wipe|fresh start|clean slate|do-?over)\b`,
);
/**
 * "your weekly window just started over", "limits start fresh at 5pm" (rules-2.11.0); "weekly
 * windows restarted" (rules-2.13.107).
 */
const STARTS_OVER = new RegExp(
  String.raw`(?=start)(?<=\b(?:${USAGE_NOUN}|${WINDOW_NOUN}) (?:(?:for|on|across) (?:every|all|each) \w+ )?(?:(?:just|all|will|now|have|has) ){0,2})start(s|ed|ing)? (?:over|fresh|afresh|from zero|from scratch)\b|(?=restart)(?<=\b${WINDOW_NOUN} (?:(?:just|all|have|has) )?)restart(s|ed|ing)?\b`,
);
/**
 * "usage limits are fresh for all", "your limits are all fresh again", "your codex quota is
 * brand new" (rules-2.13.23); "weekly windows are fresh for every plus and pro user", for
 * whom named (not "your weekly window is fresh again on monday", its cycle) (rules-2.13.47);
 * "everyone's windows are fresh" (rules-2.13.50).
 */
const ARE_FRESH = new RegExp(
  String.raw`(?=fresh|brand new)(?<=\b(?:${USAGE_NOUN}|limits? of codex) (?:(?:is|are|now|all) ){1,3})(?:fresh|brand new)(?: again)?${AFTER_AMOUNT}|(?=fresh|brand new)(?<=\b${WINDOW_NOUN} (?:(?:is|are|now|all) ){1,3})(?:fresh|brand new)(?: again)?(?= for (?:every|all|everyone|everybody)\b| across\b)|(?=fresh|brand new)(?<=\b(?:everyone|everybody)'s (?:codex |usage )?windows (?:(?:are|now|all) ){1,3})(?:fresh|brand new)(?: again)?${AFTER_AMOUNT}`,
);
/**
 * "your codex limits will be full again", "limits are back to full" (rules-2.13.6), "the
 * limits is now full again" (rules-2.13.24, not "the limits is full", reached); not "your
 * weekly limit is full again on monday", the cycle of one window.
 */
const ARE_FULL = new RegExp(
  String.raw`(?=full)(?:(?<=\b(?:limits|quotas|usage|(?:5h|weekly)(?: (?:\+|and|&) (?:5h|weekly))? windows) (?:(?:are|now|all|will|be|'ll|back|to) ){1,4})full(?: again)?${AFTER_AMOUNT}|(?<=\blimits is (?:now )?)full again${AFTER_AMOUNT}|(?<=\blimits is now )full${AFTER_AMOUNT})`,
);
/**
 * "you're all back at full capacity on both 5h and weekly": people back at full on their
 * windows (rules-2.13.7); not "cloud tasks are back to full capacity", which are not people.
 */
const PEOPLE_BACK_AT_FULL =
  /\b(?=back )(?<=(?:you|you're|you are|you all are|y'all are|everyone's|everyone is|everybody's|everybody is|users are) (?:all )?)back (?:at|to) (?:full|100%)(?: capacity| limits)?(?= (?:on|for|across) (?:both |all |your |their )?(?:codex )?(?:5h|5-hour|five-hour|weekly|limits|usage)\b)|\b(?=back )(?<=\b(?:everyone's|everyone is|everybody's|everybody is|every (?:codex |paid )?user is|all (?:codex |paid )?users are) (?:now )?)back (?:at|to) 0%(?: used)?(?=[.!?,;:)]|$| (?:as of|again|now|right now|for (?:all|every)|across)\b|\s*[^\w\s'"])/;
/**
 * "wiped the slate on codex usage for all plans" (rules-2.13.6), "wiping the slate for all
 * pro + plus folks" (rules-2.13.37).
 */
const WIPED_THE_SLATE = new RegExp(
  String.raw`\bwip(e|es|ed|ing) the slate(?: clean)?(?= (?:on|for) [^.!?,;]{0,30}\b${USAGE_NOUN}| for ${PEOPLE} on codex\b| for ${PLANS_PEOPLE}| for ${PEOPLE}(?:,? (?:already|now|just now|this morning|today)\b|[.!]|$))`,
);
/**
 * "a clean slate on usage limits", "a fresh start for your limits", "clean slate for
 * everyone on codex" (rules-2.13.29); "codex usage: clean slate for everyone" (rules-2.13.36);
 * "clean slate for every Codex user", "… for all plus and pro users": two plans named
 * (not "for all pro users of our design tool") (rules-2.13.52).
 */
const FRESH_START = new RegExp(
  String.raw`\b(?:a )?(?:clean slate|fresh slate|fresh start)\b(?![^.!?,;]{0,30}\b(?:without|not|never|no)\b)(?=[^.!?,;]{0,30}\b${USAGE_NOUN}\b| for ${PEOPLE} on codex\b| for (?:every|all) codex (?:users?|accounts?|subscribers?)\b| for (?:all |every )?(?:plus|pro|business|edu|enterprise)(?: ?[+&,/] ?| and )(?:plus|pro|business|edu|enterprise)\b)|(?<=\b(?:codex )?(?:usage|limits): )(?:a )?(?:clean slate|fresh slate|fresh start)(?= for ${PEOPLE}\b)`,
);

/**
 * Not what one may do with one's own: "whenever you want to top it up", "you can top …",
 * "lets you top …"; "going to top everyone's limits up" is ours (rules-2.13.75).
 */
const NOT_ONES_OWN = String.raw`(?<!\b(?:(?:want|wants|wanted|can|could|how|need|needs|able) to|want|wants|can|could|let you|lets you) )`;
/**
 * "topped everyone's codex limits back up to 100%", "gonna top all limits back up"
 * (rules-2.13.10): the object between the verb and "up", whose; not "it tops your weekly
 * usage back up" (what a banked reset does) nor "whenever you want to top it up".
 */
const TOP_OBJECT_UP = new RegExp(
  String.raw`(?=top)${NOT_ONES_OWN}\btop(ped|ping)? ((?:everyone's|everybody's|all|the|every|plus|pro) (?:[\w'%&-]+ ){0,3}(?:usage|limits?|quotas?|windows?|tanks?)) (?:back )?(?:up|off)\b`,
);
/** "we're topping everyone's Codex weekly back to full" (rules-2.13.65). */
const TOP_WINDOW_BACK_TO_FULL = new RegExp(
  String.raw`(?=top)${NOT_ONES_OWN}\btop(ped|ping)? ((?:everyone's|everybody's) (?:codex )?(?:weekly|5h|5-hour)) back to full\b`,
);
/**
 * "your codex tanks are topped up" (rules-2.13.10), "tank topped off for every codex user"
 * as a headline (rules-2.13.16), "everyone's codex allowance topped back up to full"
 * (rules-2.13.22), "everybody got topped up about ten minutes ago" (rules-2.13.30); "I did it,
 * limits topped up just now", a bare participle with a time just gone (rules-2.13.34); not
 * "want your usage topped back up". "your codex tank gets topped back to full"
 * (rules-2.13.55).
 */
const ARE_TOPPED_UP =
  /\b(?=topped )(?<=\b(?:tanks?|limits|usage|quotas?|windows|buckets?|allowances?) (?:(?:are|is|got|get|gets|getting|all|been|have|has|now|just) ){1,3})topped (?:back )?(?:up|off|to full|to 100%)(?![\w%])|\b(?=topped )(?<=\b(?:everyone's|everybody's) (?:[\w-]+ ){0,2}(?:tanks?|limits|usage|quotas?|windows|buckets?|allowances?) )topped (?:back )?(?:up|off)\b|\b(?=topped )(?<=^(?:\w+ )?(?:tanks?|buckets?) )topped (?:back )?(?:up|off)\b|\b(?=topped )(?<=\b(?:everyone|everybody|all of you|every (?:codex |paid )?user) (?:just )?(?:got|gets|get|getting|was|were|is|are|has been|have been) )topped (?:back )?(?:up|off)\b|\b(?=topped )(?<=(?:^|[,:] |\()(?:\w+ )?(?:limits|usage|tanks?|buckets?|allowances?) )topped (?:back )?(?:up|off)\b(?=[^.!?]{0,30}\b(?:just now|(?:seconds?|minutes?|mins?|hours?|hrs?) ago|earlier today)\b)/;
/** "banked refills land in everyone's account next week": more than one (rules-2.13.75). */
const BANKED_REFILLS = /\b(?:banked|saved) (?:refills|top-?ups)\b/;
/**
 * "one banked refill", "a saved refill", "one extra refill sitting in your bank" (rules-2.13.10);
 * "a free refill sitting in your codex settings" (rules-2.13.75).
 */
const BANKED_REFILL =
  /\b(?:(?:one|an?|another|the) )?(?:banked|saved) (?:refills?|top-?ups?)\b|\b(?:one|an?|another) (?:extra |more |additional |spare |free )?refill\b(?=[^.!?]{0,40}\b(?:bank|spend it|use it)\b|(?: sitting| waiting)? (?:into|in|to) (?:every|each|your|all)\b)|\b(?=(?:one|an?|another) (?:extra |more |additional )?refill\b)(?<=\bbank\b[^.!?]{0,40})(?:one|an?|another) (?:extra |more |additional )?refill\b/;
/**
 * "everyone's getting a full refill tomorrow morning": the people before it (rules-2.13.10);
 * "CODEX USERS TO RECEIVE FULL REFILL FRIDAY", a headline (rules-2.13.24); "everybody got a
 * clean slate about an hour ago" (rules-2.13.27); "plus and pro users get a full codex tank",
 * people named by their plans, and a tank that is Codex's (rules-2.13.75).
 */
const PEOPLE_GET_A_REFILL = new RegExp(
  String.raw`\b(?=(?:(?:a|the|one) (?:full |fresh |free )?|full |fresh )refill\b|an? (?:clean|fresh) (?:slate|start)\b|a full codex tank\b)(?<=\b(?:${PEOPLE}|${PLANS_PEOPLE})(?:'s| is| are)? (?:just )?(?:getting|gets|get|will get|'ll get|to get|got|receiving|receives|receive|will receive|'ll receive|to receive|received) )(?:(?:(?:a|the|one) (?:full |fresh |free )?|full |fresh )refill|an? (?:clean|fresh) (?:slate|start)|a full codex tank)\b`,
);
/**
 * "a fresh week for everybody", "a do-over on usage limits friday", "everyone's codex weekly
 * limit is full again" (not "your weekly limit is full again on monday") (rules-2.13.10);
 * "everyone's codex tank is full again" (rules-2.13.27); "fresh weekly for everyone" (not
 * "full tank for everyone", at a gas station) (rules-2.13.51); "full weekly allowance back for
 * every plan" (rules-2.13.53).
 */
const FRESH_WEEK = new RegExp(
  String.raw`\b(?:a )?fresh (?:codex )?week(?:ly)?(?= for ${PEOPLE}\b)|\b(?:a )?full (?:codex )?(?:(?:weekly|5h|5-hour) )?(?:allowance|limits|usage|quota) back(?= for (?:${PEOPLE}|every (?:codex )?plan|all (?:codex )?plans)\b)`,
);
const DO_OVER =
  /\b(?:a )?do-?over\b(?=(?: granted)?[^.!?,;]{0,30}\b(?:usage|limits?|quotas?|caps?)\b| for (?:all plans|every plan|everyone|everybody)\b)/;
const EVERYONES_FULL =
  /\b(?=full\b)(?<=\b(?:everyone's|everybody's) (?:[\w+-]+ ){0,4}(?:limits?|quotas?|usage|windows?|tanks?|buckets?|meters?) (?:is|are) (?:now |all )?)full(?: again)?\b/;
/**
 * "every Plus and Pro account has a full tank again" (rules-2.13.23): the accounts, users or
 * plans named before it; not "my car has a full tank again".
 */
const HAVE_A_FULL_TANK = new RegExp(
  String.raw`\b(?=a full tank again\b)(?<=\b(?:${PEOPLE}|every (?:[\w&+]+ ){1,4}(?:account|user|plan|subscriber)s?|all (?:[\w&+]+ ){1,4}(?:accounts|users|plans|subscribers)) (?:now )?(?:has|have|got) )a full tank again\b`,
);
/** "codex limits: 100% for everyone. just now." (rules-2.13.33). */
const LIMITS_AT_FULL =
  /\b(?=(?:100%|full) for (?:everyone|everybody|all)\b)(?<=\b(?:limits|usage): )(?:100%|full)/;
/** "codex usage: 0%. for everyone. just now." (rules-2.13.55): Codex's usage, at none. */
const CODEX_AT_ZERO = /\b(codex (?:usage|limits)): (?:0%|zero)(?=[.!]*$|[.!]? for\b)/;
/** "limits: fresh", a status line (rules-2.13.81); read "limits: reset". */
const LIMITS_COLON_FRESH = /\b(?=fresh)(?<=\b(?:limits|usage): )fresh(?=[.!\s]*$|[.!]? for\b)/;
/** "usage bars at 0% for everyone" (rules-2.13.15). */
const USAGE_AT_ZERO =
  /\busage (?:bars?|meters?|counters?) (?:are |all )*at (?:0%|zero)(?= for (?:everyone|everybody|all)\b)/;
/** "every weekly meter on every plan now reads 0% used" (rules-2.13.29). */
const READS_ZERO =
  /\b(?=(?:now )?(?:reads?|shows?) (?:0%|zero\b))(?<=\bevery (?:weekly |5h |usage |codex )*(?:meter|counter|bar)\b[^.!?]{0,30})(?:now )?(?:reads?|shows?) (?:0%|zero)(?: used)?/;

/**
 * "business and enterprise workspaces will be back at 100%", "your accounts are back to
 * full" (rules-2.13.11); not "back to full capacity", "full speed"; not people ("everyone is
 * back to full"), whom no idiom reads without usage or limits named.
 */
const ACCOUNTS_BACK_AT_FULL =
  /\b(?=back )(?<=\b(?:workspaces?|accounts?|plans|subscribers) (?:will be|'ll be|are|'re|is|'s) (?:all )?)back (?:at|to) (?:100%|full)(?! (?:capacity|speed|strength|health|service|power|steam))(?=[\s.,!?;:)]|$)/;
/**
 * "pro and business folks: you're back at 100%", "all plus & pro users are back to full"
 * (rules-2.13.41): people named by their plans, back at full.
 */
const PLANS_PEOPLE_BACK_AT_FULL = new RegExp(
  String.raw`\b(?=back )(?<=${PLANS_PEOPLE}(?:[:,]? (?:you're|you are|you all are|y'all are)| (?:are|'re|will be|'ll be))(?: all| now)? )back (?:at|to) (?:100%|full)(?! (?:capacity|speed|strength|health|service|power|steam))(?=[\s.,!?;:)]|$)`,
);
/** "everyone's at full limits again" (rules-2.13.41): everyone's limits full once more. */
const AT_FULL_LIMITS_AGAIN =
  /\b(?=at full )(?<=\b(?:everyone|everybody|y'all|you all)(?:'s| is| are|'re) (?:now |all )?)at full (?:codex )?(?:limits|usage)(?= again\b| now\b)/;
/** "plus users: your refill is queued, lands at midnight PT" (rules-2.13.11). */
const YOUR_REFILL = /\byour (?:full |codex )?refill\b(?= (?:is|lands|will|'s|comes|arrives|goes))/;

/**
 * "gave everyone their codex usage back", "we'll be giving everyone their weekly codex
 * allowance back tonight" (rules-2.13.19); "hands every user their weekly budget back"
 * (rules-2.13.24); "give every single codex user their usage back" (rules-2.13.30; not
 * "their week back", which a headline says of the week as well).
 */
const GIVE_BACK =
  /\b(gave|give|gives|giving|hand|hands|handed|handing) (everyone|everybody|every (?:single )?(?:paid |codex )?user|(?:all )?codex (?:folks|users)) (?:their|your) ((?:[\w-]+ ){0,4}(?:usage|limits|allowance|quota|budget)|(?:full|whole|entire) week) back\b/;
/**
 * "we have give back all the usage to everybody on Codex", "we will give back all the Codex
 * usage for everybody", "we give back to everybody the full weekly limit" (rules-2.13.24);
 * "we will give back full usage of codex to all plans" (rules-2.13.55).
 */
const GIVE_BACK_TO = new RegExp(
  String.raw`\b(gave|give|gives|giving|given) back (?:all )?(?:of )?(?:every bit of )?(?:the |your |their )?(?:full )?((?:codex |weekly |5h )?(?:usage|limits))(?: (?:on|of) codex)?(?= (?:to|for) (?:${PEOPLE}|all plans|every plan)\b| (?:burned|used|lost|eaten|spent|wasted)\b)|\b(gave|give|gives|giving|given) back to ${PEOPLE} (?:the |their |your )?(?:full )?((?:codex |weekly |5h )?(?:usage|limits?))\b`,
);
/**
 * "gonna hit the big red button on everyone's codex limits tomorrow morning": the button
 * pressed on what counts the usage (rules-2.13.45); "hit the undo button on everyone's
 * usage", "wound the clock back on everyone's limits" (rules-2.13.49).
 */
const BIG_BUTTON =
  /\b(hit|hits|hitting|press|presses|pressed|pressing|push|pushes|pushed|pushing|smash|smashed|smashing|slam|slammed|slamming|wound|winds|winding|wind|turned|turns|turning|turn) (?:(?:the )?(?:big )?(?:red )?(?:reset |undo )?button|the clocks? back) on ((?:(?:the|everyone's|everybody's|all|your|codex|weekly|5h|usage) ){0,3}(?:limits|usage|quotas?|meters|counters))\b/;
/**
 * "gave the usage meters a hard wipe" (rules-2.13.26): a wipe or a refill given to what
 * counts the usage.
 */
const GAVE_A_WIPE =
  /\b(gave|give|gives|giving) ((?:the |everyone's |all (?:the )?)?(?:codex )?(?:usage )?(?:meters|counters|limits|usage)) an? (?:hard |full |quick |clean |proper )?(?:wipe|refresh|refill)\b/;
/**
 * Everyone's tank refilled or topped up: "we'll be topping off the tank for everyone by EOD"
 * (rules-2.13.26), "we have refill the tanks for everybody on codex" (rules-2.13.31), "Local
 * Team Refills Everyone's Codex Tank" (rules-2.13.32). The verb, then whose tank, if named
 * before it.
 */
const THEIR_TANK = new RegExp(
  String.raw`\b((?:re)?fill(?:s|ed|ing)?|top(?:s|ped|ping)? (?:off|up)) (?:((?:everyone's|everybody's|all|every (?:codex |paid )?(?:user|account|subscriber)'s) (?:codex )?)tanks?\b|(?:the|their|your) tanks?(?= for ${PEOPLE}\b))`,
);
/**
 * "tomorrow morning everyone gets their codex budget back" (rules-2.13.20); "y'all got the full
 * codex allowance back" (rules-2.13.39).
 */
const GETS_BACK =
  /\b(everyone|everybody|y'all|yall|you all|all of you)(?: on (?:plus|pro|business|edu|enterprise)(?:(?: and|,| &) (?:plus|pro|business|edu|enterprise))*)?(?: just)? (gets|get|got|getting|will get|'ll get) (?:their|your|the) ((?:[\w-]+ ){0,2}(?:usage|limits|allowance|quota|budget)|(?:full|whole|entire) week) back\b/;
/**
 * "refill incoming tonight", "the refill is live": a refill named first, then how it comes;
 * after an emoji: "⛽ refill tomorrow 9am PT" (rules-2.13.85).
 */
const REFILL_FIRST =
  /^(?:[^\w\s'"]+ ?)?(?:(?:a|the) )?(?:full |codex |usage |limits? )?refill(?: szn| season)?(?= (?:incoming|inbound|coming|tonight|tomorrow|today|is (?:coming|live|out|done|rolling)|lands|landing|drops|dropping|going out|rolling out)\b)/;
/**
 * "topped everyone back up to 100%", "we're topping everyone up in 2 hours"; "we're going to
 * top everyone off at 21:00 UTC" (rules-2.13.53).
 */
const TOP_UP = new RegExp(String.raw`\btop(s|ped|ping)? (${PEOPLE}) (?:back )?(?:up|off)\b`);
/** "we'll top up every codex account to full" (rules-2.13.12). */
const TOP_UP_PEOPLE = new RegExp(String.raw`\btop(s|ped|ping)? up (${PEOPLE})\b`);
/**
 * "everyone's codex tank goes back to full": Codex's tank, battery or gauge going back to full
 * is its usage, read so (rules-2.13.85); not "my car's gas tank goes back to full".
 */
const CODEX_TANK_BACK =
  /\bcodex (?:tanks?|batter(?:y|ies)|gauges?)(?= (?:goes|go|going|is going|will go|gets|get|got|went) back to (?:full|100%?)(?![\w%]))/g;
/** "refilled you (and everyone else) a few minutes ago", "recharging everyone tonight" (rules-2.13.85). */
const REFILL_PEOPLE = new RegExp(
  String.raw`\b(refill(?:s|ed|ing)?|recharg(?:e|es|ed|ing)) (you \(and everyone else\)|${PEOPLE})(?!'s\b| (?:with|on|in)\b)`,
);
/** "we zeroed everyone out about an hour ago" (rules-2.13.69): whom, between the verb and "out". */
const ZERO_PEOPLE_OUT = new RegExp(String.raw`\bzero(es|ed|ing)? (${PEOPLE}) out\b`);
/**
 * "we gave every codex user a mulligan" (rules-2.13.12), "we're giving everyone a full tank
 * on codex" (rules-2.13.14), "hands every subscriber a brand-new weekly allowance"
 * (rules-2.13.24), "gave everyone a fresh week", "handing all of you a full set of codex
 * limits" (rules-2.13.31): given to the people before it.
 */
const GIVEN_A_RESET = new RegExp(
  String.raw`\b(?=(?:a |one )?(?:free )?(?:mulligan|full tank|(?:brand-?new|brand new|fresh) (?:weekly |codex )?(?:allowance|week)|fresh weekly|full set of (?:codex )?limits)\b)(?<=\b(?:gave|give|giving|gives|get|getting|got|gets|hands?|handed|handing) ${PEOPLE} )(?:a |one )?(?:free )?(?:mulligan|full tank|(?:brand-?new|brand new|fresh) (?:weekly |codex )?(?:allowance|week)|fresh weekly|full set of (?:codex )?limits)\b`,
);
/**
 * "Every Plus / Pro account starts fresh on Codex usage" (rules-2.13.24): accounts, users or
 * plans that start fresh on their usage, or on both windows ("every codex user starts from
 * zero again, 5h and weekly", rules-2.13.47); not "new accounts start fresh on usage", a rule.
 */
const PEOPLE_START_FRESH = new RegExp(
  String.raw`(?=start)(?<=\b(?:${PEOPLE}|every (?:[\w/&+]+ ){1,8}(?:account|user|plan|subscriber)s?) (?:(?:now|all|will|just) )?)(?<!\bnew (?:paid |codex )?(?:accounts|users|subscribers) (?:(?:now|all|will|just) )?)start(s|ed|ing)? (?:fresh|afresh|over|from zero)(?: again)?(?= on (?:codex |their |your )?(?:usage|limits)\b|,? (?:on )?(?:both windows|(?:their |your )?(?:5h|5-hour|weekly) (?:\+|and|&) (?:5h|5-hour|weekly)\b))`,
);
/**
 * "We will make the limits fresh again for all Codex users" (rules-2.13.34); "we have make
 * fresh the usage for every codex user" (rules-2.13.37).
 */
const MAKE_FRESH =
  /\b(make|makes|making|made) ((?:the |your |their |everyone's |everybody's |all (?:the )?)?(?:codex )?(?:usage |weekly |5h |rate )?(?:limits|usage|quotas?|allowances?)(?: of (?:all (?:users|of you)|everyone|everybody|every user))?) (?:fresh|full)(?: again)?\b|\b(make|makes|making|made) fresh(?: again)? ((?:the |your |their |everyone's |everybody's |all (?:the )?)?(?:codex )?(?:usage |weekly |5h |rate )?(?:limits|usage|quotas?|allowances?))(?= for\b|[.!,]|$)/;
/** "we'll put everyone back at full by end of day" (rules-2.13.24). */
const PUT_BACK_AT_FULL = new RegExp(
  String.raw`\bput(?:ting|s)? (${PEOPLE}) back (?:at|to) (?:full|100%)(?! (?:capacity|speed|strength|health|service|power|steam))`,
);

/**
 * "your limits have been given back" (rules-2.13.35): usage given or handed back, in the
 * passive.
 */
const GIVEN_BACK =
  /\b((?:limits|usage|quotas?|allowances?) (?:have|has|had|were|was|are|is|will be|'ve|'s)(?: (?:all|just|now))? (?:been )?)(?:given|handed|put) back\b/;
/**
 * "everyone has had their whole weekly allowance handed back as of today" (rules-2.13.55):
 * had it handed back, the causative's own tense.
 */
const HAD_IT_HANDED_BACK =
  /\b(has|have|'ve|had) had (their|your|its) ((?:[\w-]+ ){0,2}(?:usage|limits|allowance|quota|budget)) (?:handed|given) back\b/;
/** "will all get their usage handed back Wednesday" (rules-2.13.35): got back, handed. */
const GET_IT_HANDED_BACK =
  /\b(get|gets|got|getting) (their|your|its|this week's|the week's|today's|all their) ((?:[\w-]+ ){0,2}(?:usage|limits|allowance|quota)) (?:(?:handed|given) back|returned in full|refunded in full|restored in full)\b/;
/** "usage giveback going out by EOD" (rules-2.13.35): a giveback of usage named. */
const USAGE_GIVEBACK = /\b((?:codex )?(?:usage|limits?)) give-?back\b/;
/**
 * "banked one coming to every Plus and Pro account monday" (rules-2.13.35): one coming or
 * given to all, or landed ("banked one landed in your account", rules-2.13.36); not "that's
 * the banked one from last week", one already had.
 */
const BANKED_ONE =
  /\bbanked one(?= (?:is )?(?:coming|going out|landing|dropping|(?:just )?(?:landed|dropped|arrived)|(?:for|to) (?:every|all|each)\b))|(?=banked one)(?<=\b(?:another|one more) )banked one\b/;

/**
 * Said the other way round: "refilled, your tanks are", "back to zero, your codex counters
 * will go" (rules-2.13.37), "zeroed, your codex weekly meters now are" (rules-2.13.39): the
 * verb or the amount first, then whose usage and its verb.
 */
const INVERTED =
  /^(?:(refilled|topped (?:up|off)|wiped|zeroed|cleared|emptied),? ((?:your|everyone's|everybody's|all (?:the )?|the) (?:[\w-]+ ){0,2}(?:tanks?|limits|usage|quotas?|meters|counters|allowances?))(?: now| all)? (are|is)|back to (?:zero|full|0%|100%),? ((?:your|everyone's|everybody's|all (?:the )?|the) (?:[\w-]+ ){0,2}(?:limits|usage|quotas?|meters|counters|allowances?)) (will|'ll|shall|are going to|is going to|are gonna) go)\b/;
/**
 * "slate's clean for everybody" (rules-2.13.37): the slate of whom named after it; "slate
 * wiped clean 🧽 all codex limits" (rules-2.13.42): of what. "codex folks: slate's wiped
 * clean." (rules-2.13.55): Codex's slate.
 */
const SLATE_CLEAN = new RegExp(
  String.raw`\bslate(?:'s| is) (?:wiped )?clean(?: again)?(?= for (?:${PEOPLE}|${PLANS_PEOPLE}))|(?=slate)(?<=\bcodex\b[^.!?]{0,30})\bslate(?:'s| is| has been| was| got| gets)? (?:wiped|scrubbed)(?: clean)?(?=[.!,;:]|$)|\bslate (?:wiped|scrubbed) clean(?=[^.!?,;]{0,8}[ ,;:]+(?:all |your |everyone's )?(?:codex )?(?:limits|usage)\b)`,
);
/** "every codex meter to zero", "all usage counters back to 0%" (rules-2.13.37). */
const METERS_TO_ZERO =
  /\b((?:every|all|each) (?:the )?(?:codex |usage |weekly |5h )*(?:meters?|counters?|bars?)) (?:back )?to (?:zero|0%?)(?![\w%])/;
/**
 * "YOUR WEEKLY CODEX ALLOWANCE IS FULL AGAIN." (rules-2.13.37): an allowance or a quota
 * full again; not on a day ("is full again on monday", its cycle).
 */
const ALLOWANCE_FULL_AGAIN =
  /\b(?=full again\b)(?<=\b(?:allowance|quota|usage) is (?:now )?)full again\b(?! (?:on|every|each|at|in|when|once)\b| (?:mon|tues|wednes|thurs|fri|satur|sun)day\b)/;

/**
 * "we have put back all codex usage to zero", "we set everyone's usage back to zero": a verb
 * putting usage back to zero, its object between (rules-2.13.55); not "it just sets usage
 * back to 0", what a reset does.
 */
const SET_OBJECT_TO_ZERO =
  /(?=set|put|brought|bring|turn|roll|wind|wound)(?<!\b(?:it|this|that|which)(?: just| only| simply)? )\b(set|sets|setting|put|puts|putting|brought|bring|brings|bringing|turned|turn|turns|turning|roll|rolls|rolled|rolling|wind|winds|wound|winding)( back)? ((?:(?:all|the|your|their|everyone's|everybody's|every|codex|weekly|5h|5-hour|usage|rate|of) ){0,4}(?:usage|limits|quotas?|meters?|counters?|windows|odometers?|gauges?|tally))(?: back)? to (?:zero|0%?)(?![\w%])/;

/** "a global wipe", "no global wipe tonight": a global reset (rules-2.13.55); not "a global wipe of the staging db". */
const GLOBAL_WIPE = /\b((?:a|the|no|one more|another) )?global (?:usage |limits? )?wipe\b(?! of\b)/;

/**
 * A usage gauge read at nothing: "codex meters … now read empty", "every codex user's 5h and
 * weekly meters will read empty by 9am PT", "meters start at nil", "usage meters empty, all
 * plans" (rules-2.13.58): what users see after a reset, said of the meter.
 */
const GAUGE_AT_NOTHING =
  /(?=now |all |will |should |again |just |reads? |shows? |starts? |are |is |sits? |be |back |drop|go|falls? |fell |empty|zero|0|nil|nothing)(?<=\b(?:codex|usage|5h|5-hour|weekly)(?: (?!and\b|or\b|but\b)[\w'+&-]+:?){0,4} (?:meters?|counters?|odometers?|gauges?|tall(?:y|ies)|bars?)(?: (?:on|for|across)(?:,? (?:and |& )?(?:plus|pro|business|edu|enterprise|every|all|each|codex|paid|plans?|users?|accounts?|tiers?))+)? )(?:(?:now|all|will|should|again|just) )*(?:(?:reads?|shows?|starts?(?: again)? (?:at|from)|(?:are|is)(?: now)?(?: at)?|sits? at|(?:be )?back (?:at|to)|drop(?:s|ped)? to|go(?:es)? to|falls? to|fell to) )?(?:empty|zero|0%?|nil|nothing)(?![\w%]| out\b)/;
/** "codex usage amnesty is live", "codex usage jubilee, monday 9am PT" (rules-2.13.58). */
const USAGE_AMNESTY = /\b(codex (?:usage|limits?)) (?:amnesty|jubilee|reprieve)\b/;

/** "credited a full week of codex usage to every account" (rules-2.13.59). */
const CREDITED_A_WEEK =
  /\b(credit(?:s|ed|ing)?) (?:a|one) (?:full|whole) (?:week(?:'s| of) (?:codex )?usage|(?:weekly |codex )+(?:allowance|limits|quota)(?: back)?)\b/;

/**
 * "all accounts now have their full codex allowance again", "everyone has a full weekly
 * quota again": full once more (rules-2.13.60); not "every account has a full allowance",
 * what a plan gives.
 */
const HAVE_IT_FULL_AGAIN =
  /\b((?:all (?:accounts|users|plans)|every (?:account|user)|everyone|everybody) (?:now )?(?:has|have)) (?:their|its|a) full (?:codex )?(?:[\w-]+ )?(?:allowance|limits|usage|quota)(?: again| back| once more)\b|\b((?:all (?:accounts|users|plans)|every (?:account|user)|everyone|everybody) now (?:has|have)) (?:their|its|a) full (?:codex )?(?:[\w-]+ )?(?:allowance|limits|usage|quota)\b/;
/**
 * "everyone's back to zero", "everybody is back at full" (rules-2.13.60); not "everyone is
 * back at 0% on the migration checklist", another thing's count.
 */
const EVERYONE_BACK_TO =
  /\b(everyone|everybody)(?:'s| is) back (?:to|at) (?:zero|0%?|full|100%)(?![\w%])(?! (?:on|in|of|at|with|from) )/;
/**
 * "your codex usage should read zero" (rules-2.13.60): usage read at nothing, as it is now
 * ("should" is what one will see, not a time ahead).
 */
const USAGE_READS_ZERO =
  /(?=(?:should|now|all|reads?|shows?|read|show) )(?<=\b(?:codex |weekly |5h )?usage )(?:(?:should|now|all) )*(?:reads?|shows?|read|show) (?:zero|0%|empty)(?![\w%])/;

/** "plus/pro/biz/edu all back to zero" (rules-2.13.61): plans named, back at nothing. */
const PLANS_BACK_TO_ZERO =
  /^((?:plus|pro|biz|business|edu|enterprise|ent)(?: ?[/+&,] ?(?:plus|pro|biz|business|edu|enterprise|ent))+) (?:are )?(?:all )?back (?:to|at) (?:zero|0%?|full)(?![\w%])/;

/**
 * "Limits of Codex are put to zero", "the limits will be put to zero for all the users"
 * (rules-2.13.62): put or set to zero, without "back".
 */
const PUT_TO_ZERO =
  /(?=(?:put|set) to )(?<=\b(?:limits?|usage|quotas?)(?: of codex)? (?:(?:are|is|were|was|will|be|been|have|has|get|gets|got) ){1,3})(?:put|set) to (?:zero|0%?)(?![\w%])/;
/** "Weekly and 5h limits for Codex at zero for everybody" (rules-2.13.62). */
const LIMITS_AT_ZERO =
  /(?=are |now |at )(?<=\blimits(?: (?:for|of) codex)? )(?:(?:are|now) )?at (?:zero|0%?)(?= for (?:everyone|everybody|all)\b)/;

/**
 * "every codex plan gets a clean slate, 5h window and weekly window both", "we hand
 * everyone a clean codex slate, both windows" (rules-2.13.68): a clean slate given, of the
 * windows named after it.
 */
const GIVEN_A_CLEAN_SLATE =
  /(?=a |clean|fresh start)(?<=\b(?:gets?|got|getting|hand|hands|handed|handing|giving|gives?|gave) (?:\w+ )?)(?:a )?(?:clean (?:codex )?slate|fresh start)(?=[^.!?]{0,40}\b(?:windows?|limits|usage)\b)/;

/** A word every idiom above has. */
const TRIGGER =
  /\b(?:wip|button on|clocks? back on|refresh|refill|replenish|clear|restor|zero|back (?:to|at) |clean slate|fresh|full|top|start(?:s|ed|ing)? (?:over|fresh|afresh|from zero|from scratch)|windows? restart|do-?over|sitting at|go(?:es|ing)? to (?:zero|0|100|full)|return\w* to (?:zero|full)|mulligan|recharge|tank|brand new|nuk|: 100%|: 0%|: zero|empt|(?:now )?(?:reads?|shows?) (?:0|zero)|(?:usage|limits|allowance|quota|budget) back\b|give\w* back|gave back|start\w* (?:fresh|afresh|over)|put\w* \w+ back|allowance|usage (?:bars?|meters?|counters?) |handed back|give-?back|banked one|slate|to (?:zero|0)|scrub|refund|unwind|unwound|rewind|revers|roll\w* back|rack|respawn|empty|nil\b|nothing|amnesty|jubilee|reprieve|fill|week back|where (?:they|it) (?:started|began)|credit|reads? zero|shows? zero|eras|forg[ai]v|returned in full|every bit|restore)/;

/**
 * "every Codex user is back at zero usage", "free, plus, pro, business: all back to zero usage":
 * people back at no usage, reset (rules-2.13.98).
 */
const PEOPLE_AT_ZERO_USAGE = new RegExp(
  String.raw`\b(?=back )(?<=\b(?:${PEOPLE}|all)(?: is| are|'s|'re)?(?: all| now)? )back (?:at|to) (?:zero|0) usage\b`,
);
/**
 * "Scheduled: Codex quota refresh, Monday 23 November", "Codex usage restoration queued for
 * 17:00 PT", "global usage clear scheduled for this weekend": a noun of the idioms after what
 * it renews, "reset" (rules-2.13.94).
 */
const USAGE_RENEWAL =
  /\b((?:codex |global |weekly |5h |usage |rate limit )*(?:usage|quota|allowance|limits?)) (?:refresh|restoration|restore|clear|wipe)\b(?! (?:button|page|screen|bug|logic|endpoint|job|script|command)\b)/;
/**
 * "one-time restoration of Codex weekly allowance for Business and Enterprise": "a reset of"
 * what it restores (rules-2.13.94).
 */
const RESTORATION_OF =
  /\brestoration of (?=(?:the |your |everyone's )?(?:codex )?(?:weekly |5h |usage |rate )?(?:usage|quota|allowance|limits)\b)/;

/** Idioms read as a phrase of "reset", in this order: each reads what those before left. */
const PHRASES: readonly (readonly [RegExp, string])[] = [
  [BACK_TO_EMPTY, 'reset'],
  [FRESH_START, 'a reset'],
  [ARE_FRESH, 'reset'],
  [ARE_FULL, 'reset'],
  [PEOPLE_BACK_AT_FULL, 'reset'],
  [EVERYONES_FULL, 'reset'],
  [ARE_TOPPED_UP, 'reset'],
  [BANKED_REFILLS, 'banked resets'],
  [BANKED_REFILL, 'a banked reset'],
  [PEOPLE_GET_A_REFILL, 'a reset'],
  [FRESH_WEEK, 'a reset'],
  [DO_OVER, 'a reset'],
  [ACCOUNTS_BACK_AT_FULL, 'reset'],
  [PLANS_PEOPLE_BACK_AT_FULL, 'reset'],
  [AT_FULL_LIMITS_AGAIN, 'reset'],
  [YOUR_REFILL, 'your reset'],
  [A_FRESH_ONE, 'a reset'],
  [TANK_OF_USAGE, 'a reset of '],
  [REFILL_FIRST, 'a reset'],
  [WINDOWS_BACK_TO_FULL, 'reset'],
  [ZERO_THEIR_USAGE, 'reset'],
  [A_REFILL, 'a reset'],
  [A_USAGE_REFILL, '$1$2$3 reset'],
  [FRESHLY_DONE, 'reset'],
  [GETTING_A_REFILL, 'a reset'],
  [GIVEN_A_RESET, 'a reset'],
  [USAGE_AT_ZERO, 'usage reset'],
  [LIMITS_COLON_FRESH, 'reset'],
  [CODEX_AT_ZERO, '$1 reset'],
  [HAVE_A_FULL_TANK, 'a reset'],
  [READS_ZERO, 'reset'],
  [LIMITS_AT_FULL, 'reset'],
  [GIVEN_BACK, '$1reset'],
  [GET_IT_HANDED_BACK, '$1 $2 $3 reset'],
  [HAD_IT_HANDED_BACK, '$1 had $2 $3 reset'],
  [USAGE_GIVEBACK, '$1 reset'],
  [BANKED_ONE, 'banked reset'],
  [SLATE_CLEAN, 'reset'],
  [GLOBAL_WIPE, '$1global reset'],
  [GAUGE_AT_NOTHING, 'reset'],
  [GIVEN_A_CLEAN_SLATE, 'a reset'],
  [HAVE_IT_FULL_AGAIN, '$1$2 their limits reset'],
  [EVERYONE_BACK_TO, "$1's limits reset"],
  [USAGE_READS_ZERO, 'is reset'],
  [PLANS_BACK_TO_ZERO, '$1 limits reset'],
  [PUT_TO_ZERO, 'reset'],
  [LIMITS_AT_ZERO, 'reset'],
  [USAGE_AMNESTY, '$1 reset'],
  [METERS_TO_ZERO, '$1 reset'],
  [ALLOWANCE_FULL_AGAIN, 'reset'],
  [USAGE_RENEWAL, '$1 reset'],
  [PEOPLE_AT_ZERO_USAGE, 'reset'],
  [RESTORATION_OF, 'reset of '],
];

/** `sentence` with its reset idiom made a form of "reset", or null when it has none. */
export function resetIdiomRead(sentence: string): string | null {
  // Most sentences have none of these words: one quick test spares them the patterns.
  if (!TRIGGER.test(sentence)) return null;
  let read = sentence
    .replace(CODEX_TANK_BACK, 'codex usage')
    .replace(WIPED_THE_SLATE, (_match, ending: string) =>
      resetFormOf(ending === 'e' ? '' : ending),
    );
  read = read.replace(VERB_OBJECT_BACK_TO, '$1');
  read = read.replace(
    CREDITED_A_WEEK,
    (_match, credit: string) => `${resetFormOfVerb(credit)} usage`,
  );
  read = read.replace(
    SET_OBJECT_TO_ZERO,
    (_match, verb: string, _back: string | undefined, what: string) =>
      `${resetFormOfVerb(verb)} ${what.replace(/\b(?:odometers?|gauges?|tally)$/, 'meters')}`,
  );
  read = read.replace(GO_BACK_TO_EMPTY, (_match, go: string) => `${GOTTEN[go]} reset`);
  read = read.replace(
    MADE_TO_GO_BACK,
    (_match, make: string, what: string) => `${resetFormOfVerb(make)} ${what}`,
  );
  for (const [pattern, phrase] of PHRASES) read = read.replace(pattern, phrase);
  read = read.replace(VERB_THEN_OBJECT, resetFormOfVerb);
  read = read.replace(OBJECT_THEN_VERB, resetFormOfVerb);
  // "plus and pro weekly windows restarted at 9:30" (rules-2.13.107).
  read = read.replace(STARTS_OVER, (_match, ending?: string, restarted?: string) =>
    resetFormOf(ending ?? restarted ?? ''),
  );
  read = read.replace(
    PEOPLE_START_FRESH,
    (_match, ending: string | undefined) => `${resetFormOf(ending ?? '')} usage`,
  );
  read = read.replace(
    INVERTED,
    (_match, verb?: string, whose?: string, be?: string, whoseAfter?: string) =>
      verb !== undefined
        ? `${whose!.replace(/tanks?$/, 'usage')} ${be} reset`
        : `${whoseAfter} will reset`,
  );
  read = read.replace(PUT_BACK_AT_FULL, (_match, whom: string) => `reset ${whom}`);
  read = read.replace(
    MAKE_FRESH,
    (_match, make?: string, what?: string, makeFirst?: string, whatAfter?: string) =>
      `${resetFormOfVerb(make ?? makeFirst ?? '')} ${what ?? whatAfter}`,
  );
  read = read.replace(
    THEIR_TANK,
    (_match, refill: string, whose: string | undefined) =>
      `${resetFormOfVerb(refill)} ${whose ?? 'the '}usage`,
  );
  read = read.replace(
    BIG_BUTTON,
    (_match, hit: string, what: string) => `${resetFormOfVerb(hit)} ${what}`,
  );
  read = read.replace(
    GAVE_A_WIPE,
    (_match, give: string, what: string) => `${resetFormOfVerb(give)} ${what}`,
  );
  // "topped everyone's limits back up", "top up every account", "topping everyone up": the
  // verb's form, then whose limits.
  // "just topped everyone's codex tank back up": everyone's tank, or codex's, is their usage;
  // not "the fish tank" (rules-2.13.47).
  const topped = (_match: string, ending: string | undefined, whose: string) =>
    `${resetFormOfVerb(`top${ending ?? ''}`)} ${/\b(?:codex|everyone's|everybody's)\b/.test(whose) ? whose.replace(/\btanks?$/, 'usage') : whose}`;
  read = read.replace(TOP_OBJECT_UP, topped);
  read = read.replace(TOP_WINDOW_BACK_TO_FULL, topped);
  read = read.replace(TOP_UP_PEOPLE, topped);
  read = read.replace(
    ZERO_PEOPLE_OUT,
    (_match, ending: string | undefined, whom: string) => `${resetFormOf(ending ?? '')} ${whom}`,
  );
  read = read.replace(TOP_UP, topped);
  read = read.replace(
    REFILL_PEOPLE,
    (_match, verb: string, whom: string) =>
      `${resetFormOfVerb(verb)} ${whom.replace(/^you \(and everyone else\)$/, 'everyone')}`,
  );
  read = read.replace(
    GIVE_BACK,
    (_match, give: string, whom: string, what: string) =>
      `${resetFormOfVerb(give)} ${whom}'s ${what}`,
  );
  read = read.replace(
    GIVE_BACK_TO,
    (_match, give?: string, what?: string, giveTo?: string, whatTo?: string) =>
      `${resetFormOfVerb(give ?? giveTo ?? '')} ${what ?? whatTo}`,
  );
  read = read.replace(
    GETS_BACK,
    (_match, whom: string, gets: string, what: string) =>
      `${whom}'s ${what} ${/ing$/.test(gets) ? 'getting reset' : /^(?:will|'ll)/.test(gets) ? 'will reset' : gets === 'got' ? 'got reset' : 'resets'}`,
  );
  return read === sentence ? null : read;
}
