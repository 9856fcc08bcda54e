/**
 * The tense stress set (eval/SOURCES.md, "Stress set"): what real positives reset, each
 * rewritten across tenses and aspects, labelled by how it was built. It is not a sample of
 * real posts (its figures say nothing of precision on real posts); it asks one question of
 * the tense logic, many times: done, under way, coming, or not announced at all?
 * test/producer/classifier-stress.test.ts runs it as property tests; eval/compare-nlp.ts
 * runs it on the candidate NLP libraries.
 */

/** What a real positive reset, in its own words, with the post it comes from. */
export const RESET_OBJECTS: readonly (readonly [string, string])[] = [
  ["everyone's limits for gpt-5-codex", '1968163721034994139'],
  ['the rate limits', '1986166501435711936'],
  ['rate limits for all Codex users', '1992370994028388670'],
  ['the usage limits for everyone in Codex', '1995988609896513743'],
  ["everyone's usage limits", '2001114683047317723'],
  ['the rate limit for all plus and pro users', '2029308599835738218'],
  ['Codex usage limits across all plans', '2037346989244096581'],
  ['Codex rate limits for ALL paid plans', '2048997818673537399'],
  ['usage limits for all accounts', '2058280452851638313'],
  ['usage limits for all paid users of Codex and ChatGPT Work', '2093801758665715784'],
  ['usage for all paid subscriptions for ChatGPT Work and Codex', '2094251180121854309'],
  ['the Codex rate limits across all plans', '2066956441173323943'],
];

/**
 * done and under way publish a completion (under way counts as done: docs/classifier.md);
 * coming publishes a schedule; hedged is held (a reset that is one side of an alternative,
 * or awaits an event, is hedged: rules-2.2.0); denied, asked and past announce nothing, nor
 * does a hypothetical ("if", "the day we …") or a general statement ("I like resetting…").
 */
export type Sense =
  | 'done'
  | 'under way'
  | 'coming'
  | 'hedged'
  | 'denied'
  | 'asked'
  | 'past'
  | 'hypothetical'
  | 'general';

/** Sentences built around `x` (what is reset), each with the sense it was built to have. */
export const TENSE_TEMPLATES: readonly (readonly [Sense, (x: string) => string])[] = [
  ['done', (x) => `We have reset ${x}.`],
  ['done', (x) => `We have just reset ${x}.`],
  ['done', (x) => `I reset ${x} earlier today.`],
  ['done', (x) => `The reset of ${x} has been processed.`],
  ['done', (x) => `The reset of ${x} was processed earlier today.`],
  ['done', (x) => `The reset of ${x} has landed.`],
  ['done', (x) => `We did a full reset of ${x}.`],
  ['under way', (x) => `We are resetting ${x} now.`],
  ['under way', (x) => `The reset of ${x} is processing now.`],
  ['under way', (x) => `We're rolling out a reset of ${x}.`],
  ['coming', (x) => `We will reset ${x} by EOD.`],
  ['coming', (x) => `We'll reset ${x} tomorrow.`],
  ['coming', (x) => `Resetting ${x} tomorrow morning.`],
  ['coming', (x) => `We are going to reset ${x} on Monday.`],
  ['coming', (x) => `The reset of ${x} will land by EOD.`],
  ['coming', (x) => `The reset of ${x} is landing tomorrow at 10am PT.`],
  ['coming', (x) => `We're resetting ${x} tomorrow.`],
  ['coming', (x) => `A reset of ${x} is coming tonight.`],
  ['hedged', (x) => `We might reset ${x} tomorrow.`],
  ['hedged', (x) => `We would like to reset ${x} soon.`],
  ['denied', (x) => `We won't reset ${x} this week.`],
  ['denied', (x) => `We are not resetting ${x} today.`],
  ['denied', (x) => `There will be no reset of ${x} today.`],
  ['asked', (x) => `Should we reset ${x}?`],
  ['asked', (x) => `Did you see that we reset ${x}?`],
  ['past', (x) => `Remember when we reset ${x} last week?`],
  ['past', (x) => `We had reset ${x} the week before, so not this time.`],
  // rules-2.2.0: what a reset depends on, and statements that are no event.
  ['hedged', (x) => `Each day we will either ship a fix or we will reset ${x}.`],
  ['hedged', (x) => `Once the fix is out, we will reset ${x}.`],
  ['hypothetical', (x) => `The day we reach 100M users, we will reset ${x}.`],
  ['hypothetical', (x) => `If we reach 100M users, we will reset ${x}.`],
  ['general', (x) => `I do like resetting ${x}.`],
  // rules-2.4.0: constructions written for the rules (none from a post of any set).
  ['done', (x) => `We went ahead and reset ${x}.`],
  ['done', (x) => `We reset ${x} an hour ago.`],
  ['done', (x) => `Resetting ${x} is now complete.`],
  ['under way', (x) => `${x} are being reset right now.`],
  ['coming', (x) => `${x} are getting reset later today.`],
  ['coming', (x) => `We'll go ahead and reset ${x} tomorrow.`],
  ['denied', (x) => `No more resets of ${x} until next month.`],
  ['general', (x) => `Resetting ${x} is not a sustainable strategy.`],
  // rules-2.4.1: a reset inside a clause after a verb; a bare "we reset" with a time ahead.
  ['general', (x) => `We'll tell you when we reset ${x}.`],
  ['coming', (x) => `Tomorrow we reset ${x}.`],
  // rules-2.5.0: a subject before the adverbs; a belief, denied or not; a negator before the noun.
  ['done', (x) => `We just reset ${x} to make up for the slowness this morning.`],
  ['denied', (x) => `I don't think we'll reset ${x} this week.`],
  ['hedged', (x) => `I think we'll reset ${x} tomorrow.`],
  ['denied', (x) => `There was never a reset of ${x} planned for today.`],
  // rules-2.6.0: a negative subject, what others say, a reset on its way.
  ['denied', (x) => `Nobody has reset ${x} today.`],
  ['general', (x) => `People are saying we reset ${x} today.`],
  ['coming', (x) => `A reset of ${x} is on the way.`],
  // rules-2.7.0: a negated noun before "to".
  ['denied', (x) => `We have no plans to reset ${x} this week.`],
  // rules-2.8.0: a reset that is another noun's topic.
  ['general', (x) => `Rumours of a reset of ${x} are greatly exaggerated.`],
  // rules-2.10.0: other verbs of a reset, a condition in a later clause, a deadline "before".
  ['done', (x) => `We just wiped ${x}.`],
  ['coming', (x) => `On Monday morning we'll refresh ${x}.`],
  ['done', (x) => `We reset ${x} an hour ago, so if you were blocked, try again.`],
  ['coming', (x) => `The reset of ${x} lands before midnight PT.`],
  ['past', (x) => `Last week's reset of ${x} confused the usage page.`],
];

export interface StressCase {
  readonly text: string;
  readonly sense: Sense;
  /** The real post whose reset the sentence is built around. */
  readonly from: string;
}

/** Every template around every object: the whole stress set. */
export function stressCases(): StressCase[] {
  return RESET_OBJECTS.flatMap(([object, from]) =>
    TENSE_TEMPLATES.map(([sense, build]) => ({ text: build(object), sense, from })),
  );
}
