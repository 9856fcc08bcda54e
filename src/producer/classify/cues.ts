/**
 * The words the rules look for, each table with what it means. Every pattern runs on
 * normalised text (text.ts: lower case, plain quotes and dashes) and is linear: no nested
 * quantifiers, so no input makes one slow.
 */

/** A reset of usage limits is mentioned (the sense is checked by the other tables). */
export const RESET_WORD =
  /\bre-?set(?:s|ting|ing|ed)?\b|\brefresh(?:ed|ing)? (?:\w+ )?(?:usage |rate )?limits\b|\bbrand new usage\b|\bfresh (?:usage|limits)\b/;

/** "reset" in a sense that has nothing to do with usage limits. */
export const OTHER_SENSE =
  /\b(?:password|factory|git|context|session|conversation|thread|chat|api key|token|cache|counter|mindset|brain|life)[ -]re-?set\b|\bre-?set (?:your |the |my )?(?:password|context|session|conversation|chat|thread|api key|branch|repo|head|mind|brain|expectations)\b|\breset --|\/reset\b/;

/**
 * The reset is talked about, not announced: asked for, counted, explained, promised on a
 * condition. A post with one of these and no announcement phrase is not a reset.
 */
export const TALK_ABOUT = [
  /\bre-?set requests?\b|\brequests? (?:for|to) (?:a |another )?re-?set/,
  /\b(?:asking|begging|beg|ask|asked|pleading|hoping|praying|waiting|wish|wishing) (?:us )?(?:for|to) (?:a |another |the |more )?re-?set/,
  /\bre-?sets? (?:every|each) (?:day|week|month|\d|five|seven)/,
  /\b(?:limits?|usage) re-?sets? (?:every|each|on a|after|\d|weekly|daily)/,
  /\b(?:since|after|before|until|till) (?:the|your|our|my|a|last|yesterday's|today's) (?:last |latest |recent |next |weekly |global |banked )?re-?set\b/,
  /\bhow (?:do |does )?re-?sets? work/,
  /\b(?:more|another|next|any|no more) re-?sets?\?/,
  /\bif (?:we|you|i|this|it|codex|the)\b[^.!?]{0,60}\bre-?set/,
  /\bre-?set\b[^.!?]{0,40}\bif (?:we|you|this|it)\b/,
];

/** "No reset", "not resetting", "won't reset": the reset is denied. */
export const NEGATED =
  /\b(?:no|not|never|won't|wont|will not|don't|do not|can't|cannot|can not|isn't|aren't|wasn't|no plans? (?:to|for)|not planning)\b(?: \w+){0,3} re-?set/;

/** It has happened. */
export const COMPLETED = [
  /\b(?:have|has|'ve|'s) (?:just |now |all |officially |already |successfully )?(?:been )?(?:re-?set|refreshed)\b/,
  /\b(?:were|got|was) (?:just |all )?(?:re-?set|refreshed)\b/,
  /\b(?:we|i|just|you're all|you are all|everyone's|everyone is|all) (?:just |have )?re-?set\b(?! (?:tomorrow|tonight|later|soon|at|on|in|next|this|around|by))/,
  /\bre-?set (?:is |has |have |are )?(?:now |been |all |fully |officially )?(?:done|complete|completed|finished|live|out|landed|propagated|rolled out|shipped|in effect|applied|deployed|through)\b/,
  /\b(?:all |fully |now |has |have )(?:propagated|landed|rolled out)\b/,
  /\bjust (?:did|done|pushed|triggered|kicked off) (?:a |the |another )?(?:global |banked )?re-?set\b/,
  /\b(?:did|done|triggered|pushed|kicked off) (?:a |the |another )(?:\w+ ){0,2}re-?set\b/,
  /\bre-?set button (?:pressed|pushed|hit)\b|\b(?:pressed|pushed|hit) the (?:re-?set )?button\b/,
];

/**
 * It is happening: "we are resetting", "propagating now", "enjoy the reset". Counted as
 * done (the reset has started when the post is written and reaches users within minutes),
 * unless the post gives a deadline ahead ("propagating in the next hour"): then it is a
 * schedule with that deadline (README, "Classifier rules: tense").
 */
export const IN_PROGRESS = [
  /\b(?:we|i)(?: are|'re|'m| am) (?:now |currently |once again |also |again )?(?:re-?set\w*|refreshing|rolling out|loading|giving|crediting|adding|granting)\b/,
  /\b(?:re-?set\w*|propagating|rolling out|going out|landing) (?:right )?now\b/,
  /\benjoy (?:the|your|this|a)\b[^.!?]{0,30}\bre-?set\b|\bre-?set\b[^.!?]{0,30}\benjoy\b/,
  /\b(?:is|are) getting (?:another|a|one|an?)\b/,
];

/** A landing deadline ahead: with an in-progress reset, it makes the post a schedule. */
export const DEADLINE_AHEAD =
  /\b(?:propagat\w+|lands?|landing|rolling out|going out|should land|should see it) (?:in|over|within|by) (?:the )?(?:next|end of|eod|midnight)\b|\b(?:in|over|within) (?:the )?next (?:\d+ |few |couple (?:of )?)?(?:hours?|minutes?|mins?)\b/;

/** It will happen. */
export const SCHEDULED = [
  /\b(?:will|'ll|wil|shall) (?:be )?(?:\w+ )?(?:do|doing|re-?set\w*|refresh|refreshing|roll|rolling|land|landing|happen|go|going|kick|push|give|get|apply|trigger|run|credit|add|load)\b/,
  /\bpromised (?:you |everyone )?(?:a |the |another )?(?:\w+ )?re-?set/,
  /\bwill be (?:there|live|available|out|ready|applied|active|in place|yours)\b/,
  /\bre-?sets?\b[^.!?]{0,40}\b(?:at|around|by|from|until) (?:~ ?)?\d{1,2}(?::\d{2})? ?(?:am|pm)\b/,
  /\bre-?sets? (?:for|on) (?:mon|tues|wednes|thurs|fri|satur|sun)day\b/,
  /\b(?:going to|gonna|about to|plan(?:ning)? to|planning (?:a|another)|preparing (?:a|another|to)|getting ready to|set to) (?:do |push |roll out |trigger )?(?:a |another |the )?(?:global |banked |full )?re-?set/,
  /\bre-?sets? (?:is |are )?(?:coming|incoming|inbound|landing|scheduled|planned|queued|on (?:its|the) way|pending|imminent|in progress|underway|under way|upcoming)\b/,
  /\b(?:incoming|upcoming|scheduled|planned|queued) (?:global |banked |full )?re-?set/,
  /\bre-?set\b[^.!?]{0,40}\b(?:tomorrow|tonight|later today|later this|this afternoon|this evening|next week|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/,
  /\b(?:tomorrow|tonight|later today|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b[^.!?]{0,40}\bre-?set\b/,
  /\bgive (?:us|me|it) (?:\d+|an?|one|two|a few|a couple(?: of)?) (?:more )?(?:minutes?|mins?|hours?|hrs?|h|days?)\b/,
  /\b(?:lands?|landing|arrives?|arriving|goes out|going out|kicks? in|should land|should be live|eta)\b/,
  /\b(?:propagat\w+|landing|rolling out|going out) (?:in|over|within) (?:the )?next\b/,
  /\bin the next (?:\d+ |few |couple (?:of )?)?(?:hours?|minutes?|mins?)\b/,
  /\bre-?set\b[^.!?]{0,20}\b(?:soon|shortly|in a bit|in a few|in an hour)\b/,
];

/** A banked reset: one the user keeps and spends when they choose. */
export const BANKED =
  /\b(?:a|one|another|an extra|an additional|the full|the|full|your) (?:\w+ ){0,2}bank(?:ed|able) re-?sets?\b|\bbank(?:ed|able) re-?sets? (?:for|to|today|tomorrow|tonight|incoming|coming|on|is|are|will)\b|\b(?:into|in|to) (?:your|the|their) (?:re-?set )?bank\b|\bre-?set bank\b|\bre-?set credits?\b|\bsave (?:\w+ ){0,3}re-?sets? (?:to use |for )?later\b|\bre-?sets? on your own (?:time|schedule)\b|\b(?:credit(?:s|ed|ing)?|giv(?:e|es|ing)|gets?|getting|receiv(?:e|es|ing)|add(?:s|ed|ing)?|load(?:s|ed|ing)?|grant(?:s|ed|ing)?)\b[^.!?]{0,50}\bbank(?:ed|able)\b/;

/** A reset of everyone's limits, besides or instead of a banked one. */
export const GLOBAL =
  /\bglobal(?:ly)?\b|\b(?:full|hard|double) re-?set\b|\b(?:re-?set|refresh(?:ed)?) (?:everyone's|everybody's|all|all of the|the|all users'|your) (?:usage |rate |codex |weekly |\w+ )?limits\b|\b(?:usage|rate|codex) limits (?:\w+ ){0,3}(?:re-?set|refreshed)\b|\blimits (?:have been|were|are|will be|got|are being) (?:re-?set|refreshed)\b/;

/**
 * Words of banked resets anywhere in a post. When they appear but the type read is
 * global (or no banked phrase was read), the type is in doubt: the post is held.
 */
export const BANK_VOCABULARY =
  /\bbank|\bon your own (?:time|schedule)\b|\bto use later\b|\bwhenever you (?:want|like|choose)\b/;

/** What a reset is of: without one of these near it, "reset" may be a joke or a metaphor. */
export const USAGE_CONTEXT =
  /\blimits?\b|\busage\b|\bglobal\b|\bbank|\bplans?\b|\busers\b|\beveryone\b|\bcodex\b|\bquota|\bpaid\b|\bsubscribers\b|\brate\b|\baccounts\b|\bchatgpt\b/;

/** Hedges: the author is not sure it will happen. */
export const HEDGED =
  /\b(?:maybe|perhaps|might|may|possibly|probably|hopefully|considering|thinking (?:about|of)|tbd|not sure|no promises|we'll see|could)\b/;

/** An incident: times in these sentences describe it, not a reset. */
export const INCIDENT =
  /\b(?:outage|incident|investigat\w*|degrad\w*|downtime|maintenance|mitigat\w*|elevated errors?|error rates?|latency|status page|root cause|postmortem|post-mortem)\b/;

/** A reply that, alone, is only an acknowledgement ("Yes", "Done", "And now 100%"). */
export const BARE_ACK =
  /^(?:and )?(?:yes|yep|yup|done|done\.|live|now|ok|okay|confirmed|correct|this|that|indeed|soon|shortly|landed|in progress|100%|now 100%|(?:and )?now (?:at )?\d{1,3}%|\d{1,3}% (?:done|there|propagated)|all done|it's done|it's live|rolling|propagating)[.! ]*$/;

/** Progress or completion words that mean something under a reset post. */
export const PROGRESS =
  /\b(?:done|live|landed|propagated|propagating|rolled out|rolling out|complete|completed|finished)\b|\b\d{1,3}%/;
