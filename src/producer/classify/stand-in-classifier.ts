import type { Classification } from '../ledger/entry.ts';
import type { Post } from '../ledger/post.ts';

export const STAND_IN_CLASSIFIER = 'stand-in-0.1.0';

const RESET = /\b(reset|resets|resetting)\b/i;
const DONE =
  /\b(have|has|just|already)\s+(been\s+)?reset\b|\breset\s+(is\s+)?(done|complete|completed|live)\b/i;
const BANKED = /\bbanked\b/i;

/**
 * A deliberately cautious stand-in until the rules classifier (producer part 2): it only
 * notices that a post talks about a reset and guesses completed or scheduled from a few
 * words, and it holds every such post for the operator's review. It never publishes a
 * record by itself, so it can never publish a false reset.
 */
export function classifyStandIn(post: Post): Classification {
  if (!RESET.test(post.text)) {
    return {
      classifier: STAND_IN_CLASSIFIER,
      reset: null,
      review: false,
      reasons: ['no reset mentioned'],
    };
  }
  const completed = DONE.test(post.text);
  return {
    classifier: STAND_IN_CLASSIFIER,
    reset: {
      kind: completed ? 'reset_completed' : 'reset_scheduled',
      resetType: BANKED.test(post.text) ? 'banked' : 'global',
      effectiveAt: null,
      confidence: 0.5,
      scope: null,
      schedulePrecision: null,
      scheduleBasis: null,
      scheduleWindow: null,
    },
    review: true,
    reasons: ['the stand-in classifier holds every reset for review'],
  };
}
