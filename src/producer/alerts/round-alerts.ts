import type { MessageInput } from '../../shared/delivery/message.ts';
import { formatTimestamp } from '../../shared/domain/timestamp.ts';
import type { HeldPost } from '../ops/review.ts';
import { heldPostMessage } from './held-post-message.ts';

/**
 * What the operator is told after a round (issue 19, docs/operating.md#alerts): a pure
 * function of the round and of what was already said, so that a failing source gives one
 * alert when it starts failing and one when it recovers, not one a round.
 *
 * - `post_held`: each post this round stored and held for review, with the commands to
 *   accept, correct or dismiss it;
 * - `checks_failing` once the source check has failed `failedRoundsBeforeAlert` rounds in a
 *   row, and `checks_recovered` at the first success after that alert;
 * - `rate_limited` when X has kept the checks rate-limited for longer than one round
 *   (and `checks_recovered` covers its end);
 * - `publish_failed` at the first publish that fails, `publish_recovered` at the next one
 *   that works;
 * - `lease_taken` / `lease_lost` when this monitor starts or stops being the one that runs
 *   the rounds (another monitor stopped, or took over): not at the first round.
 */

export interface RoundReport {
  /** When the round ended (epoch ms). */
  readonly at: number;
  /** Whether this monitor held the lease and ran the round. */
  readonly ran: boolean;
  /** The source check; null when the round did not run. */
  readonly check: { readonly ok: true } | { readonly ok: false; readonly problem: string } | null;
  /** The posts this round stored that wait for review. */
  readonly held: readonly HeldPost[];
  /** The publish, when one was due; null when none was (or the round did not run). */
  readonly publish: { readonly ok: true } | { readonly ok: false; readonly problem: string } | null;
}

export interface AlertState {
  readonly failedRounds: number;
  readonly failingSince: number | null;
  readonly failingAlerted: boolean;
  readonly rateLimitedSince: number | null;
  readonly rateLimitAlerted: boolean;
  readonly publishFailing: boolean;
  /** Whether this monitor ran the last round; null before its first. */
  readonly ranLast: boolean | null;
}

export const INITIAL_ALERT_STATE: AlertState = Object.freeze({
  failedRounds: 0,
  failingSince: null,
  failingAlerted: false,
  rateLimitedSince: null,
  rateLimitAlerted: false,
  publishFailing: false,
  ranLast: null,
});

export interface AlertOptions {
  /** ALERT_AFTER_FAILED_CHECKS: failed checks in a row before `checks_failing`. */
  readonly failedRoundsBeforeAlert: number;
  /** The monitor's interval: a rate limit longer than this is alerted. */
  readonly roundMs: number;
  /** How the operator runs the CLI (`npm run cli --`), for the commands in a message. */
  readonly cli: string;
  /** This monitor's name (its lease holder id). */
  readonly holder: string;
}

/** A failure X's rate limit caused, as the X source words it (sources/x/back-off.ts). */
const RATE_LIMITED = /\brate limit\b|\b429\b/i;

export function roundAlerts(
  state: AlertState,
  report: RoundReport,
  options: AlertOptions,
): { readonly state: AlertState; readonly messages: MessageInput[] } {
  const messages: MessageInput[] = [];
  const at = formatTimestamp(report.at);
  let next: AlertState = { ...state, ranLast: report.ran };

  if (state.ranLast !== null && state.ranLast !== report.ran) {
    messages.push(
      report.ran
        ? {
            event: 'lease_taken',
            title: `Monitor ${options.holder} now runs the rounds`,
            text: 'It took the monitor lease: the monitor that held it stopped or went silent.',
            data: { holder: options.holder, at },
          }
        : {
            event: 'lease_lost',
            title: `Monitor ${options.holder} no longer runs the rounds`,
            text: 'Another monitor holds the lease; this one waits on standby.',
            data: { holder: options.holder, at },
          },
    );
  }

  for (const held of report.held) messages.push(heldPostMessage(held, options.cli));

  const check = report.check;
  if (check !== null && !check.ok) {
    const failingSince = state.failingSince ?? report.at;
    const failedRounds = state.failedRounds + 1;
    next = { ...next, failedRounds, failingSince };
    if (!state.failingAlerted && failedRounds >= options.failedRoundsBeforeAlert) {
      next = { ...next, failingAlerted: true };
      messages.push({
        event: 'checks_failing',
        title: `Source checks have failed ${failedRounds} rounds in a row`,
        text: `Since ${formatTimestamp(failingSince)}, no new post is read: ${check.problem}`,
        priority: 'high',
        tags: ['warning'],
        fields: [{ name: 'last problem', value: check.problem.slice(0, 1_000) }],
        commands: [`${options.cli} ops status`],
        data: { failedRounds, since: formatTimestamp(failingSince), problem: check.problem },
      });
    }
    if (RATE_LIMITED.test(check.problem)) {
      const since = state.rateLimitedSince ?? report.at;
      next = { ...next, rateLimitedSince: since };
      if (!state.rateLimitAlerted && report.at - since >= options.roundMs) {
        next = { ...next, rateLimitAlerted: true };
        messages.push({
          event: 'rate_limited',
          title: 'X has rate-limited the checks for longer than a round',
          text: `Rate-limited since ${formatTimestamp(since)}: ${check.problem}`,
          priority: 'high',
          tags: ['hourglass'],
          data: { since: formatTimestamp(since), problem: check.problem },
        });
      }
    }
  } else if (check?.ok) {
    if (state.failingAlerted || state.rateLimitAlerted) {
      messages.push({
        event: 'checks_recovered',
        title: 'Source checks work again',
        text: `A check succeeded at ${at}, after ${state.failedRounds} failed round(s) since ${formatTimestamp(state.failingSince ?? report.at)}.`,
        tags: ['white_check_mark'],
        data: { at, failedRounds: state.failedRounds },
      });
    }
    next = {
      ...next,
      failedRounds: 0,
      failingSince: null,
      failingAlerted: false,
      rateLimitedSince: null,
      rateLimitAlerted: false,
    };
  }

  const publish = report.publish;
  if (publish !== null && !publish.ok && !state.publishFailing) {
    next = { ...next, publishFailing: true };
    messages.push({
      event: 'publish_failed',
      title: 'The snapshot could not be published',
      text: `The service keeps the last snapshot it has: ${publish.problem}`,
      priority: 'urgent',
      tags: ['rotating_light'],
      data: { at, problem: publish.problem },
    });
  } else if (publish?.ok && state.publishFailing) {
    next = { ...next, publishFailing: false };
    messages.push({
      event: 'publish_recovered',
      title: 'The snapshot is published again',
      text: `Published at ${at}.`,
      tags: ['white_check_mark'],
      data: { at },
    });
  }
  return { state: next, messages };
}
