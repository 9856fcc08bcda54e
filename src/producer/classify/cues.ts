/**
 * The words the rules look for, each table with what it means. Every pattern runs on
 * normalised text (text.ts: lower case, plain quotes and dashes) and is linear: no nested
 * quantifiers, so no input makes one slow.
 */

/**
 * After "fresh quota" or "fresh allowance": not "of" something other than usage ("fresh quota
 * of bad puns incoming", rules-2.13.71).
 */
export const NOT_OF_OTHER = String.raw`(?! of (?!(?:codex|usage|tokens|messages|requests|compute|the|your)\b))`;

/** A reset of usage limits is mentioned (the sense is checked by the other tables). */
export const RESET_WORD = new RegExp(
  String.raw`\bre-?set(?:s|ting|ing|ed)?\b|\brefresh(?:ed|ing)? (?:\w+ )?(?:usage |rate )?limits\b|\b(?:limits|quotas|(?:codex|usage|weekly|your|everyone's) quota) (?:\w+ ){0,3}refreshed\b|\bbrand new usage\b|\bnew usage (?=for (?:every|all|each)\b)|\bfresh (?:(?:codex|weekly|5h|5-hour)(?: \+| and| &|,)? ){0,3}(?:usage|limits|allowance|quota)\b${NOT_OF_OTHER}|\bfresh (?:(?:codex|weekly|5h|5-hour)(?: \+| and|,)? ){1,3}bucket\b|\bfresh (?:5h|5-hour|five-hour|weekly)(?: (?:and|\+|&) (?:5h|5-hour|five-hour|weekly))? windows\b`,
);

/**
 * Another product's limits: "sora", "image gen" (rules-2.13.52); "limits restored to full for
 * ChatGPT image generation" (rules-2.13.55), not "… for image gen and codex"; ChatGPT's
 * messages, "chatgpt plus message caps just got refreshed" (rules-2.13.71; "chatgpt plus"
 * alone is a plan, whose Codex limits may be reset).
 */
const OTHER_PRODUCT =
  '(?:sora|image[ -]gen(?:eration)?|dall-?e|voice mode|deep research|video[ -]gen(?:eration)?|gpt-image|chatgpt images?|free[ -]tier chatgpt|chatgpt free[ -]tier|chatgpt(?: (?:plus|pro|free|team|business|go))? (?:message|messaging|chat)s?)';
const OTHER_PRODUCT_RESET = String.raw`\b(?:the )?${OTHER_PRODUCT}(?: [\w-]+){0,2} (?:limits?|quotas?|usage|caps?)(?: (?:in|on|for) chatgpt)?(?: (?:just|all|have|has|were|was|got|get|gets|are|is|been|being|will|be)){0,3} re-?set(?:s|ting)?\b|\bre-?set(?:s|ting)? (?:the |all |everyone's )?${OTHER_PRODUCT} (?:limits?|quotas?|usage|caps?)\b|\bre-?set(?:s|ting)? (?:for|on|in) (?:chatgpt(?:'s)? )?${OTHER_PRODUCT}\b(?! ?(?:and|&|\+|,) ?codex\b)`;
/** Another product's resets, also as the idioms read them (mentions.ts). */
export const OTHER_PRODUCT_RESETS = new RegExp(OTHER_PRODUCT_RESET, 'g');

/**
 * "reset" in a sense that has nothing to do with usage limits; "woke up feeling reset" is
 * how someone feels (rules-2.12.1); "context getting reset between sessions", "the sandbox
 * reset command" (rules-2.13.7); "(counter has been reset. again.)", not after usage, limits,
 * codex, quota or rate (matched without a lookbehind: one in this pattern made every text's
 * test twice as slow), a command in backticks ("`codex config reset` restores all
 * defaults") (rules-2.13.26); a machine's: "server reset fixed the slow tasks", "router reset"
 * (rules-2.13.41); our own infrastructure's: "eval cluster quota got refilled overnight"
 * (rules-2.13.43); "things i reset today: my router, …", a list of one's own things
 * (rules-2.13.44); a thing that resets itself ("… and it'll reset itself"), on its own,
 * given by no one; not "the reset itself went through"; a plea to hit the reset button, or
 * the button on one's own limits ("pls hit the reset button on my limits") (rules-2.13.45);
 * "## things that reset on monday", things in general (rules-2.13.47); "the image gen limits
 * in chatgpt were reset", "sora limits reset": another product's limits (rules-2.13.52); "a
 * reset tomorrow in my calendar for my sleep schedule", one's own thing (rules-2.13.55); "reset
 * the demo account limits", a test account's (rules-2.13.56); "settings > usage > apply
 * reset", a button at the end of a path in the app (rules-2.13.79).
 */
export const OTHER_SENSE = new RegExp(
  `${OTHER_PRODUCT_RESET}|${
    /\bthings (?:i|we)(?:'ve| have)? re-?set\b|\b(?:things|stuff) (?:that|which) re-?sets?\b|\bre-?set button (?:on|for) (?:my|his|her)\b|\b(?:pls|plz|please|someone|somebody|can (?:you|u|someone)) (?:\w+ )?(?:hit|press|push|smash) (?:the|that) (?:big )?(?:red )?re-?set button\b|\b(?!(?:the|this|that|a) )\w+ re-?set(?:s|ting)? (?:itself|themselves)\b|\b(?:eval|staging|test|dev|internal|ci|gpu|cluster|load-?test|badge|ticket|devday|conference|swag)(?: [\w-]+)? (?:quotas?|limits?|credits|usage|budget) (?:(?:just |finally )?(?:got|gets|get|was|were|is|are|has been|have been) )?(?:re-?set|re-?sets|refilled|refills?|refreshed|refreshes|wiped|cleared|topped up|restored|replenished)\b|\b(?:password|factory|git|context|session|conversation|thread|chat|api key|token|cache|counter|mindset|brain|life|mental|spiritual|emotional|sandbox|server|database|db|router|modem|cluster|gpu|vm|container|pod|network|dns|proxy|kernel|laptop|phone|browser|game|save file|console)[ -](?:hard |full |soft )?re-?set(?:s|ting)?\b|\b(?:context|sessions?|conversations?|chats?|threads?|cache|sandbox(?:es)?|passwords?|memory|streaks?|sleep schedules?|routines?|leaderboards?|scoreboards?|save files?|saves|progress|high scores?) (?:just )?(?:gets?|getting|got|is|are|was|were|being|will be|has been|have been) re-?set\b|(?:^|\(|\b(?!(?:usage|limits?|codex|quota|rate|weekly|hourly|5-hour|5h|window) )[a-z]+ )counters? (?:gets?|getting|got|is|are|was|were|being|will be|has been|have been) re-?set\b|`[^`\n]{0,40}\bre-?set\b[^`\n]{0,30}`|(?:>|→) ?(?:(?:apply|use|redeem) )?(?:(?:a|the|banked) )?re-?set\b|\bre-?set(?:s|ting)? (?:your |the |my )?(?:local |auth |login |browser |cli )*(?:cache|credentials|tokens?)\b|\bre-?set(?:s|ting)? (?:your |the |my )?(?:password|context|session|conversation|chat|thread|api key|branch|repo|head|mind|brain|expectations|counter|clock|timer|streak|scoreboard|leaderboard|on-call rotation|oncall rotation|rotation|roster|pager|sprint board|backlog|roadmap)\b|\bre-?set\b[^.!?,;:]{0,40}\bfor my (?:sleep|soul|brain|mind|body|life|routine|habits?|diet|mental health|calendar|inbox|desk|garden|plants?|kids?|family|cat|dog|streak|playlist|(?:[\w-]+ ){0,2}(?:side project|project|app|game|bot|server|repo))\b|\bre-?set\b[^.!?]{0,30}\b(?:on|in|for) (?:`[^`]+`|the (?:[\w-]+ ){0,2}(?:repo|branch|discord|server|forum|subreddit|leaderboard|hackathon))|\bteam (?:is|are|'s) (?:re-?setting)\b(?! (?:limits|usage|everyone|all|the|codex|your))|\bre-?set(?:ting)? (?:the |our |my )?(?:demo|test|staging|internal|booth|dev) (?:[\w-]+ )?(?:account|accounts|org|workspace|laptop|machine)(?:'s)? (?:limits?|usage|quotas?)\b|\breset --|\/reset\b|\bre-?set (?:to|back to) (?:the |a |your |an )?(?:last|previous|earlier|known|good|clean|main|head|origin|commit)\b|\bre-?set (?:the |our |their |all the )?(?:(?!(?:on|in|at|into|onto|to|from) )[\w-]+ ){0,2}(?:quota|usage|limit|rate|credit)s? (?:[\w-]+ )?(?:dashboards?|graphs?|charts?|alerts?|panels?|pages?|monitors?|exporters?|metrics)\b|\bre-?set(?:ting)? (?:my|his|her) (?!(?:own )?(?:codex )?(?:usage|limits?|quotas?|rate))|\b(?:feel|feels|feeling|felt|seems?|looks?)(?: (?:so|very|totally|completely|fully|truly|really|a bit|kinda))? re-?set(?:t?ed)?\b|\bre-?set\b[^.!?]{0,60}\b(?:on|for|in|of) (?:our|the|my|an?) (?:own )?(?:internal|staging|test|dev|eval|load-?test|sandbox) (?:[\w-]+ )?(?:harness|suite|cluster|environment|env|account|org|workspace|server|instance|setup|box|tenant|project|dashboard|chart|graph|metric|page|panel)s?\b/
      .source
  }`,
);

/**
 * The reset is talked about, not announced: asked for, counted, explained, promised on a
 * condition. A post with one of these and no announcement phrase is not a reset.
 */
export const TALK_ABOUT = [
  /\bre-?set requests?\b|\brequests? (?:for|to) (?:a |another )?re-?set/,
  // "yes, a reset is on the table. deciding today": considered; "off the table": not
  // (rules-2.13.76).
  /\bre-?sets? (?:is |are |'s )?(?:still |now |back |firmly |definitely )?(?:on|off) the table\b/,
  // "'limits back to normal' does not mean we reset them", "this doesn't mean limits were
  // reset": what something else is said not to mean (rules-2.13.79).
  /\b(?:doesn't|does not|don't|do not|didn't|did not|won't|will not) mean (?:that )?(?:[\w']+ ){0,3}(?:re-?set|were re-?set|was re-?set|got re-?set)\b/,
  // "what users wish i'd post: 'reset everyones limits …'": a post wished for (rules-2.13.81).
  /\b(?:wish|wishes|wished|want|wants|wanted) (?:i|we|he|tibo)(?:'d| would| to| could)? (?:post|tweet|say|announce|write)\b/,
  // "in another timeline we reset everyone's limits today": another world's; not "… in this
  // one: bug fixed, limits reset" after it (rules-2.13.94).
  /\bin (?:another|an alternate|a parallel|some other|a different) (?:timeline|universe|world|reality|dimension)\b/,
  // "it just zeroes your usage windows, same as a normal weekly rollover": what any does,
  // compared; "that's basically the pattern: we break it, we fix it, we reset" (rules-2.13.95).
  /\bsame as (?:a |the |any )?(?:normal|regular|usual|scheduled|natural) (?:weekly |5h |daily )?(?:rollover|reset|cycle|refresh)\b|\b(?:the|our) (?:usual |same )?(?:pattern|playbook)\s*:/,
  // "context compaction is basically a soft reset for the agent", "hit reset on how we do
  // on-call": a reset of an agent's context, or of how something is done (rules-2.13.101).
  /\bre-?set (?:for|of) (?:the |an? |your |our )?(?:agent|model|session|conversation|context|chat|thread|repo|sandbox|process)\b(?! plans?\b)|\bre-?set on (?:how|what) (?:we|you|i|they|the)\b/,
  // "the leaderboard for our internal codex golf game got reset by accident": a game's
  // (rules-2.13.102).
  /\b(?:leaderboards?|scoreboards?|high scores?|save files?|streaks?)\b(?:(?!\b(?:limits|usage|quotas?)\b)[^.!?,;:]){0,40}\b(?:got|gets|was|were|is|are|has been|have been) re-?set\b/,
  // "the internal slack channel for resets has 400 messages": a thing about resets
  // (rules-2.13.100).
  /\b(?:channel|doc|docs|page|dashboard|chart|tracker|spreadsheet|sheet|meeting|runbook|queue|thread|faq|wiki) (?:for|about|on) (?:the |our )?(?:[\w-]+ )?re-?sets\b/,
  // "wish i had a big red button that reset everyone's codex limits": a wish (rules-2.13.94).
  /\b(?:i|we) wish(?:ed)? (?:i|we|there) (?:had|was|were|could)\b|^wish (?:i|we|there) (?:had|was|were|could)\b/,
  // "someone turned my 'we have reset everyone's rate limits' tweet from october into a
  // sticker pack": an old post quoted (rules-2.13.81).
  /\b(?:my|his|that|the|this|a|an|old) ["'‘“][^"”\n]{0,80}?\bre-?set\b[^"”\n]{0,80}?["'’”] (?:tweet|post|line|meme|screenshot|banner|thread)\b/,
  // "our intern … announced it in slack as "reset everyone's limits"": what something was
  // called, quoted (rules-2.13.92).
  /\b(?:announced|posted|labell?ed|titled|called|named|described|worded|captioned|phrased|summari[sz]ed)\b[^.!?"“]{0,30}? as ["'‘“][^"”\n]{0,80}?\bre-?set\b/,
  // "we reset when we overcount. that's it": when, as a rule, by what we do (rules-2.13.81).
  /\bwe re-?set (?:(?:limits|usage|them|it) )?(?:only )?(?:when|whenever|if) we (?!'ve\b|have\b|had\b|'re\b|are\b)[a-z]+\b/,
  // "when we give out a banked reset, it sits in your account until you press apply": what
  // happens whenever we give one, as a rule (rules-2.13.84); not "when we reset limits
  // tonight", a time of its own.
  /^(?:when|whenever|if|once|each time|every time) (?:we|i) (?:give|hand|grant|send|do|issue|run|drop)(?: out)? an? (?:[\w-]+ )?re-?set\b(?![^.!?]{0,80}\b(?:today|tonight|tomorrow|tmrw|this|next|later|soon|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)/,
  // "a banked reset sits in your account until you apply it": what any one does, until or if
  // you do something (rules-2.13.85); "you get a banked reset, it sits there until you apply
  // it" (rules-2.13.97).
  /\b(?:it|one|that one) (?:just )?(?:sits|stays|waits|lives)\b[^.!?]{0,40}\b(?:until|till|unless|whenever|once) you (?:apply|use|redeem|claim|press|hit|need)\b/,
  /\ban? (?:banked |saved |free )?re-?set (?:just )?(?:sits|stays|waits|lives|lasts|expires|keeps|works)\b[^.!?]{0,60}\b(?:until|till|unless|if|when|whenever|once) you\b/,
  // "context resets are not the same as rate limit resets", "the 5h window works like a
  // rolling reset": resets compared, not one given (rules-2.13.85).
  /\b(?:is|are|isn't|aren't|is not|are not) (?:not )?(?:the same (?:thing )?as|different from|like)\b[^.!?]{0,40}\bre-?sets?\b|\b(?:works?|acts?|behaves?|feels?) (?:more |a bit |kind of |kinda )?like an? (?:[\w-]+ ){0,2}re-?set\b/,
  // "a banked reset is yours to apply whenever", "a banked reset is one you hold and apply
  // yourself": what any one is (rules-2.13.88).
  /\ban? (?:banked |saved |free )?re-?set (?:is (?:yours|one|a|an|basically|just|like|what)\b[^.!?]{0,30}?(?:\bto (?:apply|use|keep|spend|hold|redeem)\b|\byou (?:hold|apply|use|keep|spend)\b)|means\b|lets you\b)/,
  // "applying it starts a fresh 5h window and a fresh weekly window": what applying one does
  // (rules-2.13.88); "applying it sets your 5h and weekly window back to zero" (rules-2.13.94).
  /\b(?:applying|using|redeeming|spending|hitting) (?:it|one|them|a banked re-?set|your banked re-?set|the button) (?:starts|gives|resets|wipes|refreshes|refills|clears|restarts|sets|puts|brings|takes)\b/,
  // "the usage counter going to 0 in the vs code extension after updating is a bug, not a
  // gift": a display bug, not a reset (rules-2.13.90).
  // Not "that was a bug on our side, reset went out for everyone": the bug, then the reset.
  /\b(?:re-?set|counter|meter|usage|bar|number|limits?)\b[^.!?]{0,60}\b(?:is|was|'s) (?:just )?an? (?:display |ui |visual |rendering |known )?(?:bug|glitch)\b(?! fix)/,
  // "resets are for everyone, not per person": what resets are for (rules-2.13.86); "the global
  // resets are a bonus, not a promise", "i'm not the one who decides resets" (rules-2.13.89).
  /\bre-?sets (?:are|aren't|are not) (?:only |just |not |meant |never )?(?:for|about|an?)\b|\bwho (?:decides|approves|controls|owns|picks|schedules) (?:the |when |on )?re-?sets?\b/,
  // "best day of 2026 was the one where we reset everyone's limits": a day recalled.
  /\bwas the (?:day|one|night|week|morning|time) (?:where|when|that) (?:we|i) re-?set\b/,
  // "we should do fewer resets", "too many resets": how many, not one (rules-2.13.77).
  /\b(?:fewer|less|too many|so many|as many) (?:[\w-]+ )?re-?sets\b/,
  // "also me at 11pm: what if... reset": a reset imagined (rules-2.13.77).
  /\bwhat if\b[^!?]{0,20}\bre-?set/,
  // "looking back at the march reset: …": a reset looked back on (rules-2.13.76).
  /\blook(?:ing|ed|s)? back (?:at|on)\b[^.!?:]{0,40}\bre-?sets?\b/,
  // "wasn't us. the reset you saw was chatgpt image limits, not codex": another product's
  // reset, said to be (rules-2.13.76).
  /\bre-?sets?\b[^.!?]{0,40}\b(?:was|were|is|are)\b[^.!?]{0,40},? not (?:codex|ours|us)\b/,
  // "your limits got refilled the moment you applied it": what one's own banked reset did
  // when one spent it, told (rules-2.13.73).
  /\b(?:the moment|the second|when|once|as soon as) (?:you|u) (?:applied|apply|used|use|redeemed|redeem|spent|spend|clicked|click|hit) (?:it|yours|one|the button)\b/,
  /\b(?:asking|begging|beg|ask|asked|pleading|hoping|praying|waiting|wish|wishing) (?:us )?(?:for|to) (?:a |another |the |more )?re-?set/,
  // "woke up at 6am to check if limits reset": a question put inside the sentence, whether
  // it reset (rules-2.13.50).
  /\b(?:check|checks|checked|checking|see|saw|seeing|wonder|wonders|wondered|wondering|ask|asks|asked|asking|know|knows|tell|guess|find out|refresh(?:ed|ing)? to see) (?:if|whether) (?:[\w'-]+ ){0,3}(?:re-?set|got re-?set|were re-?set|was re-?set|have re-?set|had re-?set|reset)\b/,
  // "/status now shows how much of your weekly Codex limit is left and when it refills": when
  // a reset comes, as something shown or known, not announced (rules-2.13.70).
  /\b(?:shows?|showing|shown|displays?|tells? you|see|sees|know|knows|check|checks|find out|lists?) (?:[^.!?]{0,60}\band )?(?:when|how soon|how long until) (?:it|they|your [\w' -]{1,30}|the [\w' -]{1,30}) (?:re-?sets?|refills?|re-?fills?)\b/,
  // "i said reset everyone's codex limits and watch the graphs", "someone told me to reset
  // everyone's limits": words said, or asked of someone (rules-2.13.16).
  // "the irony of not touching codex the weekend after I reset everyone's limits": a reset
  // that dates another time (rules-2.13.17).
  /\bthe (?:day|week|weekend|morning|night|evening|hour|time|month) (?:after|before|since|that) (?:i|we) re-?set\b/,
  // "A global reset just sets both back to full for everyone": what a reset does
  // (rules-2.13.22).
  /\ba (?:global |manual |full )?re-?set (?:just |simply |only |basically )?(?:sets|puts|means|gives|takes|brings|moves)\b/,
  // "how we decide on a global reset:": how resets are decided (rules-2.13.21).
  /\bhow (?:we|i) (?:decide|choose|pick|think about|handle|approach|judge)\b[^.!?]{0,30}\bre-?set/,
  // "I'm told the weekly codex limit reset has become an actual holiday": what others tell
  // (rules-2.13.21).
  /\b(?:i'm|i am|i was|i've been|we're|we were|we've been) told\b/,
  // "new accounts start with fresh limits": what is so of any account (rules-2.13.16).
  // "the new plan comes with a fresh weekly allowance": what a plan has.
  /\b(?:accounts?|users?|workspaces?|plans?|seats?|subscriptions?) (?:\w+ )?(?:start|starts|begin|begins) with (?:fresh|full|new|brand new|empty) (?:\w+ )?(?:limits|usage)\b|\b(?:comes?|ships?|includes?) with (?:an? )?(?:fresh|full|new|brand new) (?:[\w-]+ ){0,2}(?:limits?|usage|allowance|quota|window)\b/,
  /\b(?:said|say|says|told (?:me|us|him|her|them)(?: to)?|tells? (?:me|us)(?: to)?|asked (?:me|us) to|begged (?:me|us) to|dared (?:me|us) to) "?re-?set(?:ting)?\b/,
  // "to the folks asking if a reset is part of the plan" (rules-2.13.3).
  // "lots of you asked whether the cloud tasks double-count means everyone gets their usage
  // zeroed" (rules-2.13.55).
  /\b(?:asking|asked|ask|wondering|wonder|wondered)\b[^.!?:]{0,30}?\b(?:if|whether)\b[^.!?:]{0,70}\bre-?set/,
  /\bre-?sets? (?:every|each) (?:day|week|month|\d|five|seven)/,
  // Not a date or a clock after it: "limits reset 20 Nov 18:00 CET" (rules-2.13.71).
  /\b(?:limits?|usage) re-?sets? (?:every|each|on a\b|after|\d(?!\d?(?:\/\d| (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|(?::\d\d)? ?(?:am|pm|utc|pt|et|cet)\b|:\d\d))|weekly|daily)/,
  // "new billing cycle starts at 12am UTC, limits reset with it", "your limits reset when
  // your billing cycle renews": the cycle a subscription brings, not a reset given
  // (rules-2.13.51).
  /\bre-?sets? (?:with|when|alongside|at the (?:start|end) of) (?:(?:each|every|the|your|a|its|their|new) ){0,2}(?:billing|subscription|plan) (?:cycle|period|month|date|renewal)|\b(?:billing|subscription) (?:cycle|period)\b[^.!?]{0,60}\bre-?sets? (?:with|alongside) it\b/,
  // The normal cycle of one window, in the singular: "the weekly limit resets Monday", "your
  // 5-hour window resets automatically" (rules-2.4.0). Not "weekly limits reset for everyone
  // tomorrow", an announcement.
  // Also "your weekly limit goes back to zero in 5 days", read "goes reset" (rules-2.13.27).
  // Not "every codex weekly limit goes back to zero used at 5pm PT today", nor "weekly
  // window starts over as of now" (rules-2.13.41).
  /\b(?=(?:weekly|5-hour|5 hour|five-hour|5h|daily|rolling|your|my) )(?<!\b(?:every|everyone's|everybody's|all) (?:\w+ ){0,2})(?:weekly|5-hour|5 hour|five-hour|5h|daily|rolling|your|my) (?:\w+ ){0,2}(?:limit|window|quota|cap|one) (?:resets|goes re-?set|will re-?set)\b(?! (?:as of )?(?:right |just )?now\b)/,
  // "the weekly one resets 7 days after your first use" (rules-2.12.2); "weekly windows
  // reset 7 days after the window starts" (rules-2.13.54).
  /\b(?:re-?sets|(?:windows|limits|quotas|caps|ones) re-?set) (?:\d+|seven|five) ?(?:days?|hours?|h) (?:after|from|later)\b/,
  // The cycle left to itself: "your weekly window will refresh on its own" (rules-2.12.0);
  // "your 5-hour window refilling on its own isn't us" (rules-2.13.34).
  // "weekly limits reset on your normal cycle", "… on your own 7-day cycle" (rules-2.13.45).
  // "your weekly window rolls over on its own on friday" (rules-2.13.51).
  /\b(?:re-?set(?:s|ting)?|refresh(?:es|ing)?|rolls? over|rolling over)\b[^.!?]{0,12}\b(?:on (?:its|their) own|by (?:itself|themselves)|automatically|naturally|as (?:usual|normal)|on (?:your|their|its|the) (?:(?:own|normal|usual|regular) )+(?:[\w-]+ )?(?:cycle|schedule|cadence))\b/,
  /\b(?:since|after|before|until|till) (?:the|your|our|my|a|last|yesterday's|today's) (?:last |latest |recent |next |weekly |global |banked |[a-z]+ \d{1,2}(?:st|nd|rd|th)? )?re-?set\b/,
  // "hypothetically, a reset at 6pm PT lands in the middle of Europe's night"; "the 5-hour
  // window isn't something we reset": what is supposed, or what kind of thing it is
  // (rules-2.13.55).
  // Not "not hypothetically: we just reset everyone's limits" (rules-2.13.76).
  /\b(?=hypothetically|theoretically|in theory)(?<!\bnot )(?:hypothetically|theoretically|in theory)\b|\b(?=something|anything|nothing|a thing)(?<!\bfor )(?:something|anything|nothing|a thing) (?:that |which )?(?:we|i|you)(?: (?:can|could|would|do|don't|usually|ever|just|normally))? re-?set\b/,
  // "there's a reset on your weekly window every 7 days": the window's own cycle; "march 12
  // was the day we reset everyone": a day remembered (rules-2.13.56).
  /\bre-?sets?\b[^.!?]{0,40}\bevery (?:\d+|seven|five|24) (?:days?|hours?|h)\b|\b(?:was|were) the (?:day|night|week|time|morning|evening|weekend|month) (?:that |when )?(?:we|i|they|you) re-?set\b/,
  // "told someone yesterday i'd personally reset their codex usage": a promise reported
  // (rules-2.13.58).
  /\b(?:told|promised|said to) (?:someone|somebody|a user|him|her|them|a customer|a friend)\b[^.!?]{0,30}\b(?:i'd|i would|we'd|we would|i'll|we'll)\b/,
  // "there's no moment where we reset it": no such moment (rules-2.13.60).
  /\b(?:no|never a) (?:moment|time|point|day|hour) (?:where|when|that|at which) (?:we|i|you|anyone|someone) re-?set\b/,
  // "a reset-worthy bug": a reset as the measure of something else; "were there ever a
  // reset-worthy bug, …": a condition said by inversion (rules-2.13.60).
  /\bre-?set-(?:worthy|level|sized|grade)\b|^(?:were there|were we|had we|should there)\b/,
  // "nobody, and I mean nobody, should expect a reset": no one is to (rules-2.13.60).
  /^(?:nobody|no one|no-one|none of (?:us|you))\b[^.!?:]{0,40}\b(?:should|will|can|is going to|gets?|expects?)\b[^.!?:]{0,30}\bre-?set/,
  // "a partner just bumped and reset their api rate limit tiers": another company's; "new
  // thing we're exploring: every codex user … getting one banked reset": what is explored
  // (rules-2.13.61).
  /\b(?:a|another|one) (?:partner|vendor|provider|competitor|customer|company|startup|lab)\b[^.!?]{0,30}\bre-?set\b|\b(?:we're|we are|i'm|i am) (?:exploring|considering|prototyping|floating|mulling|toying with|testing)\s*:/,
  // "banked resets come up in planning a lot"; "global = we zero everyone at once …";
  // "someone screenshotted a second banked reset …"; "you've got a banked reset, use that"
  // (not "… one banked reset to use whenever you want", one given: rules-2.13.92; nor "you
  // got a reset too", given: rules-2.13.97; nor "… a banked reset sitting there now", given:
  // rules-2.13.103);
  // "expiry date for your banked reset …"; "separate from the banked one coming friday"
  // (rules-2.13.62).
  /\bre-?sets? (?:come|comes|came|keep coming) up\b|^(?:global|banked)(?: re-?sets?)? (?:=|is|means|is when) (?:we|you|when|a reset)\b|\b(?:someone|somebody|people|a user|users) (?:screenshotted|posted|shared|claimed|saw)\b[^.!?]{0,40}\bre-?set|\byou(?:'ve| have) got (?:a|one|your) (?:banked )?re-?set\b(?! to (?:use|apply|spend|redeem)\b| (?:sitting|waiting)\b| now\b(?!'))|\b(?:expiry|expiration) (?:date )?(?:for|of) (?:your|the|a) (?:banked )?re-?set\b|\byour banked re-?set (?:expires|lasts|is (?:valid|good) (?:for|until))\b|\bconfus(?:e|es|ed|ing) (?:the )?(?:banked |global )?re-?sets? with\b|\b(?:separate from|apart from|unrelated to|not to be confused with|independent of) (?:the|your|a) (?:[\w-]+ )?re-?set\b/,
  // "the usage meter … jumps back to 0 on reload but your real usage isn't changing": a
  // display (rules-2.13.68).
  /\b(?:jumps?|flips?|goes?|resets?) back to (?:0|zero)\b[^.!?]{0,30}\b(?:on reload|on refresh|but your (?:real|actual))\b/,
  // "just did a hard reset on main at 9am"; "some reset daily at midnight UTC" (other
  // products) (rules-2.13.67).
  /\b(?:hard|soft|git) re-?set (?:on|of|to) (?:main|master|head|the (?:repo|branch)|my (?:branch|repo))\b|\bre-?set (?:daily|nightly|hourly|monthly)\b|^some (?:products? |tools? )?re-?set\b/,
  // "august's reset still living rent free in my head": a month's reset, remembered; "it sets
  // your 5h and weekly usage back to zero": what a reset does (rules-2.13.65).
  /\b(?:january|february|march|april|may|june|july|august|september|october|november|december)'s (?:[\w-]+ )?re-?set\b|^(?:it|a reset|a global reset|a banked reset|that) (?:just |only |simply )?sets (?:your|the|everyone's)\b/,
  // "banked resets are still on the roadmap"; "getting a lot of DMs about a codex reset";
  // "a banked reset … would be a nice surprise"; "claude code users got their weekly limits
  // restored": another lab's product (rules-2.13.66).
  /\bre-?sets? (?:is|are) (?:still )?on (?:the|our) roadmap\b|\b(?:dms|questions|messages|replies|asks) about (?:a|the) (?:[\w-]+ )?re-?set\b|\bre-?set\b[^.!?]{0,80}\bwould be (?:a |so )?(?:nice|great|cool|fun|lovely)\b|\b(?:claude(?: code)?|cursor|copilot|gemini|windsurf)(?: users| team| folks)? (?:just )?(?:got|gets|have|has|had|did|does)\b[^.!?]{0,30}\bre-?set/,
  // "got outvoted on a reset this week" (rules-2.13.64).
  /\b(?:outvoted|voted down|overruled) on (?:a|the) re-?set\b/,
  // "that's not us resetting anything"; "resetting limits every 15 minutes forever";
  // "a codex reset wouldn't touch those" (rules-2.13.63).
  /\b(?:that's|that is|it's|it is) not (?:us|me|we) re-?setting\b|\bre-?set(?:ting)?\b[^.!?]{0,25}\b(?:every \d+ (?:minutes|mins|seconds|secs)|forever)\b|\bgets a pony\b|\bre-?sets? (?:wouldn't|would not|won't|doesn't|does not|never|can't|cannot) (?:touch|affect|change|include|cover|apply to)\b/,
  // "we reset limits more than we ship features": how often, compared (rules-2.13.56).
  /\bre-?set\b[^.!?]{0,30}\b(?:more|less) (?:often )?than (?:we|i|you|they)\b/,
  // "the best reset is friday's", "my favorite reset": resets judged (rules-2.13.55).
  /\b(?:the|my|our|your) (?:best|worst|favou?rite|greatest|funniest) (?:[\w-]+ )?re-?set\b/,
  // "your weekly reset is monday": the cycle of one's own window (rules-2.13.55).
  /\b(?:your|my) (?:weekly|5h|5-hour|five-hour|daily) (?:limit |window |usage )?re-?set (?:is|happens|comes|lands)\b/,
  // What using one does: "one click and your 5h + weekly windows go back to zero"
  // (rules-2.13.55).
  /\b(?:(?:one|a single|1) (?:click|tap)|(?:click|tap|press|hit) (?:it|apply|redeem|use|the button)) and\b/,
  // Instructions: "How to use your banked reset: Settings > Usage > Apply" (rules-2.10.0).
  /^how to\b/,
  /\bhow (?:do |does )?re-?sets? work/,
  // "this is exactly what banked resets are for" (rules-2.13.34).
  /\bwhat (?:[\w-]+ ){0,2}re-?sets? (?:are|is|were|was) (?:for|about)\b/,
  /\b(?:more|another|next|any|no more) re-?sets?\?/,
  // Not across a spaced dash: "if you're rate limited, hang in there - reset in ~2h"
  // (rules-2.10.0); "if gpt-6 ships today, we'll reset" is still a condition.
  // "if support restored your limits this week, that was…": whoever did it (rules-2.13.6).
  // Not "if you got hit by the outage: we're resetting your limits tonight", which speaks to
  // those affected (rules-2.13.8).
  /\bif (?!you(?:'ve| have| had)? (?:got|were|been|had been) (?:hit|affected|impacted|caught|rate[ -]limited|limited|blocked|locked out)\b[^.!?:]{0,40}: |you [^.!?:]{1,30}: (?:we|we've|we're|codex|limits|everyone)\b)(?:we|you|your|our|my|i|this|it|codex|the|there|support|someone|somebody|anyone|anybody|they|he|she|everyone|people|users|a|so)\b(?:(?! - )[^.!?]){0,60}\bre-?set/,
  // Not across a new clause: "reset an hour ago, so if you were blocked, try again" (rules-2.10.0).
  // Not after a reset said done: "we have reset usage limits, if you were blocked try again"
  // (rules-2.13.6).
  // Nor across a request of its own: "usage reset as of 8am PT, reply here if you still see
  // it" (rules-2.13.42).
  // Nor across what to do if you do not see it yet: "reset is going out in waves, if you
  // don't see it yet give it 15 min" (rules-2.13.85).
  // Nor "…, if you're still seeing the old numbers lmk" (rules-2.13.95).
  /(?=re-?set)(?<!\b(?:have|has|'ve|been) )\bre-?set\b(?:(?!\b(?:so|and|but|then)\b|, ?(?:reply|ping|dm|lmk|let (?:me|us) know|try|check|refresh|restart|sign|log)\b|, ?if (?:you|u)(?:'re| are)? (?:don't|do not|can't|still|haven't|aren't)\b)[^.!?]){0,40}\bif (?:we|you|this|it)\b/,
  // "a banked reset is one full reset sitting on your account": what one is; "e.g. a monthly
  // banked reset": an example (rules-2.13.10).
  /\ban? (?:banked |global |saved |manual |full )?re-?set (?:is|means) (?:a|an|one|just|basically|simply|like|when|what|how)\b/,
  /^(?:e\.?g\.?|for example|for instance)\b/,
  // "the halloween reset was fun": a reset of the past, judged (rules-2.13.9).
  /\bre-?sets? (?:was|were) (?:(?:so|really|a bit|super|pretty|very|kind of|kinda|such) )?(?:fun|great|nice|cool|a hit|popular|wild|chaotic|chaos|a mess|messy|a blast|awesome|amazing|lovely|expensive|controversial|well received|appreciated|a mistake|rough|bumpy|a good idea|worth it)\b/,
  // "i'll push for a reset": asked of others, not announced (rules-2.13.9).
  /\b(?:push|pushing|pushed|lobby|lobbying|lobbied|advocate|advocating|advocated|fight|fighting|fought|argue|arguing|argued|campaign|campaigning|root|rooting)(?: (?:hard|harder|strongly|internally|really))? for (?:a|another|the|one more|an extra) (?:\w+ )?re-?set/,
  // "we talked about doing a reset", "looking into a banked reset", "pondering whether to do a
  // reset", "we'll figure out a reset" (rules-2.13.13).
  // Not "we're not exploring a reset anymore, we're doing one".
  /(?<!\b(?:not|no longer|stopped|done) )\b(?:talked|talking|thought|thinking|discussed|discussing|debated|debating|considered|considering|pondered|pondering|mulling|mulled|weighing|weighed|looking into|looked into|looked at|looking at|took a look at|think|exploring|explored|investigating|figure out|figuring out|work out|working out)(?: (?:about|over|whether to|if we should|doing|giving|do|give))* (?:a |another |the |one more )?(?:[\w-]+ )?re-?set/,
  // "there will be more resets. I just can't tell you when": resets in general, ahead
  // (rules-2.13.23); not "there'll be more resets tomorrow".
  /\bthere (?:will|'ll) be (?:more|other|future|further) re-?sets\b(?![^.!?]{0,30}\b(?:today|tonight|tomorrow|this (?:week|weekend)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)/,
  // "our reset is in another castle": not here, as the game says (rules-2.13.23).
  /\bin another castle\b/,
  // "bonus perk: you get to push the big red rate limit reset button yourself": what someone
  // else may do (rules-2.13.28).
  /\byou (?:get to|can|could|will|'ll|may|might) (?:push|press|hit|smash|slam) (?:the |a )?(?:[\w-]+ ){0,4}re-?set button\b/,
  // "banked resets were only part of the october promo": what resets were part of
  // (rules-2.13.29).
  /\bre-?sets? (?:is|are|was|were) (?:only |just )?(?:part of|included in|limited to|tied to|exclusive to)\b/,
  // "our very first global reset was an accident": the first one, told of (rules-2.13.31).
  /\b(?:our|the|my) (?:very )?first (?:[\w-]+ )?re-?set (?:was|were|happened|went)\b/,
  // "a lot of you were hoping … we'd be announcing a fresh reset": what others hoped
  // (rules-2.13.31).
  /\bwere (?:hoping|expecting|waiting)\b[^.!?]{0,100}\bre-?set/,
  // "DMing me … whether we're planning to reset it to compensate", "would you rather get a reset
  // the day of": asked (rules-2.13.32).
  /\bwhether (?:we|you|they|i)\b[^.!?:]{0,40}\bre-?set/,
  /\bwould you (?:rather|prefer)\b/,
  // "what if usage limits just refilled when you shipped something": a hypothesis
  // (rules-2.13.24).
  /\bwhat if\b[^.!?]{0,60}\bre-?set/,
  // "want the rate limiter fix out before we reset, otherwise…": the reset as a time, named
  // alone (rules-2.13.24); not "2 hours till we reset everybody's usage", a countdown.
  /\bbefore (?:we|i|they) re-?set(?: (?:it|them|again))?(?=[,.;!?)]|$)/,
  // "we only reset when we've caused you to lose usage": a policy (rules-2.13.13).
  /\bonly re-?set (?:when|if|after|once)\b|\bre-?set only (?:when|if|after|once)\b/,
  // "we almost did a reset tonight": it did not happen (rules-2.13.12).
  /\b(?:almost|nearly) (?:(?:did|done|had|ran|shipped|pushed|went ahead with|pulled the trigger on) (?:a |the |another )?(?:\w+ )?)?re-?set/,
  // "- fix: `codex login` no longer resets your selected model": a changelog's behaviour
  // (rules-2.13.15).
  /\bno longer re-?sets?\b/,
  // "more contested than resetting limits ever was": a comparison (rules-2.13.11).
  /\b(?:than|like) re-?setting\b/,
  // "the banked reset is kind of that already": what a reset is like (rules-2.13.8).
  /\bre-?sets? (?:is|are|'s|was|were) (?:kind of|sort of|kinda|similar to|the same (?:as|thing)|exactly (?:that|what)|like (?:that|what))\b/,
  // "banked resets for everyone is something we've talked about" (rules-2.13.7).
  /\bre-?sets?\b[^.!?]{0,60}\b(?:is|are|was|'s) (?:something|a thing|an idea) (?:we|i|the team)(?:'ve| have|'re| are| has)? (?:\w+ )?(?:talked|talking|thought|thinking|discussed|discussing|considered|considering|explored|exploring|looked|looking)\b/,
  // "the banked resets from the october incident expire end of december": resets held, not
  // given; "we're giving everyone a banked reset that expires in 30 days" gives one
  // (rules-2.13.7); so does "gave everyone a second banked reset since a lot of yours
  // expired" (rules-2.13.77).
  /\b(?=re-?sets?\b)(?<!\b(?:giv|gave|grant|credit|add|load|get|got|drop|land|ship)\w*\b[^.!?]{0,60})re-?sets?\b(?:(?!\b(?:giv|gave|grant|credit|add|load|get|got|drop|land|ship)\w*\b)[^.!?,;]){0,50}\bexpir(?:e|es|ed|ing)\b/,
];

/**
 * A reset of the past, not the one being announced: "remember when we reset…", "we reset
 * limits last week", "three resets ago", "we reset everyone's limits that evening" (a day
 * told of before), "the first global reset we ever did" (rules-2.12.0). Only a done reset is
 * read against these. Minutes or hours ago is the reset being announced ("we reset limits an
 * hour ago"); so may "last night" be, told the next morning, as "overnight" is: held
 * (rules-2.13.49). "the march reset taught us …": a month's reset told of (rules-2.13.85).
 * Not "as promised last week": when it was promised (rules-2.13.92). "we reset everyone's limits
 * that week" (rules-2.13.95); "last november we reset …" (rules-2.13.97).
 */
export const PAST_REFERENCE =
  /\b(?:the|that|our) (?:january|february|march|april|may|june|july|august|september|october|november|december) re-?set (?:taught|showed|was|went|broke|caused|made|had)\b|\b(?:anniversary|(?<!\b(?:said|promised|mentioned|announced|teased|told you) )yesterday(?! ?'s)|(?<!\b(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|moments?) |\d ?(?:h|hrs?|m|mins?) )ago|remember(?:s|ed)?|recall|back (?:then|when|in)|the other day|in the past|used to|previously|(?<!\b(?:said|promised|mentioned|announced|teased|told you) )last (?:week|weekend|month|year|time|(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|september|october|november|december)(?! ?'s)|earlier this (?:week|month|year)|(?:a|one|two|three) (?:weeks?|months?|years?) (?:back|before)|that (?:same )?(?:morning|afternoon|evening|night|day|week|weekend|month)|ever (?:did|had|made|ran|gave|shipped|pushed)|(?:in|during|back in) (?:january|february|march|april|june|july|august|september|october|november|december)|(?:done|had|did|ran|run|shipped) (?:more|fewer|so many|too many|a lot of|lots of|plenty of|enough|a bunch of) (?:\w+ )?re-?sets|(?:weeks?|days?|months?|years?) since|twice|thrice|(?:two|three|four|five|several|many|a few|\d+) times)\b/;

/** Whoever holds a banked reset spends it when they like: "whenever you want". */
const ONE_LIKES =
  '(?:you|u|they|users|people) (?:want|like|choose|need|wish|hit (?:the|a|your) (?:wall|limit|cap)|run (?:out|dry)|get stuck)';
/**
 * "… then redeem it whenever you like": when a reset is spent, not a habit or an event; "use
 * it whenever you hit the wall" (rules-2.13.87).
 */
export const WHENEVER_ONE_LIKES = new RegExp(String.raw`\bwhenever ${ONE_LIKES}\b`, 'g');

/**
 * When a reset given may be spent, not when it lands: "you'll be able to apply it any time in
 * the next 30 days", "valid for 30 days" (rules-2.13.54); "use it thanksgiving weekend, or
 * save it" (rules-2.13.73).
 */
const TIME_TO_USE =
  /\b(?:(?:apply|use|redeem|spend|claim|burn)(?: it| them| yours| one)? (?:any ?time|whenever|within|in the next|over the next|before|until|on|over|during|this|next|thanksgiving|christmas|xmas|the holidays|the weekend|the long weekend|the break)|(?:valid|good) for (?:\d+|a|one|two|thirty)|expires?|expiring)\b[^,.;!?\n]*/g;
/** `sentence` without when what it gives may be spent: its time is the landing's alone. */
export const withoutTimeToUse = (sentence: string) => sentence.replace(TIME_TO_USE, ' ');

/**
 * A habit or a count, not one reset: "we reset whenever…", "so many resets", "how often";
 * "we now have hourly global resets at home" (rules-2.13.24). Not "… reset tomorrow morning
 * so keep burning 🔥": bare "keep" after "so" bids the reader go on (rules-2.13.71).
 */
export const HABIT = new RegExp(
  String.raw`\b(?:keeps|keeping|(?<!\bso (?:just )?)keep) (?:on )?(?!(?:asking|begging|requesting) (?:about|for)(?: ?:|$))\w+ing\b|\b(?:hourly|daily|nightly|weekly|monthly) (?:[\w-]+ )?re-?sets\b|\bevery (?:single )?re-?set (?:we|i|you)\b|\b(?:every time|each time|whenever(?! ${ONE_LIKES})|so (?:many|often)|how (?:many|often)|(?:\d+|three|four|five|many|several|multiple|more|countless) times|more than once|again and again|usually|always|often|sometimes|typically|occasionally|every so often|from time to time|now and then|once in a while|only ever|continuously|constantly)\b`,
);

/**
 * Sentences that say when it lands without the word "reset" ("Lands around 6pm PT."); "this
 * one is actually soon, like later tonight" after it (rules-2.13.93).
 */
export const LANDING =
  /\b(?:eta|expect it|should see it|(?:should|will|'ll) be (?:live|showing|there|out|available)|(?:should|will|'ll) (?:show up|appear|arrive)|kicks? in|goes out|going out|back in a)\b|^(?:and )?(?:this|that) one(?:'s| is| will be)? (?:actually |really |coming |landing |happening )?(?:soon|later|tonight|today|tomorrow)\b/;

/**
 * A banked reset: one the user keeps and spends when they choose. "a banked reset",
 * "banked resets land tomorrow"; "banked resets 🏦" as a heading (rules-2.13.54).
 */
export const BANKED =
  /\b(?:a|one|another|an extra|an additional|the full|the|full|your|\d{1,2}) (?:\w+ ){0,2}bank(?:ed|able) re-?sets?\b|\bbank(?:ed|able) re-?sets?(?: [^\w\s]+)?[.!]*(?=\n|$)|\bbank(?:ed|able) re-?sets?(?: [^\w\s]+)? (?:for|to|today|tomorrow|tonight|incoming|coming|come|comes|on|is|are|will|have|has|were|was|got|go|goes|going|land|lands|landing|load|loads|loading|loaded|drop|drops|ship|ships|out)\b|\b(?:into|in|to) (?:your|the|their|its) (?:re-?set )?bank\b|\bre-?set bank\b|\bre-?set credits?\b|\bsave (?:\w+ ){0,3}re-?sets? (?:to use |for )?later\b|\bre-?sets? on your own (?:time|schedule)\b|\b(?:credit(?:s|ed|ing)?|giv(?:e|es|ing)|gets?|getting|receiv(?:e|es|ing)|add(?:s|ed|ing)?|load(?:s|ed|ing)?|grant(?:s|ed|ing)?)\b[^.!?]{0,50}\bbank(?:ed|able)\b|\bbanked one (?:(?:is )?(?:coming|landing|dropping)|(?:just )?(?:landed|dropped|arrived))\b/;

/** A reset of everyone's limits, besides or instead of a banked one. */
export const GLOBAL =
  /\bglobal(?:ly)?\b|\b(?:full|hard|double) re-?set\b|\b(?:re-?set(?:ting|s)?|refresh(?:ed|ing)?) (?:everyone's|everybody's|all|all of the|the|all users'|your) (?:usage |rate |codex |weekly |\w+ )?limits\b|\b(?:usage|rate|codex) limits (?:\w+ ){0,3}(?:re-?set|refreshed)\b|\blimits (?:have been|were|are|will be|got|are being) (?:re-?set|refreshed)\b/;

/**
 * Words of banked resets anywhere in a post. When they appear but the type read is
 * global (or no banked phrase was read), the type is in doubt: the post is held.
 */
export const BANK_VOCABULARY =
  /\bbank|\bon your own (?:time|schedule)\b|\bto use later\b|\bwhenever you (?:want|like|choose)\b/;

/** What a reset is of: without one of these near it, "reset" may be a joke or a metaphor. */
export const USAGE_CONTEXT =
  /\blimits?\b|\busage\b|\bglobal\b|\bbank|\bplans?\b|\busers\b|\beveryone\b|\b(?:all|every|both) (?:of )?(?:plus|pro|business|edu|enterprise)\b|\beverybody\b|\bcodex\b|\bquota|\bpaid\b|\bsubscribers\b|\brate\b|\baccounts\b|\bchatgpt\b|\bworkspaces\b|\b(?:5-hour|5h|five-hour|weekly|hourly|usage) windows?\b|\b(?:all|every|everyone's) (?:usage |codex )?(?:meters|counters)\b/;

/**
 * Hedges: the author is not sure it will happen; "assuming the migration completes"
 * (rules-2.13.56); "someday i will reset codex limits …" (rules-2.13.58).
 */
export const HEDGED =
  /\b(?:maybe|perhaps|might|may|possibly|probably|hopefully|considering|thinking (?:about|of)|tbd|tbc|not sure|no promises|we'll see|could|assuming|confirm or cancel|tentative(?:ly)?|some ?day|one day)\b/;

/**
 * Words taking back what was said before them: "jk", "scratch that", "changed my mind", "we
 * lied", "april fools", "nvm"; "not really" opening its sentence (rules-2.13.51, 2.13.52);
 * "…is what I was about to post … ignore the above" (rules-2.13.64).
 */
export const TAKES_IT_BACK =
  /\b(?:changed (?:my|our) minds?|(?:we|i) lied|jk|just kidding|psych|plot twist|scratch that|april fools?|nvm|never ?mind|ignore (?:the above|that|this|my last)|disregard (?:the above|that|this)|is what i was (?:about|going) to post|is what i(?:'d| would) (?:say|post|tweet))\b|^\(?not really\b/;

/** An incident: times in these sentences describe it, not a reset. */
export const INCIDENT =
  /\b(?:outage|incident|investigat\w*|degrad\w*|downtime|maintenance|mitigat\w*|elevated errors?|error rates?|latency|status page|root cause|postmortem|post-mortem)\b/;

/** A reply that, alone, is only an acknowledgement ("Yes", "Done", "And now 100%"). */
export const BARE_ACK =
  /^(?:and )?(?:yes|yep|yup|done|done\.|live|now|ok|okay|confirmed|correct|this|that|indeed|soon|shortly|coming|incoming|on its way|landed|in progress|100%|now 100%|(?:and )?now (?:at )?\d{1,3}%|\d{1,3}% (?:done|there|propagated)|all done|it's done|it's live|rolling|propagating|(?:yes,? |yep,? )?it (?:did|has))[.! ]*$/;

/**
 * Progress or completion words that mean something under a reset post ("it's out": rules-2.13.24);
 * not "~10% of plus", a staged rollout of something else (rules-2.13.61); where it is now,
 * "should already see it", "it's in settings > usage now" (rules-2.13.71); "they're in your
 * account now" (rules-2.13.92).
 */
export const PROGRESS =
  /\b(?:done|live|landed|propagated|propagating|rolled (?:(?:it|them) )?out|rolling (?:(?:it|them) )?(?:out|through)|complete|completed|finished|delivered|applied|went out|gone out|it's through|(?<!\b(?:once|when|after|until|till|before|if|soon as) )(?:it's|it is) out|pushed|there now|going out|goes out|kicked in|took effect|credited|deposited)\b|\bwent through(?= (?:around|at|about|this|earlier|an hour|\d|for (?:everyone|everybody|all)\b)|[.!,]|$)|\bgoing through now\b|\bre-?ran (?:it|them)\b|\bcovered now\b|\balready happened\b|\b(?:were|was) (?:all )?granted\b|\balready (?:sitting |waiting )?(?:on|in) your account\b|\bin your account already\b|\bshould already (?:see it|be there|show)\b|\bshould be there (?:for everyone|now)\b|\b(?:it's|it is|they're|they are) in (?:settings|your settings|your accounts?)\b(?=[^.!?]{0,20}\bnow\b)|\b(?:it's|it has|has) been added to (?:every|all|your)\b|\b\d{1,3}%(?! of (?:plus|pro|business|edu|enterprise)\b)/;

/**
 * A heading that names a day of a series ("Day 6/ Reset", "Day 2.1: …"): a reset named
 * right after it, without a verb, is that day's item, not a teaser (rules-2.2.0).
 */
export const DAY_HEADING = /^day \d{1,3}(?:\.\d{1,2})?(?: \([^)]{0,20}\))? ?[/:]/;
