import type { RoundOutcome } from '../monitor/round.ts';

/**
 * The one log line of a round (issue 19): what it read, what it stored, what it held, and
 * whether it published and why (or why not).
 */
export function roundLine(outcome: RoundOutcome): { fields: object; message: string } {
  if (!outcome.ran)
    return { fields: { ran: false }, message: 'round skipped: another monitor holds the lease' };
  const appended = outcome.appended ?? [];
  const classified = appended.filter((entry) => entry.type === 'post_classified');
  const held = classified.filter((entry) => entry.payload.classification.review).length;
  const ignored = classified.filter(
    (entry) => !entry.payload.classification.review && entry.payload.classification.reset === null,
  ).length;
  const published = classified.length - held - ignored;
  const agreed = appended.filter(
    (entry) => entry.type === 'second_opinion' && entry.payload.agrees,
  ).length;
  const publish = outcome.publishProblem
    ? `publish failed: ${outcome.publishProblem}`
    : outcome.publishedNow
      ? 'snapshot published'
      : 'nothing to publish (records unchanged, heartbeat not due)';
  return {
    fields: {
      check: outcome.checkOk ? 'ok' : 'failed',
      ...(outcome.checkOk ? {} : { problem: outcome.problem }),
      newPosts: outcome.newPosts,
      published,
      held,
      ignored,
      ...(agreed > 0 ? { publishedOnAgreement: agreed } : {}),
      snapshot: outcome.publishProblem
        ? 'failed'
        : outcome.publishedNow
          ? 'published'
          : 'unchanged',
    },
    message: `round: check ${outcome.checkOk ? 'ok' : 'failed'}, ${outcome.newPosts} new post(s): ${published} reset(s) to publish, ${held} held, ${ignored} not a reset; ${publish}`,
  };
}
