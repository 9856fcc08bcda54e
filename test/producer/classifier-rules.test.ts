import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  classifyPost,
  DEFAULT_CLASSIFIER_OPTIONS,
  RULES_CLASSIFIER,
} from '../../src/producer/classify/rules-classifier.ts';
import { readText } from '../../src/producer/classify/text.ts';
import type { Classification, ClassifiedReset } from '../../src/producer/ledger/entry.ts';
import type { Post } from '../../src/producer/ledger/post.ts';

/**
 * The classifier's rules (producer.md §2, README "Classifier rules"), one example each,
 * with the traps seen in real posts. Times: 2026-07-09T22:30:00.000Z is Thursday 9 July,
 * 15:30 PDT (UTC-7); 2026-11-20T04:00:00.000Z is Thursday 19 November, 20:00 PST (UTC-8).
 */

const SUMMER_AFTERNOON = '2026-07-09T22:30:00.000Z';
const WINTER_EVENING = '2026-11-20T04:00:00.000Z';

const post = (text: string, extra: Partial<Post> = {}): Post => ({
  id: '2000000000000000001',
  handle: 'thsottiaux',
  createdAt: SUMMER_AFTERNOON,
  text,
  ...extra,
});
const classify = (text: string, extra: Partial<Post> = {}) =>
  classifyPost(post(text, extra), DEFAULT_CLASSIFIER_OPTIONS);

/** What a post says, "(held)" when it waits for the operator: the written rounds' shorthand. */
const read = (text: string, createdAt = WINTER_EVENING) => {
  const result = classify(text, { createdAt });
  return result.reset === null ? 'none' : `${result.reset.kind}${result.review ? ' (held)' : ''}`;
};

/** Thursday 19 November 2026, 10:00 Pacific: the instant the written rounds were written for. */
const MORNING = '2026-11-19T18:00:00.000Z';
const at10 = (text: string) => read(text, MORNING);
/** The whole classification at that instant. */
const at10Read = (text: string) => classify(text, { createdAt: MORNING });
/** A classification's kind, effectiveAt and review. */
const when = (classification: Classification) => [
  classification.reset?.kind,
  classification.reset?.effectiveAt,
  classification.review,
];
/** A reply at that instant, with the post it answers and its author. */
const reply = (text: string, parentText: string, parentHandle: string) =>
  classify(text, {
    createdAt: MORNING,
    inReplyToId: '2000000000000000000',
    parentText,
    parentHandle,
  });
/** His own reply at that instant, under his post. */
const ownReply = (text: string, parentText: string) => reply(text, parentText, 'thsottiaux');
/** Nothing published: read as no reset, or held for the operator. */
const announcesNothingFirm = (text: string) => {
  const read = at10(text);
  assert.ok(read === 'none' || read.endsWith('(held)'), text);
};

const scope = (plans: string[], windows: string[] = ['unknown']) => ({ plans, windows });
const completed = (fields: Partial<ClassifiedReset> = {}): ClassifiedReset => ({
  kind: 'reset_completed',
  resetType: 'global',
  confidence: 0.95,
  scope: scope(['unknown']),
  effectiveAt: null,
  schedulePrecision: null,
  scheduleBasis: null,
  scheduleWindow: null,
  ...fields,
});
const scheduledAt = (
  startAt: string,
  endAt: string,
  fields: Partial<ClassifiedReset> = {},
): ClassifiedReset => ({
  kind: 'reset_scheduled',
  resetType: 'global',
  confidence: 0.9,
  scope: scope(['unknown']),
  effectiveAt: null,
  schedulePrecision: 'datetime',
  scheduleBasis: 'explicit',
  scheduleWindow: { startAt, endAt },
  ...fields,
});
const published = (reset: ClassifiedReset, reasons: string[]): Classification => ({
  classifier: RULES_CLASSIFIER,
  reset,
  review: false,
  reasons,
});
const none = (reason: string): Classification => ({
  classifier: RULES_CLASSIFIER,
  reset: null,
  review: false,
  reasons: [reason],
});

describe('a reset or not', () => {
  test('a completed global reset for all paid plans is published by itself', () => {
    assert.deepEqual(
      classify('Usage limits have been reset for all paid ChatGPT Work and Codex users.'),
      published(completed({ scope: scope(['all']) }), ['done: "have been reset"']),
    );
  });

  test('no reset word: not a reset', () => {
    assert.deepEqual(
      classify('Codex is now available in the IDE extension.'),
      none('no reset mentioned'),
    );
  });

  test('teasers and milestones are not announcements', () => {
    assert.deepEqual(classify('Tomorrow is feeling codexy'), none('no reset mentioned'));
    assert.deepEqual(
      classify('Resets.'),
      none('a reset named without what or when (a teaser?): "resets."'),
    );
  });

  test('reset requests, the normal cycle and questions are talked about, not announced', () => {
    assert.equal(classify('I get a reset request every 6 minutes on average.').reset, null);
    assert.equal(classify('Your 5-hour limit resets every 5 hours.').reset, null);
    assert.equal(classify('Please stop asking for a reset.').reset, null);
    assert.equal(classify('Should we do another reset?').reset, null);
    assert.equal(classify('If we hit 10M users we will reset everyone.').reset, null);
  });

  test('another sense of "reset" is not a usage reset', () => {
    assert.equal(classify('Tip: use /reset to clear the conversation context.').reset, null);
    assert.equal(classify('Password reset emails are delayed.').reset, null);
  });

  test('a denied reset is not a reset', () => {
    assert.deepEqual(
      classify('No reset today, sorry.'),
      none('the reset is denied: "no reset today, sorry."'),
    );
  });

  test('a post that opens with a negation can still announce one', () => {
    const result = classify('No, this is not a drill: usage limits have been reset for everyone.');
    assert.equal(result.review, false);
    assert.equal(result.reset?.kind, 'reset_completed');
    assert.deepEqual(result.reset?.scope, scope(['all']));
  });
});

describe('tense', () => {
  test('"have reset", "propagated", "is done" are completed', () => {
    for (const text of [
      'We have reset rate limits for Plus and Pro.',
      'Codex usage reset all propagated.',
      'The reset of your limits is done, enjoy.',
      'Rate limits were reset for everyone.',
    ]) {
      const result = classify(text);
      assert.equal(result.reset?.kind, 'reset_completed', text);
      assert.equal(result.review, false, text);
    }
  });

  test('in progress ("we are resetting", "propagating now") counts as completed (the README\'s policy)', () => {
    for (const text of ['We are resetting usage limits now.', 'Global reset propagating now.']) {
      assert.equal(classify(text).reset?.kind, 'reset_completed', text);
    }
  });

  test('"will", "give us 24 hours", "landing in the next hour", "incoming" are scheduled', () => {
    for (const text of [
      'We will reset usage limits for everyone.',
      'Give us 24 hours and limits will be reset.',
      'Reset landing in the next hour.',
      'Reset incoming.',
    ]) {
      assert.equal(classify(text).reset?.kind, 'reset_scheduled', text);
    }
  });

  test('"reset in a few seconds / minutes": a bare "reset" with a time ahead is coming, published as a window of an hour', () => {
    for (const text of ['Limits reset in a few seconds.', 'Limits reset in a few minutes.']) {
      const { reset, review } = classify(text);
      assert.equal(reset?.kind, 'reset_scheduled', text);
      assert.equal(review, false, text);
      assert.deepEqual(reset?.scheduleWindow, {
        startAt: SUMMER_AFTERNOON,
        endAt: '2026-07-09T23:30:00.000Z',
      });
    }
  });

  test('a done reset and a coming one in one post: one record, held so the operator adds the other', () => {
    const result = classify(
      'Limits have been reset for everyone. We will also do a banked reset on Monday.',
    );
    assert.equal(result.review, true);
    assert.equal(result.reset?.kind, 'reset_completed');
    assert.match(result.reasons[0]!, /^both a done reset/);
  });

  test('a hedged reset is held', () => {
    const result = classify('We might reset limits tomorrow.');
    assert.equal(result.review, true);
    assert.equal(result.reset?.kind, 'reset_scheduled');
  });
});

describe('safety holds', () => {
  test('a reset of what? Named only through a thing ("the reset button"), the post is held', () => {
    // (rules-2.13.3: "It's been 20 years since I've pressed the reset button" is of the past.)
    const result = classify('Just pressed the reset button.');
    assert.equal(result.review, true);
    assert.equal(
      result.reasons[0],
      'a reset of what? No limits, usage, plans or users are named near it',
    );
  });

  test('a firm verb without limits named is a reset of usage limits on this account', () => {
    const result = classify('Reset all propagated.');
    assert.equal(result.review, false);
    assert.equal(result.reset?.kind, 'reset_completed');
    assert.equal(result.reset?.confidence, 0.85);
  });

  test('banked words but no banked reset read: the type is in doubt, held', () => {
    const result = classify('Usage limits have been reset. Banked ones are next.');
    assert.equal(result.review, true);
    assert.equal(
      result.reasons[0],
      'banked words appear, but no banked reset was read: global or banked?',
    );
  });
});

describe('resetType and scope', () => {
  test('banked, and global and banked', () => {
    assert.equal(
      classify('Everyone gets a banked reset: use it whenever you want.').reset?.resetType,
      'banked',
    );
    assert.equal(
      classify(
        'Usage limits have been reset for all paid plans, and everyone also gets a banked reset.',
      ).reset?.resetType,
      'global_and_banked',
    );
  });

  test('plans and windows named', () => {
    assert.deepEqual(
      classify('We have reset the weekly and 5-hour limits for Plus and Pro users.').reset?.scope,
      scope(['plus', 'pro'], ['five_hour', 'weekly']),
    );
  });
});

describe('windows (producer.md §2), on the Pacific calendar', () => {
  test('a clock time: [t, t], and "PST" in summer means the local time of the day', () => {
    assert.deepEqual(
      classify('We will do a global reset for all paid users. Lands around 6pm PST today.'),
      published(
        scheduledAt('2026-07-10T01:00:00.000Z', '2026-07-10T01:00:00.000Z', {
          effectiveAt: '2026-07-10T01:00:00.000Z',
          scope: scope(['all']),
        }),
        ['coming: "will do"', 'window from "6pm pst today" (datetime, explicit)'],
      ),
    );
  });

  test('"14pm" is 14:00', () => {
    const window = classify('We will reset limits tomorrow at 14pm PT.').reset?.scheduleWindow;
    assert.deepEqual(window, {
      startAt: '2026-07-10T21:00:00.000Z',
      endAt: '2026-07-10T21:00:00.000Z',
    });
  });

  test('the night clocks fall back, the repeated hour is its first occurrence (daylight time)', () => {
    const window = classify('We will reset limits tomorrow at 1:30am PT.', {
      createdAt: '2030-11-02T19:00:00.000Z',
    }).reset?.scheduleWindow;
    assert.deepEqual(window, {
      startAt: '2030-11-03T08:30:00.000Z',
      endAt: '2030-11-03T08:30:00.000Z',
    });
  });

  test('"by 8pm" posted after 8pm is tomorrow\'s 8pm, "PST" in summer included', () => {
    const winter = classify('The banked reset will be there by 8pm PST', {
      createdAt: '2026-11-20T04:05:00.000Z', // 8:05pm PST
    });
    assert.deepEqual(winter.reset?.scheduleWindow, {
      startAt: '2026-11-20T04:05:00.000Z',
      endAt: '2026-11-21T04:00:00.000Z',
    });
    const summer = classify('The banked reset will be there by 8pm PST', {
      createdAt: '2026-07-10T03:05:00.000Z', // 8:05pm PDT
    });
    assert.deepEqual(summer.reset?.scheduleWindow, {
      startAt: '2026-07-10T03:05:00.000Z',
      endAt: '2026-07-11T03:00:00.000Z',
    });
  });

  test('a deadline that had passed when posted ("by 8pm today" at 8:05pm): the post\'s instant, held', () => {
    const result = classify('The banked reset will be there by 8pm today', {
      createdAt: '2026-11-20T04:05:00.000Z',
    });
    assert.deepEqual(result.reset?.scheduleWindow, {
      startAt: '2026-11-20T04:05:00.000Z',
      endAt: '2026-11-20T04:05:00.000Z',
    });
    assert.equal(result.review, true);
    assert.ok(
      result.reasons.includes('the deadline named had passed when the post was written'),
      result.reasons.join('; '),
    );
  });

  test('a day: that Pacific day, whole; "tomorrow" on a Pacific evening is already the next UTC day', () => {
    const result = classify('We will reset usage limits tomorrow.', { createdAt: WINTER_EVENING });
    assert.deepEqual(result.reset?.scheduleWindow, {
      startAt: '2026-11-20T08:00:00.000Z',
      endAt: '2026-11-21T07:59:59.999Z',
    });
    assert.equal(result.reset?.schedulePrecision, 'date');
    assert.equal(result.reset?.scheduleBasis, 'explicit');
    assert.equal(result.reset?.effectiveAt, null);
  });

  test('deadlines: [announcedAt, deadline]', () => {
    assert.deepEqual(classify('Reset landing in the next hour.').reset?.scheduleWindow, {
      startAt: SUMMER_AFTERNOON,
      endAt: '2026-07-09T23:30:00.000Z',
    });
    assert.deepEqual(classify('Limits will be reset by end of day.').reset?.scheduleWindow, {
      startAt: SUMMER_AFTERNOON,
      endAt: '2026-07-10T06:59:59.999Z',
    });
    assert.deepEqual(classify('We will reset limits by 8pm PT.').reset?.scheduleWindow, {
      startAt: SUMMER_AFTERNOON,
      endAt: '2026-07-10T03:00:00.000Z',
    });
  });

  test('a vague cue: contextual inference, hours from the post', () => {
    const result = classify('Reset incoming.');
    assert.deepEqual(result.reset?.scheduleWindow, {
      startAt: SUMMER_AFTERNOON,
      endAt: '2026-07-10T00:30:00.000Z',
    });
    assert.equal(result.reset?.scheduleBasis, 'contextual_inference');
  });

  test('a part of the day: that part of the Pacific day, from the post on', () => {
    assert.deepEqual(classify('We will reset limits this evening.').reset?.scheduleWindow, {
      startAt: '2026-07-10T01:00:00.000Z',
      endAt: '2026-07-10T06:59:59.999Z',
    });
  });

  test('outage durations are not schedules', () => {
    const result = classify(
      'We had an outage of 45 minutes this morning. We will reset usage limits for everyone tomorrow.',
    );
    assert.equal(result.reset?.schedulePrecision, 'date');
    assert.equal(
      classify('Investigating elevated errors; we expect to learn more over the next 1-3 days.')
        .reset,
      null,
    );
  });

  test('"before 8pm PT" is an eligibility cutoff, not the landing time: held', () => {
    const result = classify(
      'Everyone who signed up before 8pm PT will get a banked reset tomorrow.',
    );
    assert.equal(result.review, true);
    assert.equal(result.reset?.schedulePrecision, 'date');
    assert.match(result.reasons.join(' '), /cutoff/);
  });
});

describe('replies mean nothing without their parent', () => {
  test('"And now 100%" under a reset post is held as a completion', () => {
    const result = classify('And now 100%', {
      inReplyToId: '2000000000000000000',
      parentText: 'Global reset propagating, 50% of users so far.',
    });
    assert.equal(result.review, true);
    assert.equal(result.reset?.kind, 'reset_completed');
    assert.match(result.reasons[0]!, /^a reply that only makes sense with its parent/);
  });

  test('"Yes" with its parent unknown is not a reset; "Done" is held', () => {
    assert.equal(classify('Yes', { inReplyToId: '2000000000000000000' }).reset, null);
    assert.equal(classify('Done.', { inReplyToId: '2000000000000000000' }).review, true);
  });

  test('a reply whose parent mentions no reset is not a reset', () => {
    assert.equal(
      classify('Yes', { inReplyToId: '2', parentText: 'Is the new model out?' }).reset,
      null,
    );
  });
});

describe('wordings no rule was written from, read from the grammar (issue 18)', () => {
  test('"has been processed": any verb in the perfect is done', () => {
    const result = classify("The reset of everyone's usage limits has been processed.");
    assert.equal(result.review, false);
    assert.equal(result.reset?.kind, 'reset_completed');
    assert.deepEqual(result.reasons, ['done: "has been processed"']);
  });

  test('a global reset promised "by EOD" is coming, with that deadline', () => {
    assert.deepEqual(
      classify('Global reset for all paid users promised by EOD.'),
      published(
        scheduledAt(SUMMER_AFTERNOON, '2026-07-10T06:59:59.999Z', { scope: scope(['all']) }),
        ['coming: "promised"', 'window from "by eod" (datetime, explicit)'],
      ),
    );
  });

  test('"resetting tomorrow morning" is coming: under way with a time ahead', () => {
    const result = classify('Resetting usage limits for everyone tomorrow morning.');
    assert.equal(result.review, false);
    assert.equal(result.reset?.kind, 'reset_scheduled');
    assert.deepEqual(result.reset?.scheduleWindow, {
      startAt: '2026-07-10T13:00:00.000Z',
      endAt: '2026-07-10T19:00:00.000Z',
    });
  });

  test('a reset of the past, a habit or a wish announces nothing', () => {
    for (const text of [
      'Remember when we reset usage limits twice in one day? Good times.',
      'We had reset usage limits last week already.',
      'We reset usage limits every time something breaks.',
      'You can now use a banked reset from the web.',
    ]) {
      assert.equal(classify(text).reset, null, text);
    }
  });
});

describe('what depends on something, or is no event (rules-2.2.0, new set 2)', () => {
  test('one side of an alternative ("either … or", "… or reset") is held, never published', () => {
    for (const text of [
      'Every week we will either ship a new feature or do a full reset of usage limits.',
      'We will ship a fix or reset usage limits tomorrow.',
    ]) {
      const result = classify(text);
      assert.equal(result.review, true, text);
      assert.match(result.reasons[0]!, /^the reset depends on something, alternative /, text);
    }
    // "or" between plans or between times is no alternative of events.
    for (const text of [
      'We will reset usage limits for Plus or Pro users by EOD.',
      'We will reset usage limits either tonight or tomorrow morning.',
    ]) {
      const result = classify(text);
      assert.equal(result.review, false, text);
      assert.equal(result.reset?.kind, 'reset_scheduled', text);
    }
  });

  test('a hypothetical ("the moment we …", "the day …", "unless …") is no schedule: not a reset', () => {
    assert.deepEqual(
      classify('The moment we hit 100M users, usage limits will be reset for everyone.'),
      none(
        'a reset on a condition ("the moment we hit"), not a schedule: "the moment we hit 100m users, usage limits will be reset for everyone."',
      ),
    );
    for (const text of [
      'The day the new cluster is online, we will reset usage limits for everyone.',
      'Unless the fix lands, we will reset usage limits tonight.',
    ]) {
      assert.equal(classify(text).reset, null, text);
    }
    // A past event after "the day" is a time, not a condition; "in the day" is a time too.
    assert.deepEqual(
      classify('The day we launched, we reset usage limits for everyone.'),
      published(completed({ scope: scope(['all']) }), ['done: "reset"']),
    );
    const later = classify('Later in the day we will reset usage limits for everyone.');
    assert.equal(later.review, false);
    assert.equal(later.reset?.kind, 'reset_scheduled');
  });

  test('an awaited event ("once", "when", "as soon as") holds a coming reset: its time is unknown', () => {
    for (const [text, cue] of [
      ['Once the fix is deployed we will reset usage limits for everyone.', 'once the fix is'],
      ['When we hit 50M users, we will reset usage limits.', 'when we hit'],
      ['We will reset usage limits once the new model ships.', 'once the new model ships'],
    ] as const) {
      const result = classify(text);
      assert.equal(result.review, true, text);
      assert.equal(result.reset?.kind, 'reset_scheduled', text);
      assert.equal(
        result.reasons[0],
        `the reset depends on something, awaited ("${cue}"): not a firm announcement`,
      );
    }
    // "once again" is an adverb; a done reset waits for nothing; "when I'm back" is a time; a
    // condition in another clause conditions another verb.
    for (const text of [
      'We are once again resetting usage limits for everyone.',
      'We reset usage limits when the outage ended.',
      "Usage reset when I'm back.",
      'We will reset usage limits tonight, and we know it is annoying when things break.',
    ]) {
      assert.equal(classify(text).review, false, text);
    }
  });

  test('a general statement of liking is no event; a wish with a modal is held', () => {
    assert.deepEqual(
      classify('We love giving resets.'),
      none('a general statement ("love"), not one reset: "we love giving resets."'),
    );
    assert.equal(classify('I do like resetting usage limits.').reset, null);
    const wish = classify("I'd love to reset usage limits tomorrow.");
    assert.equal(wish.review, true);
    assert.equal(wish.reset?.kind, 'reset_scheduled');
    // "Enjoy" is no liking verb: an imperative, the reset is there.
    assert.equal(classify('Enjoy a reset of your usage limits.').review, false);
  });

  test('a reset named as the item of a day of a series ("Day 9/ Reset") is held as coming, not a teaser', () => {
    const result = classify('Day 9/ Reset');
    assert.equal(result.review, true);
    assert.equal(result.reset?.kind, 'reset_scheduled');
    assert.ok(
      result.reasons.includes(
        'a reset named as a day\'s item, without a verb: "day 9/ reset" (coming that day?)',
      ),
    );
    assert.equal(classify('Resets.').reset, null);
  });
});

describe('constructions written for the rules, none from a post of any set (rules-2.4.0)', () => {
  const kindOf = (text: string) => {
    const result = classify(text);
    return result.reset === null ? 'none' : `${result.reset.kind}${result.review ? ' (held)' : ''}`;
  };

  test('a bare verb after "and" shares the tense of the verb before it', () => {
    assert.equal(
      kindOf('We went ahead and reset Codex usage limits for all users.'),
      'reset_completed',
    );
    assert.equal(kindOf("We'll go ahead and reset usage limits tomorrow."), 'reset_scheduled');
  });

  test('minutes or hours ago is the reset announced; weeks ago is the past', () => {
    assert.equal(
      kindOf('We reset rate limits for all Codex users an hour ago.'),
      'reset_completed',
    );
    assert.equal(kindOf('We reset rate limits for all Codex users three weeks ago.'), 'none');
  });

  test('the passive progressive ("are getting reset", "are being reset") is under way, coming with a time ahead', () => {
    assert.equal(
      kindOf('Usage limits are getting reset for all users later today.'),
      'reset_scheduled',
    );
    assert.equal(
      kindOf('Usage limits are being reset for all users right now.'),
      'reset_completed',
    );
  });

  test('resetting as the subject of a verb is a statement, unless its predicate says where a reset is', () => {
    const statement = classify(
      'Resetting limits is not a sustainable strategy, we need more compute.',
    );
    assert.equal(statement.reset, null);
    assert.match(
      statement.reasons[0]!,
      /^a statement about resetting \("resetting limits is"\), not one reset: /,
    );
    assert.equal(kindOf('Resetting limits was fun, but we need more compute.'), 'none');
    assert.equal(
      kindOf('Resetting usage limits is now complete for all plans.'),
      'reset_completed',
    );
    assert.equal(
      kindOf('Resetting usage limits will take about an hour.'),
      'reset_completed (held)',
    );
    // An -ing form that is not a subject is still under way.
    assert.equal(kindOf('Resetting usage limits for all plans now.'), 'reset_completed');
  });

  test('a negation after the copula, or a negating determiner across "more", denies the reset', () => {
    assert.equal(kindOf('Resets are not free: each one costs us a lot of compute.'), 'none');
    assert.equal(kindOf('lol no more resets until next month'), 'none');
    assert.notEqual(kindOf('Nobody is getting a reset today.'), 'reset_completed');
  });

  test("a window's own cycle in the singular is no announcement; limits reset for everyone is", () => {
    assert.equal(
      kindOf('The weekly limit resets Monday for most of you, nothing special.'),
      'none',
    );
    assert.equal(kindOf('Your 5-hour window resets automatically, no action needed.'), 'none');
    assert.equal(kindOf('Weekly limits reset for everyone tomorrow.'), 'reset_scheduled');
  });

  test('talking about a reset gives none; a reset that went out is done; the plan is to reset is coming', () => {
    assert.equal(kindOf('The team talked about a reset but decided against it.'), 'none');
    assert.equal(
      kindOf('A full reset of Codex usage limits just went out to all plans.'),
      'reset_completed',
    );
    assert.equal(
      kindOf('The plan is to reset Codex limits for all users on Monday.'),
      'reset_scheduled',
    );
  });

  test('a reset inside a clause after a verb ("shows when…") or a topic ("a fix for limits resetting") is not announced (rules-2.4.1)', () => {
    assert.equal(kindOf('Codex now shows when your limits reset in the usage panel.'), 'none');
    assert.equal(kindOf("We'll tell you when we reset limits."), 'none');
    assert.equal(kindOf('We shipped a fix for limits resetting early for some users.'), 'none');
    // A clause that opens the sentence is a time: the reset is presupposed.
    assert.equal(
      kindOf('When we reset limits tomorrow, expect a short slowdown.'),
      'reset_scheduled',
    );
  });

  test('a bare "we reset" is a schedule with a time that starts after the post, done otherwise (rules-2.4.1)', () => {
    assert.equal(kindOf('Tomorrow we reset usage limits for all plans.'), 'reset_scheduled');
    assert.equal(kindOf('At 6pm PT we reset usage limits for all plans.'), 'reset_scheduled');
    assert.equal(kindOf('We reset limits this morning for all plans.'), 'reset_completed');
  });

  test('"the next reset" is ahead whatever its verb; banked resets "have been credited" are banked (rules-2.4.1)', () => {
    assert.equal(kindOf('The next global reset is set for Monday morning.'), 'reset_scheduled');
    assert.equal(kindOf('The next reset has been moved to Friday.'), 'reset_scheduled');
    const banked = classify('Banked resets have been credited to all Pro accounts.');
    assert.equal(banked.review, false);
    assert.equal(banked.reset?.kind, 'reset_completed');
    assert.equal(banked.reset?.resetType, 'banked');
  });

  test('"in about two hours" is a vague time ahead: from the post to twice the amount', () => {
    const result = classify('Reset of usage limits for all plans lands in about two hours.');
    assert.equal(result.review, false);
    assert.equal(result.reset?.kind, 'reset_scheduled');
    assert.equal(result.reset?.scheduleBasis, 'contextual_inference');
    assert.deepEqual(result.reset?.scheduleWindow, {
      startAt: SUMMER_AFTERNOON,
      endAt: '2026-07-10T02:30:00.000Z',
    });
  });

  test('limits "refreshed" name a reset', () => {
    const result = classify('Codex usage limits have been refreshed for all Plus and Pro users.');
    assert.equal(result.reset?.kind, 'reset_completed');
    assert.deepEqual(result.reset?.scope?.plans, ['plus', 'pro']);
  });

  test('the subject stands before the adverbs of a bare "we just reset": done, whatever time the sentence names (rules-2.5.0)', () => {
    assert.equal(
      kindOf(
        'We just reset Codex usage limits for all plans to make up for the slowness this morning.',
      ),
      'reset_completed',
    );
    assert.equal(kindOf('We quietly reset usage limits for everyone.'), 'reset_completed');
  });

  test('a denied belief denies the reset; a belief alone is not a firm announcement (rules-2.5.0)', () => {
    assert.equal(kindOf("I don't think we'll reset limits this week."), 'none');
    assert.equal(kindOf('I doubt we will reset usage limits before Monday.'), 'none');
    assert.equal(kindOf("I don't think that we will reset limits this week."), 'none');
    assert.equal(kindOf("I think we'll reset usage limits tomorrow."), 'reset_scheduled (held)');
    assert.equal(kindOf("We'll reset usage limits tomorrow."), 'reset_scheduled');
  });

  test('a negator before the noun phrase denies it: "there was never a reset planned" (rules-2.5.0)', () => {
    assert.equal(
      kindOf('There was never a reset planned for today, that screenshot is fake.'),
      'none',
    );
    assert.equal(kindOf("There wasn't a reset today."), 'none');
    assert.equal(kindOf('There was a reset for all plans today.'), 'reset_completed');
  });

  test('a verb "reset" whose object names nothing resets are of resets something else (rules-2.5.0)', () => {
    const other = classify('We reset our internal dashboards, not your limits.');
    assert.equal(other.reset, null);
    assert.match(other.reasons[0]!, /^a reset of "our internal dashboards", not of usage limits: /);
    // Limits, their windows, who has them, a time or no object at all: a reset.
    assert.equal(kindOf("We reset everyone's weekly limits."), 'reset_completed');
    assert.equal(kindOf('We reset Codex for all Pro users.'), 'reset_completed');
    assert.equal(kindOf('We reset the counters for all plans.'), 'reset_completed');
    assert.equal(kindOf('Weekly limits were reset a few minutes ago.'), 'reset_completed');
  });

  test('what others say of a reset is reported, not announced; "it goes without saying" is his own (rules-2.6.0)', () => {
    const reported = classify('People are saying we reset limits today.');
    assert.equal(reported.reset, null);
    assert.match(reported.reasons[0]!, /^what others say \("saying"\): /);
    assert.equal(kindOf("As I said, we'll reset usage limits tomorrow."), 'reset_scheduled');
    assert.equal(
      kindOf("It goes without saying that we're resetting usage limits for everyone."),
      'reset_completed',
    );
  });

  test('a negative subject denies the verb; a stopped reset is none; "on the way" is coming (rules-2.6.0)', () => {
    assert.equal(kindOf('Nobody on the team has reset anything today.'), 'none');
    assert.equal(kindOf('No one has reset usage limits today.'), 'none');
    const paused = classify('Resets are paused until the capacity crunch is over.');
    assert.equal(paused.reset, null);
    assert.match(paused.reasons[0]!, /^a reset stopped \("pause"\): /);
    assert.equal(kindOf('We cancelled the reset planned for Friday.'), 'none');
    assert.equal(
      kindOf('A reset is on the way for all plans, give us an hour.'),
      'reset_scheduled',
    );
  });

  test('verbs of dealing with resets as a matter talk about them; a verb after "to" is no adjective (rules-2.6.0)', () => {
    const hiring = classify("We're hiring someone to own rate limits and resets.");
    assert.equal(hiring.reset, null);
    assert.match(hiring.reasons[0]!, /^a reset owned, not given: /);
    assert.match(
      classify('We spent a reset on the launch.').reasons[0]!,
      /^a reset spent, not given: /,
    );
    assert.match(
      classify('We saved a reset for later.').reasons[0]!,
      /^a reset saved, not given: /,
    );
  });

  test('under way "now" stays under way (counted as done) whatever time another clause names; "tmrw" is tomorrow (rules-2.6.0)', () => {
    assert.equal(
      kindOf('Reset rolling out now for all plans, should reach everyone within the hour.'),
      'reset_completed',
    );
    assert.equal(kindOf('reset tmrw for all paid plans'), 'reset_scheduled');
    assert.equal(kindOf('Resetting usage limits tonite for everyone.'), 'reset_scheduled');
  });

  test('a negated noun before "to" denies the reset: "no plans to reset", "no need to reset" (rules-2.7.0)', () => {
    assert.equal(kindOf('We have no plans to reset limits this week.'), 'none');
    assert.equal(kindOf('There is no need to reset usage limits.'), 'none');
    assert.equal(kindOf('We have plans to reset usage limits on Friday.'), 'reset_scheduled');
  });

  test('a reset denied later in the same sentence puts the first in doubt; a denial before it does not (rules-2.7.0)', () => {
    // (Said "was a display bug", it announces nothing at all since rules-2.13.90.)
    assert.equal(
      classify('The reset you saw on Tuesday was a display bug, nothing was reset.').reset,
      null,
    );
    const doubted = classify('The reset you saw on Tuesday was a fluke, nothing was reset.');
    assert.equal(doubted.review, true);
    assert.match(doubted.reasons[0]!, /^a reset denied in the same sentence \("was reset"\)/);
    assert.equal(
      kindOf("We didn't reset limits yesterday, but we are resetting them now."),
      'reset_completed',
    );
  });

  test('what a verb "reset" resets: nothing, the speaker\'s own, or another thing named by its subject (rules-2.8.0)', () => {
    assert.equal(kindOf('We reset nothing today.'), 'none');
    const own = classify('I reset my own limits by accident while testing, oops.');
    assert.equal(own.reset, null);
    assert.match(own.reasons[0]!, /^a reset of the speaker's own \("my own limits"\)/);
    assert.equal(kindOf('The dashboards were reset this morning.'), 'none');
    assert.equal(kindOf('Our metrics reset at midnight UTC, your limits do not.'), 'none');
    // Users' limits as the subject or the object, or a pronoun: a reset as before.
    assert.equal(kindOf('Your usage limits were reset this morning.'), 'reset_completed');
    assert.equal(kindOf("Tonight we're resetting everyone's limits."), 'reset_scheduled');
  });

  test('a reset as the topic of another noun, or named in general with what such a thing is, announces nothing (rules-2.8.0)', () => {
    assert.equal(kindOf('Rumours of a reset are greatly exaggerated.'), 'none');
    assert.equal(kindOf('A reset is a blunt tool.'), 'none');
    assert.equal(kindOf('Limit resets will be rarer from now on.'), 'none');
    assert.equal(kindOf('A reset is now available for all Pro users.'), 'reset_completed');
    assert.equal(kindOf('The reset is live for all plans.'), 'reset_completed');
  });

  test('a reset counted after a copula is held (rules-2.8.0)', () => {
    const counted = classify('This is the third reset in a month and that is a problem.');
    assert.equal(counted.review, true);
    assert.match(counted.reasons[0]!, /^a reset counted \("third"\)/);
  });

  test('a reset inside a relative clause is held; a verb after "that" is no adjective (rules-2.9.0)', () => {
    const team = classify('The team that runs resets is also the team that fixes billing.');
    assert.equal(team.review, true);
    assert.match(team.reasons[0]!, /^a reset inside a relative clause \("team that runs"\)/);
    assert.equal(
      kindOf('We shipped a fix that resets your usage limits.'),
      'reset_completed (held)',
    );
  });
});

describe('a ninth round of written sentences (rules-2.10.0)', () => {
  const kindOf = (text: string) => read(text);

  test('other verbs of a reset are read by the grammar when what they act on is usage or limits', () => {
    assert.equal(kindOf('Just wiped the usage counters for all Codex users.'), 'reset_completed');
    assert.equal(kindOf("Everyone's weekly usage is back at zero."), 'reset_completed');
    assert.equal(kindOf("Everyone's Codex limits are back to 100%."), 'reset_completed');
    assert.equal(
      kindOf('We gave everyone a clean slate on usage limits this morning.'),
      'reset_completed',
    );
    assert.equal(
      kindOf("On Monday morning we'll refresh everyone's Codex limits."),
      'reset_scheduled',
    );
    assert.equal(kindOf("We won't wipe anyone's usage this week."), 'none');
    // Another noun after them is what they act on: no reset.
    assert.equal(kindOf('We wipe usage logs after 30 days.'), 'none');
    assert.equal(kindOf('We refresh usage numbers every five minutes.'), 'none');
    assert.equal(kindOf('The usage meter is back to full color in dark mode.'), 'none');
    assert.equal(kindOf('A clean slate for your usage stats page design.'), 'none');
    assert.equal(kindOf('Quota is back to normal after the incident.'), 'none');
  });

  test('a condition in a later clause does not make a done reset talk', () => {
    assert.equal(
      kindOf('Your rate limits were reset an hour ago, so if you were blocked, try again.'),
      'reset_completed',
    );
    assert.equal(kindOf('We will reset limits for everyone if we hit 50M users.'), 'none');
  });

  test('"before" a time after the reset\'s own verb is a deadline, not a cutoff', () => {
    const result = classify('Reset for all paid users lands before midnight PT.', {
      createdAt: WINTER_EVENING,
    });
    assert.deepEqual(
      result,
      published(
        scheduledAt('2026-11-20T04:00:00.000Z', '2026-11-20T08:00:00.000Z', {
          scope: scope(['all']),
        }),
        result.reasons,
      ),
    );
    // A cutoff stays one: "accounts created before 11pm PT get it too".
    assert.match(
      classify(
        'A banked reset for all Plus users lands tonight, and accounts created before 11pm PT get it too.',
        { createdAt: WINTER_EVENING },
      ).reasons[0]!,
      /^"11pm pt" reads as a cutoff, not the landing time/,
    );
  });

  test('resets named in general with what they are announce nothing', () => {
    assert.equal(kindOf('Resets are how we say sorry when things break, not a promise.'), 'none');
    assert.equal(kindOf('Resets are gifts, not rights.'), 'none');
  });
});

describe('a tenth round, written as whole posts (rules-2.10.0)', () => {
  test('a reset owned by a past time is of the past; one owned by a time ahead is coming', () => {
    const past = classify(
      "Last week's reset seems to have confused the usage page for some. Fix rolling out now.",
    );
    assert.equal(past.reset, null);
    assert.match(past.reasons[0]!, /^a reset of the past \("last week's reset"\)/);
    assert.equal(read("Yesterday's reset is why the usage page looks odd."), 'none');
    assert.equal(read("Tomorrow's reset is for all paid users."), 'reset_scheduled');
    // "'s" after anything else is still "is": "it's reset for everyone".
    assert.equal(read("It's reset for everyone on a paid plan."), 'reset_completed');
    assert.equal(read("Today's reset is live for all users."), 'reset_completed');
  });

  test('resets in general that are "available" may be a feature: held', () => {
    const feature = classify(
      'Banked resets are now available in the mobile app, in addition to desktop and web.',
    );
    assert.equal(feature.review, true);
    assert.match(feature.reasons[0]!, /^resets in general are now available: a feature/);
    assert.equal(read('A banked reset is now available for all Pro users.'), 'reset_completed');
  });

  test('"limits are fresh" is a reset, read by its copula', () => {
    assert.equal(
      read(
        'Pressed the big red button. Usage limits are fresh for all ChatGPT Work and Codex users.',
      ),
      'reset_completed',
    );
    assert.equal(read('The usage page design is fresh for all users.'), 'none');
  });
});

describe('posts written blind by others, and probes of the new words (rules-2.10.0)', () => {
  test('more words for a reset: restored to full, 0% used, a fresh limit, a refill, topped up', () => {
    assert.equal(read("Everyone's weekly limit has been restored to full."), 'reset_completed');
    assert.equal(
      read('All Codex limits are back to 0% used. Have a great weekend.'),
      'reset_completed',
    );
    assert.equal(read('Gave everyone a fresh weekly limit as a thank you.'), 'reset_completed');
    assert.equal(read("We'll refill everyone's weekly limits at midnight PT."), 'reset_scheduled');
    assert.equal(read('A full refill for every plan lands Friday.'), 'reset_scheduled');
    assert.equal(read('Topped everyone back up to 100% on Codex.'), 'reset_completed');
    assert.equal(
      read('We just wiped the usage meters clean for all Plus users.'),
      'reset_completed',
    );
    // Not of limits, or of nobody named: nothing.
    assert.equal(read('We topped up the GPU fleet over the weekend.'), 'none');
    assert.equal(read('Coffee refill for everyone at the offsite.'), 'none');
    assert.equal(read('The service was restored to full capacity after the outage.'), 'none');
    assert.equal(
      read('A clean slate for everyone who joined the beta: new onboarding is live.'),
      'none',
    );
  });

  test('"right now" and "drops" after a reset are no compound nouns', () => {
    assert.equal(read('Rolling out a global limit reset right now.'), 'reset_completed');
    assert.equal(read('Global reset drops at 9pm PT tonight.'), 'reset_scheduled');
  });

  test('a hedge in a sentence of when it lands does not hold a done reset', () => {
    assert.equal(
      read('Resetting limits for everyone now. Might take ~10 min to propagate, hang tight.'),
      'reset_completed',
    );
    assert.equal(
      read('Banked resets are going out to all Pro users as we speak.'),
      'reset_completed',
    );
  });

  test('what a reset is set for, and what stops it', () => {
    assert.equal(read('Global reset is set for Monday 9am PT.'), 'reset_scheduled');
    assert.equal(read('The reset planned for today is postponed. Sorry.'), 'none');
    assert.equal(read('The reset scheduled for Friday is cancelled.'), 'none');
    assert.equal(read('Had to push back the reset we planned for today.'), 'none');
    assert.equal(read('The reset planned for today is live for all users.'), 'reset_completed');
  });

  test('resets inside other words: a wh-clause after adverbs, a topic\'s "that", a superlative, quotes', () => {
    assert.equal(
      read('New: /status now shows exactly when your 5h and weekly limits reset'),
      'none',
    );
    assert.equal(read("Rumor going around that there's a reset tonight. There isn't."), 'none');
    assert.equal(read('Rumors that we reset limits tonight are false.'), 'none');
    assert.equal(read("Hot take: the best reset is a good night's sleep."), 'none');
    assert.equal(read('Benchmark numbers got reset after we fixed the eval harness.'), 'none');
    assert.equal(
      read('"codex team reset limits again, legends" - that was last Tuesday, my friend.'),
      'reset_completed (held)',
    );
    assert.equal(
      read('Oh sure, let me just press my magic reset button.'),
      'reset_completed (held)',
    );
  });

  test('a present "get" passive says neither now nor when: held', () => {
    assert.equal(
      read('New model drops Thursday. Limits get wiped the same day.'),
      'reset_completed (held)',
    );
    assert.equal(read('Limits get reset now for everyone.'), 'reset_completed');
  });

  test('a condition whose subject is a name, and objects joined by "and"', () => {
    assert.equal(read("If GPT-6 ships today, we'll reset limits for everyone."), 'none');
    const both = classify('We have reset the 5h and weekly limits for everyone.');
    assert.deepEqual(both.reset?.scope, scope(['all'], ['five_hour', 'weekly']));
    assert.equal(both.review, false);
  });
});

describe('a second pair of blind rounds (rules-2.10.0)', () => {
  test('a subjectless "reset" opening a sentence is a diary\'s past, or a schedule with a time ahead', () => {
    // Posted at 10:00 Pacific, while "this morning" still runs.
    const diary = classify(
      "Wild week. Reset everyone's usage limits this morning as a small thank you.",
      {
        createdAt: '2026-11-19T18:00:00.000Z',
      },
    );
    assert.equal(diary.reset?.kind, 'reset_completed');
    assert.equal(diary.review, false);
    assert.equal(read("Reset everyone's usage limits tomorrow at 9am PT."), 'reset_scheduled');
    assert.equal(read('Reset all propagated.'), 'reset_completed');
  });

  test('what is ahead: "planning to", "about to", "decided to", "banked resets land Monday"', () => {
    assert.equal(
      read('Planning to reset limits for Business and Enterprise workspaces after lunch.'),
      'reset_scheduled',
    );
    assert.equal(
      read('About to reset limits for everyone. Give me 20 minutes.'),
      'reset_scheduled',
    );
    assert.equal(
      read("We've decided to reset usage limits for everyone on Friday."),
      'reset_scheduled',
    );
    assert.equal(read('Monday: banked resets land in every account.'), 'reset_scheduled');
    assert.equal(read('To reset limits for everyone.'), 'reset_completed (held)');
  });

  test('under way now, whatever the propagation takes; "Reset: done."', () => {
    assert.equal(
      read(
        "We're resetting usage limits for everyone right now. Give it a few minutes to propagate.",
      ),
      'reset_completed',
    );
    assert.equal(read('Reset: done. Go burn some tokens.'), 'reset_completed');
  });

  test('another time\'s possessive is not the reset\'s time; "whenever they want" is no habit', () => {
    assert.equal(
      read(
        "Usage limits were reset about an hour ago to make up for yesterday's degraded performance.",
      ),
      'reset_completed',
    );
    assert.equal(read('We reset limits yesterday.'), 'none');
    assert.equal(
      read('Next week every paid user will get a banked reset they can use whenever they want.'),
      'reset_scheduled',
    );
  });

  test('resets counted, past, or judged are not announced', () => {
    assert.equal(
      read(
        'October recap: shipped the new model, the Slack integration, and two global resets (10/3 and 10/22).',
      ),
      'none',
    );
    assert.equal(
      read('October recap: shipped the new model and two global resets (10/3 and 10/22).'),
      'reset_completed (held)',
    );
    assert.equal(read("We've done four global resets since launch."), 'reset_completed (held)');
    assert.equal(
      read("We're giving two banked resets to every Pro user today."),
      'reset_completed',
    );
    assert.equal(read('The last global reset was on Nov 14.'), 'none');
    assert.equal(
      read('The reset on Tuesday was a one-off for the metering bug.'),
      'reset_completed (held)',
    );
    assert.equal(read("Banked resets are per account and can't be transferred."), 'none');
    assert.equal(read("Seeing rumours that we're resetting limits tonight. Not true."), 'none');
  });
});

describe('a third pair of blind rounds: casual writing, and posts made to be misread (rules-2.10.0)', () => {
  test('resets of others, or others let reset, are not announced', () => {
    assert.equal(
      read("Congrats to the team at Northwind AI on resetting all their users' quotas today."),
      'none',
    );
    assert.equal(
      read("Another AI lab just announced they're resetting everyone's rate limits tonight."),
      'none',
    );
    assert.equal(
      read('Working on a way to let Enterprise admins reset limits for members of their own org.'),
      'none',
    );
    assert.equal(read("I reset the staging environment's quota counters while testing."), 'none');
    assert.equal(
      read('Writing a retrospective on how we decided to do the reset in March.'),
      'none',
    );
    assert.equal(
      read('If your limits looked reset this morning, that was a display glitch.'),
      'none',
    );
    // The announcer's own decision stays one: "the cautious decision of resetting".
    assert.equal(
      read('I have made the cautious decision of resetting the usage limits for all plans.'),
      'reset_completed',
    );
  });

  test('a joke said to be one is held; an emoji ends a phrase', () => {
    assert.equal(
      read("LIMITS RESET FOR EVERYONE!!! ...jk it's april 1st. go touch grass"),
      'reset_completed (held)',
    );
    assert.equal(read('LIMITS RESET FOR EVERYONE 🔥🔥 GO GO GO'), 'reset_completed');
  });

  test('casual spelling: "resetted", "limts", "rest limits", "EOD", "whenever u want"', () => {
    assert.equal(read("just resetted everyone's limits, go build stuff"), 'reset_completed');
    assert.equal(read('we reset limts for all users. sorry about that'), 'reset_completed');
    assert.equal(read('rest limits for all users EOD today, promise'), 'reset_scheduled');
    assert.equal(
      read("we'll be giving everyone a banked reset next week so u can use it whenever u want"),
      'reset_scheduled',
    );
  });

  test('what is ahead, read past a relative clause or a participle', () => {
    assert.equal(
      read("The reset you've been asking about is scheduled for 11pm PT tonight. All Codex users."),
      'reset_scheduled',
    );
    assert.equal(
      read('banked resets for all Plus + Pro users going out tmrw, save em for a crunch day'),
      'reset_scheduled',
    );
    assert.equal(
      read(
        'Happening now: global Codex limit reset rolling out. Should reach all accounts within the next 30 minutes.',
      ),
      'reset_completed',
    );
  });
});

describe('a fourth blind pair: a timeline, and near misses (rules-2.10.0)', () => {
  test('near misses: internal accounts, a quoted question, reports, a reset considered, a banner', () => {
    assert.equal(
      read('Reset usage limits for internal employee accounts today so the team can stress test.'),
      'none',
    );
    assert.equal(
      read("Someone asked: 'will there be a reset after the launch?' Honestly I don't know yet."),
      'none',
    );
    assert.equal(read("Some of you are reporting your banked reset didn't apply."), 'none');
    // Held until rules-2.13.13; a reset considered is talk since.
    assert.equal(
      read('We considered resetting limits after the incident but decided to issue credits.'),
      'none',
    );
    assert.equal(
      read(
        "Quick clarification: the 'usage reset' banner some of you saw this morning was a UI bug.",
        '2026-11-19T18:00:00.000Z',
      ),
      'none',
    );
  });

  test('announcements a rule could miss: more words, a participle of a plural, a global reset applied', () => {
    assert.equal(
      read("Heads up: we've wiped the 5-hour and weekly usage counters for all users."),
      'reset_completed',
    );
    assert.equal(
      read('Your weekly Codex quota has been refreshed, all users, all plans.'),
      'reset_completed',
    );
    assert.equal(read('Gave everyone a fresh set of Codex limits today.'), 'reset_completed');
    assert.equal(read('Limits reset for all ChatGPT plans using Codex.'), 'reset_completed');
    assert.equal(read('Applying a global reset of Codex usage now.'), 'reset_completed');
    assert.equal(
      read(
        'Every Codex user will get a banked reset next week that you can spend whenever you hit your cap.',
      ),
      'reset_scheduled',
    );
    assert.equal(
      read('Banked resets are going out to every Codex user now, should show up within the hour.'),
      'reset_completed',
    );
  });
});

describe('a fifth blind pair: hard negatives, and a month of posts (rules-2.10.0)', () => {
  test('dated, past, habitual and instructional resets are not announced', () => {
    // The dated reset announces nothing; "our third global reset" is a count: held.
    assert.equal(
      read('The September 3 reset was our third global reset this year.'),
      'reset_completed (held)',
    );
    assert.equal(read('The September 3 reset was a one-off.'), 'none');
    assert.equal(
      read('Fun stat: after the June 12 reset, weekly usage was back to normal within 3 days.'),
      'none',
    );
    assert.equal(
      read('One year ago today (April 14) we did our first global reset of Codex usage limits.'),
      'none',
    );
    assert.equal(
      read(
        'To celebrate its 1-year anniversary, I have allowed Codex to reset its own rate limits across all plans.',
      ),
      'reset_completed',
    );
    assert.equal(
      read(
        'Policy reminder: we reset limits for everyone when an incident on our side burns your usage.',
      ),
      'reset_completed (held)',
    );
    assert.equal(
      read('How to use your banked reset: Settings, Usage, Apply banked reset.'),
      'none',
    );
    assert.equal(read('Reset my laptop to factory settings this weekend.'), 'none');
    assert.equal(
      read("People keep asking if there'll be another reset. No plans right now."),
      'none',
    );
    assert.equal(
      read('Broke my Duolingo streak last night. Had to reset it to zero.'),
      'reset_completed (held)',
    );
    // A condition whose verb is the reset itself is its time: "When we reset limits tomorrow".
    assert.equal(
      read('When we reset limits tomorrow, expect a short slowdown.'),
      'reset_scheduled',
    );
  });

  test('what is ahead or done, read past a start, an adjective, a timeline stamp, a choice', () => {
    assert.equal(
      read('Starting next Tuesday, every Plus and Pro user gets a one-time banked reset.'),
      'reset_scheduled',
    );
    assert.equal(
      read('1:10pm: usage limits reset for all users', '2026-11-19T18:00:00.000Z'),
      'reset_completed',
    );
    assert.equal(
      read("Poll's closed and you were very clear: global reset it is. Happening Monday 9am PT."),
      'reset_scheduled',
    );
  });
});

describe('rounds 24 to 28: a month, paraphrases of the development posts, times, two weeks, another register (rules-2.11.0)', () => {
  test('other words for a reset: after an emoji, clear, top up, start over, a wipe, freshly restored', () => {
    for (const text of [
      "Refilled everyone's Codex limits 🔋 5h and weekly, all plans.",
      "Capacity is up, so we went ahead and cleared everyone's Codex usage.",
      "Everybody's usage is freshly topped up. Go build.",
      'Every Codex user now has freshly restored rate limits.',
      'Plus, Pro and Business: your weekly window just started over.',
      "we've refreshed Plus & Pro rate limits.",
      'Usage in Codex has been refreshed on every paid tier.',
      '🔄 limits: refreshed. have a good one',
      'resetting limits for every plus + pro user rn to make up for it.',
    ])
      assert.equal(at10(text), 'reset_completed', text);
    for (const text of [
      'Your Codex limits are getting a refill in about an hour ⛽',
      'Sorry for the trouble, a rate limit refresh is on its way.',
      'ChatGPT Work + Codex limits getting a full wipe, lands within the hour',
      "we're going to refill everyone's 5h and weekly windows Friday morning PT, all plans.",
      'By the time you wake up in Europe your Codex usage will be back to full 🌙',
    ])
      assert.equal(at10(text), 'reset_scheduled', text);
    // Not usage, not an idiom: "the usage page cache", "the browser window", confusion about usage.
    assert.equal(at10('We cleared the usage page cache.'), 'none');
    assert.equal(
      at10('Clearing up some confusion about usage limits: they did not change.'),
      'none',
    );
    assert.equal(at10('Refresh the browser window if the page looks stale.'), 'none');
  });

  test('when: a time already past, a check mark, a weekend, half an hour, "almost here", after lunch', () => {
    // 18:00 CET is 09:00 Pacific: an hour before the post.
    assert.equal(at10('Limits wiped at 18:00 CET for all workspaces ✅'), 'reset_completed');
    assert.equal(at10('2026-11-19 · global usage reset ✔️ have fun'), 'reset_completed');
    assert.equal(
      at10('Before the weekend, everyone on Codex gets a fresh weekly window.'),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        'One more usage refresh for everyone on Codex. It will roll out over the next half hour.',
      ),
      'reset_scheduled',
    );
    assert.equal(at10('global reset EOD. promise.'), 'reset_scheduled');
    assert.equal(at10('Usage limits get reset tonight for all plans.'), 'reset_scheduled');
    assert.equal(
      at10("It's Thursday morning and the reset I promised you for today is almost here."),
      'reset_scheduled',
    );
    assert.equal(
      at10("refilling everyone's limits right after lunch, will post when it's through"),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        "yes, Edu is included in tonight's reset. it lands around 9pm PT along with everyone else",
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10('fix holding for a couple hrs ✅ and yep: limits reset on the way shortly'),
      'reset_scheduled',
    );
    // A time ahead in the reset's own sentence is enough to publish it, unnamed.
    assert.equal(at10('the reset lands at noon PT. two hours.'), 'reset_scheduled');
    // "5 hours later" is later than another event, not a time from now: the window's cycle
    // (held as a rule until rules-2.13.20, which reads it as talk of the cycle).
    assert.equal(
      at10(
        'The 5-hour window is rolling: it starts with your first message and resets 5 hours later.',
      ),
      'none',
    );
    assert.equal(
      at10('free codex usage reset for every user 🎁 may take a few hrs to show up.'),
      'reset_completed',
    );
  });

  test("others' resets, offers, gifts, counts, fakes: never published", () => {
    for (const text of [
      'Good to see other labs resetting their coding tool limits after outages too.',
      'Nice to see other labs doing usage resets too.',
      'Seeing a screenshot going around of me promising a reset tonight.',
      'This morning the team presented me with a rather elaborate reset button as a gift.',
    ])
      assert.equal(at10(text), 'none', text);
    for (const text of [
      'hit 2M weekly devs and we reset everyone. deal?',
      "Get us to 1M weekly users and we'll reset limits for everyone.",
      "We've done a lot of ad hoc resets lately. Working on something more predictable.",
      "A reset tonight? Not from me: that account isn't mine and nothing is planned.",
    ])
      assert.match(at10(text), /\(held\)$|^none$/, text);
    // Unlike other labs, we do: the doer is "we".
    assert.equal(at10('Unlike other labs, we reset limits for everyone.'), 'reset_completed');
  });
});

describe('rounds 29 and 30: the development posts restructured, and three weeks of long posts (rules-2.11.0)', () => {
  test('a day named apart from its clock time, times in other zones beside it, deadlines in other words', () => {
    // "tomorrow (Fri, Nov 20) around 9am PT", written at 10am: Friday's 9am, not in doubt.
    const result = classify(
      "And to celebrate: we'll reset Codex usage limits across all plans tomorrow (Fri, Nov 20) around 9am PT.",
      { createdAt: MORNING },
    );
    assert.equal(result.review, false);
    assert.equal(result.reset?.effectiveAt, '2026-11-20T17:00:00.000Z');
    // The same time in other zones, in brackets, is not a second time.
    assert.equal(
      at10(
        "We're going to reset everyone's Codex limits on Tuesday, November 24 at 9:00 AM Pacific (17:00 UTC / 18:00 CET).",
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10('Not today, but tomorrow: Codex limits reset for all plans at 9am PT.'),
      'reset_scheduled',
    );
    // With no day named, a time already past stays in doubt.
    assert.equal(at10('We will reset limits at 9am PT'), 'reset_scheduled (held)');
    assert.equal(
      at10('Still: a lovely reset for everyone arrives within roughly an hour.'),
      'reset_scheduled',
    );
    assert.equal(at10('reset in t-minus 30 min ⏳'), 'reset_scheduled');
    assert.equal(at10('A reset of rate limits is headed your way.'), 'reset_scheduled');
    assert.equal(
      at10(
        'So by the close of today, Plus, Pro and Business subscribers all get a complete global reset.',
      ),
      'reset_scheduled',
    );
  });

  test('more words and marks for a reset done', () => {
    for (const text of [
      "Celebration time: rate limits are being restored now so the building doesn't have to stop.",
      "just flipped it. everyone's 5h + weekly windows are cleared as of now",
      '✅ limits reset. 5h and weekly, all tiers incl. Free.',
    ])
      assert.equal(at10(text), 'reset_completed', text);
  });

  test("resets as a topic, another lab's, one looked back on, none planned: not published", () => {
    for (const text of [
      "saw another lab reset everyone's quotas today after their outage. good on them.",
      "A few people asked how we decide on resets, so here's roughly how I think about it.",
    ])
      assert.equal(at10(text), 'none', text);
    assert.equal(
      at10('The reset we did on the 12th was our make-good for this. Sorry again.'),
      'reset_completed (held)',
    );
    assert.equal(
      at10('If we break something, we make it right: usually a reset. None planned right now.'),
      'none',
    );
  });
});

describe('rounds 31 and 32: replies with their parents, and a month of posts (rules-2.11.0)', () => {
  test("a short reply whose time is the reset's, beside a sentence of another verb, is held for the operator", () => {
    const result = reply(
      'Friday. All plans. Set a reminder.',
      'when is the next reset??',
      'a_user',
    );
    assert.equal(result.review, true);
    assert.equal(result.reset?.kind, 'reset_scheduled');
    // Not when the time's own sentence is another event's.
    assert.equal(
      reply(
        "Can't believe this was filmed this weekend, neck tattoos and all",
        'When Tibo says "reset" and "pause"...',
        'a_user',
      ).reset,
      null,
    );
  });

  test('his own thread: a wh-clause after a verb and its object is not announced', () => {
    assert.equal(at10('Asked the team whether we should reset limits again.'), 'none');
    // Its reply names a time ("not this week"): held for the operator, never published.
    const result = reply(
      'Verdict: not this week. Capacity is too tight.',
      'Asked the team whether we should reset limits again.',
      'thsottiaux',
    );
    assert.equal(result.review, true);
  });

  test('a clause after "so" is its own; approving a reset puts it ahead; other words for zero', () => {
    assert.equal(
      at10('Also: limits reset on Wednesday so you can vibe-code through the holiday'),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        'Just approved a reset for all plans. It goes out after the deploy freeze lifts this afternoon, ~3pm ET.',
      ),
      'reset_scheduled',
    );
    assert.equal(at10('🔄 done. everyone is back at 0% usage.'), 'reset_completed');
    // No idiom without usage or limits named (classifier-idioms.test.ts): "Everyone got zeroed
    // out" alone is not read; with its usage named, it is.
    assert.equal(at10('Free included. Everyone got zeroed out about 20 min ago.'), 'none');
    assert.equal(
      at10("Free included. Everyone's usage got zeroed out 20 min ago."),
      'reset_completed',
    );
    assert.equal(
      at10("so we're zeroing everybody's counters at midnight PT. you're welcome"),
      'reset_scheduled',
    );
  });

  test('what is reset: "the whole onboarding flow" is not limits, "the whole thing" may be', () => {
    assert.equal(at10('We reset the whole onboarding flow for new Codex users.'), 'none');
    assert.equal(
      at10('We reset the whole thing: limits for everyone are back to full.'),
      'reset_completed',
    );
  });
});

describe('rounds 33 and 34: his own threads, and two weeks with replies (rules-2.11.0)', () => {
  test('his reply that says the reset he announced has landed makes the thread a done reset', () => {
    const result = reply(
      "Update: all delivered. Check Settings > Usage, there's one waiting for you to redeem whenever you want.",
      'Banked resets are going out to all Pro accounts today.',
      'thsottiaux',
    );
    assert.equal(result.reset?.kind, 'reset_completed');
    assert.equal(result.reset?.resetType, 'banked');
    assert.equal(result.reset?.scheduleWindow, null);
    // Redeeming it is what one does with the reset: the time is the reset's.
    const when = reply(
      'Should show up in your account by 5pm PT today, then redeem it whenever you like.',
      'Day 3/ Banked reset for all paid accounts.',
      'thsottiaux',
    );
    assert.equal(when.reset?.kind, 'reset_scheduled');
    assert.equal(when.reset?.scheduleWindow?.endAt, '2026-11-20T01:00:00.000Z');
  });

  test('a reply to someone whose first sentence answers yes is held for the operator', () => {
    const result = reply(
      'it did! try signing out and back in, the usage page caches a bit too aggressively',
      'did the reset hit free accounts too? mine still shows 64% used',
      'a_user',
    );
    assert.equal(result.review, true);
    assert.equal(result.reset?.kind, 'reset_completed');
  });

  test('statements, rumours without "that", verbs the tagger misreads', () => {
    for (const text of [
      'no. resets are for when we mess up or when something genuinely good happens.',
      "There's a rumour we're resetting everyone on Thanksgiving. I've seen the rumour. I have not seen the plan.",
    ])
      assert.equal(at10(text), 'none', text);
    assert.equal(
      at10("we'll make it right with a reset monday morning for Plus and Pro. enjoy your sunday"),
      'reset_scheduled',
    );
    assert.equal(at10('Banked resets ship tomorrow for Pro.'), 'reset_scheduled');
    assert.equal(
      at10("Ok it's through. 5h and weekly windows are back to full on Plus, Pro and Business."),
      'reset_completed',
    );
  });
});

describe('rounds 35 and 36: replies to users, and a month of posts (rules-2.11.0)', () => {
  test('a reply to a user that answers a question about the reset is held, never published', () => {
    for (const [text, parentText] of [
      ['yep 🫡 everyone got one, go build', 'did you guys just reset limits?? my weekly went to 0'],
      [
        'should be there now, pushed to enterprise workspaces about 10 min ago',
        'is the reset live for Enterprise yet? still showing 94% weekly used',
      ],
      [
        "yes, going out later today once the fix for yesterday's outage is fully deployed",
        'any reset in the works? pretty please',
      ],
      [
        "we'll do one before thanksgiving 🦃 promise",
        "black friday deal idea: reset everyone's limits 🙏",
      ],
    ] as const) {
      const result = reply(text, parentText, 'a_user');
      assert.equal(result.review, true, text);
      assert.notEqual(result.reset, null, text);
    }
    // A reply about something else under a reset question is not one.
    assert.equal(reply('lol same', 'when is the next reset??', 'a_user').reset, null);
  });

  test('"in ~2h", a compound subject, a rumour "about" a reset', () => {
    assert.equal(
      at10('resetting limits in ~2h, waiting on a deploy to finish first'),
      'reset_scheduled',
    );
    assert.equal(
      at10('sleep schedule finally reset after launch week. back to normal hours'),
      'none',
    );
    assert.equal(at10('Pro plan limits finally reset, enjoy'), 'reset_completed');
    assert.equal(
      at10(
        "there's a rumour going around about a midnight reset. not from us. don't believe screenshots",
      ),
      'none',
    );
    assert.equal(
      at10('Quick note about the reset: it lands at 5pm PT for all plans.'),
      'reset_scheduled',
    );
  });
});

describe('rounds 37 to 39: a month, the development posts by a fourth writer, near misses (rules-2.12.0)', () => {
  test('a reset of something the head of its object names is not one of usage limits', () => {
    for (const text of [
      'we reset the "days since last incident" sign in the office this morning. it was at 23. rip',
      "we're resetting the codex cloud environment caches tonight to pick up the new base image",
      "heads up: we're resetting everyone's default model to the new one tomorrow",
      "we're resetting the internal codex eval leaderboard next week, the old tasks leaked",
      'terminal-bench reset their leaderboard with the new task set, rerunning this week',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    // What the head names is what is reset: limits, whoever owns them, a product's usage.
    assert.equal(
      at10("We are resetting everyone's Codex rate limits right now."),
      'reset_completed',
    );
    assert.equal(
      at10("we reset everyone's weekly limits ~20 min ago, should be reflected now"),
      'reset_completed',
    );
    assert.equal(
      at10('Resetting usage for all Business workspaces this afternoon.'),
      'reset_scheduled',
    );
  });

  test('a reset not done: instead of one, rather than one, a plan refused, "it is faster to"', () => {
    for (const text of [
      "instead of a one-time reset for the launch, we're raising plus and pro weekly limits by 25% starting monday",
      "so we're refunding credits to the affected accounts directly instead of doing a global reset",
      "we're not going to start doing scheduled resets. they create weird incentives",
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.equal(
      at10("rather than wait for the weekly window, we're resetting everyone's limits now"),
      'reset_completed',
    );
    assert.equal(
      at10('honestly it is faster and fairer to just reset everyone. doing it by end of day'),
      'reset_completed (held)',
    );
  });

  test('someone else, or the reader, resets: held or not a reset, never published', () => {
    // Another product by its name: not a reset of ours at all since rules-2.13.6 (held before).
    assert.equal(
      at10('Gemini reset their quotas today, we are focused on capacity instead.'),
      'none',
    );
    assert.equal(
      at10('costume idea: go as a rate limit. everyone avoids you until you reset 🎃'),
      'reset_completed (held)',
    );
    assert.equal(at10('The team reset usage limits for everyone an hour ago.'), 'reset_completed');
  });

  test('a reset told of with its day: "that evening" is a day past, "reports that" a topic', () => {
    assert.equal(
      at10(
        "postmortem for the nov 4 incident is up. we reset everyone's limits that evening and have since added a canary",
      ),
      'none',
    );
    assert.equal(
      at10(
        'we looked into reports that weekly limits reset unexpectedly for some folks. it is a display bug',
      ),
      'none',
    );
    // A verb between the noun and "that": the clause is the verb's, the reset announced.
    assert.equal(
      at10("the volume of reports is high enough that we've refreshed Plus & Pro rate limits"),
      'reset_completed',
    );
  });

  test('other words and shapes: "limits for everyone: zeroed", "have had their limits refreshed", "a fresh start"', () => {
    assert.equal(
      at10('Usage limits for everyone: zeroed. Sorry about the disruption.'),
      'reset_completed',
    );
    assert.equal(
      at10('Plus & Pro subscriptions have had their Codex rate limits refreshed.'),
      'reset_completed',
    );
    assert.equal(
      at10('Every paid subscription now has its Codex usage limits refreshed.'),
      'reset_completed',
    );
    const result = classify(
      'Pro folks: your limits get a fresh start tomorrow. we are resetting them as a thank you for the queueing this week',
      { createdAt: MORNING },
    );
    assert.equal(result.review, false);
    assert.equal(result.reset?.kind, 'reset_scheduled');
    // The time is the reset's own sentence's, not the thanks' ("this week").
    assert.deepEqual(result.reset?.scheduleWindow, {
      startAt: '2026-11-20T08:00:00.000Z',
      endAt: '2026-11-21T07:59:59.999Z',
    });
  });

  test('a promise recalled is not a hedge; a reset said to have arrived is no teaser; "get wiped shortly" is ahead', () => {
    assert.equal(
      at10("Told you there'd be a reset today, and it's landing this afternoon."),
      'reset_scheduled',
    );
    assert.equal(at10('All reset, fully propagated. Enjoy your day'), 'reset_completed (held)');
    assert.equal(
      at10('And yes, as you have come to expect, usage limits get wiped shortly. Enjoy.'),
      'reset_scheduled',
    );
  });

  test('a reset "rolling out" that reaches accounts "within a few hours" is held: under way now, or later?', () => {
    assert.equal(
      at10(
        'A usage reset is rolling out to every Codex user. Expect it in your account within a few hours.',
      ),
      'reset_completed (held)',
    );
    // With "now", under way; with a clock time, landing then (as before).
    assert.equal(
      at10('A usage reset is rolling out now. Expect it in your account within a few hours.'),
      'reset_completed',
    );
  });
});

describe('rounds 40 to 42: three weeks, near misses again, replies (rules-2.12.0)', () => {
  test('resets of the past and resets given up are not announced', () => {
    for (const text of [
      'story time: the first global reset we ever did, we forgot to tell support',
      "it's one reason we're moving away from global resets as the default remedy",
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    // Giving one away is giving it.
    assert.notEqual(at10("we're giving away a reset to every Pro user today"), 'none');
  });

  test('the window refreshing "on its own" is the cycle, not a reset', () => {
    assert.equal(
      reply(
        "unused limits don't carry over, but your weekly window will refresh on its own",
        'missed the last reset because I was on vacation',
        'a_user',
      ).reset,
      null,
    );
    assert.equal(at10('Usage limits reset automatically at the end of each window.'), 'none');
  });

  test('"should be reset" after "done now" is done; with no time at all it is held', () => {
    const result = reply(
      "sorry, took longer than expected. it's done now, everyone should be reset",
      'you said reset tonight, still waiting',
      'a_user',
    );
    assert.equal(result.reset?.kind, 'reset_completed');
    assert.equal(at10('Everyone on Pro should be reset.'), 'reset_scheduled (held)');
    assert.equal(at10('Limits should be reset by tonight for everyone.'), 'reset_scheduled');
  });

  test("a time's possessive is another event's time, whatever the sentence's incident words", () => {
    const result = classify(
      "we're resetting rate limits for everyone later today to make up for this morning's outage",
      { createdAt: MORNING },
    );
    assert.equal(result.review, false);
    assert.equal(result.reset?.kind, 'reset_scheduled');
    assert.deepEqual(result.reset?.scheduleWindow, {
      startAt: MORNING,
      endAt: '2026-11-20T07:59:59.999Z',
    });
    assert.equal(at10("tonight's reset lands at 9pm PT."), 'reset_scheduled');
  });

  test('under way "as we speak" is now, however long it takes to reach accounts', () => {
    assert.equal(
      at10(
        "all green again. resetting everyone's 5h and weekly limits as we speak, should reach all accounts within ~30 min",
      ),
      'reset_completed',
    );
  });

  test('replies: "just did", "a global one", and a time ahead under a reset said done', () => {
    // Since rules-2.13.11 "all pro accounts are back to full" carries the announcement in the
    // reply's own words: published, no longer held.
    const ownWords = reply(
      'just did. all pro accounts are back to full',
      'pls reset pro limits, the loop bug burned my week',
      'a_user',
    );
    assert.deepEqual([ownWords.reset?.kind, ownWords.review], ['reset_completed', false]);
    for (const [text, parentText] of [
      ['just did.', 'pls reset pro limits, the loop bug burned my week'],
      ["we'll do a global one friday at 10am PT", 'when is the next reset'],
    ] as const) {
      const result = reply(text, parentText, 'a_user');
      assert.equal(result.review, true, text);
      assert.notEqual(result.reset, null, text);
    }
    const further = reply(
      'free and edu are next, going out by end of day',
      'usage reset went out to plus and pro an hour ago',
      'thsottiaux',
    );
    assert.equal(further.review, true);
    assert.notEqual(further.reset, null);
  });
});

describe('rounds 43 to 45: a month, quick phone posts, near misses (rules-2.12.0)', () => {
  test('"midnight tonight" is the midnight that ends today, in the zone named (chrono reads noon)', () => {
    for (const [text, at] of [
      ["we're resetting your weekly limits at midnight UTC tonight", '2026-11-20T00:00:00.000Z'],
      ['resetting limits tonight at midnight utc', '2026-11-20T00:00:00.000Z'],
      ['Resetting limits at midnight tonight.', '2026-11-20T08:00:00.000Z'],
    ] as const) {
      const result = classify(text, { createdAt: MORNING });
      assert.equal(result.review, false, text);
      assert.equal(result.reset?.effectiveAt, at, text);
    }
  });

  test('an idiom whose object is followed by "after", "before", "once"', () => {
    assert.equal(
      at10("we'll refill everyone's limits after the fix lands this afternoon"),
      'reset_scheduled',
    );
    assert.notEqual(at10('topping up usage limits once the deploy is done'), 'none');
  });

  test('quick phone posts: an emoji, an arrow or a "+" before a verb ends a clause', () => {
    assert.equal(
      at10("been a while but u know how this goes 😅 everyone's usage limits reset. sorry"),
      'reset_completed',
    );
    assert.equal(
      at10('no evidence of a broad drain, but enough reports → rate limits reset for plus & pro'),
      'reset_completed',
    );
    assert.equal(
      at10(
        "reset's propagated to all accounts + landed a few usage fixes for the issues we flagged yday",
      ),
      'reset_completed',
    );
    assert.equal(
      at10('holiday gift 🎁 rate limits reset AND usage at 2x normal til jan 1. merry holidays'),
      // "until jan 1" is the 2x's end, not the reset's time; a bare headline is held.
      'reset_completed (held)',
    );
  });

  test('quick phone posts: "within the hr", "getting reset" with no "are", "like i said yday", "w another one"', () => {
    assert.equal(
      at10('full usage reset for every paid user, landing within the hr 🎉'),
      'reset_scheduled',
    );
    assert.equal(at10('codex limits getting fully reset again within the hr'), 'reset_scheduled');
    assert.equal(
      at10('yep limits getting reset again like i said yday. keep building'),
      'reset_completed',
    );
    assert.equal(
      at10('codex usage limits reset on all plans so everyone can play w the new plugins'),
      'reset_completed',
    );
    // The time after "another one" is the second one's: the first is not read as coming.
    assert.notEqual(
      at10('hi all 👋 usage limits reset on every plan, w another one coming later today'),
      'reset_scheduled',
    );
    assert.equal(at10('banked reset loading into every plus + pro account rn'), 'reset_completed');
    assert.equal(at10('Cancelled: the reset we teased yesterday. No new date yet.'), 'none');
  });

  test('named as rolling out and reaching accounts within hours, with no clock time: held', () => {
    assert.equal(
      at10(
        'codex usage reset for everyone 🏠 rolling out, should show in your account within a few hrs',
      ),
      'reset_completed (held)',
    );
    assert.equal(at10("Heads up: we're topping everyone up in about 2 hours."), 'reset_scheduled');
  });
});

describe('rounds 48 and 49: the development posts as his post and his reply, and in a formal register (rules-2.12.1)', () => {
  test('a reset applied by us, or applied to plans, is given; a banked reset applied by users is not', () => {
    assert.equal(
      at10('Service has now recovered, and we have applied a rate limit reset to every user.'),
      'reset_completed',
    );
    assert.equal(
      at10('A reset of Codex usage limits has been applied to all paid plans.'),
      'reset_completed',
    );
    assert.equal(at10('How to apply your banked reset: Settings > Usage > Apply'), 'none');
  });

  test('"will have their usage limits reset" is ahead; "have had their limits refreshed" is done', () => {
    assert.equal(
      at10('Every paid user will have their usage limits reset; apologies for the interruption.'),
      'reset_scheduled',
    );
    assert.equal(at10('Every paid user has had their usage limits refreshed.'), 'reset_completed');
  });

  test('"now" anywhere in its sentence makes a reset under way now, not "now that"', () => {
    assert.equal(
      at10(
        'We are granting every Codex user a usage reset; it is rolling out now and should appear within a few hours.',
      ),
      'reset_completed',
    );
    assert.equal(
      at10("Resetting everyone's limits tomorrow, now that the fix is out."),
      'reset_scheduled',
    );
  });

  test('a subject of its own, a reset "going through", "fresh Codex limits", "have the headroom to"', () => {
    assert.equal(
      at10('every paid user of Codex plus ChatGPT Work now has freshly reset usage limits'),
      'reset_completed',
    );
    assert.equal(
      at10('Another reset going through for Codex + ChatGPT Work folks.'),
      'reset_completed',
    );
    assert.equal(at10('fresh Codex limits for everyone on a paid plan 🧼'), 'reset_completed');
    assert.equal(
      at10(
        "we have enough headroom to refresh everyone's limits. that happens tonight around 9pm PT.",
      ),
      'reset_scheduled (held)',
    );
    assert.equal(at10('We have no plans to reset limits this week.'), 'none');
  });

  test('"woke up feeling reset" is how someone feels; beside fresh usage for everyone, the usage is the reset', () => {
    assert.equal(at10('slept like a baby and woke up feeling reset'), 'none');
    assert.equal(at10('I feel completely reset after the holidays.'), 'none');
    assert.equal(
      at10('Never slept better and feeling reseted. Brand new usage for all Codex users.'),
      'reset_completed',
    );
  });

  test('his reply saying a reset landed, under his post already published as that reset, is held: one reset, not two records', () => {
    for (const [text, parentText] of [
      ['done, should be live for everyone now', 'resetting codex limits now'],
      ['propagated to every account now. enjoy', 'the 10am reset is out'],
      [
        'Both the weekly and the 5h windows should read 100% again.',
        'Codex usage reset is done for every paid ChatGPT plan.',
      ],
    ] as const) {
      const result = reply(text, parentText, 'thsottiaux');
      assert.equal(result.reset?.kind, 'reset_completed', text);
      assert.equal(result.review, true, text);
    }
    // Under a schedule, his reply that it landed is the completion: published.
    const landed = reply(
      'Update: all delivered.',
      'Banked resets are going out today for all Plus users.',
      'thsottiaux',
    );
    assert.equal(landed.reset?.kind, 'reset_completed');
    assert.equal(landed.review, false);
  });
});

describe('rounds 50 to 52: six weeks, near misses, the development posts opening otherwise (rules-2.12.2)', () => {
  test('a reset of "the A/B experiment", "keep reserving resets", the weekly one "resets 7 days after"', () => {
    for (const text of [
      "we're resetting the A/B experiment on the new plan picker. nothing to do with your limits",
      "we'll keep reserving resets for things that actually cost you usage",
      "there's a 5h window and a weekly window. the weekly one resets 7 days after your first use",
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.equal(at10("We're resetting Plus & Pro limits right now."), 'reset_completed');
  });

  test('"back at 0% used" is no time of day; "should see" with no time is held', () => {
    const result = reply(
      'done. everyone should see their weekly window back at 0% used',
      'working on it, reset going out in the next hour',
      'thsottiaux',
    );
    assert.equal(result.review, true);
    assert.notEqual(result.reset, null);
    // Not "at 0" read as midnight: no time is named.
    assert.equal(
      result.reset?.schedulePrecision === 'datetime' && result.reset.scheduleBasis,
      'contextual_inference',
    );
  });

  test('a reset going out now, and when it shows: under way, not another one ahead', () => {
    assert.equal(
      at10(
        'so another reset is going out now to every codex user. your weekly limit should be back at 100% in a few minutes.',
      ),
      'reset_completed',
    );
  });

  test('"in the coming hour", "10am PT tomorrow:" as a heading, "one will hit" after a question', () => {
    assert.equal(
      at10('a reset lands for everyone sometime in the coming hour.'),
      'reset_scheduled',
    );
    const tomorrow = classify('10am PT tomorrow: global reset for every paid account.', {
      createdAt: MORNING,
    });
    assert.equal(tomorrow.reset?.kind, 'reset_scheduled');
    assert.equal(tomorrow.reset?.effectiveAt, '2026-11-20T18:00:00.000Z');
    assert.equal(
      at10('Want a full reset? one will hit every Codex account within the next hour.'),
      'reset_scheduled',
    );
  });
});

describe('rounds 53 and 54: near misses, the development posts in plain English (rules-2.12.3)', () => {
  test('another lab wiping limits, "the real reset was …", "limits are unchanged"', () => {
    assert.equal(at10("saw another lab wipe everyone's limits today. good for them"), 'none');
    assert.equal(
      at10('the real global reset was the friends we made along the way'),
      'reset_completed (held)',
    );
    assert.equal(
      at10('some confusion: the reset today was for another app. codex limits are unchanged'),
      'reset_completed (held)',
    );
  });

  test('"within next hour", "new usage for every user"', () => {
    assert.equal(
      at10('Another reset for paid Codex users. It arrive within next hour.'),
      'reset_scheduled',
    );
    assert.equal(at10('New me, and new usage for every Codex user.'), 'reset_completed');
    assert.equal(at10('new usage patterns are emerging with agents'), 'none');
  });
});

describe('rounds 55 and 56: a month, near misses (rules-2.13.0)', () => {
  test('"just reset codex usage limits", "by end of day we\'re resetting"', () => {
    assert.equal(at10('just reset codex rate limits for all plans.'), 'reset_completed');
    assert.equal(at10('Reset gpt-5 usage limits this morning.'), 'reset_completed');
    assert.equal(at10("by tonight we're resetting codex limits for everyone"), 'reset_scheduled');
    // Still an -ing form after a noun after a preposition: a topic.
    assert.equal(at10('a fix for limits resetting early is out'), 'none');
  });

  test('a clause after the reset with a subject of its own, resets given a quality', () => {
    assert.equal(at10('no call on any reset until we know what broke'), 'none');
    assert.equal(at10('we want to make usage resets rarer. more on that soon'), 'none');
    assert.equal(at10('the goal: keep limit resets unnecessary'), 'none');
    assert.equal(at10("we'll make the reset happen tonight for everyone"), 'reset_scheduled');
  });

  test("a reset by someone's thing, the reset we promised and its own verb", () => {
    assert.equal(at10('new mattress and my sleep did a full reset overnight'), 'none');
    assert.equal(at10('my team did a full reset of codex limits'), 'reset_completed');
    assert.equal(
      at10('the reset I promised after the outage finally landed. all plans'),
      'reset_completed',
    );
    assert.equal(at10('the reset we teased on monday lands tomorrow at 9am PT'), 'reset_scheduled');
  });

  test('a reset arriving now with no limits named; a reset awaiting an event, with a time', () => {
    assert.equal(
      at10('the reset is going out as we speak, give it a few minutes'),
      'reset_completed',
    );
    assert.equal(
      at10("we'll reset everyone's limits tonight once the metering fix is out"),
      'reset_scheduled',
    );
    assert.equal(
      at10("as soon as the fix lands this afternoon we're resetting usage limits for all plans"),
      'reset_scheduled',
    );
    // No time of its own: when is it? Held, as before.
    assert.equal(
      at10("we'll reset everyone's limits once the metering fix is out"),
      'reset_scheduled (held)',
    );
    // A hedge's own words still hold it.
    assert.equal(
      at10("we might reset everyone's limits tonight once the metering fix is out"),
      'reset_scheduled (held)',
    );
  });

  test('with no limits named, a time makes a reset firm only in its own clause or heading', () => {
    // A router's reset, another sense (rules-2.13.41; held before).
    assert.equal(at10('errands done, router reset, standup at 3pm.'), 'none');
    assert.equal(at10('Friday: reset. promise 🤝'), 'reset_scheduled');
    assert.equal(at10('another reset at 2pm PT today'), 'reset_scheduled');
  });
});

describe('rounds 58 to 61: near misses, times rewritten, replies to users, his own threads (rules-2.13.1)', () => {
  test('a reset called off, moved, or awaiting an event on its day', () => {
    assert.equal(at10('the reset we had lined up for the launch is off. sorry all'), 'none');
    assert.equal(at10('heads up: the reset slips to Friday 9am PT'), 'reset_scheduled');
    assert.equal(
      at10('limits reset for all plans the moment the new model ships on tuesday'),
      'reset_scheduled',
    );
    // Still a supposition with no day: "the day we reach perfection".
    assert.equal(at10('the day we hit 10M users, limits reset for everyone'), 'none');
  });

  test('what others post, a reset that others scheduled, "that was a different reset"', () => {
    assert.equal(at10('folks keep tweeting that limits reset at noon tomorrow'), 'none');
    assert.equal(
      at10('the saturday reset that some reply guy announced for me. news to me'),
      'reset_scheduled (held)',
    );
    assert.equal(
      at10('the reset that everyone asked for lands tomorrow at 9am PT for all plans'),
      'reset_scheduled',
    );
    assert.equal(
      at10('that was a separate reset, for sora. codex limits were not touched'),
      'reset_completed (held)',
    );
    assert.equal(
      at10('Not true.\n\nlimits reset at midnight for everyone'),
      'reset_scheduled (held)',
    );
  });

  test('"enough reports that we reset", a recent time before a past one, a window clearing on its own', () => {
    assert.equal(
      at10('there were enough reports that we reset usage limits for pro an hour ago'),
      'reset_completed',
    );
    assert.equal(
      at10('an hour ago we reset codex usage limits so you can try what we shipped last week'),
      'reset_completed',
    );
    assert.equal(
      at10('we reset codex usage limits last week, an hour ago we shipped the fix'),
      'none',
    );
    assert.equal(at10('no reset today. your weekly window will clear on its own'), 'none');
  });

  test('tempted to reset, a bare "do" with a time, fresh windows', () => {
    assert.equal(at10("so tempted to reset everyone's limits right now"), 'reset_scheduled (held)');
    assert.equal(at10('we do a global reset of codex limits tonight at 8pm PT'), 'reset_scheduled');
    assert.equal(
      at10("that's only true when we do a manual reset, which we haven't this week"),
      'reset_completed (held)',
    );
    assert.equal(at10('done: every codex plan has fresh 5h and weekly windows'), 'reset_completed');
  });
});

describe('rounds 62 to 66: near misses, six weeks, the development posts with other content, jokes, terse posts and his replies (rules-2.13.2)', () => {
  test("resets of other things: a name's, a noun's, \"of\" something else, one's own, a purpose", () => {
    assert.equal(at10('local dev resets his router for the third time today'), 'none');
    assert.equal(
      at10("acme cli reset everyone's quotas after their outage"),
      'reset_completed (held)',
    );
    assert.equal(at10('announcing a full reset of my sleep schedule, effective tonight'), 'none');
    assert.equal(at10('my 5pm reset is a walk around the block'), 'reset_completed (held)');
    // Held until rules-2.13.101; since, a mental reset is someone's, as a mindset reset is.
    assert.equal(at10('took the afternoon off for a mental reset'), 'none');
    assert.equal(at10('strava streak reset at midnight. 200 days gone'), 'reset_scheduled (held)');
    assert.equal(
      at10('sunday reset: laundry, groceries, long run at 9.'),
      'reset_scheduled (held)',
    );
    // Not a heading without a time: "Reset: tomorrow 9am PT".
    assert.equal(at10('Reset: tomorrow 9am PT'), 'reset_scheduled');
  });

  test('counted, denied, of the past, spoken of', () => {
    assert.equal(
      at10('since june we have done 14 global resets of codex limits'),
      'reset_completed (held)',
    );
    assert.equal(at10('neither is a global reset, both are per account'), 'none');
    assert.equal(
      at10('some numbers from the last reset: half of you used it within a day'),
      'none',
    );
    // A quoted label before a noun (rules-2.13.3; held by rules-2.13.2).
    assert.equal(at10("the 'reset every friday' posts are getting out of hand"), 'none');
    assert.equal(at10('that reset was wild. no plans for another one'), 'reset_completed (held)');
    // A label in quotes is what the page shows: "a 'Reset limits' button".
    assert.equal(
      at10("gave everyone a banked reset just now, look for the 'Apply reset' button"),
      'reset_completed',
    );
  });

  test('times: a bare reset and a weekday, "as promised on Tuesday", "on a thursday", now', () => {
    assert.equal(
      at10('we reset usage limits for everyone wednesday night after the incident'),
      'reset_scheduled (held)',
    );
    assert.equal(
      at10("as promised on monday, we are resetting everyone's limits today"),
      'reset_completed',
    );
    assert.equal(
      at10('me at 10am on a thursday: resetting codex usage limits for all plans'),
      'reset_completed',
    );
    assert.equal(
      at10('the reset we paused is back on: going out friday at 10am PT'),
      'reset_scheduled',
    );
    // Held; since rules-2.13.22 as the schedule its fragments of time say.
    assert.equal(at10('reset. tomorrow. 9am PT.'), 'reset_scheduled (held)');
  });

  test("a clock time with no day of its own is the named day's, even when still ahead today", () => {
    const monday = classify(
      'Heads up for Monday: a full reset of Codex 5-hour and weekly limits is scheduled for 11am PT.',
      { createdAt: MORNING },
    );
    assert.equal(monday.review, false);
    assert.equal(monday.reset?.effectiveAt, '2026-11-23T19:00:00.000Z');
    const friday = classify('Codex usage limits reset tomorrow, around noon PT.', {
      createdAt: MORNING,
    });
    assert.equal(friday.reset?.effectiveAt, '2026-11-20T20:00:00.000Z');
  });

  test('a reset after "and" beyond the first verb\'s object; a 5-hour window; one account', () => {
    assert.equal(
      at10("we moved billing onto a new system this week and reset everyone's limits on the way"),
      'reset_completed',
    );
    assert.equal(
      at10('a full reset of codex 5-hour and weekly limits is scheduled for friday'),
      'reset_scheduled',
    );
    const theirs = reply(
      "that's a bug, we'll restore the banked reset on your account today",
      'my banked reset vanished after upgrading',
      'someone',
    );
    assert.equal(theirs.reset?.kind, 'reset_scheduled');
    assert.equal(theirs.review, true);
    assert.equal(theirs.reasons.at(-1), 'a reset of one account ("your account"): theirs alone?');
  });
});

describe("rounds 67 to 70: incident notes, timed near misses, the development set's other posts with resets named, structured posts (rules-2.13.3)", () => {
  test('headings and marks that say what a reset is: a myth, a question, a recap, crossed out, a label', () => {
    assert.equal(at10('Rumor: limits reset for everyone at 5pm PT today.'), 'none');
    assert.equal(at10('Q: my banked reset from Nov 3, does it expire?\nA: Dec 3.'), 'none');
    assert.equal(
      at10("Week recap:\n- Wednesday's limit reset (thanks for the patience)\n- shipped /undo"),
      'reset_scheduled (held)',
    );
    assert.equal(at10('New model ✅ Faster ✅ Cheaper ✅ Reset ❌'), 'none');
    assert.equal(at10("we're adding a 'next reset' field to /status on monday"), 'none');
  });

  test('denied, the only one, asked about, of the past, a habit', () => {
    assert.equal(at10('no usage was lost, so there is nothing to reset'), 'none');
    assert.equal(at10('the one thing not shipping today is a reset, sorry'), 'none');
    assert.equal(
      at10('rebooted the router, the only reset happening today'),
      'reset_completed (held)',
    );
    assert.equal(at10('to everyone asking whether a reset is coming: not this week'), 'none');
    assert.equal(
      at10('earlier resets took hours to reach everyone; this one should be faster'),
      'none',
    );
    assert.equal(at10("two weeks since we reset everyone's limits, some numbers:"), 'none');
    assert.equal(at10('when we reset limits, I always post about it here'), 'none');
    assert.equal(at10("when we reset limits tomorrow, you'll get an email"), 'reset_scheduled');
  });

  test("other people's resets and other things'", () => {
    // Another team of ours resetting its own: someone else's (rules-2.13.86; held before).
    assert.equal(at10('the Sora folks reset their generation limits after their outage'), 'none');
    assert.equal(at10('Staging DB gets wiped and reset at 5pm PT for the dry run'), 'none');
    assert.equal(
      reply(
        'nope, that reset was just your 5h window rolling over. we did not touch anything',
        'my limits just reset at 3pm, did you do something?',
        'someone',
      ).review,
      true,
    );
  });

  test('times: a deadline after a bare reset, a weekday and a day of the month', () => {
    assert.equal(at10("todo:\n- reset everyone's limits by EOD\n- lunch"), 'reset_scheduled');
    const tuesday = classify('Tue 24 - usage limit reset for all users, 9am PT', {
      createdAt: MORNING,
    });
    assert.equal(tuesday.reset?.kind, 'reset_scheduled');
    assert.equal(tuesday.reset?.effectiveAt, '2026-11-24T17:00:00.000Z');
    const preview = classify(
      'Release notes preview: Monday the 23rd\n- new model for Pro\n- usage limits reset for every plan at launch',
      { createdAt: MORNING },
    );
    assert.equal(preview.reset?.kind, 'reset_scheduled');
    assert.equal(preview.reset?.scheduleWindow?.startAt, '2026-11-23T08:00:00.000Z');
    // "Saturday 12/6" is a date already, left to chrono.
    assert.equal(
      classify("Saturday 12/6 we're resetting weekly limits for all plans.", { createdAt: MORNING })
        .reset?.scheduleWindow?.startAt,
      '2026-12-06T08:00:00.000Z',
    );
  });
});

describe("rounds 72 to 75: replies, unusual grammar, a brand account's register, quick phone posts (rules-2.13.4)", () => {
  test('phone posts: negations and "we\'re" typed without their marks, "a fresh weekly window just now"', () => {
    assert.equal(at10('didnt reset anything today, stop refreshing lol'), 'none');
    assert.equal(at10('the 5h window rolling over isnt a reset, thats just how it works'), 'none');
    assert.equal(at10('heads up were resetting codex usage limits tmrw am'), 'reset_scheduled');
    assert.equal(at10('yall got a fresh weekly window just now 🎉'), 'reset_completed');
  });

  test('other teams, a reset in brackets, a definition, asked about with an aside', () => {
    assert.equal(at10('saw the gemini folks got a reset, nice for them'), 'none');
    assert.equal(at10('my inbox (reset) (again)'), 'none');
    assert.equal(
      reply(
        "it's a one-time reset you trigger yourself from settings when you hit a limit",
        "what's a banked reset?",
        'someone',
      ).review,
      true,
    );
    assert.equal(
      at10('I get asked, about twice an hour, whether a reset is coming. I do not know yet.'),
      'none',
    );
  });

  test('when: a while ahead in the reset\'s own clause, its clause after a copula, a bare reset of "they"', () => {
    assert.equal(
      at10("we're resetting limits for everyone in the next couple of hours"),
      'reset_scheduled',
    );
    assert.equal(at10('in a few hours we reset limits for everyone'), 'reset_scheduled');
    assert.equal(
      at10(
        "should you see usage drop to zero at 5pm PT today: relax, that's the reset we're doing for everyone",
      ),
      'reset_scheduled',
    );
    assert.equal(at10('the limits? they reset.'), 'reset_completed (held)');
    // Not a landing sentence's span: "should appear over the next couple of hours".
    assert.equal(
      at10(
        'Everyone on Codex is getting a usage reset. It should appear over the next couple of hours.',
      ),
      'reset_completed',
    );
  });

  test('"pleased to announce", "the reset ships", fragments before, his answers', () => {
    assert.equal(
      at10(
        'We are pleased to announce another usage limit reset for all Codex users. It will roll out over the next 30 minutes.',
      ),
      'reset_scheduled',
    );
    assert.equal(at10('the reset ships tomorrow at 10am PT for all plans'), 'reset_scheduled');
    // Held (no limits named); coming since rules-2.13.37, which reads "Tomorrow." said
    // alone as when it lands.
    assert.equal(at10('Tomorrow. Early. Full reset.'), 'reset_scheduled (held)');
    assert.equal(
      reply('they did 🎉 on us', 'wait did codex limits just reset globally??', 'someone').review,
      true,
    );
  });
});

describe('rounds 76 and 77: a month around a launch, near misses told as stories (rules-2.13.5)', () => {
  test('the post says whose reset it was, or that users have none', () => {
    assert.equal(
      at10("reset everyone's limits ✅ (everyone = our internal test accounts only)"),
      'reset_completed (held)',
    );
    assert.equal(
      at10(
        'We reset limits for one Business workspace after a metering bug. Only that customer was affected.',
      ),
      'reset_completed (held)',
    );
    // Another product's limits: not a reset of Codex's at all from rules-2.13.52 (held before).
    assert.equal(at10('The image gen limits got reset today. For Codex: nothing changed.'), 'none');
    assert.equal(
      at10('Plan was: reset everyone at 11am PT. Plan now: no reset.'),
      'reset_scheduled (held)',
    );
    assert.equal(
      at10('resetting limits on my own account, lesson learned'),
      'reset_completed (held)',
    );
  });

  test('a story, a dream, a daydream', () => {
    assert.equal(
      at10(
        "Picture it: midnight, pizza going cold, I'm hitting enter on a global limit reset. That was September.",
      ),
      'reset_scheduled (held)',
    );
    assert.equal(
      at10('weird dream: I press a giant button labeled RESET LIMITS, confetti everywhere'),
      'reset_completed (held)',
    );
  });

  test('when: awaiting a release, a heading of what comes, "it" of the sentence before', () => {
    assert.equal(
      at10("here's the deal: the second it ships, we reset everyone's Codex limits"),
      'reset_scheduled (held)',
    );
    assert.equal(at10('the day we reach perfection, limits reset for everyone'), 'none');
    assert.equal(
      at10("how it's going to go: I finish this call, we push the reset for everyone"),
      'reset_scheduled',
    );
    assert.equal(
      at10("something is going to happen to your limits at 3pm PT today 👀\n\n(it's a reset.)"),
      'reset_scheduled',
    );
    assert.equal(at10("it's a reset! all plans, go build"), 'reset_completed');
  });

  test('"just reset everyone\'s.", a verdict in the present, said of mine', () => {
    assert.equal(
      reply("just reset everyone's. check again", 'hit my weekly limit on a tuesday', 'someone')
        .reset?.kind,
      'reset_completed',
    );
    // Held until rules-2.13.96; since, "after the outage" opens no predicate of the reset's,
    // and the post, of a reset of the 3rd, announces nothing.
    assert.equal(
      at10('the reset after the outage on the 3rd is still my favorite post of the year'),
      'none',
    );
  });
});

describe('rounds 80 to 83: a timeline, near misses, replies, unusual phrasing (rules-2.13.6)', () => {
  test('a reset of my own thing, one by another product, one counted, one conditional on someone', () => {
    assert.equal(
      at10(
        'flew back from london and completely reset my sleep schedule by accident. codex kept me company',
      ),
      'none',
    );
    assert.equal(at10("saw claude code reset everyone's limits today. competition is fun"), 'none');
    assert.equal(at10('the cursor folks just reset usage for their pro plans'), 'none');
    assert.equal(
      at10('we reset limits twice in october and both times the servers fell over'),
      'none',
    );
    assert.equal(
      at10(
        'if support restored your limits this week, that was a per-account fix, not a global one',
      ),
      'none',
    );
    // Ours, whoever is named elsewhere in the sentence.
    assert.equal(
      at10(
        "after the gemini outage drove everyone here, we've reset codex usage limits for all plans",
      ),
      'reset_completed',
    );
    assert.equal(
      at10('We have reset usage limits for all plans, if you were blocked try again'),
      'reset_completed',
    );
  });

  test('a post that says the reset is of something else than codex usage is not published', () => {
    // Held until rules-2.13.72; since rules-2.13.73 "the leaderboard resets" is the
    // leaderboard's own reset, and reads as none.
    assert.equal(
      at10(
        'hackathon folks: the leaderboard resets saturday at noon so weekend teams get a fair shot. this is about the scoreboard, not your codex usage',
      ),
      'none',
    );
  });

  test('other words for a reset of limits: full again, a wiped slate', () => {
    assert.equal(
      at10("by the time you're back from lunch friday (PT) your codex limits will be full again"),
      'reset_scheduled',
    );
    assert.equal(
      at10('wiped the slate on codex usage for all plans. sorry about the mess'),
      'reset_completed',
    );
    assert.equal(at10('limits are back to full for everyone'), 'reset_completed');
    // Not the cycle of one window, nor anything else that is full.
    assert.equal(at10('your weekly limit is full again on monday, as always'), 'none');
    assert.equal(at10('my inbox is full again after the holiday'), 'none');
    assert.equal(at10('wiped the slate on my whiteboard for the planning session'), 'none');
  });

  test('a reset called off in words', () => {
    assert.equal(
      at10(
        "update on the reset we floated tuesday: we're not going to do it after all. the fix shipped",
      ),
      'none',
    );
    assert.equal(
      at10('about the limit reset: we decided against it, the bug never hit limits'),
      'none',
    );
  });

  test('a sentence of nothing but a time ahead, right after the reset, is its time', () => {
    assert.equal(
      at10('the thanksgiving reset is back this year. wednesday morning PT, all plans 🦃'),
      'reset_scheduled',
    );
    const result = classify(
      'the thanksgiving reset is back this year. wednesday morning PT, all plans',
      {
        createdAt: MORNING,
      },
    );
    assert.equal(result.reset?.scheduleBasis, 'explicit');
    // A reset said to be done stays done; a time followed by other words is another event's.
    assert.equal(
      at10('we have reset usage limits. monday morning PT, all plans.'),
      'reset_completed',
    );
    assert.equal(
      at10("we reset everyone's limits. tomorrow 9am PT, the new model."),
      'reset_completed',
    );
  });
});

describe('threads, read as people do (issue 18)', () => {
  const PARENT_ID = '2000000000000000000';

  test('a reply in his own thread naming the type and a deadline carries the record, published', () => {
    const result = classify('Banked, landing by EOD.', {
      inReplyToId: PARENT_ID,
      parentText: 'Usage reset incoming for all paid users.',
      parentHandle: 'thsottiaux',
    });
    assert.equal(result.review, false);
    assert.equal(result.reset?.kind, 'reset_scheduled');
    assert.equal(result.reset?.resetType, 'banked');
    assert.deepEqual(result.reset?.scheduleWindow, {
      startAt: SUMMER_AFTERNOON,
      endAt: '2026-07-10T06:59:59.999Z',
    });
  });

  test('a reply in his own thread that adds nothing about the reset is not a second record', () => {
    const result = classify('Have a great weekend everyone.', {
      inReplyToId: PARENT_ID,
      parentText: 'We have reset usage limits for all paid users.',
      parentHandle: 'thsottiaux',
    });
    assert.equal(result.reset, null);
  });

  test('a reply in his own thread whose time is another event\'s ("See you tomorrow") is not a second record (rules-2.2.0)', () => {
    for (const parentText of [
      'We have reset usage limits for all paid users.',
      'Usage reset incoming for all paid users.',
    ]) {
      assert.deepEqual(
        classify('See you all tomorrow for the next one!', {
          inReplyToId: PARENT_ID,
          parentText,
          parentHandle: 'thsottiaux',
        }),
        none('a reply in his own thread that adds nothing about the reset'),
        parentText,
      );
    }
    // A time with no event of its own is the reset's; beside another event's, it still is.
    for (const [text, endAt] of [
      ['Will be live by 6pm PT.', '2026-07-10T01:00:00.000Z'],
      ['Lands within the hour. See you tomorrow for the next one!', '2026-07-09T23:30:00.000Z'],
    ] as const) {
      const result = classify(text, {
        inReplyToId: PARENT_ID,
        parentText: 'Usage reset incoming for all paid users.',
        parentHandle: 'thsottiaux',
      });
      assert.equal(result.review, false, text);
      assert.deepEqual(result.reset?.scheduleWindow, { startAt: SUMMER_AFTERNOON, endAt }, text);
    }
  });

  test('a reply to someone else is held when only its parent speaks of the reset', () => {
    const result = classify('Tomorrow, 10am PT.', {
      inReplyToId: PARENT_ID,
      parentText: 'When is the next reset?',
      parentHandle: 'someone',
    });
    assert.equal(result.review, true);
    assert.equal(result.reset?.kind, 'reset_scheduled');
  });

  test('a joke reply about past resets is not an announcement', () => {
    const result = classify('We reset limits so often we should rename the company.', {
      inReplyToId: PARENT_ID,
      parentText: 'Tibo drops a reset every time the model gets slow.',
      parentHandle: 'someone',
    });
    assert.equal(result.reset, null);
  });

  test('a reply to someone else that announces in its own words is read as a post, a notch less sure', () => {
    const result = classify('@someone We have reset usage limits for all paid users.', {
      inReplyToId: PARENT_ID,
      parentText: 'Limits are drained again.',
    });
    assert.equal(result.review, false);
    assert.equal(result.reset?.confidence, 0.85);
    assert.equal(result.reasons.at(-1), 'a reply to someone else');
  });
});

test('the options: REVIEW_BELOW holds what is below it', () => {
  const strict = classifyPost(post('Usage limit reset incoming.'), {
    ...DEFAULT_CLASSIFIER_OPTIONS,
    reviewBelow: 0.95,
  });
  assert.equal(strict.review, true);
  assert.match(strict.reasons[0]!, /^confidence 0.9 is below 0.95$/);
});

describe('rounds 84 and 85: a month, near misses (rules-2.13.7)', () => {
  test('"neither" denies the reset; resets counted with "more … than"', () => {
    assert.equal(
      at10(
        "people keep asking why there's both a 5h window and a weekly limit. the weekly one is the actual budget. neither resets at midnight, they roll from your first use",
      ),
      'none',
    );
    assert.equal(
      at10("we've done more resets this month than i'd like. more tests going in"),
      'none',
    );
    // Both windows reset, announced.
    assert.equal(
      at10('the weekly one and the 5h one both reset for everyone at 5pm PT today'),
      'reset_scheduled',
    );
  });

  test('a context, session or sandbox that gets reset is not usage', () => {
    assert.equal(
      at10(
        'context getting reset between sessions is by design. put the stuff you want codex to remember in AGENTS.md',
      ),
      'none',
    );
    assert.equal(at10('your sandbox gets reset every night'), 'none');
    assert.equal(at10('your codex limits get reset at 5pm PT today'), 'reset_scheduled');
  });

  test('resets talked about internally, and banked resets that expire, announce nothing', () => {
    assert.equal(
      at10(
        "banked resets for everyone is something we've talked about internally. nothing to announce yet",
      ),
      'none',
    );
    assert.equal(
      at10(
        'reminder: the banked resets from the october incident expire end of december. if you still have one, use it',
      ),
      'none',
    );
    // A banked reset given today, with when it expires: given today, not in 30 days.
    const given = classify("we're giving everyone a banked reset today that expires in 30 days", {
      createdAt: MORNING,
    });
    assert.equal(given.review, false);
    assert.deepEqual(
      [given.reset?.kind, given.reset?.resetType, given.reset?.effectiveAt],
      ['reset_completed', 'banked', null],
    );
  });

  test('other words for a reset: refilling usage, restoring limits, people back at full', () => {
    assert.equal(
      at10("after this morning's outage we'll refill everyone's usage by EOD PT"),
      'reset_scheduled',
    );
    assert.equal(
      at10("we know, and we're sorry. restoring everyone's limits friday morning PT"),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        "codex users: you're all back at full capacity on both 5h and weekly. courtesy of this morning's rate limiter meltdown",
      ),
      'reset_completed',
    );
    // Not people: tasks back at full capacity.
    assert.equal(
      at10("codex cloud tasks are back to full capacity after this morning's degradation"),
      'none',
    );
  });
});

describe('rounds 87 and 88: near misses, replies (rules-2.13.8)', () => {
  test('what a reset is like is no announcement', () => {
    const answer = reply(
      'the banked reset is kind of that already. more controls coming, no dates yet',
      "any plans to add a 'reset my limit' button for paid users",
      'button_ben',
    );
    assert.equal(answer.reset, null);
    assert.equal(at10('a banked reset is similar to a global one, but you choose when'), 'none');
    assert.equal(at10('the reset is live for all plans'), 'reset_completed');
  });

  test('"if you got hit by …:" speaks to those affected; "if we fix …:" is a condition', () => {
    assert.equal(
      at10(
        "if you got hit by the outage: we're resetting your limits tonight. everyone else's too, why not",
      ),
      'reset_scheduled',
    );
    assert.equal(at10('if we fix the metering bug: reset tonight'), 'none');
  });

  test('a reply saying the reset went through is held with its parent', () => {
    const answer = reply(
      'real. all plans, went through around 8:40 PT this morning',
      'so was that reset real or did I imagine it',
      'bytebard',
    );
    assert.deepEqual([answer.reset?.kind, answer.review], ['reset_completed', true]);
    assert.equal(at10('we went through the logs and found the reset bug'), 'none');
  });
});

describe('rounds 86, 89 and 90: six weeks, a month, near misses (rules-2.13.9)', () => {
  test('"tomorrow am" is a morning; a holiday is a name, not a verb in -ing', () => {
    const terse = classify('reset tomorrow am PT.', { createdAt: MORNING });
    assert.equal(terse.reset?.kind, 'reset_scheduled');
    assert.deepEqual(terse.reset?.scheduleWindow, {
      startAt: '2026-11-20T14:00:00.000Z',
      endAt: '2026-11-20T20:00:00.000Z',
    });
    assert.equal(
      at10('confirmed: thanksgiving reset is happening. all plans, wednesday morning PT 🦃'),
      'reset_scheduled',
    );
    // Under way now, with a deadline after it: done, as before.
    assert.equal(
      at10('confirmed: the reset is rolling out now. all plans, by 11am PT'),
      'reset_completed',
    );
  });

  test('a past reset judged, a reset pushed for, and "nothing was reset" announce nothing', () => {
    assert.equal(
      at10("the halloween reset was fun but i don't think we can do one every holiday 😅"),
      'none',
    );
    assert.equal(
      at10(
        "if we can get the compaction bug fixed by tonight i'll push for a reset. no promises though",
      ),
      'none',
    );
    assert.equal(
      at10(
        'the usage page was showing stale numbers for some plus users, fixed now. your actual limits were never affected and nothing was reset',
      ),
      'none',
    );
    assert.equal(at10('we reset limits for everyone, the reset was a success'), 'reset_completed');
  });

  test('a banked reset kept "for later" names no time', () => {
    const live = classify(
      "ok it's live: global reset for everyone + a saved reset in your bank for later. enjoy",
      { createdAt: MORNING },
    );
    assert.deepEqual(
      [live.reset?.kind, live.reset?.resetType, live.review],
      ['reset_completed', 'global_and_banked', false],
    );
    assert.equal(at10("we're resetting limits later, after the deploy"), 'reset_scheduled');
  });
});

describe('rounds 91 to 94: two months, near misses, replies, other words (rules-2.13.10)', () => {
  test('what a banked reset is, an example, a reset called off, talk of another team', () => {
    assert.equal(
      at10(
        'quick explainer since people keep asking: a banked reset is one full reset sitting on your account. you choose when to spend it',
      ),
      'none',
    );
    assert.equal(
      at10(
        'we were going to reset limits friday alongside the launch but the rollout slipped, so the reset is off too. sorry all',
      ),
      'none',
    );
    assert.equal(
      at10(
        "image gen quotas in chatgpt got a refresh today. that's not codex though, different team",
      ),
      'reset_completed (held)',
    );
    const idea = reply(
      'e.g. a monthly banked reset for paid plans instead of ad hoc ones. nothing decided, just thinking out loud',
      'thinking about how to make resets more predictable',
      'thsottiaux',
    );
    // Held: the post says nothing is decided.
    assert.equal(idea.review, true);
  });

  test('his reply turning down a banked reset adds nothing to his global one', () => {
    const declined = reply(
      'a few of you asked about a banked one on top. not this time, this round was just the global',
      'global reset done this morning, all plans',
      'thsottiaux',
    );
    assert.equal(declined.reset, null);
    const answer = reply(
      'both plus and pro got it, plus business.',
      'Plus user here, did the reset hit Plus too or just Pro?',
      'rbhatt_dev',
    );
    assert.deepEqual([answer.reset?.kind, answer.review], ['reset_completed', true]);
  });

  test('"credited now" lands his banked reset; "by end of the week" is a deadline ahead', () => {
    const credited = reply(
      "credited now, check settings > usage. you've got 30 days to spend it",
      "we're giving everyone on plus and pro a banked reset this week 🏦",
      'thsottiaux',
    );
    assert.equal(credited.reset?.kind, 'reset_completed');
    const week = classify("we're crediting a banked reset to every account by end of the week", {
      createdAt: MORNING,
    });
    assert.equal(week.reset?.kind, 'reset_scheduled');
    assert.deepEqual(week.reset?.scheduleWindow, {
      startAt: '2026-11-19T18:00:00.000Z',
      endAt: '2026-11-23T07:59:59.999Z',
    });
  });

  test('other words: topped up, a banked refill, a fresh week, a do-over, fresh windows', () => {
    for (const [text, kind] of [
      ["topped everyone's codex limits back up to 100%. go build 🚀", 'reset_completed'],
      ['plus and pro: your codex tanks are topped up. go nuts', 'reset_completed'],
      ["gonna top everyone's codex limits back up tomorrow at 10am PT", 'reset_scheduled'],
      [
        "check your codex bank, there's one extra refill sitting in it now. spend it whenever you hit the wall",
        'reset_completed',
      ],
      ['fresh week for everybody, courtesy of the codex team', 'reset_completed'],
      ["do-over granted. everyone's codex weekly limit is full again", 'reset_completed'],
      ['doing a do-over on usage limits friday', 'reset_scheduled'],
      ['monday: fresh weekly codex limits for all plans, on the house', 'reset_scheduled'],
      ['rolling out now: fresh 5h + weekly windows for everyone on codex', 'reset_completed'],
      ['codex limits going back to 100% for plus, pro and business at noon PT', 'reset_scheduled'],
    ] as const) {
      assert.equal(read(text, MORNING).replace(' (held)', ''), kind, text);
    }
    // What a banked reset does, and wishes: not a reset of their own.
    assert.equal(at10('apply it in desktop app or web, it tops your weekly usage back up'), 'none');
    assert.equal(at10('your weekly limit is full again on monday, as always'), 'none');
  });
});

describe('rounds 95 to 98: five weeks, near misses, replies, other words (rules-2.13.11)', () => {
  test('a counter reset, another lab, a comparison, a session cleared without usage', () => {
    for (const text of [
      'days since last codex incident: 0 ↩️ resetting the counter. again.',
      'claude code just did a limits reset for their users and now my mentions are full of "your turn". lol',
      'another lab just handed out fresh limits to everyone. competition is good for users',
      'refilling the snack drawer on the codex floor has become more contested than resetting limits ever was',
      '/clear gives your session a fresh start without touching your usage. context gone, limits untouched',
      "update: calling off tomorrow's reset. turns out the bad requests were never metered",
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    // A condition with "fingers crossed, nothing's committed yet" is held, not published;
    // since rules-2.13.21 its "if" is read as the condition it is (its verb mistagged): none.
    assert.equal(
      at10(
        "if the new capacity in the second region comes up clean by friday, we'll do a reset for everyone. fingers crossed, nothing's committed yet",
      ),
      'none',
    );
  });

  test('"within the next couple of hours" is ahead, whatever else is under way now', () => {
    assert.equal(
      at10('resetting for everyone within the next couple of hours, the fix is deploying now'),
      'reset_scheduled',
    );
    // "rolling out over the next hour": under way now.
    const rolling = reply(
      "we're also resetting limits for all affected accounts, rolling out over the next hour",
      'a bug was overcounting usage for some cloud tasks since tuesday. fix is deploying now.',
      'thsottiaux',
    );
    assert.equal(rolling.reset?.kind, 'reset_completed');
  });

  test('more other words: topped off, sitting at 0% again, back at 100%, a free refill', () => {
    for (const [text, kind] of [
      ['usage meters are all sitting at 0% used again. consider it a thank-you', 'reset_completed'],
      [
        "edu + enterprise: you're back to full. we topped off workspace limits this morning",
        'reset_completed',
      ],
      [
        "everyone just got a free refill on codex. don't spend it all in one prompt",
        'reset_completed',
      ],
      [
        'clean slate coming monday for plus and pro: weekly usage goes to zero at 9am PT',
        'reset_scheduled',
      ],
      [
        'business and enterprise workspaces will be back at 100% first thing tomorrow morning',
        'reset_scheduled',
      ],
      ["going to top off everyone's codex usage at 2pm PT today. enjoy 🍔", 'reset_scheduled'],
      [
        'early thanksgiving gift: limits back to full next wednesday for plus, pro and team',
        'reset_scheduled',
      ],
      ['plus users: your refill is queued, lands at midnight PT', 'reset_scheduled'],
      ['every account is getting one banked top-up tomorrow', 'reset_scheduled'],
    ] as const) {
      assert.equal(read(text, MORNING).replace(' (held)', ''), kind, text);
    }
    // Not capacity, nor a session.
    assert.equal(at10('the cloud workers are back to full capacity after the outage'), 'none');
    assert.equal(at10('the workspaces are back to full speed after the outage'), 'none');
  });
});

describe('rounds 99 to 102: a month, near misses, replies, other words (rules-2.13.12)', () => {
  test('a reset almost done is none; "no reset today, but one is coming tomorrow" is held', () => {
    assert.equal(at10('we almost did a reset tonight. almost.'), 'none');
    assert.equal(
      at10('no reset today, but one is coming tomorrow once the capacity rollout finishes'),
      'reset_scheduled (held)',
    );
    assert.equal(at10('no reset today, sorry'), 'none');
  });

  test('replies naming the plans or the type asked about; "done ✅" under his own schedule', () => {
    const plans = reply(
      'business and enterprise too, should already show full on your end',
      'did the reset include Business seats or just Plus/Pro?',
      'rustacean_rae',
    );
    assert.deepEqual([plans.reset?.kind, plans.review], ['reset_completed', true]);
    const done = reply(
      'done ✅ everyone should be back to full',
      "resetting everyone's limits tomorrow morning, details soon",
      'thsottiaux',
    );
    assert.equal(done.reset?.kind, 'reset_completed');
  });

  test('other words: zeroed out a few minutes ago, a mulligan, top up every account, the limit wipe', () => {
    for (const [text, kind] of [
      [
        "zeroed out everyone's weekly codex usage a few minutes ago. clean slate 🧼",
        'reset_completed',
      ],
      [
        "after yesterday's outage we gave every codex user a mulligan. your weekly limit has been full again since this morning",
        'reset_completed',
      ],
      [
        "tonight around 6pm PT we'll top up every codex account to full. pro, plus, business, all of it",
        'reset_scheduled',
      ],
      ['and yes, the limit wipe is still on for tonight. around 8pm PT', 'reset_scheduled'],
    ] as const) {
      assert.equal(read(text, MORNING).replace(' (held)', ''), kind, text);
    }
    assert.equal(at10('took a mulligan on that golf shot'), 'none');
  });
});

describe('rounds 103 to 106: six weeks, near misses, replies, unusual shapes (rules-2.13.13)', () => {
  test('a reset talked about, looked into, lobbied for, or a policy announces nothing', () => {
    for (const text of [
      "we talked about doing a reset after yesterday's latency issues. decided against it",
      "looking into a banked reset for folks hit by tuesday's auth bug. still figuring out if it's feasible",
      "pondering whether to do a reset friday. the answer is probably no, but i'm pondering",
      "if we can get cloud queue times under a minute by friday i'll lobby hard for a reset. no promises",
      "we only reset when we've caused you to lose usage. it's not a marketing lever",
      'someone on infra reset the gpu quota dashboards and now every graph looks like a cliff',
      'git stash, then tell it to reset to the last good commit and re-plan',
      "mitigated. we're checking whether anyone lost meaningful usage, and if so we'll figure out a reset",
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.equal(
      at10(
        "We're not exploring a reset anymore, we're doing one: a global limit reset is coming Monday.",
      ),
      'reset_scheduled',
    );
  });

  test('his reply calling off his own announced reset is held, so the operator is told', () => {
    const off = reply(
      'update: the fix is getting rolled back, so no reset today. will post again when we know more',
      "we'll reset everyone's limits this afternoon after the fix ships",
      'thsottiaux',
    );
    assert.equal(off.review, true);
    assert.match(off.reasons.join(' | '), /his reply calls off the reset his post announced/);
    // Under a post that announced nothing, it is nothing.
    const nothing = reply(
      'no reset today',
      'cloud tasks are degraded, looking into it',
      'thsottiaux',
    );
    assert.equal(nothing.reset, null);
  });

  test('shapes: a question answered yes, a list item with its time, a gerund with its day, typos', () => {
    assert.equal(
      at10("did we just reset everyone's codex limits? yes. yes we did."),
      'reset_completed',
    );
    assert.equal(
      at10(
        "this week's list:\n1. fix the compaction bug ✅\n2. reset everyone's limits — tomorrow 9am PT",
      ),
      'reset_scheduled',
    );
    const monday = reply(
      'yes, resetting on monday once the fix is out to everyone',
      "any chance of a reset after today's mess?",
      'ngozi_dev',
    );
    assert.equal(monday.reset?.kind, 'reset_scheduled');
    assert.equal(at10("we'll be reseting limits tommorow morning"), 'reset_scheduled');
    assert.equal(
      at10('ok resset is done for plus and pro, business/enterprise finishng in a few min'),
      'reset_completed',
    );
  });
});

describe('rounds 107 to 110: a month, near misses, replies, other words (rules-2.13.14)', () => {
  test('holding off, password resets, a banked reset got in october', () => {
    for (const text of [
      "we had a plus reset pencilled in for tonight but the fix got pushed to next week, so we're holding off",
      'password resets go through your chatgpt account settings, not through me',
      'reminder: the banked reset you got in october is still sitting there if you never used it',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    const off = reply(
      "change of plans: we're holding off on friday's reset, the capacity isn't there yet",
      'resetting limits friday 10am PT for all plans',
      'thsottiaux',
    );
    assert.equal(off.review, true);
  });

  test('other words: a full tank, refreshed windows, a spare refill, a do-over on the cap, a recharge', () => {
    for (const [text, kind] of [
      [
        "once the migration wraps on monday morning we're giving everyone a full tank on codex. all plans",
        'reset_scheduled',
      ],
      [
        "everyone's 5h and weekly codex windows have been refreshed. thanks for bearing with us",
        'reset_completed',
      ],
      ['dropped a spare refill into every plus/pro account', 'reset_completed'],
      ['just gave all codex users a do-over on their weekly cap', 'reset_completed'],
      ['pro folks, your codex limits get a full recharge tomorrow at 10am PT', 'reset_scheduled'],
    ] as const) {
      assert.equal(read(text, MORNING).replace(' (held)', ''), kind, text);
    }
    assert.equal(
      at10(
        "no, unused usage doesn't roll over when limits get wiped. it's a refill, not a savings account",
      ),
      'none',
    );
  });
});

describe('rounds 111 to 114: five weeks, near misses, replies, other words (rules-2.13.15)', () => {
  test('the "me: … also me" meme is held; a changelog line "no longer resets" is none', () => {
    assert.equal(
      at10('me: we should stop doing resets. also me, two hours after a bug: resetting everyone'),
      'reset_completed (held)',
    );
    assert.equal(
      at10('- fix: `codex login` no longer resets your selected model to the default'),
      'none',
    );
  });

  test('other words: an allowance restored, usage bars at 0% for everyone; a flipped reply', () => {
    assert.equal(
      at10(
        "tonight around 8pm PT we're restoring everyone's codex allowance to 100%. cli, ide, web",
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10('usage bars at 0% for everyone. yes, on purpose. happy thursday'),
      'reset_completed',
    );
    const flipped = reply(
      'no, thursday — so today. flipping it on around noon PT',
      'resetting limits friday?',
      'orbitdev',
    );
    assert.deepEqual([flipped.reset?.kind, flipped.review], ['reset_scheduled', true]);
  });
});

describe('rounds 115 to 122: a month, near misses, replies, other words (rules-2.13.16)', () => {
  test('words said or asked of someone, a time recalled, what any account has: none', () => {
    for (const text of [
      "my therapist asked what i do to unwind and i said reset everyone's codex limits and watch the graphs",
      "someone told me to reset everyone's limits",
      'last time I announced a reset at 4pm on a friday the graphs looked like a cliff face. never again lol',
      "new accounts start with fresh limits, so no, making a second account doesn't get you anything",
      'the new plan comes with a fresh weekly allowance',
      'we reset the days-since-last-incident counter this morning. postmortem going up later today',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
  });

  test('a reset by hand with a pencil is a joke; a done reset dated a day gone by is held', () => {
    assert.equal(
      at10(
        "yes, I personally reset everyone's limits by hand, one account at a time, with a pencil. that's why it takes so long",
      ),
      'reset_completed (held)',
    );
    assert.equal(at10('we reset limits for all plans on nov 18'), 'reset_completed (held)');
    assert.equal(at10("we're resetting limits for all plans on nov 20"), 'reset_scheduled');
  });

  test('the time of the cause, of a relative clause or of another sentence is not the reset’s', () => {
    for (const text of [
      "We've reset Codex rate limits for all users to make up for the degraded performance yesterday. Enjoy",
      "quick wednesday→thursday recap since a lot happened: the new cloud task view is out to everyone. also reset everyone's codex usage limits about an hour ago since the queue backlog made tasks run twice.",
      '5h + weekly windows wiped clean for everyone who used codex this week. already live, no action needed.',
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    // "We reset … after the outage yesterday": the simple past may be yesterday's reset.
    assert.equal(
      at10('We reset Codex rate limits for all users after the outage yesterday.'),
      'none',
    );
  });

  test('ahead: by EOW, a heading "upcoming", a fragment of whom and when after "it\'s a reset"', () => {
    for (const text of [
      'Meters zeroed by EOW for all Codex users. Promise.',
      '## upcoming (v0.64 / Nov 20)\n- new: /review command in the cli\n- limits: one-time reset of weekly usage for all plans at release',
      "it's a rate limit reset. Business and Edu, around 6pm PT tonight.",
      'Monday morning: fresh weekly allowance for everyone on Codex.',
      'gonna rest everyones limts tonite, dont burn your week on the flaky bugfix plz',
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
    // Under a heading that is no plan, a list item is not scheduled by it.
    assert.equal(
      at10(
        'things people asked for this week, ranked:\n1. better windows support\n2. another limits reset\n3. dark mode for the web ui\nwe hear you on all three',
      ),
      'reset_completed (held)',
    );
  });

  test('done: a reset named, then whom or "go build"; typos; other words', () => {
    for (const text of [
      'limits reset. go build.',
      'limits reset. all plans. ✅',
      'jsut reste everyones codex limtis, typing on my phone at the airport lol',
      'Weekly counter rolled back to zero for all Codex users as of a few minutes ago.',
      'Tank topped off for every Codex user ⛽ drive safe',
      'fresh tank of codex usage for business + enterprise + edu, live now',
      'wiped the slate: codex usage meters for every plan start from scratch as of right now',
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    assert.equal(
      at10('weekly limits reset. that is just how the window works.'),
      'reset_completed (held)',
    );
    assert.equal(at10('Apply it whenever you want your weekly usage topped back up'), 'none');
  });

  test('his reply calling it off without naming the reset is held; moving it is its new time', () => {
    const off = reply(
      "update: calling this off, we need the capacity for tomorrow's launch. sorry all",
      "going to reset everyone's limits tonight",
      'thsottiaux',
    );
    assert.deepEqual([off.reset?.kind, off.review], ['reset_scheduled', true]);
    assert.match(off.reasons[0]!, /calls off/);
    const moved = reply(
      'update: pushing it to 9pm PT',
      "going to reset everyone's limits tonight",
      'thsottiaux',
    );
    assert.deepEqual(
      [moved.reset?.kind, moved.review, moved.reset?.effectiveAt],
      ['reset_scheduled', false, '2026-11-20T05:00:00.000Z'],
    );
  });
});

describe('rounds 123 to 126: five weeks, near misses, replies, other words (rules-2.13.17)', () => {
  test('his reply calling it off is held whatever else it says; moving it says so', () => {
    for (const [text, parent] of [
      [
        'calling this off, sorry. turns out the usage spike was abuse and a reset would just feed it. will revisit next week',
        'planning to reset all codex limits EOD today',
      ],
      [
        'scratch that, infra fire. not happening tomorrow, will update when I know more',
        'codex limits reset at 9 sharp PT tomorrow',
      ],
    ] as const) {
      const off = reply(text, parent, 'thsottiaux');
      assert.deepEqual(
        [off.review, off.reasons],
        [
          true,
          [
            'his reply calls off the reset his post announced: `ops dismiss` the record of his post?',
          ],
        ],
        text,
      );
    }
    const moved = reply(
      "update: pushing this to tomorrow 9am PT. we need to fix a metering bug first so it doesn't immediately eat the reset",
      'Reset going out at 2pm PT today for Plus and Pro',
      'thsottiaux',
    );
    assert.equal(moved.review, true);
    assert.match(moved.reasons[0]!, /moves the reset .* `ops correct`/);
  });

  test('his "and it\'s done" under his timed reset is done, however long it takes to show', () => {
    const done = reply(
      "and it's done. if your admin dashboard still shows the old usage give it a few minutes",
      'Reset for Enterprise and Edu workspaces at 4pm PT.',
      'thsottiaux',
    );
    assert.deepEqual([done.reset?.kind, done.review], ['reset_completed', false]);
  });

  test('a first time recalled, a reset that dates another time, a reset held back: none', () => {
    for (const text of [
      "the first time I reset everyone's limits I did it at 1am from my phone and then couldn't sleep",
      "the irony of not touching codex the weekend after I reset everyone's limits is not lost on me",
      "Update on tonight: we're holding the reset. Found a metering discrepancy.",
    ]) {
      assert.equal(at10(text), 'none', text);
    }
  });

  test('when: the same time in another zone after "which is", a present passive with a day ahead, "~8pm PT"', () => {
    assert.equal(
      at10(
        'Heads up for EU folks: usage limit reset goes out tomorrow at 10am PT, which is 19:00 CET. Plus, Pro and Business.',
      ),
      'reset_scheduled',
    );
    assert.equal(at10('limits are reset for everyone on monday'), 'reset_scheduled');
    assert.equal(at10('limits are reset for everyone as of this morning'), 'reset_completed');
    assert.equal(at10("(it's a full usage reset. ~8pm PT, all tiers)"), 'reset_scheduled');
  });

  test('other words: the windows back to full for whom, zero their limits, meters roll back to zero', () => {
    assert.equal(
      at10('5h + weekly back to full for all paid plans, Pro included.'),
      'reset_completed',
    );
    assert.equal(at10('your weekly is back to full on monday'), 'none');
    assert.equal(
      at10('heads up: codex meters roll back to zero monday am for Plus and Pro.'),
      'reset_scheduled',
    );
    assert.equal(
      at10("once the fix is out tonight we'll zero everyone's codex limits"),
      'reset_scheduled',
    );
    assert.equal(at10('we saw zero usage on the free tier'), 'none');
  });
});

describe('rounds 127 to 130: six weeks, near misses, replies, other words (rules-2.13.18)', () => {
  test('another thing reset, a copula after an idiom verb, a weekday’s reset told of, every reset we did: none', () => {
    for (const text of [
      'Turned out a cron job resets a fixture DB at 9am PT and the test assumed a clean slate.',
      'had to reset my phone this morning and the first thing I checked after restoring was my codex usage',
      "Tuesday's reset for Pro confused some folks: your weekly window started fresh then. Nothing new today.",
      'Every reset we did this fall was a capacity decision, not a marketing one.',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.equal(at10("Monday's reset went out to everyone, enjoy"), 'reset_completed');
  });

  test('ahead: "~2h from now", a day that is the subject, a reset "before standup tomorrow"', () => {
    assert.equal(at10("~2h from now we're zeroing everyone's codex usage."), 'reset_scheduled');
    assert.equal(
      at10('Monday 🗓️ = fresh codex limits for everyone. Not a drill.'),
      'reset_scheduled',
    );
    assert.equal(at10('limits getting reset before the launch tomorrow'), 'reset_scheduled');
    assert.equal(
      at10('Weekly + 5h windows getting refreshed before standup tomorrow. Plus / Pro / Business.'),
      'reset_scheduled (held)',
    );
  });

  test('his "rolling out now" under his reset by EOD is done; typos and quotas refreshed', () => {
    const now = reply(
      'rolling out now, should hit everyone within the hour',
      "We're doing a reset by EOD",
      'thsottiaux',
    );
    assert.deepEqual([now.reset?.kind, now.review], ['reset_completed', false]);
    assert.equal(at10("just rest evryone's codex limits, enjoy"), 'reset_completed');
    assert.equal(at10("Codex quotas refreshed. That's the tweet."), 'reset_completed (held)');
  });
});

describe('rounds 131 to 134: five weeks, near misses, replies, other words (rules-2.13.19)', () => {
  test('a reset under way now stays so under a heading of the week', () => {
    assert.equal(
      at10(
        'Shipping notes this week:\n- /review now works on uncommitted changes\n- CLI startup ~40% faster\n\nAnd because yesterday was rough: a limits reset is rolling out now for Plus and Pro. Should reach everyone within the hour.',
      ),
      'reset_completed',
    );
  });

  test('limits "refreshed" are read by the grammar as "reset": their tense, and a time opening the sentence', () => {
    assert.equal(
      at10('Codex rate limits will be refreshed for Pro & Business at 1600 hours PT today.'),
      'reset_scheduled',
    );
    assert.equal(
      at10('Business and Enterprise folks: your Codex limits are refreshed as of now.'),
      'reset_completed',
    );
    assert.equal(
      at10('Within the hour, Codex limits get fully refreshed once more.'),
      'reset_scheduled',
    );
    assert.equal(at10('our limits page was refreshed with a new design'), 'reset_completed (held)');
  });

  test('the time I reset, "RESET? not today": none or held', () => {
    const recalled = reply(
      "reminds me of the time I reset everyone's limits from a trailhead on my phone. do not recommend",
      'Spent the morning walking around the Presidio.',
      'thsottiaux',
    );
    assert.equal(recalled.reset, null);
    assert.equal(
      at10(
        'RESET? not today. Codex limits stay as-is while we fix the metering bug, so the next reset actually sticks',
      ),
      'reset_completed (held)',
    );
    assert.equal(
      at10('by the time we reset limits tomorrow the fix will be out'),
      'reset_scheduled',
    );
  });

  test('other words: usage given back, square one, "resett", an aside after the object', () => {
    for (const text of [
      'gave everyone their codex usage back. go build',
      'Codex usage: back to square one for everyone (the good kind of square one)',
      'just resett everyones codex limts, go wild',
      "that was me clearing everyone's codex rate limits btw. all plans, done",
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    assert.equal(
      at10(
        "we'll be giving everyone their weekly codex allowance back tonight when the clock strikes midnight PT",
      ),
      'reset_scheduled',
    );
  });
});

describe('rounds 135 to 138: six weeks, near misses, replies, other words (rules-2.13.20)', () => {
  test('a window that "resets 5h later", a question without its mark: none', () => {
    assert.equal(
      at10(
        'quick explainer:\n- 5h window starts at your first message and resets 5h later\n- nothing magic',
      ),
      'none',
    );
    assert.equal(at10('hmm should we do a reset...'), 'none');
  });

  test('when: a clock time in four figures, "after lunch" before a bare verb', () => {
    // Only four figures before "hours" or a zone are a clock time: not a year.
    assert.equal(
      readText('at 2300 UTC today, 1600 hours PT for some. in 2026 we shipped 2000 things').all,
      'at 23:00 utc today, 16:00 pt for some. in 2026 we shipped 2000 things',
    );
    const wiped = classify(
      "at 2300 UTC today we wipe everyone's codex usage. that's 3pm for the west coast folks",
      {
        createdAt: MORNING,
      },
    );
    assert.deepEqual(
      [wiped.reset?.kind, wiped.review, wiped.reset?.effectiveAt],
      ['reset_scheduled', false, '2026-11-19T23:00:00.000Z'],
    );
    assert.equal(
      at10(
        "after lunch (pacific) we hand everyone their limits back. don't say i never gave you anything",
      ),
      'reset_scheduled',
    );
  });

  test('his "we\'re doing it right now instead" under his reset for tomorrow is done', () => {
    const now = reply(
      "scratch that, we're doing it right now instead. Should be live for everyone within 10 minutes.",
      'Limits reset tomorrow for all plans',
      'thsottiaux',
    );
    assert.deepEqual([now.reset?.kind, now.review], ['reset_completed', false]);
  });

  test('other words: windows refilled past a "+", a refill named first, budgets got back', () => {
    for (const [text, kind] of [
      ["by EOD we're refilling everyone's weekly + 5h windows.", 'reset_scheduled'],
      ['refill incoming tonight, ~9pm PT, all plans 🌙', 'reset_scheduled'],
      [
        'tomorrow morning everyone gets their codex budget back. plan your big refactors accordingly',
        'reset_scheduled',
      ],
      [
        'rolling the refill out now, should land on every account over the next ~20 min.',
        'reset_completed',
      ],
    ] as const) {
      assert.equal(at10(text), kind, text);
    }
    assert.equal(
      at10("no, unused usage doesn't roll over. it's a refill, not a savings account"),
      'none',
    );
  });
});

describe('a heads-up of a reset read as done (rules-2.13.20)', () => {
  test('is held, unless its verb or time says it is done', () => {
    assert.equal(
      at10(
        'Heads up to team workspaces: Business, Enterprise and Edu limits get reset at 17:00 UTC today.',
      ),
      'reset_completed (held)',
    );
    assert.equal(
      at10("Heads up: we've wiped the 5-hour and weekly usage counters for all users."),
      'reset_completed',
    );
    assert.equal(
      at10("Heads up: we reset everyone's Codex usage earlier today after the billing bug."),
      'reset_completed',
    );
  });
});

describe('rounds 139 to 142: six weeks, near misses, replies, other words (rules-2.13.21)', () => {
  test('a habit, "not a one-off reset", what I am told, a question by its opening, a weekday’s reset that covered: none', () => {
    for (const text of [
      'Occasionally we reset everyone manually (usually after an incident), but that is the exception, not the mechanism.',
      'Starting today, Plus users get ~50% more Codex usage per 5h window. This is a permanent change to the limits, not a one-off reset.',
      "I'm told the weekly codex limit reset has become an actual holiday in some discords.",
      "most asked question in my DMs: when's the next reset. truthful answer: I don't know yet",
      "For anyone who missed it: Monday's reset covered the 5h and weekly windows only.",
      'how we decide on a global reset:\n1. did a bug eat usage you got no value from',
    ]) {
      assert.notEqual(at10(text), 'reset_completed', text);
      assert.notEqual(at10(text), 'reset_scheduled', text);
    }
  });

  test('an "if" opening a promise, its verb mistagged, is a condition; not one speaking to those affected', () => {
    assert.equal(
      at10(
        "If Codex cloud hits 1M tasks in a single day this month I will personally reset everyone's limits.",
      ),
      'none',
    );
    assert.equal(
      at10(
        "if you got hit by the outage: we're resetting your limits tonight. everyone else's too",
      ),
      'reset_scheduled',
    );
  });

  test('under way "as I type this"; a time after a fragment of whom; "reest"; meters that return to zero', () => {
    assert.equal(
      at10(
        'The great un-throttling has begun. Limits going back to full for all Codex users as I type this.',
      ),
      'reset_completed',
    );
    assert.equal(at10("(it's a usage reset. all tiers. around 5pm PT)"), 'reset_scheduled');
    assert.equal(
      at10('reest done. sorry for the rough week, enjoy a full weekly window on us'),
      'reset_completed',
    );
    assert.equal(
      at10(
        'BREAKING: Codex Usage Meters Return To Zero, Developers Rejoice\n\n(this is real, we pushed it ~10 min ago)',
      ),
      'reset_completed (held)',
    );
  });
});

describe('rounds 143 to 146: five weeks, near misses, replies, other words (rules-2.13.22)', () => {
  test('what a global reset does, congrats on another’s refresh, a reset pushed with no date: none', () => {
    for (const text of [
      "A global reset just sets both back to full for everyone, it doesn't change when your windows roll.",
      'Congrats to the Gemini CLI folks on the quota refresh, healthy competition is good for everybody 🤝',
      "Update on the reset I mentioned earlier this week: we have to push it, the capacity isn't there yet. I'll say more when I have a date.",
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.equal(at10('we have to push the reset to monday, sorry'), 'reset_scheduled');
  });

  test('ahead: a reset ETA, a time after a named reset (not a list’s items), "in ~2 hours till", "by the time you’re back"', () => {
    for (const text of [
      'Codex usage reset ETA: end of day. all tiers incl. Business/Enterprise/Edu',
      'spoiler: full codex limits reset for everybody. around 4pm PT',
      "t-minus ~2 hours till we zero out everybody's codex usage. Plus & Pro first",
      "by the time you're back from lunch, everyone's codex meter is back at full 🔄",
      'Codex weekly limits are getting a do-over for everyone come Monday morning.',
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
    assert.equal(
      at10('poll 🗳️ best time for a limits reset:\n• monday 9am\n• wednesday noon\n• friday 5pm'),
      'reset_completed (held)',
    );
  });

  test('his "done, a little earlier than EOD" under his reset by EOD; windows full again; an allowance topped up', () => {
    const early = reply(
      'done, a little earlier than EOD 🙂',
      'Doing a reset of Codex limits by EOD',
      'thsottiaux',
    );
    assert.deepEqual([early.reset?.kind, early.review], ['reset_completed', false]);
    assert.equal(
      at10(
        'Fresh slate for everyone on Codex. Your weekly + 5h windows are full again as of a few min ago.',
      ),
      'reset_completed',
    );
    assert.equal(
      at10("it's raining tokens ☔ everyone's codex allowance topped back up to full"),
      'reset_completed (held)',
    );
    assert.equal(at10('Apply it whenever you want your weekly usage topped back up'), 'none');
  });
});

describe('rounds 147 to 150: six weeks, near misses, replies, other words (rules-2.13.23)', () => {
  test('a thread’s numbering is not a word; a fraction is not a date; a day first or a heading’s time ahead of a bare "reset"', () => {
    assert.equal(
      at10("1/ Starting Monday we're resetting Codex usage for Plus and Pro."),
      'reset_scheduled',
    );
    assert.equal(at10("(2/3) starting monday we're resetting codex usage."), 'reset_scheduled');
    assert.equal(at10('1/2 of you got limits reset'), 'reset_completed (held)');
    assert.equal(at10('tomorrow 10am PT: codex reset, all plans'), 'reset_scheduled');
    assert.equal(at10('EOD: codex limits reset for everyone. you earned it'), 'reset_scheduled');
  });

  test('resets in general ahead, a reset "in another castle", limits reset on an internal harness: none', () => {
    for (const text of [
      "there will be more resets. I just can't tell you when",
      'thanks for asking! but your reset is in another castle 🍄',
      'we reset the rate limits on our internal eval harness overnight and it ran 40k tasks',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.equal(at10('there will be more resets tomorrow, all plans'), 'reset_scheduled');
    assert.equal(
      at10('the usage meter goes back to zero at midnight UTC every day'),
      'reset_scheduled (held)',
    );
  });

  test('his reply: "done ✅" last whatever day it names; done in words, denying a joke, is not a calling off', () => {
    const early = reply('monday came early. done ✅', 'Will reset limits on Monday', 'thsottiaux');
    assert.deepEqual([early.reset?.kind, early.review], ['reset_completed', false]);
    const deal = reply('done. monday it is', 'Will reset limits on Monday', 'thsottiaux');
    assert.equal(deal.reset?.kind, 'reset_scheduled');
    const out = reply(
      "went out early, everyone's reset now. the cake was a lie, the reset was not",
      "We're resetting codex limits tomorrow",
      'thsottiaux',
    );
    assert.deepEqual([out.reset?.kind, out.review], ['reset_completed', false]);
    const off = reply(
      'calling this off, sorry. a reset would just feed the abuse',
      'planning to reset all codex limits EOD today',
      'thsottiaux',
    );
    assert.equal(off.review, true);
    const now = reply('reset now. go build', 'reset when', 'someuser');
    assert.deepEqual([now.reset?.kind, now.review], ['reset_completed', true]);
  });

  test('other words: a clean slate on usage later today, a meter back to empty, a quota brand new or refilling, a full tank again, 🔄', () => {
    for (const text of [
      'gonna give everyone a clean slate on codex usage later today',
      'at midnight PT tonight your codex meter goes back to empty 🕛',
      "T-minus ~3 hours until everybody's codex quota refills ⏳",
      'tomorrow 10am PT ⏰ codex 🔄 all plans',
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
    for (const text of [
      'happy thursday, your codex quota is brand new',
      'clean slate 🧼 every Plus and Pro account has a full tank again',
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    for (const text of [
      'my car has a full tank again',
      'your weekly quota refills in 3 hours, hang in there',
      '🔄 syncing my dotfiles before the flight',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
  });
});

describe('rounds 151 to 154: six weeks, near misses, replies, other words (rules-2.13.24)', () => {
  test('a habit of "hourly resets", "what’s a banked reset", "every global reset is…", a poll: none', () => {
    for (const text of [
      'my kid found the reset button on the router. we now have hourly global resets at home',
      "- what's a banked reset",
      'every global reset is a real chunk of GPUs. this week we have no spare ones',
      'poll: if we gave you one banked reset, when would you actually use it?\n\n- immediately\n- hoard it forever',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.equal(
      at10("Poll's closed and you were very clear: global reset it is. Happening Monday 9am PT."),
      'reset_scheduled',
    );
    assert.equal(at10('every global reset is done, all plans'), 'reset_completed');
  });

  test('his "it’s out" under his reset in the next hour; a reply with the time just past or "another one dropped": held as done', () => {
    const out = reply(
      'it’s out. go wild',
      'limits reset will go out in the next hour',
      'thsottiaux',
    );
    assert.deepEqual([out.reset?.kind, out.review], ['reset_completed', false]);
    const asOf = reply(
      'everyone. business, enterprise, edu, plus, pro. all reset as of a few minutes ago',
      'any reset for Business seats too or only Pro?',
      'someuser',
    );
    assert.deepEqual([asOf.reset?.kind, asOf.review], ['reset_completed', true]);
    const another = reply(
      "you're welcome! another one dropped just now, for the folks hit by the outage",
      'thank you for the reset!!! 🙏',
      'someuser',
    );
    assert.deepEqual([another.reset?.kind, another.review], ['reset_completed', true]);
    const once = reply(
      "no promises. we'll see how capacity looks once it's out",
      'will you reset limits when the new model ships?',
      'someuser',
    );
    assert.equal(once.reset, null);
  });

  test('other words: usage given back to everybody, a budget handed back, limits "now full again", a full refill received, a fresh weekly bucket', () => {
    assert.equal(
      at10('We have give back all the usage to everybody on Codex, the limits is now full again'),
      'reset_completed',
    );
    assert.equal(
      at10('In the next hour we will give back all the Codex usage for everybody'),
      'reset_scheduled',
    );
    assert.equal(
      at10('Monday = fresh weekly bucket for every Codex user. Mark the calendar.'),
      'reset_scheduled',
    );
    assert.equal(
      at10('Codex team hands every user their weekly budget back'),
      'reset_completed (held)',
    );
    assert.equal(
      at10('CODEX USERS TO RECEIVE FULL REFILL FRIDAY, SOURCES CONFIRM'),
      'reset_scheduled (held)',
    );
    assert.equal(at10('gonna givve everyone thier codex limits back tmrw'), 'reset_scheduled');
    assert.equal(at10('the limits is full, sorry, try again next week'), 'none');
  });
});

describe('rounds 155 to 158: six weeks, near misses, replies, other words (rules-2.13.25)', () => {
  test('a reset refused or declined, "what if" limits refilled: none', () => {
    for (const text of [
      "I refused to reset everyone's limits today",
      '☑ politely declined to hand out fresh codex limits to everyone who asked in my DMs',
      'what if usage limits just refilled when you shipped something. merged PR = +10% weekly',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
  });

  test('ahead: under way once an event is out (an aside inside), a first sentence of only a time; a weekday’s incident is gone by', () => {
    assert.equal(
      at10(
        "we're resetting usage for everyone affected (which is basically everyone) once the fix is fully deployed",
      ),
      'reset_scheduled (held)',
    );
    assert.equal(
      at10('monday. every plus and pro account gets one banked reset in settings > usage'),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        "Codex team hands every subscriber a brand-new weekly allowance after Wednesday's hiccup",
      ),
      'reset_completed (held)',
    );
  });

  test('his reply moving the time when its own reset is only a time ("before we reset"); replies "already did it", "everyone."', () => {
    const moved = reply(
      "small change of plans: moving it to 3pm PT. want the fix out before we reset, otherwise you'd burn through it again",
      "We'll reset all Codex usage limits at noon PT today.",
      'thsottiaux',
    );
    assert.equal(moved.review, true);
    assert.match(moved.reasons.join(' '), /ops correct/);
    const countdown = at10("t-minus ~2 hours till we zero out everybody's codex usage");
    assert.equal(countdown, 'reset_scheduled');
    for (const [text, parent] of [
      ['already did it an hour ago, you’re late 😄', 'codex anniversary reset?? 👀'],
      ['everyone. plus, pro, business, edu. should already show', 'Is the reset only for Pro?'],
    ] as const) {
      const read = reply(text, parent, 'someuser');
      assert.deepEqual([read.reset?.kind, read.review], ['reset_completed', true], text);
    }
  });

  test('other words: accounts starting fresh on usage, limits of codex fresh again, usage given back to everybody, everyone put back at full, 🔄✅', () => {
    assert.equal(
      at10('Every Plus / Pro / Business account starts fresh on Codex usage as of right now'),
      'reset_completed (held)',
    );
    for (const text of [
      'the weekly limit of Codex is now fresh again for every people in Plus, Pro and Business',
      '🔄✅ codex limits → 0% used\n👥 everyone',
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    for (const text of [
      'Tomorrow we give back to everybody the full weekly limit of Codex, because of the bug',
      "we'll put everyone back at full by end of day",
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
    for (const text of [
      "new accounts start fresh on usage, that's how it works",
      "we'll put everyone back at full capacity once the GPUs land",
    ]) {
      assert.equal(at10(text), 'none', text);
    }
  });
});

describe('rounds 159 to 162: a timeline, near misses, replies, other words (rules-2.13.26)', () => {
  test('a counter reset, a command in backticks, a denial with an adverb in commas, "oh sure, let me just…": not published', () => {
    for (const text of [
      'days since last incident: 0\n\n(counter has been reset. again.)',
      'new in the CLI: `codex config reset` restores all defaults. does not, sadly, reset your usage limits',
      "we didn't, sadly, reset limits today",
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.equal(
      at10(
        'oh sure, let me just reset everyone’s limits every time someone replies "reset pls" to a post about my dog. that’s how capacity planning works 🙃',
      ),
      'reset_completed (held)',
    );
    assert.equal(at10('usage counters have been reset for everyone'), 'reset_completed');
  });

  test('ahead: a list item under a heading with a day ahead, under way "right after"; done: "is done since 1 hour"', () => {
    assert.equal(
      at10(
        'release notes (CLI ships tomorrow):\n• faster diff rendering\n• a full reset of usage for all plans',
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10('fix is deploying now and we’re resetting limits for all affected users right after'),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        'we have make all usage limit go back to full for every codex user, is done since 1 hour',
      ),
      'reset_completed',
    );
  });

  test('his reply reporting others’ "didn’t reset", or denying a reason, calls nothing off; "you got it all back" is held as done', () => {
    for (const [text, parent] of [
      [
        'some folks said their weekly didnt reset, we pushed a fix for those accounts',
        'did a reset this morning 🚀',
      ],
      [
        'and no, we did not reset it because I personally hit my own limit',
        'limits reset across the board',
      ],
    ] as const) {
      const read = reply(text, parent, 'thsottiaux');
      assert.equal(read.reset, null, text);
    }
    const back = reply(
      'perfect timing honestly, you got it all back',
      'i hit my limit 5 min before you announced the reset lmao',
      'someuser',
    );
    assert.deepEqual([back.reset?.kind, back.review], ['reset_completed', true]);
  });

  test('other words: limits refrehsed, meters given a hard wipe, the tank topped off for everyone', () => {
    for (const text of [
      'limits are refrehsed for evryone, enjoy the clean slate',
      'gave the usage meters a hard wipe. slate’s clean',
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    for (const text of ["we'll be topping off the tank for everyone by EOD today ⛽"]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
  });
});

describe('rounds 163 to 166: a timeline, near misses, replies, other words (rules-2.13.27)', () => {
  test('a new subject after "and" keeps its own verb; "your weekly limit goes back to zero in 5 days" is its cycle', () => {
    assert.equal(
      at10('turns out the metering bug was still live and a reset would just get eaten again.'),
      'reset_scheduled (held)',
    );
    assert.equal(at10('your weekly limit goes back to zero in 5 days'), 'none');
    assert.equal(
      at10('clean slate incoming: every codex weekly limit goes back to zero used at 5pm PT today'),
      'reset_scheduled',
    );
  });

  test('his reply "calling this one off" is held; a present under his reset to come is held', () => {
    const off = reply(
      'calling this one off, sorry. a reset would just get eaten again',
      'Planning to reset limits EOD',
      'thsottiaux',
    );
    assert.equal(off.review, true);
    assert.match(off.reasons.join(' '), /ops dismiss/);
    const onTop = reply(
      '+ everyone on Plus gets a banked reset on top, use it whenever you want',
      "we're resetting limits at noon PT",
      'thsottiaux',
    );
    assert.deepEqual([onTop.reset?.kind, onTop.review], ['reset_completed', true]);
    const done = reply(
      'done. everyone’s reset',
      'we’ll be resetting limits later today',
      'thsottiaux',
    );
    assert.deepEqual([done.reset?.kind, done.review], ['reset_completed', false]);
  });

  test('other words: a tank full again, meters back to zero "about 20 min ago", ↩️ 0%, a clean slate got, limits nuked, usage wiped clean', () => {
    for (const text of [
      "everyone's codex tank is full again. all plans",
      "oh and everyone's usage meters went back to zero about 20 min ago",
      'codex usage meters ↩️ 0% for everyone ✅ done',
      'check your usage page, everybody got a clean slate about an hour ago',
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    for (const text of [
      'codex limits getting nuked for everybody tonight fr',
      'COMING FRIDAY: Codex usage, wiped clean, every plan.',
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
  });
});

describe('rounds 167 to 170: a timeline, near misses, replies, other words (rules-2.13.28)', () => {
  test('internal dogfood quotas for employees with external limits unchanged; the reset button "you get to push": not published', () => {
    assert.equal(
      at10(
        "we're resetting internal dogfood quotas for employees tomorrow so everyone can hammer the new build. external limits unchanged",
      ),
      'reset_scheduled (held)',
    );
    const perk = reply(
      'bonus perk: you get to push the big red rate limit reset button yourself',
      'hiring for the codex team in SF and London. DMs open',
      'thsottiaux',
    );
    assert.equal(perk.reset, null);
  });

  test('a bare "reset" awaiting any event is ahead of it ("once it’s out"), not one already past', () => {
    assert.equal(
      at10('Fix is deploying now. Once it’s out we reset limits for all users.'),
      'reset_scheduled (held)',
    );
    assert.equal(
      at10(
        "Plan for the rest of today:\n1. finish rolling the new model out to Pro\n2. reset everyone's Codex limits once that's done, this evening PT",
      ),
      'reset_scheduled',
    );
  });

  test('other words: a fresh weekly + 5h bucket "already live", a full limit refill for every user, usage made zero again', () => {
    const bucket = reply(
      '^ fresh weekly + 5h bucket for every plus/pro account. already live',
      '🎁',
      'thsottiaux',
    );
    // Published since rules-2.13.42, which reads "every plus/pro" as users named (it was held:
    // "a reset of what?").
    assert.deepEqual([bucket.reset?.kind, bucket.review], ['reset_completed', false]);
    assert.equal(
      at10(
        'things happening tomorrow:\n☐ ship the new review mode\n☐ full limit refill for every codex user',
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10('We will make zero again the usage for everyone at end of this day'),
      'reset_scheduled',
    );
  });
});

describe('rounds 171 to 174: a timeline, near misses, replies, other words (rules-2.13.29)', () => {
  test('the counters of an internal dashboard, banked resets "only part of" a promo: none', () => {
    for (const text of [
      'we reset the counters on our internal tasks-per-day dashboard after moving to the new pipeline',
      'banked resets were only part of the october promo. there is nothing to redeem now',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
  });

  test('his post of only a verb ("Refilled.") read with the reply that names its object', () => {
    const joined = reply(
      '(codex limits. everyone. both windows. already live, go)',
      'Refilled.',
      'thsottiaux',
    );
    assert.deepEqual([joined.reset?.kind, joined.review], ['reset_completed', false]);
    const other = reply('(my plants, finally)', 'Refilled.', 'thsottiaux');
    assert.equal(other.reset, null);
  });

  test('other words: a clean slate for everyone on codex, meters emptied, a meter that now reads 0% used, refill szn', () => {
    assert.equal(
      at10('clean slate for everyone on codex. whatever you burned through this week is forgotten'),
      'reset_completed',
    );
    assert.equal(
      at10('every weekly meter on every plan now reads 0% used, go build'),
      'reset_completed',
    );
    for (const text of [
      'every meter gets emptied Monday morning, all plans',
      'refill szn drops EOD fr fr 🫡',
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
    assert.equal(at10('my usage page shows 0% used because I have not opened codex yet'), 'none');
  });
});

describe('rounds 175 to 178: a timeline, near misses, replies, other words (rules-2.13.30)', () => {
  test('sarcasm ("that is 100% how this works"), "that won’t be happening", limits that "stay where they are": not published', () => {
    assert.equal(
      at10(
        'yes, I will absolutely reset your limits because you tagged me 14 times. that is 100% how this works 🙃',
      ),
      'reset_scheduled (held)',
    );
    assert.equal(
      at10(
        "many of you were hoping we'd announce that we're resetting usage limits today, but nobody was overcharged, so that won't be happening",
      ),
      'none',
    );
    assert.equal(
      at10('reset incoming!!! ...to my sleep schedule. limits stay where they are lol'),
      'reset_scheduled (held)',
    );
  });

  test('his "and it’s done. way before EOD"; "it’s a reset. every plan, wednesday the 25th in the morning PT"; "it happened this morning"', () => {
    const early = reply(
      "and it's done. way before EOD bc the team is fast 🏃",
      'heads up: doing a global reset of codex usage at EOD',
      'thsottiaux',
    );
    assert.deepEqual([early.reset?.kind, early.review], ['reset_completed', false]);
    const gift = reply(
      "it's a reset. every plan, wednesday the 25th in the morning PT",
      'Thanksgiving gift incoming 🦃',
      'thsottiaux',
    );
    assert.deepEqual([gift.reset?.kind, gift.review], ['reset_scheduled', false]);
    const happened = reply(
      'not a rumor, it happened this morning. check /status in the cli',
      'is the reset real or just a rumor?',
      'someuser',
    );
    assert.deepEqual([happened.reset?.kind, happened.review], ['reset_completed', true]);
  });

  test('other words: weve rest the limts, everybody got topped up, a brand new weekly window, usage restoration for all seats', () => {
    assert.equal(at10('weve rest the limts for evryone, enjoy the extra room'), 'reset_completed');
    assert.equal(
      at10('refresh the page 👀 everybody got topped up about ten minutes ago'),
      'reset_completed',
    );
    for (const text of [
      'T-minus 3 hours until every Codex user gets a brand new weekly window ⏳',
      'Scheduled: usage restoration for all Codex seats, Sat 21 Nov, 09:00 PT. No action needed.',
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
  });
});

describe('rounds 179 to 182: a timeline, near misses, replies, other words (rules-2.13.31)', () => {
  test('the first reset told of, others’ hopes with "that’s not happening", "the reset replies" I see: none', () => {
    assert.equal(at10('Fun fact: our very first global reset was an accident.'), 'none');
    assert.equal(
      at10(
        "a lot of you were hoping we'd be announcing a fresh reset of the weekly limits today. but that's not happening this time.",
      ),
      'none',
    );
    const replies = reply(
      'also yes I see the reset replies in my mentions. no comment 🤐',
      'hiring for codex infra in SF & London. DM me',
      'thsottiaux',
    );
    assert.equal(replies.reset, null);
  });

  test('his "this is done ✅ … now" under his reset later today; a weekday’s double-metering is gone by', () => {
    const done = reply(
      'this is done ✅ all plans should be at 0 usage now',
      'Resetting rate limits for all Codex users later today.',
      'thsottiaux',
    );
    assert.deepEqual([done.reset?.kind, done.review], ['reset_completed', false]);
    assert.equal(
      at10(
        "changelog\n- usage: 5h + weekly counters zeroed for every Plus/Pro seat (sorry about tuesday's double-metering)",
      ),
      'reset_completed',
    );
  });

  test('other words: 0️⃣, the tanks refilled for everybody, a post "refilled." with "...your codex limits", a fresh week given, the slate wiped for everyone on codex, a full set of limits handed', () => {
    for (const text of [
      'codex limits for all plans: 📊➡️0️⃣ ✅ done',
      'ok we have refill the tanks for everybody on codex',
      'just gave everyone a fresh week',
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    const joined = reply(
      '...your codex limits, that is. all plans, 5h and weekly',
      'refilled.',
      'thsottiaux',
    );
    assert.deepEqual([joined.reset?.kind, joined.review], ['reset_completed', false]);
    for (const text of [
      "we're wiping the slate clean for everyone on codex monday morning",
      'in next hour we will give back all the usage on codex for all plans',
      'handing all of you a full set of codex limits wednesday night',
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
  });
});

describe('rounds 183 to 186: a timeline, near misses, replies, other words (rules-2.13.32)', () => {
  test('"whether we’re planning to reset", "would you rather get a reset", staff accounts only with "yours are exactly where they were": not published', () => {
    for (const text of [
      "people DMing me whether we're planning to reset it to compensate: we looked, so that's a no from us this time",
      'when we ship the next model would you rather get a reset the day of, or a banked one',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.equal(
      at10(
        'reset the internal dogfood quotas for the codex team. this is staff accounts only, yours are exactly where they were',
      ),
      'reset_completed (held)',
    );
  });

  test('his "it’s a global reset. landing tomorrow by EOD PT" under his teaser is coming', () => {
    const landing = reply(
      "update: it's a global reset. landing tomorrow by EOD PT",
      "heads up: we're working on something for everyone who got hit by the compaction bug",
      'thsottiaux',
    );
    assert.deepEqual([landing.reset?.kind, landing.review], ['reset_scheduled', false]);
  });

  test('other words: buckets "weekly + 5h" full again, everyone’s tank refilled, usage counters cleared, wipped and ful', () => {
    const fresh = reply(
      "(as in: everyone's codex weekly + 5h buckets are full again as of a few minutes ago)",
      'fresh.',
      'thsottiaux',
    );
    assert.deepEqual([fresh.reset?.kind, fresh.review], ['reset_completed', false]);
    assert.equal(
      at10("BREAKING: Local Team Refills Everyone's Codex Tank"),
      'reset_completed (held)',
    );
    for (const text of [
      'status: ✅ usage counters cleared for all ChatGPT plans',
      'slate wipped clean for everyone. your codex limits are ful again',
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
  });
});

describe('rounds 187 to 190: a timeline, near misses, replies, other words (rules-2.13.33)', () => {
  test('the on-call rotation reset; a story opening on a month and closing "good times": not published', () => {
    assert.equal(
      at10("we reset the on-call rotation and somehow I'm on call this weekend"),
      'none',
    );
    assert.equal(
      at10(
        "march. the meter counts every token twice and I'm on a plane. I land, I reset everyone's limits from the taxi line. good times",
      ),
      'reset_completed (held)',
    );
  });

  test('ahead: "it’s a full reset…, going out 9am PT tomorrow" in his thread; an unticked box with a time ahead; "another one coming friday" held', () => {
    const it = reply(
      "ok it's a full reset of usage limits, all plans, going out 9am PT tomorrow",
      'something nice for codex users tomorrow morning 👀',
      'thsottiaux',
    );
    assert.deepEqual([it.reset?.kind, it.review], ['reset_scheduled', false]);
    assert.equal(
      at10(
        'friday list:\n☑ ship the new review mode\n☐ give everyone fresh codex limits (tomorrow AM PT, promise)',
      ),
      'reset_scheduled',
    );
    const another = reply(
      'happy to hear it. another one coming friday btw',
      'Thanks Tibo, the reset saved my sprint',
      'someuser',
    );
    assert.deepEqual([another.reset?.kind, another.review], ['reset_scheduled', true]);
  });

  test('other words: "codex limits: 100% for everyone", eveyrone, a usage bar back to empty, zero out EOD', () => {
    for (const text of [
      'codex limits: 100% for everyone.\njust now.',
      'clean slate for eveyrone on codex usage, just shipped it',
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    for (const text of [
      'T-minus 3 hours until every codex usage bar goes back to empty ⏳ (1pm PT)',
      "gonna zero out evryone's codex usage EOD today",
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
  });
});

describe('rounds 191 to 194: a timeline, near misses, replies, other words (rules-2.13.34)', () => {
  test('not published: a window refilling on its own, "not something we are doing: a reset", a count past belief, what resets are for', () => {
    for (const text of [
      'reminder: your weekly window refilling on its own is just the rolling window doing its thing',
      "Not something we're doing this month, whatever the rumour says: a global reset of Codex limits.",
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.match(
      at10("BREAKING: codex team resets everyone's limits for the 112th time this week"),
      / \(held\)$/,
    );
    // "them" is the banked resets of the sentence before: coming, not "is" read as done.
    const them = reply(
      "that's exactly what banked resets are for. shipping them to every plan on monday",
      'missed the last reset, can I get one?',
      'someuser',
    );
    assert.deepEqual([them.reset?.kind, them.review], ['reset_scheduled', true]);
  });

  test('his thread: "it’s live. should reach every account within a few minutes" and "went out a day early, already live" are done', () => {
    const live = reply(
      "it's live. should reach every account within a few minutes",
      'resetting codex limits for everyone in the next hour',
      'thsottiaux',
    );
    assert.deepEqual([live.reset?.kind, live.review], ['reset_completed', false]);
    const early = reply(
      'went out a day early, already live 🎉',
      'codex usage limits reset tomorrow for all plans',
      'thsottiaux',
    );
    assert.deepEqual([early.reset?.kind, early.review], ['reset_completed', false]);
  });

  test('other words and typos: limits made fresh again, refil, every body, resting, topped up just now; the cause’s "this week" is not the window', () => {
    for (const text of [
      "we'll make everyone's codex limits fresh again on monday",
      "resting everyone's limits tmrw, the bug ate most of your quota this week",
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
    assert.equal(
      at10('we have refil the codex limits for every body, 5h and weekly'),
      'reset_completed',
    );
    assert.equal(at10('(yes that was me: limits topped up just now)'), 'reset_completed (held)');
    const window = classify(
      "resetting limits for all plans friday morning PT, since the rollout ate everyone's quota this week",
    );
    assert.equal(window.reset?.schedulePrecision, 'date');
  });
});

describe('rounds 195 to 198: a timeline, near misses, replies, other words (rules-2.13.35)', () => {
  test('not published: a streak that just got reset, "codex limits unchanged", what a global reset does, a bare "going to reset"', () => {
    for (const text of [
      'my 100 day github streak just got reset. i blame the holidays',
      'any reset clears both the 5h and the weekly window, in case you wondered',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.equal(
      at10(
        "the sora limits getting refreshed today is the sora team's promo. codex limits unchanged",
      ),
      'reset_completed (held)',
    );
    assert.equal(at10('going to reset'), 'reset_scheduled (held)');
    assert.equal(at10('a global reset goes out tomorrow 9am PT'), 'reset_scheduled');
  });

  test('his thread: "update: done.", "scratch that, just did it now", and a post of only "limits" his reply goes on', () => {
    for (const [parent, text] of [
      [
        'codex usage reset for all plans going out later today',
        'update: done. both windows at 100% now',
      ],
      [
        'resetting limits for Plus users tomorrow',
        'scratch that, just did it now. no reason to wait',
      ],
      ['codex limits', 'are back to zero for everyone. go build'],
    ] as const) {
      const read = reply(text, parent, 'thsottiaux');
      assert.deepEqual([read.reset?.kind, read.review], ['reset_completed', false], text);
    }
  });

  test('other words: usage handed or given back, a usage giveback, a banked one coming to all', () => {
    for (const text of [
      'all plans will get their usage handed back friday 17:00 UTC',
      'codex usage giveback going out by EOD PT for everyone hit by the bug',
      'banked one coming to every plus account on monday',
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
    assert.equal(at10('your codex limits have been given back. all tiers.'), 'reset_completed');
    assert.equal(
      at10("that's the banked one from last week's incident, spend it whenever"),
      'none',
    );
  });
});

describe('rounds 199 to 202: a timeline, near misses, replies, other words (rules-2.13.36)', () => {
  test('not published as done: a name in code, a gerund before "once … is done", an ETA gone by, times ahead ("each get", "starting", "next week\'s", "00:00 UTC tonight", holidays)', () => {
    assert.equal(
      at10(
        'the flaky test kept wiping the staging db because the helper was called reset_everything',
      ),
      'none',
    );
    for (const text of [
      "refilling everyone's quota once the incident review is done, aiming for 5pm PT",
      "you'll each get one banked reset next week",
      'everyone on pro gets a banked reset starting monday',
      "banked resets come with next week's release",
      "resetting everyone's limits on thanksgiving",
      'reset christmas morning, every plan',
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
    assert.equal(at10('ETA for the limit reset: 8am PT today'), 'reset_scheduled (held)');
    const midnight = classify("wiping everyone's usage at 00:00 UTC tonight", {
      createdAt: MORNING,
    });
    assert.equal(midnight.reset?.effectiveAt, '2026-11-20T00:00:00.000Z');
  });

  test('replies: a reset moved, a reset mended for those it missed; a holiday of his own is no reset', () => {
    const moved = reply(
      'sorry, moving it to 2pm PT',
      "the reset was supposed to land at noon and it's 12:40",
      'someone',
    );
    assert.deepEqual([moved.reset?.kind, moved.review], ['reset_scheduled', true]);
    const fixed = reply(
      'fixed. you should be back at full now',
      "the reset didn't reach our team workspace, still capped",
      'someone',
    );
    assert.deepEqual([fixed.reset?.kind, fixed.review], ['reset_completed', true]);
    const offline = reply(
      "I'll be offline over thanksgiving and so should you",
      'any resets planned for thanksgiving?',
      'someone',
    );
    assert.equal(offline.reset, null);
  });

  test('other words: "usage. zero. tonight.", a clean slate after "codex limits:", a single usage refill, "→ 0 used", a riddle answered, "refreshd", a banked one landed', () => {
    assert.equal(at10('usage. zero. tonight. every plan.'), 'reset_scheduled');
    for (const text of [
      'codex limits: clean slate for everybody',
      'every plus user got a single usage refill this morning',
      'limits → 0 used for all plans ✅',
      "guess what's back to full for all plans? it's your codex usage.",
      'usage limits refreshd for all plans',
      'a banked one landed for every pro account',
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    assert.equal(classify('a banked one landed for every pro account').reset?.resetType, 'banked');
    assert.equal(at10('Reset-ed. Codex limits. Just now.'), 'reset_completed (held)');
  });
});

describe('rounds 204 and 206: near misses, other words (rules-2.13.37)', () => {
  test('other words: an allowance full again, "make fresh the limits", said the other way round, "slate\'s clean", "its usage handed back", a do-over for every plan, the slate wiped for plans\' users', () => {
    for (const text of [
      'YOUR CODEX ALLOWANCE IS FULL AGAIN. EVERY PLAN.',
      'we have make fresh the limits for every plus user this morning',
      'topped up, your tanks are. go build',
      'swept all the codex usage back to zero a few minutes ago',
      'every pro account just got its usage handed back in full',
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    for (const text of [
      'back to full, your codex limits will go — tonight around 9pm PT',
      'yes. do-over for every plan lands friday 10am PT',
      'wiping the slate for all plus and pro users by end of day',
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
    assert.equal(at10('your weekly allowance is full again on monday, as always'), 'none');
    const slate = reply(
      "look again 😉 slate's clean for everybody as of 5 min ago",
      'the login bug ate my whole week',
      'someone',
    );
    assert.deepEqual([slate.reset?.kind, slate.review], ['reset_completed', true]);
  });

  test('words of time said alone before it ("MONDAY. 9AM PT."), not a greeting ("Happy Friday."); "it" for the usage named alone before', () => {
    assert.equal(at10('MONDAY. 9AM PT. EVERY CODEX METER TO ZERO.'), 'reset_scheduled');
    assert.equal(at10('Happy Friday. Usage reset for all plans.'), 'reset_completed');
    const it = reply(
      '^ meaning your codex weekly usage. refilling it tonight 8pm PT',
      'later.',
      'thsottiaux',
    );
    assert.equal(it.reset?.kind, 'reset_scheduled');
    assert.equal(it.reset?.effectiveAt, '2026-11-20T04:00:00.000Z');
  });
});

describe('rounds 203 and 205: a timeline, replies (rules-2.13.38)', () => {
  test('"both windows, back to full"; a weekday with "the" and its day of the month, then a clock time in another zone', () => {
    assert.equal(
      at10('🦃 gift delivered. all plans, both windows, back to full. enjoy'),
      'reset_completed',
    );
    const friday = classify('the reset lands Friday the 20th, 10am ET for every plan', {
      createdAt: MORNING,
    });
    assert.equal(friday.reset?.effectiveAt, '2026-11-20T15:00:00.000Z');
  });

  test('replies: "get theirs tomorrow", "doing one on friday" under a plea about limits, "aiming for 3pm"; "not this week" turns it down', () => {
    for (const [text, parent] of [
      [
        'not yet. free and go accounts get theirs tomorrow afternoon',
        'did free accounts get reset too?',
      ],
      [
        'noted. doing one on friday after the launch',
        'codex usage is killing me, weekly gone by tuesday, help',
      ],
      ['aiming for 3pm pacific', 'when does the reset land?'],
      ['not this week, but monday for sure', 'any reset this week? 🥺'],
    ] as const) {
      const read = reply(text, parent, 'someone');
      assert.deepEqual([read.reset?.kind, read.review], ['reset_scheduled', true], text);
    }
    assert.equal(
      reply('not this week, sorry. capacity is tight', 'any reset this week? 🥺', 'someone').reset,
      null,
    );
    assert.equal(
      reply(
        'not this week. limits are working as intended',
        'lots of you asking about a reset',
        'thsottiaux',
      ).reset,
      null,
    );
  });
});

describe('round 210: other words (rules-2.13.39)', () => {
  test('"give back … to every users", said the other way round with "now", "y\'all got … back", scrubbed, "make … of all users full again", refunding usage, a full tank refill banked', () => {
    for (const text of [
      'we have give back all the codex usage to every users this morning',
      'wiped, your codex limits now are. go build, you must',
      "y'all got the full codex quota back, sorry bout the bug",
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    for (const text of [
      'codex usage gets scrubbed to zero for all paid plans at 9am PT friday',
      'we will make the codex quota of all users full again next monday',
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
    const refund = reply(
      "yes. we're refunding everyone's codex usage, rolling out tomorrow around 10am pacific",
      'any make-good for the outage?',
      'someone',
    );
    assert.equal(refund.reset?.kind, 'reset_scheduled');
    // Held: global, or a banked one?
    assert.equal(
      at10("banking a full tank refill for y'all, dropping it friday 9am PT"),
      'reset_scheduled (held)',
    );
  });

  test('"everyone\'s limits, yours included" is everyone\'s, not one account', () => {
    const read = reply(
      "just refilled everyone's limits, yours included",
      "pls i'm at 99% weekly",
      'someone',
    );
    assert.deepEqual([read.reset?.kind, read.review], ['reset_completed', false]);
  });
});

describe('rounds 207, 209 and 211 to 214 (rules-2.13.40)', () => {
  test('a reset kept is still to give: "i keep one in my back pocket", "we have a banked reset", "we\'ve got a banked reset"; not "we got one out", nor "you have one"', () => {
    for (const text of [
      'i keep one reset in my back pocket for launch day',
      "we're holding a reset for the day the new model ships",
      'we have a banked reset for all paid plans, it lands friday',
      "we've got a banked reset for every paid plan, landing after the keynote",
    ]) {
      assert.equal(classify(text, { createdAt: MORNING }).reset?.kind, 'reset_scheduled', text);
    }
    assert.equal(at10('we got a banked reset out to everyone this morning'), 'reset_completed');
    assert.equal(at10('you have a banked reset now, enjoy'), 'reset_completed');
  });

  test('"to make up for it" after what is reset is a purpose, not the reset\'s verb', () => {
    assert.equal(
      at10('patched it, and wiped weekly usage for every pro account to make up for it.'),
      'reset_completed',
    );
  });

  test('"everyone\'s weekly + 5h" without "windows"; "back to zero before the weekend"; five words between usage and its verb', () => {
    assert.equal(
      at10("everyone's weekly + 5h just got refilled, happy building"),
      'reset_completed',
    );
    assert.equal(at10('the codex meters go back to zero before the weekend'), 'reset_scheduled');
    assert.equal(
      classify('usage for all affected plans gets wiped tomorrow morning', { createdAt: MORNING })
        .reset?.kind,
      'reset_scheduled',
    );
    assert.equal(at10('your weekly is back to full on monday'), 'none');
  });

  test('"got that reset": "that" is a determiner', () => {
    assert.equal(
      at10('the queue drained so pro got that reset, it is live now'),
      'reset_completed',
    );
  });

  test('rolling out, its auxiliary dropped, over the next few hours: now, or later? Held; so is "now", rolling out over hours', () => {
    assert.equal(
      at10('rolling out a usage reset to business + edu over the next few hours'),
      'reset_completed (held)',
    );
    assert.equal(
      at10('resetting business workspaces now, rolling out over the next few hrs'),
      'reset_completed (held)',
    );
    assert.equal(
      at10('resetting business workspaces now, should land in the next few minutes'),
      'reset_completed',
    );
  });

  test('replies: relief under limits spent, "guilty" under limits found full, "enjoy" under thanks, one banked for later, gone out at a time past', () => {
    for (const [text, parent, kind] of [
      [
        "wish granted. slate's clean, check /status",
        'my weekly is toast and its tuesday',
        'reset_completed',
      ],
      [
        'should be cleared now, the fix rolled out 20 min ago',
        'still seeing my weekly at 100%',
        'reset_completed',
      ],
      [
        'relief lands tomorrow, pro and plus',
        'weekly at 97%, is relief coming?',
        'reset_scheduled',
      ],
      ['guilty 😇', 'woke up to full limits?? was that you', 'reset_completed'],
      ['enjoy, you earned it', 'thank you for the reset tibo!!', 'reset_completed'],
      ['banked one for after thanksgiving', 'pls reset before the holidays', 'reset_scheduled'],
      [
        'haha we do have one banked. not saying when',
        'pls bank a reset for the next launch',
        'reset_scheduled',
      ],
      ['enjoy! went out to everyone at 9am PT', 'thanks for the reset', 'reset_completed'],
    ] as const) {
      const read = reply(text, parent, 'someone');
      assert.deepEqual([read.reset?.kind, read.review], [kind, true], text);
    }
    assert.equal(reply('yes, that is how it works', 'my weekly is at 97%', 'someone').reset, null);
  });

  test('his reply names what his post teased: coming at its time, held when it names none', () => {
    const friday = reply(
      "(it's a reset. plus too)",
      'something nice is coming friday 👀',
      'thsottiaux',
    );
    assert.deepEqual([friday.reset?.kind, friday.review], ['reset_scheduled', false]);
    assert.equal(friday.reset?.schedulePrecision, 'date');
    const when = reply("(it's a reset. plus too)", 'something nice is coming 👀', 'thsottiaux');
    assert.deepEqual([when.reset?.kind, when.review], ['reset_scheduled', true]);
  });
});

describe('rounds 215 to 218 (rules-2.13.41)', () => {
  test('a machine\'s reset ("server reset", "database reset") and resets in general ("any reset") announce nothing', () => {
    for (const text of [
      'server reset fixed the flaky tasks in us-east. all good now',
      'the database reset is done, dashboards are back',
      'favourite part of any limit reset is the graphs going vertical',
      'code review draws from the same pool, so any reset covers it',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.equal(at10("there won't be any reset this week"), 'none');
  });

  test('"(yes it\'s a reset)" in the post that teases it: coming at its time', () => {
    const read = classify(
      "something nice lands monday 9am PT for plus & pro 👀 (yes it's a reset)",
      {
        createdAt: MORNING,
      },
    );
    assert.deepEqual([read.reset?.kind, read.review], ['reset_scheduled', false]);
    assert.equal(at10("we did something nice this morning (yes it's a reset)"), 'reset_completed');
  });

  test('banking a reset, a reset banked, "we have a reset banked": still to give; "we banked everyone a reset this morning" is not', () => {
    for (const text of [
      'banking a reset for the week after the launch 🏦',
      'the reset is banked for plus, going out tomorrow morning PT',
      'we have a reset banked for business, goes out after the fix is verified',
    ]) {
      assert.equal(classify(text, { createdAt: MORNING }).reset?.kind, 'reset_scheduled', text);
    }
    assert.equal(
      classify('we banked everyone a reset this morning, it is in your account now', {
        createdAt: MORNING,
      }).reset?.kind,
      'reset_completed',
    );
    const planned = reply(
      'already have one planned for next wed 🦃',
      'thanksgiving reset pls',
      'someone',
    );
    assert.deepEqual([planned.reset?.kind, planned.review], ['reset_scheduled', true]);
    const none = reply(
      "we don't have one planned right now, i'll say so here if that changes",
      'claude code just reset everyone. when codex??',
      'someone',
    );
    assert.notEqual(none.reset?.kind, 'reset_scheduled');
  });

  test('"weekly window starts over as of now" is not the cycle; plans\' people "back at 100%"; "everyone\'s at full limits again"', () => {
    assert.equal(
      at10('gave everybody a clean slate on codex usage 🧹 weekly window starts over as of now'),
      'reset_completed',
    );
    assert.equal(
      at10("plus and pro folks: you're back at 100%. flipped the switch"),
      'reset_completed',
    );
    assert.equal(at10("everyone's at full limits again, go build"), 'reset_completed');
    assert.equal(at10('plus users are back to full capacity'), 'none');
    assert.equal(at10("everyone's at full limits on monday"), 'none');
  });
});

describe('rounds 219 to 222, and replies of the written set (rules-2.13.42)', () => {
  test('"to say thanks we\'re resetting": a purpose, not a report; "had weekly usage zeroed …, reply here if"; "everyone caught in the outage has been reset"', () => {
    assert.equal(
      classify("to say thanks we're resetting everyone's limits saturday morning PT", {
        createdAt: MORNING,
      }).reset?.kind,
      'reset_scheduled',
    );
    assert.equal(at10('people say we are resetting limits tomorrow'), 'none');
    assert.equal(
      at10(
        'affected accounts had weekly usage zeroed as of 8am PT, reply here if you still see it',
      ),
      'reset_completed',
    );
    assert.equal(
      at10('everyone caught in the outage has been reset back to full'),
      'reset_completed',
    );
    assert.equal(at10('the dashboards in our staging env were reset'), 'none');
    for (const [text, parent, kind] of [
      ['yes edu included, rolled out a few min ago', 'edu accounts too?', 'reset_completed'],
      [
        'already on the calendar for fri 🫡',
        'can we get a reset for the weekend pls',
        'reset_scheduled',
      ],
    ] as const) {
      const read = reply(text, parent, 'someone');
      assert.deepEqual([read.reset?.kind, read.review], [kind, true], text);
    }
    assert.equal(
      reply(
        'glad it helped! ship it 🚢',
        'thanks for the reset yesterday, saved my deadline',
        'someone',
      ).reset,
      null,
    );
  });

  test('replies: a question of plans about "it", limits spent said as "97% weekly", relief; "haven\'t done one since" is none', () => {
    for (const [text, parent, kind] of [
      [
        'not yet, edu and enterprise get theirs within the hour',
        'did edu get it too?',
        'reset_scheduled',
      ],
      [
        'plus too, all plans. it goes out in the next hour',
        'will plus get it too or is this only pro?',
        'reset_scheduled',
      ],
      [
        "you didn't miss it, it goes out at 2pm PT",
        'is it happening today or did i miss it',
        'reset_scheduled',
      ],
      [
        'hang in there, everyone goes back to full around 9pm PT',
        "i'm at 97% weekly and it's only thursday 😭",
        'reset_scheduled',
      ],
      [
        'hang tight, refill truck pulls up EOD today',
        'tibo my weekly is cooked 💀',
        'reset_scheduled',
      ],
    ] as const) {
      const read = reply(text, parent, 'someone');
      assert.deepEqual([read.reset?.kind, read.review], [kind, true], text);
    }
    for (const [text, parent] of [
      ["which one? haven't done one since the 6th.", 'did edu get it too?'],
      [
        "i can't refill individual accounts, sorry",
        'can you refill my codex limits pls, at 98% weekly',
      ],
      ['yes, will reply tomorrow', 'did you get my email?'],
    ] as const) {
      assert.equal(reply(text, parent, 'someone').reset, null, text);
    }
  });

  test('"soon™" is soon; "wed night", "on fri", "sat morning" are days', () => {
    assert.equal(
      classify('reset soon™, waiting on one last fix', { createdAt: MORNING }).reset?.kind,
      'reset_scheduled',
    );
    const wed = classify('reset codex limits wed night for everyone', { createdAt: MORNING });
    assert.equal(wed.reset?.kind, 'reset_scheduled');
    assert.equal(wed.reset?.schedulePrecision, 'date');
    assert.equal(
      classify('codex limits reset on fri for all plans', { createdAt: MORNING }).reset
        ?.scheduleWindow?.startAt,
      '2026-11-20T08:00:00.000Z',
    );
    assert.equal(
      classify('codex limits reset sat morning for everyone', {
        createdAt: MORNING,
      }).reset?.scheduleWindow?.startAt.slice(0, 10),
      '2026-11-21',
    );
    assert.equal(at10('i sat on it all night'), 'none');
  });

  test('"not that we reset them" is denied', () => {
    assert.equal(
      reply(
        'your limits go further, not that we reset them lol',
        'new model: cheaper per task',
        'thsottiaux',
      ).reset,
      null,
    );
    assert.equal(at10("it's not that we reset limits for fun"), 'none');
    assert.equal(
      at10("not that anyone asked, but we reset everyone's limits this morning"),
      'reset_completed',
    );
  });

  test('a reset for "all plus and pro" names its users; "slate wiped clean … all codex limits"; within the hour is how long it takes', () => {
    assert.equal(at10('done ✅ reset for all plus and pro. go ship something'), 'reset_completed');
    assert.equal(
      at10('slate wiped clean 🧽 all codex limits, all plans, a few min ago'),
      'reset_completed',
    );
    assert.equal(at10('slate wiped clean, new quarter new me'), 'none');
    assert.equal(
      at10("everyone's 5h + weekly back to full, should land on all accounts within the hour"),
      'reset_completed',
    );
  });
});

describe('rounds 223 to 226 (rules-2.13.43)', () => {
  test('"reset more rate limits this year than …" compares; "remember the reset i banked?" then "just used it" is that reset, spent (held)', () => {
    assert.equal(
      at10('i have reset more rate limits this year than i have reset my own sleep schedule'),
      'none',
    );
    const used = reply(
      'just used it. all plans, both the 5h window and weekly. have fun',
      'remember the reset i banked a couple weeks ago?',
      'thsottiaux',
    );
    assert.deepEqual([used.reset?.kind, used.review], ['reset_completed', true]);
    assert.equal(
      reply(
        'still have it. not telling when',
        'remember the reset i banked a while ago?',
        'thsottiaux',
      ).reset,
      null,
    );
  });

  test('our own infrastructure\'s quota refilled is another sense; "there\'s a reset coming sat" is coming', () => {
    assert.equal(
      at10('eval cluster quota got refilled overnight, benchmarks unblocked 🎉'),
      'none',
    );
    assert.equal(at10('codex limits got refilled overnight'), 'reset_completed');
    for (const text of [
      "there's a reset coming for everyone, hang in there",
      "there's a reset coming sat for everyone",
      'there is a reset landing tomorrow',
    ]) {
      assert.equal(classify(text, { createdAt: MORNING }).reset?.kind, 'reset_scheduled', text);
    }
    assert.equal(
      classify("there's a reset coming sat for everyone", {
        createdAt: MORNING,
      }).reset?.scheduleWindow?.startAt.slice(0, 10),
      '2026-11-21',
    );
    assert.equal(at10("there's a reset rolling out now"), 'reset_completed');
  });

  test('"saving one reset for the next launch" is one kept to give; "saving my banked reset" is not ours', () => {
    assert.equal(
      classify('saving one reset for the next launch, trust me', { createdAt: MORNING }).reset
        ?.kind,
      'reset_scheduled',
    );
    assert.equal(at10("i'm saving my banked reset for friday"), 'none');
  });

  test('replies: "banking one", "will do it", "tomorrow, pinky swear"; "we\'re not doing one", "nothing went out today" are none; "give it a few min" is not a time ahead', () => {
    for (const [text, parent, kind] of [
      ['banking one for next week 🫡', 'pls reset limits i have a demo friday', 'reset_scheduled'],
      [
        'will do it. give us till EOD',
        'burned 40% of my weekly on a loop. reset pls?',
        'reset_scheduled',
      ],
      [
        "i did and i'll deliver. tomorrow, pinky swear",
        'you promised a reset last week 👀',
        'reset_scheduled',
      ],
      [
        'done ✅ just went out for all plans, give it a few min to show up',
        'any chance of a reset?',
        'reset_completed',
      ],
    ] as const) {
      const read = reply(text, parent, 'someone');
      assert.deepEqual([read.reset?.kind, read.review], [kind, true], text);
    }
    for (const [text, parent] of [
      ["we're not doing one right now, sorry", 'is a reset coming this week or nah'],
      ["nope, nothing went out today. that's real usage", 'did you guys reset limits today?'],
    ] as const) {
      assert.equal(reply(text, parent, 'someone').reset, null, text);
    }
  });
});

describe('rounds 228 to 230, the queue (rules-2.13.44)', () => {
  test('"things i reset today:" lists one\'s own things; "got a reset in the back pocket" is kept; "it\'s a full usage reset …, friday 9am PT" is coming; "sat AM PT" is a day', () => {
    assert.equal(
      at10('things i reset today:\n1. my router\n2. my sleep schedule (failed)'),
      'none',
    );
    assert.equal(
      classify('got a reset in the back pocket, saving it for a rainy day', { createdAt: MORNING })
        .reset?.kind,
      'reset_scheduled',
    );
    const spoiler = reply(
      "ok fine spoiler: it's a full usage reset for all plans, friday 9am PT",
      'something nice is coming friday 👀',
      'thsottiaux',
    );
    assert.deepEqual([spoiler.reset?.kind, spoiler.review], ['reset_scheduled', false]);
    assert.equal(at10("it's a reset, all plans, as of this morning"), 'reset_completed');
    assert.equal(
      classify("weekend:\n- reset everyone's codex limits sat AM PT", { createdAt: MORNING }).reset
        ?.kind,
      'reset_scheduled',
    );
  });

  test('replies: "one is coming tmrw"; "fixed …" under "got left out of the last reset"; "remember that reset i banked?" then "cashed it in" (held)', () => {
    for (const [text, parent, handle, kind] of [
      [
        'no need for that. one is coming tmrw',
        'i will name my firstborn after you if you reset limits',
        'someone',
        'reset_scheduled',
      ],
      [
        'fixed, edu + enterprise workspaces are refreshed now too',
        'edu users got left out of the last reset AGAIN 😭',
        'someone',
        'reset_completed',
      ],
      [
        'just cashed it in. everyone is fresh 🫡',
        'remember that reset i banked last week?',
        'thsottiaux',
        'reset_completed',
      ],
    ] as const) {
      const read = reply(text, parent, handle);
      assert.deepEqual([read.reset?.kind, read.review], [kind, true], text);
    }
  });
});

describe('rounds 231 to 236 (rules-2.13.45)', () => {
  test('a verb of its own clause going on "over the next couple hours" is held (under way now, or later?); an idiom\'s usage over hours is usage', () => {
    for (const text of [
      "topping up everybody's codex limits over the next couple hours, rolling out region by region",
      "refilling everyone's codex usage over the next few hours",
    ]) {
      assert.equal(at10(text), 'reset_completed (held)', text);
    }
    assert.equal(
      at10("we're resetting limits for everyone in the next couple of hours"),
      'reset_scheduled',
    );
  });

  test('a thing that resets itself is on its own, given by no one (not "the reset itself"); "should show fresh limits" with no time is now or later (held)', () => {
    for (const text of [
      "rm -rf ~/.codex/cache and it'll reset itself",
      'the counter will reset itself at midnight',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    const cache = reply(
      "lol no, that's the CLI cache. rm -rf ~/.codex/cache and it'll reset itself",
      'how do I reset codex? it keeps showing the old model name',
      'someone',
    );
    assert.equal(cache.reset, null);
    assert.equal(at10('the reset itself went through for everyone'), 'reset_completed');
    // Held until rules-2.13.72; since rules-2.13.73 "already" in its sentence makes "should
    // show" a state by now: done, and its own words ("did it", "fresh limits") carry it.
    const shows = reply(
      'already did it ~an hour ago 🙂 should show fresh limits, if not log out/in',
      'would kill for a usage reset rn',
      'someone',
    );
    assert.equal(shows.reset?.kind, 'reset_completed');
    assert.equal(at10('should show fresh limits, if not log out/in'), 'reset_scheduled (held)');
  });

  test("a past form first, the speaker's, with a time gone by is done; not a window's reset, nor a fragment after another clause", () => {
    for (const text of [
      'zeroed out all codex usage counters about an hour ago. weekly + 5h both. enjoy',
      'wiped the slate on codex limits this morning, you should all be sitting at 0% used now',
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    for (const text of [
      "your 5h window reset an hour ago, that's just the normal cycle",
      'codex limits reset overnight',
      '(yes that was me: limits topped up just now)',
    ]) {
      assert.equal(at10(text), 'reset_completed (held)', text);
    }
  });

  test('"yolo\'d a reset … just now" is done; "on your normal cycle" is the cycle; "fresh codex limits incoming … today" is coming; "zeroed … meters earlier this morning" is done', () => {
    assert.equal(
      at10("yolo'd a reset of the 5h window just now. weekly untouched. happy thursday"),
      'reset_completed',
    );
    assert.equal(at10("i'd reset limits an hour ago if i could"), 'reset_scheduled (held)');
    assert.equal(
      at10(
        'reminder that weekly limits reset on your normal cycle, 7 days from when it started. no manual one this week',
      ),
      'none',
    );
    assert.equal(at10('fresh codex limits incoming for everyone today 🎁'), 'reset_scheduled');
    assert.equal(
      at10(
        "consider this your sign to reopen that abandoned refactor. we zeroed everyone's codex 5h and weekly meters earlier this morning 🧹",
      ),
      'reset_completed',
    );
  });
});

describe('rounds 237 to 240 (rules-2.13.46)', () => {
  test('"on your own 7-day cycle" is the cycle, even "for everyone"; a plea to hit the reset button, or the button on one\'s own limits, announces nothing; "hit the big red button on everyone\'s codex limits" is a reset', () => {
    for (const text of [
      'reminder that weekly limits reset on your own 7-day cycle, not on a fixed day for everyone. /status in the cli shows when yours rolls over',
      'someone pls hit the reset button on my weekly limits',
      'can someone hit the reset button on codex limits',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.equal(
      at10(
        "gonna hit the big red button on everyone's codex limits tomorrow morning. weekly + 5h. save your gnarliest refactors for friday",
      ),
      'reset_scheduled',
    );
    assert.equal(at10("just pressed the button on everyone's usage meters"), 'reset_completed');
  });

  test("his reply saying his post was not about usage limits holds it for dismissal; a reset right after a day's event is held (when?), not done", () => {
    const rotation = reply(
      "(this is about the team's on-call rotation, not your usage limits, before anyone asks 😅)",
      'doing a full reset next week. new process, new dashboards, fresh start',
      'thsottiaux',
    );
    assert.equal(rotation.review, true);
    assert.match(rotation.reasons.join('; '), /not about usage limits/);
    assert.equal(
      at10("go wild today, we're zeroing everyone's limits right after tomorrow's keynote anyway"),
      'reset_scheduled (held)',
    );
    assert.equal(
      at10("we're resetting everyone's limits after the launch on monday"),
      'reset_scheduled',
    );
  });

  test('a reply "doing it this afternoon for everyone" under a plea is the reset asked for (held)', () => {
    const read = reply(
      'ok ok. doing it this afternoon for everyone',
      "pls reset limits, i'm begging, deadline friday",
      'someone',
    );
    assert.deepEqual([read.reset?.kind, read.review], ['reset_scheduled', true]);
  });
});

describe('rounds 244 and 248 (rules-2.13.47)', () => {
  test('"as of" a clock time gone by is when a reset named without a verb took effect: done; "re-zeroed" is "zeroed"', () => {
    for (const text of [
      'limits refilled across the board as of 9am PT. weekly + 5h, every plan',
      "re-zeroed everybody's codex quotas earlier this morning after yesterday's outage. sorry for the mess",
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    // A time ahead after "as of" stays what it was: a cutoff, not the landing.
    assert.equal(
      at10('Codex usage limits: reset for all plans as of 2pm PT today.'),
      'reset_completed',
    );
  });

  test("a cutoff's reach ends at the reset named after it: the reset's own time is read", () => {
    assert.equal(
      at10('everyone who subscribed before monday gets a reset tomorrow'),
      'reset_scheduled (held)',
    );
  });

  test('other words: everyone\'s codex tank topped up, windows fresh for every plan, "codex weekly + 5h" back to full, every user starting from zero on both windows, a meter rewound to zero', () => {
    for (const text of [
      "just topped everyone's codex tank back up. weekly + 5h. no catch",
      'slate wiped clean. every codex user starts from zero again, 5h and weekly. go build',
      'the codex meter has been rewound to zero for the whole fleet. rolling out now, should hit your account within minutes',
      'codex limits got yeeted back to zero fr. everybody. no cap',
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    assert.equal(
      at10(
        'refilling the well for everyone in a couple hours. codex weekly + 5h back to full by noon PT',
      ),
      'reset_scheduled',
    );
    const thread = classify(
      'done. weekly windows are fresh for every plus and pro user as of right now',
      {
        createdAt: MORNING,
        inReplyToId: '2000000000000000000',
        parentText: 'we heard you on the weekly limits being tight this week. one more thing 👇',
        parentHandle: 'thsottiaux',
      },
    );
    assert.deepEqual([thread.reset?.kind, thread.review], ['reset_completed', false]);
    for (const text of [
      'topped the fish tank back up',
      'your weekly window is fresh again on monday',
      '## things that reset on monday\n- my inbox zero goal\n- my gym streak\n- my will to live',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
  });
});

describe('round 247 (rules-2.13.48)', () => {
  test('a reset named without a verb after "relief coming tonight ~11pm ET" is what comes, at that time; plans named together say whom (held: of what?)', () => {
    const read = classify('relief coming tonight ~11pm ET. full reset for all plans', {
      createdAt: MORNING,
    });
    assert.equal(read.reset?.kind, 'reset_scheduled');
    assert.equal(read.reset?.scheduleWindow?.startAt, '2026-11-20T04:00:00.000Z');
    assert.equal(
      at10('relief coming tonight ~11pm ET. full reset for pro, plus and business'),
      'reset_scheduled (held)',
    );
  });

  test('", starting 9pm CET" after the reset\'s own clause is when it starts, not a cutoff', () => {
    assert.equal(
      at10(
        'we hear you. resetting 5h + weekly for everyone over the next few hours, starting 9pm CET',
      ),
      'reset_scheduled',
    );
  });

  test('"update: it\'s live. refresh and your limits should be full": what shows right after "it\'s live" is there now', () => {
    const read = classify("update: it's live. refresh and your limits should be full", {
      createdAt: MORNING,
      inReplyToId: '2000000000000000000',
      parentText: 'reset going out later this morning',
      parentHandle: 'thsottiaux',
    });
    assert.deepEqual([read.reset?.kind, read.review], ['reset_completed', false]);
  });
});

describe("the written set's misses, read again (rules-2.13.49)", () => {
  test('everyone back at 0%, the undo button or the clock wound back on everyone\'s limits are resets; "we zeroed everyone" names no usage and stays unread, as every idiom without it', () => {
    assert.equal(at10('not a hallucination 😄 we zeroed everyone at 8am PT, enjoy'), 'none');
    for (const text of [
      "so we hit the undo button on everyone's usage. you're square again",
      "yep, we wound the clock back on everyone's limits ~20 min ago. should be green for you now",
      'everyone is back at 0% as of right now',
    ]) {
      assert.equal(at10(text), 'reset_completed', text);
    }
    for (const text of [
      'we zeroed everyone in on the bug',
      'everyone is back at 0% on the migration checklist',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
  });

  test('a reset done "last night", told the next morning, is held (news, or told already?), not refused as one of the past', () => {
    assert.equal(
      at10('early thanksgiving gift 🦃 limits got reset for everyone last night'),
      'reset_completed (held)',
    );
    assert.equal(
      at10(
        "also reset everyone's codex usage limits about an hour ago since the queue backlog last night made a bunch of tasks run twice",
      ),
      'reset_completed',
    );
  });
});

describe('round 246 (rules-2.13.50)', () => {
  test('"reset at 6pm CET / 9am PT tomorrow": the day named with the second time is the first\'s too', () => {
    assert.equal(
      at10('reset at 6pm CET / 9am PT tomorrow. yes, for everyone. yes, weekly too'),
      'reset_scheduled',
    );
  });

  test('"fresh 5h + weekly limits for all codex users", and everyone\'s windows fresh, are resets', () => {
    assert.equal(
      at10(
        'rolling out now: fresh 5h + weekly limits for all codex users (plus, pro, business, edu, enterprise). should hit everyone within ~30 min',
      ),
      'reset_completed',
    );
    assert.equal(at10("everyone's windows are fresh, check /status"), 'reset_completed');
  });

  test('checking whether limits reset asks, and announces nothing', () => {
    for (const text of [
      'woke up at 6am to check if limits reset. they did not. back to bed',
      'second place is people checking if their limit reset lol',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
  });
});

describe('rounds 245, 249 and 251, and probes (rules-2.13.51)', () => {
  test('"9 AM PT" written apart is a time, not the verb "am": the reset is still to come', () => {
    for (const text of [
      'reset at 9 AM PT tomorrow',
      'limits reset at 9 AM PT tomorrow for everyone',
      'limits reset at 6 PM PT today',
    ]) {
      assert.equal(at10(text), 'reset_scheduled', text);
    }
    assert.equal(at10('I am resetting limits for everyone'), 'reset_completed');
  });

  test('limits that reset with a billing cycle are the cycle, not a reset given; a launch named beside one is not', () => {
    for (const text of [
      'new billing cycle starts at 12am UTC, limits reset with it',
      'your limits reset when your billing cycle renews',
      'limits reset with each billing cycle',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.notEqual(
      at10('limits reset with the launch at 10am PT today, billing cycle unchanged'),
      'none',
    );
  });

  test('a reset denied or put off, then given a later time or the denial taken back, is held; a later time of something else is not', () => {
    for (const text of [
      "To be clear, the reset isn't live yet. It goes out at 5pm PT for everyone.",
      "no reset today, sorry. it'll be tomorrow instead. same deal, all plans",
      "business workspaces haven't been reset yet, that batch goes out by EOD today. sorry for the wait!",
      'Had to push back the reset we planned for today. New time: tomorrow 10am PT, locked in.',
    ]) {
      assert.equal(at10(text), 'reset_scheduled (held)', text);
    }
    assert.equal(
      at10("said no reset this week. changed my mind. it's done, everyone's back to full"),
      'reset_completed (held)',
    );
    for (const text of [
      "no reset today. tomorrow I'm at a conference, back monday",
      'no reset this week. new model ships tomorrow at 10am PT though',
      "we were planning to reset limits tomorrow but we're holding off, not happening this week",
      'no reset, sorry. the fix is going out this afternoon',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
  });

  test('"reset is rolling out now" under his reset announced for monday is the one he announced, now: published', () => {
    const read = classify('reset is rolling out now. might take ~20 min to hit everyone', {
      createdAt: MORNING,
      inReplyToId: '2000000000000000000',
      parentText: 'heads up: global reset of 5h + weekly limits at 9am PT monday',
      parentHandle: 'thsottiaux',
    });
    assert.deepEqual([read.reset?.kind, read.review], ['reset_completed', false]);
  });

  test('"real." answering "is the reset real?" speaks of the reset asked about (held); a window rolling over on its own turns nothing down', () => {
    const real = reply(
      'real. 11am PT. set an alarm',
      'is the reset tomorrow real or are you trolling again',
      'skeptical_sid',
    );
    assert.deepEqual([real.reset?.kind, real.review], ['reset_scheduled', true]);
    const turnedDown = reply(
      'not today, sorry. your weekly window rolls over on its own on friday',
      "please reset limits i'm at 98% weekly and it's tuesday",
      'mkrause_dev',
    );
    assert.equal(turnedDown.reset, null);
  });

  test('"fresh weekly for everyone" is a reset; "full tank for everyone" names no usage; a bare "reset." with usage back next is held', () => {
    assert.equal(at10("fresh weekly for everyone. you're welcome, and sorry"), 'reset_completed');
    assert.equal(at10('full tank for everyone at the company offsite gas station lol'), 'none');
    assert.equal(at10('And... reset. Limits are back for everyone.'), 'reset_completed (held)');
  });

  test('round 251: "it\'s not going out today. no new date yet" under his reset calls it off (held, never published as done); "doing it now instead" and "happening right now" under it are done', () => {
    const threadRead = (text: string, parentText: string) => {
      const result = classify(text, {
        createdAt: MORNING,
        inReplyToId: '2000000000000000000',
        parentText,
        parentHandle: 'thsottiaux',
      });
      return [result.reset?.kind, result.review];
    };
    assert.deepEqual(
      threadRead(
        "update: we hit a snag and it's not going out today. no new date yet, sorry",
        'the reset will go out this afternoon',
      )[1],
      true,
    );
    assert.deepEqual(
      threadRead(
        'moving it up: doing it now instead. enjoy your thursday',
        "we'll do a global reset monday",
      ),
      ['reset_completed', false],
    );
    assert.deepEqual(
      threadRead(
        'for everyone, 5h and weekly, happening right now. go build',
        "we're doing a reset",
      ),
      ['reset_completed', false],
    );
  });

  test('round 251: "rolling them out now" answering "we didn\'t get the reset" speaks of it (held)', () => {
    const read = reply(
      'checked with the team, business workspaces were missed in the first batch. rolling them out now, you should see it within 30 min',
      'business plan here, we didnt get the reset',
      'ops_at_fernwood',
    );
    assert.equal(read.review, true);
    assert.notEqual(read.reset, null);
  });
});

describe('round 252 and probes (rules-2.13.52)', () => {
  test('a reply\'s clock time without a day takes the day its parent asked about: "real. 10am PT." under "is the reset tomorrow real?" is tomorrow\'s (held)', () => {
    const read = reply(
      'real. 10am PT. set an alarm',
      'is the reset tomorrow real or are you trolling again',
      'skeptical_sid',
    );
    assert.deepEqual(
      [read.reset?.kind, read.review, read.reset?.scheduleWindow?.startAt],
      ['reset_scheduled', true, '2026-11-20T18:00:00.000Z'],
    );
  });

  test('"we\'re not resetting limits today, but tomorrow at 9am PT we are": put off, then given again with its time (held, with the window); not when the second clause is denied too', () => {
    const read = classify("we're not resetting limits today, but tomorrow at 9am PT we are", {
      createdAt: MORNING,
    });
    assert.deepEqual(
      [read.reset?.kind, read.review, read.reset?.scheduleWindow?.startAt],
      ['reset_scheduled', true, '2026-11-20T17:00:00.000Z'],
    );
    assert.equal(
      at10("we're not resetting limits today, but tomorrow at 9am PT we are not either"),
      'none',
    );
  });

  test('the limits\' own cycle changed ("moved from monday to sunday, starting next week", "now resets at midnight UTC instead of 7 days after first use") is held, never published; a reset moved "instead of 9am" is not a cycle', () => {
    const cycles: [string, string][] = [
      [
        // Starting a week ahead: held as coming since rules-2.13.86.
        'the weekly reset moved from monday to sunday for everyone, starting next week',
        'reset_scheduled (held)',
      ],
      [
        'starting next week, weekly limits reset on sundays instead of mondays',
        'reset_scheduled (held)',
      ],
      [
        "everyone's weekly limit now resets at midnight UTC instead of 7 days after first use",
        'reset_scheduled (held)',
      ],
    ];
    for (const [text, kind] of cycles) assert.equal(at10(text), kind, text);
    const moved = classify("we're resetting everyone's limits at 5pm PT instead of 9am", {
      createdAt: MORNING,
    });
    assert.ok(!moved.reasons.some((reason) => reason.includes('own cycle')));
  });

  test('another product\'s limits reset (image gen, sora) are not Codex\'s; a reset "in my dreams", or words he "would say", is held', () => {
    for (const text of [
      'the image gen limits in chatgpt were reset for everyone today',
      'sora limits reset for all pro users just now',
    ]) {
      assert.equal(at10(text), 'none', text);
    }
    assert.equal(at10('codex and image limits reset for everyone just now'), 'reset_completed');
    for (const text of [
      'limits reset for everyone in my dreams',
      'limits reset for everyone... is what I would say if capacity allowed',
    ]) {
      assert.equal(at10(text), 'reset_completed (held)', text);
    }
  });

  test('round 252: "Rolling out now: weekly limits wiped for every plan. Should land … within ~30 min" is under way now, done; "clean slate" for every Codex user or two plans named is a reset, not for "all pro users of our design tool"', () => {
    assert.equal(
      at10(
        'Rolling out now: weekly limits wiped for every plan. Should land on your account within ~30 min, no action needed.',
      ),
      'reset_completed',
    );
    assert.equal(
      at10('clean slate for all plus and pro users as of a few minutes ago. both windows.'),
      'reset_completed',
    );
    assert.equal(
      at10('Noon PT today: clean slate for every Codex user. Both windows.'),
      'reset_scheduled',
    );
    assert.equal(at10('a clean slate for all pro users of our design tool'), 'none');
  });

  test('his post taken back in his reply ("(not really, it\'s april fools)", "nvm", "scratch that, we need the capacity") is held for `ops dismiss`; "scratch that, just did it now" is done', () => {
    const threadRead = (text: string, parentText: string) => {
      const result = classify(text, {
        createdAt: MORNING,
        inReplyToId: '2000000000000000000',
        parentText,
        parentHandle: 'thsottiaux',
      });
      return [result.reset?.kind, result.review, result.reasons.at(-1)];
    };
    for (const [text, parent] of [
      ["(not really, it's april fools)", "we reset everyone's limits"],
      ['nvm', 'reset coming tonight'],
      ['actually scratch that, we need the capacity for the launch', 'reset coming tonight'],
    ] as const) {
      const [, review, why] = threadRead(text, parent);
      assert.equal(review, true, text);
      assert.match(String(why), /calls off/, text);
    }
    assert.deepEqual(
      threadRead('scratch that, just did it now', 'reset coming tonight').slice(0, 2),
      ['reset_completed', false],
    );
    const one = reply(
      'no, but everyone gets one on monday',
      'can you reset my limits specifically',
      'maya',
    );
    assert.deepEqual([one.reset?.kind, one.review], ['reset_scheduled', true]);
  });

  test('round 252: "limits go brrr back to full. just flipped the switch …, plus/pro got theirs 10 min ago" is done; "go back to full" with a time ahead is still to come', () => {
    assert.equal(
      at10(
        'limits go brrr back to full. just flipped the switch for business + enterprise workspaces, plus/pro got theirs 10 min ago',
      ),
      'reset_completed',
    );
    assert.equal(
      at10("2pm PT today: everyone's codex limits go back to full. set an alarm"),
      'reset_scheduled',
    );
  });
});

describe('round 252, read again, and probes (rules-2.13.53)', () => {
  test('"top everyone off" and "full weekly allowance back for every plan" are resets; "same time" in his reply moving it is his post\'s clock time', () => {
    assert.equal(
      at10(
        "we're going to top everyone off at 21:00 UTC. yes, all plans. yes, including the weekly.",
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        'Monday 9 AM PT.\nFull weekly allowance back for every plan.\nConsider this the pre-announcement.',
      ),
      'reset_scheduled',
    );
    const moved = classify('update: pushed to tomorrow, same time', {
      createdAt: MORNING,
      inReplyToId: '2000000000000000000',
      parentText: 'reset going out at 5pm PT',
      parentHandle: 'thsottiaux',
    });
    assert.equal(moved.reset?.scheduleWindow?.startAt, '2026-11-21T01:00:00.000Z');
  });

  test('"the day codex hits 1M stars" and "the moment the new models ship" are conditions, not schedules; a reset "according to a fake account" is held, not "according to the plan"', () => {
    assert.equal(
      at10("the day codex hits 1M stars, limits reset for everyone. that's a promise"),
      'none',
    );
    assert.equal(
      at10('the moment the new models ship, limits reset for everyone'),
      'reset_completed (held)',
    );
    assert.equal(
      at10('limits reset for everyone at 6pm PT — according to a fake account. not us'),
      'reset_scheduled (held)',
    );
    assert.equal(
      at10('according to the plan, limits reset for everyone at 6pm PT'),
      'reset_scheduled',
    );
  });
});

describe('rounds 250, 253 and 254, and probes (rules-2.13.54)', () => {
  test('"if codex ever writes a bug-free PR": an adverb between a condition\'s subject and its verb; "weekly windows reset 7 days after the window starts" is the cycle', () => {
    assert.equal(
      at10("we'll reset limits if codex ever writes a bug-free PR on the first try. so, never? 😅"),
      'none',
    );
    const cycle = reply(
      'weekly windows reset 7 days after the window starts, check the usage panel for your exact time',
      'when is the next reset for my account?',
      'quietcompiler',
    );
    assert.equal(cycle.reset, null);
  });

  test('"limits reset. everyone, all plans, just now." is done: whom, then just now', () => {
    assert.equal(
      at10(
        "ok you win. limits reset. everyone, all plans, just now. please stop replying 'reset pls' under my cat photos 🐈",
      ),
      'reset_completed',
    );
  });

  test('"get it tomorrow morning", "crediting it by EOD" answering about the reset are held as coming', () => {
    const workspaces = reply(
      'business + enterprise workspaces get it tomorrow morning PT, plus/pro went first. hang tight',
      "reset didn't reach me, i'm on a business plan",
      'arjun_dev',
    );
    assert.deepEqual([workspaces.reset?.kind, workspaces.review], ['reset_scheduled', true]);
    const credited = reply(
      "we're crediting it to every account by EOD today PT. you'll get an email when it's there",
      'when does the banked reset for the outage show up?',
      'waiting_wes',
    );
    assert.deepEqual(
      [credited.reset?.kind, credited.reset?.resetType, credited.review],
      ['reset_scheduled', 'banked', true],
    );
  });

  test('"banked resets 🏦" is banked; when it may be spent ("apply it any time in the next 30 days", "use them within 30 days") is not its landing', () => {
    const thread = ownReply(
      "landing in everyone's account tomorrow by noon PT. you'll be able to apply it any time in the next 30 days",
      'banked resets 🏦',
    );
    assert.deepEqual(
      [thread.reset?.resetType, thread.review, thread.reset?.scheduleWindow?.endAt],
      ['banked', false, '2026-11-20T20:00:00.000Z'],
    );
    const within = classify('banked resets land tomorrow, use them within 30 days', {
      createdAt: MORNING,
    });
    assert.equal(within.reset?.scheduleWindow?.endAt, '2026-11-21T07:59:59.999Z');
  });
});

describe('rounds 255 to 258, and probes (rules-2.13.55)', () => {
  test("another product's limits said in other words, a plea asked \"whether …\", a judged reset, one's own window and one's own thing announce nothing", () => {
    assert.equal(
      at10(
        "Usage limits have been restored to full for ChatGPT image generation after this morning's outage. Codex wasn't affected, so nothing changes there.",
      ),
      'none',
    );
    assert.equal(
      at10(
        "lots of you asked whether the cloud tasks double-count means everyone gets their usage zeroed; we measured it, the worst case was under 1% of a weekly window, so there won't be a global wipe.",
      ),
      'none',
    );
    assert.equal(at10("the best reset is friday's, change my mind"), 'none');
    assert.equal(at10('your weekly reset is monday'), 'none');
    assert.equal(at10("there's a reset tomorrow in my calendar for my sleep schedule"), 'none');
    assert.equal(at10('limits reset for image gen and codex'), 'reset_completed (held)');
  });

  test('"there\'s a reset tomorrow", "the reset is tonight", "is at 5pm PT": the time after the copula decides; they were published as done', () => {
    assert.equal(at10("there's a reset tomorrow for everyone"), 'reset_scheduled');
    assert.equal(at10('the reset is tonight for all plans'), 'reset_scheduled');
    assert.equal(
      at10('the reset is friday for plus and pro, monday for business'),
      'reset_scheduled',
    );
    assert.equal(at10('there is a reset for all plans.'), 'reset_completed');
    assert.equal(at10("the reset is not tonight, it's next week"), 'none');
  });

  test('usage "set back to zero", "put back … to zero", "give back full usage", "slate\'s wiped clean", "weekly is back at 0 for you and everybody", "a global wipe"', () => {
    assert.equal(
      at10("everyone's 5-hour and weekly usage was set back to zero earlier this morning."),
      'reset_completed',
    );
    assert.equal(
      at10(
        'we have put back all codex usage to zero for every users now, because the counting was wrong since monday. sorry for this trouble',
      ),
      'reset_completed',
    );
    assert.equal(
      at10(
        'next week on tuesday we will give back full usage of codex to all plans, it is decided already',
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10("codex folks: slate's wiped clean. both windows, every plan, already live."),
      'reset_completed (held)',
    );
    const relief = reply(
      'just went out — check your usage page, weekly is back at 0 for you and everybody else',
      'got locked out of codex for 4 days after the tasks bug, any chance of some relief?',
      'nora_ships',
    );
    assert.deepEqual([relief.reset?.kind, relief.review], ['reset_completed', false]);
    assert.equal(at10('global wipe tonight for all plans'), 'reset_scheduled');
    assert.equal(at10('we did a global wipe of the staging db'), 'none');
  });

  test('his question answered yes at once is said: "will everyone get their codex usage back before the weekend? yes — friday noon PT"; not "yes if …", nor "are you resetting …?"', () => {
    assert.equal(
      at10(
        'will everyone get their codex usage back before the weekend? yes — friday noon PT, all plans, both windows.',
      ),
      'reset_scheduled',
    );
    assert.equal(at10('will we get a reset this week? yes if we hit 5M users'), 'none');
    assert.equal(at10('are you resetting limits? yes, my own, lol'), 'none');
  });

  test('in his threads: a post of only a time read with his reply; "one click and your windows go back to zero" is what the banked reset does; "back at 0" is no midnight', () => {
    const thread = ownReply;
    const timed = thread(
      'full usage reset across plus, pro, business, edu and enterprise. after lunch PT',
      'tomorrow',
    );
    assert.deepEqual(
      [timed.reset?.kind, timed.reset?.scheduleWindow?.startAt],
      ['reset_scheduled', '2026-11-20T08:00:00.000Z'],
    );
    assert.equal(
      thread(
        "find it under usage settings. one click and your 5h + weekly windows go back to zero, and it doesn't expire",
        'banked resets are now live for Business and Edu workspaces 🎉',
      ).reset,
      null,
    );
    const done = thread("and it's done. every account should be back at 0", 'reset is rolling out');
    assert.equal(done.reset?.kind, 'reset_completed');
    const plans = reply(
      'reset going out to all plans right now, should hit your account in a few min',
      'any chance of a limit reset? burned my whole weekly on one migration 😭',
      'kenji_builds',
    );
    assert.deepEqual([plans.reset?.kind, plans.review], ['reset_completed', false]);
  });
});

describe('rounds 259 to 262 (rules-2.13.56)', () => {
  test('"isn\'t something we reset", "hypothetically, a reset at 6pm PT lands …" and "no refill tonight after all" under his refill announce nothing', () => {
    assert.equal(
      at10(
        "the 5-hour window isn't something we reset. it just slides. start a session at 10am and you're fresh again at 3pm",
      ),
      'none',
    );
    assert.equal(
      at10(
        "hypothetically, a reset at 6pm PT lands in the middle of Europe's night. one of the reasons we haven't done one",
      ),
      'none',
    );
    const off = ownReply(
      'correction: no refill tonight after all. the overcount turned out to be display-only, nobody actually lost any usage',
      "we're going to refill everyone's codex limits tonight",
    );
    assert.deepEqual(
      [off.review, off.reasons.at(-1)?.startsWith('his reply calls off')],
      [true, true],
    );
  });

  test('"reset for everyone affected goes out monday": the participle modifies "everyone", the verb is "goes out"', () => {
    const read = ownReply(
      'reset for everyone affected goes out monday. we need the weekend to verify the numbers',
      'the metering bug is fixed as of an hour ago',
    );
    assert.deepEqual(
      [read.reset?.kind, read.reset?.scheduleWindow?.startAt],
      ['reset_scheduled', '2026-11-23T08:00:00.000Z'],
    );
  });

  test('other words: "tank gets topped back to full", "had their whole weekly allowance handed back", "usage drops back to nothing", "codex usage: 0%. for everyone. just now."; not "the counter is back at zero after the migration"', () => {
    assert.equal(
      at10(
        "heads up: at 3pm PT today your codex tank gets topped back to full, whatever plan you're on",
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        'meanwhile we noticed the token counter was double charging long contexts since monday, so everyone has had their whole weekly allowance handed back as of today.',
      ),
      'reset_completed',
    );
    assert.equal(
      at10(
        "after tonight's deploy (around 11pm PT) all codex usage drops back to nothing. fresh start for the weekend",
      ),
      'reset_scheduled',
    );
    assert.equal(at10('codex usage: 0%. for everyone. just now.'), 'reset_completed');
    assert.equal(at10('The counter is back at zero after the migration.'), 'none');
  });

  test('replies held: "they do, it\'s already sitting in your account", "you earned it", "🫶 ship something cool with it" under thanks, and an answer to "for the reset to show up for my org"', () => {
    const held = (text: string, parentText: string) => {
      const read = reply(text, parentText, 'someone');
      return [read.reset?.kind, read.review];
    };
    assert.deepEqual(
      held(
        "they do, it's already sitting in your account. spend it whenever you like",
        'do edu accounts get the banked reset too?',
      ),
      ['reset_completed', true],
    );
    assert.deepEqual(
      held("you earned it after yesterday's outage 🫡", 'thank you for the reset tibo!! 🙏'),
      ['reset_completed', true],
    );
    assert.deepEqual(
      held(
        '🫶 ship something cool with it',
        "tibo you're a legend, reset came right when I needed it",
      ),
      ['reset_completed', true],
    );
    assert.deepEqual(
      held(
        "Nothing needed on your side — it's already applied to every enterprise workspace.",
        'Enterprise admin here — do I need to do anything for the reset to show up for my org?',
      ),
      ['reset_completed', true],
    );
  });
});

describe('rounds 263 to 266, and probes (rules-2.13.57)', () => {
  test('"Nov 24: …", "in ~2h we reset …", "2. reset … (tomorrow morning)", "by EOD today, all your codex limits: back to zero": times said first, aside or approximately are ahead; they were published as done', () => {
    assert.equal(
      at10(
        'Nov 24: full usage reset for every Codex user to mark the launch. Put it in your calendar.',
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10('in ~2h we reset codex limits on all plans. eating lunch first'),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        "this week's plan:\n1. ship the new review mode (today)\n2. reset codex usage limits for all plans (tomorrow morning)\n3. sleep",
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10("by EOD today, all your codex limits: back to zero. i'm pressing the button at 6pm PT"),
      'reset_scheduled',
    );
    assert.equal(at10('yesterday, we reset all codex limits.'), 'reset_completed');
    // Another zone's clock time aside is not unwrapped.
    const utc = classify(
      'Resetting Codex rate limits for all Plus and Pro users at 17:00 UTC (9am PT) tomorrow.',
      { createdAt: MORNING },
    );
    assert.deepEqual(
      [utc.review, utc.reset?.scheduleWindow?.startAt],
      [false, '2026-11-20T17:00:00.000Z'],
    );
  });

  test('the window\'s cycle "every 7 days", a day remembered, "assuming …", a demo account, and "more than we ship features" announce nothing firm', () => {
    assert.equal(
      at10(
        "there's a reset on your weekly window every 7 days, counted from your first message. that's the product working, not us doing anything",
      ),
      'none',
    );
    assert.equal(
      at10(
        "march 12 was the day we reset everyone after the double-count bug. still the most replies i've ever gotten",
      ),
      'none',
    );
    assert.equal(
      at10(
        'planning a reset for 6pm pt, assuming the counter migration actually completes. big assumption atm. will confirm or cancel later',
      ),
      'reset_scheduled (held)',
    );
    assert.equal(
      at10(
        "reset the demo account limits so the booth laptop stops saying 'usage limit reached' in front of 200 people 😅",
      ),
      'none',
    );
    assert.equal(at10('at this point, we reset limits more than we ship features'), 'none');
  });

  test('"moving it up — starting right now actually" under his reset at 3pm is done now; "resettted evryone\'s codex limits just now" is read', () => {
    const now = ownReply(
      'moving it up — starting right now actually',
      "we're resetting codex limits today at 3pm PT",
    );
    assert.deepEqual([now.reset?.kind, now.review], ['reset_completed', false]);
    assert.equal(
      at10(
        "typo city today but: resettted evryone's codex limits just now. both windows. go build",
      ),
      'reset_completed',
    );
  });

  test('replies held: a time said first ("6pm PT today, you read it right"), "Automatically, yes. It\'s rolling through …", "pro batch runs tonight, 9pm PT"', () => {
    const kind = (text: string, parentText: string) => {
      const read = reply(text, parentText, 'someone');
      return [read.reset?.kind, read.review];
    };
    assert.deepEqual(
      kind(
        '6pm PT today, you read it right',
        'Is the reset happening at 6pm PT today or did I misread?',
      ),
      ['reset_scheduled', true],
    );
    assert.deepEqual(
      kind(
        "Automatically, yes. It's rolling through enterprise orgs right now and should hit yours within the hour.",
        'Enterprise admin here — do our seats get the reset automatically?',
      )[1],
      true,
    );
    assert.deepEqual(
      kind(
        'pro batch runs tonight, 9pm PT. hang tight',
        'did the reset hit Pro yet? mine still says 71%',
      ),
      ['reset_scheduled', true],
    );
  });
});

describe('rounds 267 to 270 (rules-2.13.58)', () => {
  test('"someday i will …", a promise reported ("told someone … i\'d personally reset"), "(joke. …)" announce nothing firm', () => {
    assert.equal(
      at10(
        "someday i will reset codex limits the second anyone tweets 'pls'. today is not that day",
      ),
      'reset_scheduled (held)',
    );
    assert.equal(
      at10(
        "told someone yesterday i'd personally reset their codex usage after the bug. turns out i can't touch single accounts. sent them to support, my bad",
      ),
      'none',
    );
    assert.equal(
      at10(
        "next week i'm going to reset everyone's limits, triple the caps and hand out free GPUs. (joke. please do not screenshot this)",
      ),
      'reset_scheduled (held)',
    );
  });

  test('in his threads: "friday reset is ON", a teaser naming a day completed by his reply, "not usage limits" taking his post back', () => {
    const thread = ownReply;
    const on = thread(
      'capacity came through. friday reset is ON 🎉',
      "if we get the extra capacity we'll reset limits friday",
    );
    assert.equal(on.reset?.kind, 'reset_scheduled');
    const teased = thread(
      "(it's limits. we're resetting them. all plans.)",
      'one more thing for friday 👀',
    );
    assert.deepEqual(
      [teased.reset?.kind, teased.reset?.scheduleWindow?.startAt],
      ['reset_scheduled', '2026-11-20T08:00:00.000Z'],
    );
    const apology = thread(
      "fixed. also reset everyone's 5h windows as an apology, live as of 9:40 PT",
      'sorry about the 429s this morning',
    );
    assert.equal(apology.reset?.kind, 'reset_completed');
    const other = thread(
      'wait, that was the web session reset, not usage limits. my bad, ignore',
      'reset went out earlier for pro',
    );
    assert.equal(other.review, true);
  });

  test('replies held: "Plus and Pro" to "which plans…", "UTC" to "9am PT or 9am UTC?", "legit" to "is that legit?"', () => {
    const held = (text: string, parentText: string) => reply(text, parentText, 'someone').review;
    assert.equal(
      held('Plus and Pro', "which plans got today's codex limit reset? asking for my team"),
      true,
    );
    assert.equal(
      held('UTC', "tomorrow morning's codex reset at 9 — is that 9am PT or 9am UTC?"),
      true,
    );
    assert.equal(
      held(
        'legit',
        'Just got an email saying codex limits reset next Tuesday — is that legit or phishing?',
      ),
      true,
    );
  });

  test('the meter read at nothing, and other words: "Codex meters on Plus, Pro, … now read empty", "meters start at nil", "roll every codex usage odometer back to 0", "unwind this week\'s Codex usage", "fill every codex user\'s tank", "Codex Usage Amnesty"', () => {
    assert.equal(
      at10(
        'Mulligan granted. Codex meters on Plus, Pro, Business, Edu and Enterprise now read empty, and the bug that double-counted IDE requests is fixed.',
      ),
      'reset_completed',
    );
    assert.equal(
      at10(
        'friday is a new inning for every codex user: meters start at nil when you wake up. both windows, all tiers ⚾',
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        'at 5pm PT today we roll every codex usage odometer back to 0. all plans, no action needed',
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        "Overcount bug was ours. On Sunday night we'll unwind this week's Codex usage for everyone, all plans, both windows.",
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10("tomorrow 8am PT: we fill every codex user's tank, 5h and weekly alike."),
      'reset_scheduled',
    );
    assert.equal(
      at10('COMING FRIDAY: Codex Usage Amnesty Day. All limits, all plans, back to 0%.'),
      'reset_scheduled',
    );
    // Not the usage service's counters that "zero out" when a flag is flipped, nor a rollback.
    assert.equal(
      at10(
        "honestly it's just a flag we flip on the usage service and the counters zero out. nothing magic",
      ),
      'none',
    );
    assert.equal(at10('we had to roll back the usage dashboard deploy'), 'none');
  });
});

describe('rounds 271 to 274 (rules-2.13.59)', () => {
  test('a reset after "remember …?" is held as recalled; "we\'re NOT doing that tonight" under his reset calls it off', () => {
    assert.equal(
      at10(
        "remember the august outage? we zeroed everyone's usage after that one. this week is a different beast, no promises",
      ),
      'reset_completed (held)',
    );
    const off = ownReply(
      "correction: we're NOT doing that tonight. the fix needs more time. will update when i know more",
      "resetting everyone's codex limits tonight",
    );
    assert.deepEqual(
      [off.review, off.reasons.at(-1)?.startsWith('his reply calls off')],
      [true, true],
    );
  });

  test('plain other words: "giving everybody their full week back", "reversed all codex usage logged since monday", "back where they started", "credited a full week of codex usage", "their full 5-hour and weekly quota back", "codex limit bars will be back at 0%", "gets reversed", "counters drop to zero"', () => {
    assert.equal(
      at10(
        "monday we're giving everybody their full week back. the overcount fix ships this weekend and the credit lands monday morning",
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        'we reversed all codex usage logged since monday. the token counter was double-billing cloud tasks, sorry about that',
      ),
      'reset_completed',
    );
    assert.equal(
      at10('limits are back where they started for all codex users as of a few minutes ago 🫡'),
      'reset_completed',
    );
    assert.equal(
      at10(
        'credited a full week of codex usage to every account this morning. thanks for sitting through the slow cloud tasks',
      ),
      'reset_completed',
    );
    assert.equal(
      at10(
        'we gave every codex user their full 5-hour and weekly quota back just now. launch-day bonus 🎉',
      ),
      'reset_completed',
    );
    assert.equal(
      at10(
        "heads up: in about 3 hours both codex limit bars will be back at 0% for everyone. we're crediting the outage",
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        "later today: all codex usage since the sunday incident gets reversed, for every account. will confirm here once it's through",
      ),
      'reset_scheduled (held)',
    );
    assert.equal(
      at10("sunday night we clear everyone's codex usage back to nothing. all plans, no opt-in"),
      'reset_scheduled (held)',
    );
  });

  test('replies held: "that was us 🫡 all plans" to "my codex limits went back to 0%, was that you??"; "bonus." to "the normal weekly one or a bonus?"', () => {
    assert.equal(
      reply(
        'that was us 🫡 all plans',
        'just saw my codex limits went back to 0%, was that you??',
        'priya_dev',
      ).review,
      true,
    );
    const bonus = reply(
      'bonus. happened about an hour ago, on top of your regular weekly rollover',
      "is today's reset the normal weekly one or a bonus?",
      'dana_ml',
    );
    assert.deepEqual([bonus.reset?.kind, bonus.review], ['reset_completed', true]);
  });
});

describe('rounds 275 to 278 (rules-2.13.60)', () => {
  test('"no moment where we reset it", "were there ever a reset-worthy bug", "nobody … should expect a reset" announce nothing; "nobody will be left out of pocket: all plans get …" still does', () => {
    assert.equal(
      at10(
        "it's rolling. usage from 5 hours ago drops off continuously. there's no moment where we reset it, it just recovers as you go.",
      ),
      'none',
    );
    assert.equal(
      at10("were there ever a reset-worthy bug, you'd hear it from me first. this isn't one."),
      'none',
    );
    assert.equal(
      at10("nobody, and I mean nobody, should expect a reset just because it's thanksgiving week"),
      'none',
    );
    assert.equal(
      at10(
        'Nobody will be left out of pocket: all plans get their Codex usage restored once the fix finishes deploying this afternoon.',
      ),
      'reset_scheduled',
    );
  });

  test('"reset is locked in for tomorrow 9am PT" is coming (was published as done); "rolling out a reset … over the next hour" is under way, not to come', () => {
    assert.equal(
      at10('update: we hit it. reset is locked in for tomorrow 9am PT'),
      'reset_scheduled',
    );
    assert.equal(
      at10('rolling out a reset to all codex users over the next hour, plus first.'),
      'reset_completed (held)',
    );
  });

  test('plain and formal words: "all accounts now have their full codex allowance again", "restored each account\'s 5-hour and weekly usage limits in full", "the usage restoration for Codex Enterprise and Edu workspaces has finished", "all 5-hour and weekly counters were reset", "everyone\'s back to zero"', () => {
    assert.equal(
      at10(
        "all accounts now have their full codex allowance again. thanks for bearing with us through yesterday's outage",
      ),
      'reset_completed',
    );
    assert.equal(
      at10(
        "Notice to Codex customers: Following incident 2026-1117-02, we have restored each account's 5-hour and weekly usage limits in full. This applies to all plans.",
      ),
      'reset_completed',
    );
    assert.equal(
      at10(
        'Status: Monitoring — The usage restoration for Codex Enterprise and Edu workspaces has finished. Plus and Pro accounts were completed earlier this morning.',
      ),
      'reset_completed',
    );
    assert.equal(
      at10(
        'Release notes, Codex 1.12 (Nov 19):\n• Faster diff review in the IDE extension\n• Usage: all 5-hour and weekly counters were reset with this release',
      ),
      'reset_completed',
    );
    assert.equal(
      at10("who said we wouldn't reset? just did. everyone's back to zero 🎉"),
      'reset_completed (held)',
    );
  });

  test('replies: "it\'s scheduled for tonight" and "enterprise and edu were included" held; "your codex usage should read zero" is done; "nothing scheduled tonight" turns it down', () => {
    const kind = (text: string, parentText: string) => {
      const read = reply(text, parentText, 'someone');
      return [read.reset?.kind ?? null, read.review];
    };
    assert.deepEqual(
      kind(
        "more than a chance. it's scheduled for tonight, all plans",
        'any chance of a reset after the launch chaos?',
      ),
      ['reset_scheduled', true],
    );
    assert.deepEqual(
      kind(
        'enterprise and edu were included. they got zeroed at the same time as everyone else, about an hour ago',
        'will enterprise get the reset too',
      ),
      ['reset_completed', true],
    );
    assert.equal(
      kind(
        'yes, it already went out about an hour ago. your codex usage should read zero',
        'today??',
      )[0],
      'reset_completed',
    );
    assert.deepEqual(
      kind(
        'where did you hear that? nothing scheduled tonight',
        'heard codex is resetting limits tonight 👀 anyone got confirmation?',
      ),
      [null, false],
    );
  });
});

describe('rounds 279 to 282 (rules-2.13.61)', () => {
  test('a badge quota, a partner\'s limits, what we are exploring, and "… is the tweet i\'d love to send" announce nothing', () => {
    assert.equal(
      at10('devday badge quota refills tomorrow 9am, the last batch went in 4 minutes 😅'),
      'none',
    );
    assert.equal(
      at10(
        'a partner just bumped and reset their api rate limit tiers for all devs. great week to build on it',
      ),
      'none',
    );
    assert.equal(
      at10(
        "new thing we're exploring: every codex user, on every plan, getting one banked reset to spend whenever they hit a wall. would you use it? poll below",
      ),
      'none',
    );
    assert.equal(
      at10(
        "codex limits reset for everyone, every plan, done an hour ago 🫡 … is the tweet i'd love to send. not today, friends",
      ),
      'reset_completed (held)',
    );
  });

  test('"noonish today we\'re zeroing everyone\'s usage" is coming (was published as done); "plus/pro/biz/edu all back to zero" and "biz/ent: zero\'d limits first thing tmrw" are read', () => {
    assert.equal(
      at10("noonish today we're zeroing everyone's usage. enjoy the afternoon"),
      'reset_scheduled',
    );
    assert.equal(at10('plus/pro/biz/edu all back to zero. go build'), 'reset_completed');
    assert.equal(at10("biz/ent: zero'd limits first thing tmrw 🌅"), 'reset_scheduled');
  });

  test('replies held: "all of them", "both windows", "around 9am PT, before most of the US workday starts"; his reply on another rollout ("~10% of plus") does not land his reset', () => {
    const held = (text: string, parentText: string) => reply(text, parentText, 'someone').review;
    assert.equal(
      held(
        'all of them',
        'the reset going out tonight, does it cover business and edu seats too or just pro?',
      ),
      true,
    );
    assert.equal(
      held('both windows', 'just got reset 🎉 was it the weekly too or only the 5 hour one?'),
      true,
    );
    assert.equal(
      held(
        'around 9am PT, before most of the US workday starts',
        'you said limits reset tomorrow - what time?',
      ),
      true,
    );
    const other = classify('rollout starts with ~10% of plus, ramping over the week', {
      createdAt: MORNING,
      inReplyToId: '2000000000000000000',
      parentText:
        "two bits of news: the new codex model starts rolling out to plus tomorrow, and we're resetting everyone's limits friday",
      parentHandle: 'thsottiaux',
    });
    assert.notEqual(other.reset?.kind, 'reset_completed');
  });
});

describe('rounds 283 to 286 (rules-2.13.62)', () => {
  test('what a reset is of, said after a colon, a dash or a full stop, when it is not usage: "massive reset tonight: my sleep schedule", "Reset at 6pm PT sharp — the internal codex hackathon leaderboard", "just did a full reset. of my home router."; not "reset at 6pm PT — the whole fleet, every plan"', () => {
    assert.equal(
      at10('massive reset tonight: my sleep schedule, after three straight launch weeks'),
      'none',
    );
    assert.equal(
      at10(
        'Reset at 6pm PT sharp — the internal codex hackathon leaderboard. scores to zero, round two starts.',
      ),
      'none',
    );
    assert.equal(
      at10(
        'resetting something tomorrow morning: the codex pricing page, which has shown the wrong Business number for a week. fixing it.',
      ),
      'none',
    );
    assert.equal(
      at10('just did a full reset. of my home router. codex cloud was never the problem'),
      'none',
    );
    assert.equal(at10('reset at 6pm PT — the whole fleet, every plan'), 'reset_scheduled');
    assert.equal(
      at10('reset tonight: the one we promised last week. all plans'),
      'reset_scheduled',
    );
  });

  test('a story, a draft, a repo, a discord, a team resting, resets that "come up", "global = we zero everyone …", "someone screenshotted …", "you\'ve got a banked reset", its expiry date, and one "separate from" another announce nothing', () => {
    for (const text of [
      "Wiping every codex user's usage to zero right now — in the dream I had last night. awake now, nothing happened",
      "everyone's usage back to zero on monday: a sentence I'm not allowed to post until there's a ticket for it, and there isn't one.",
      "reset incoming on `main` in the codex repo — we force-pushed something we shouldn't have. please re-pull.",
      "reset coming for the codex discord: mods are rebuilding all the rank roles tonight, so don't panic if yours vanishes",
      'The team is resetting tonight. offsite starts tomorrow, so replies from me will be slow till monday',
      'limits reset at midnight for my chess clock side project, which codex wrote in one shot. blitz players only',
      "someone screenshotted a second banked reset on their plus account. that's a staging build, not real",
      'expiry date for your banked reset is on the usage page right under the button. mine says jan 18',
    ])
      announcesNothingFirm(text);
    assert.equal(
      reply(
        'banked resets come up in planning a lot. not on the roadmap this quarter though.',
        'when are banked resets coming back??',
        'tabsnotspaces',
      ).reset,
      null,
    );
    assert.equal(
      reply(
        "not another one 🙃 you've got a banked reset, use that",
        'can you just reset everyone again pls 🙏',
        'sam_ships',
      ).reset,
      null,
    );
    assert.equal(
      at10(
        "resetting limits for every Enterprise seat right now. separate from the banked one coming friday, you'll have both",
      ),
      'reset_completed',
    );
    // Still read: "Your banked reset is in your account now."
    assert.equal(
      at10('Your banked reset is in your account now. Spend it whenever you hit the wall.'),
      'reset_completed',
    );
  });

  test('times and verbs of non-native and hurried English: "in two hours we make the reset", "tonight à 23h PT the usage of codex go back to zero", "the reset of 17h CET is finished", "Limits of Codex are put to zero", "limits for Codex at zero for everybody"; "in about an hour we zero out …"', () => {
    assert.equal(
      at10('in two hours we make the reset for all plans. after the launch.'),
      'reset_scheduled',
    );
    const tonight = classify(
      'tonight à 23h PT the usage of codex go back to zero for every plan 🌙',
      {
        createdAt: MORNING,
      },
    );
    assert.deepEqual(
      [tonight.reset?.kind, tonight.reset?.scheduleWindow?.startAt],
      ['reset_scheduled', '2026-11-20T07:00:00.000Z'],
    );
    assert.equal(
      at10(
        'The reset of 17h CET is finished, every users have again full limits. Merci for the patience',
      ),
      'reset_completed',
    );
    assert.equal(
      at10(
        'Limits of Codex are put to zero for everyone since this morning, after the bug of yesterday who was counting double.',
      ),
      'reset_completed',
    );
    assert.equal(
      at10('Just now I press the button. Weekly and 5h limits for Codex at zero for everybody.'),
      'reset_completed',
    );
    assert.equal(
      at10(
        "in about an hour we zero out everyone's 5-hour and weekly usage on top of that. all plans",
      ),
      'reset_scheduled',
    );
    // "~2h" and "5h" stay durations and windows, not clock times.
    const soon = classify('resetting limits in ~2h, waiting on a deploy to finish first', {
      createdAt: MORNING,
    });
    assert.equal(soon.reset?.scheduleWindow?.startAt, '2026-11-19T18:00:00.000Z');
  });

  test('replies held: "not today, tomorrow 9h PT. for all", "yes, every Plus account gets a fresh one on december 1" to "another banked one?", "edu is going through now"', () => {
    const held = (text: string, parentText: string) => reply(text, parentText, 'someone');
    const tomorrow = held('not today, tomorrow 9h PT. for all', 'when the reset? today or not');
    assert.deepEqual([tomorrow.reset?.kind, tomorrow.review], ['reset_scheduled', true]);
    const banked = held(
      'yes, every Plus account gets a fresh one on december 1',
      'any chance plus gets another banked one? i used mine day one',
    );
    assert.deepEqual([banked.reset?.resetType, banked.review], ['banked', true]);
    assert.equal(
      held(
        'edu is going through now, pro went first. should hit your seats in the next few minutes, sorry for the stagger',
        'my pro friends got reset an hour ago but our edu seats still show maxed out?',
      ).review,
      true,
    );
  });
});

describe('rounds 287 to 290 (rules-2.13.63)', () => {
  test('"that\'s not us resetting anything", "resetting limits every 15 minutes forever … a pony", "we looked at a reset … so we\'re not doing one", "a codex reset wouldn\'t touch those" announce nothing', () => {
    for (const text of [
      "reminder the weekly window isn't a cliff, it rolls. whatever you burned last thursday at 10am drops off right about... now. that's not us resetting anything, that's just the calendar doing its job",
      'yes we are resetting limits every 15 minutes forever and also everyone gets a pony 🐴 please stop asking',
      "We looked at a reset after Tuesday's latency issues. The impact was small and nothing was overcounted, so we're not doing one.",
    ])
      assert.equal(at10(text), 'none', text);
    const those = ownReply(
      "and no, a codex reset wouldn't touch those",
      'chatgpt image gen limits are separate from codex ones, just to clear that up',
    );
    assert.equal(those.reset, null);
  });

  test('"pushing this back, we found an issue … once we have a date" under his reset calls it off; "Pushing it back a bit so …" with its new time still moves it', () => {
    const off = ownReply(
      'update: pushing this back, we found an issue with the rollout. will share more once we have a date',
      "we're resetting limits tonight for all codex users",
    );
    assert.deepEqual(
      [off.review, off.reasons.at(-1)?.startsWith('his reply calls off')],
      [true, true],
    );
  });

  test('"the codex reset everyone keeps asking about: friday 8am PT." is coming: the time after its colon, and people asking is no habit of resets', () => {
    assert.equal(
      at10('the codex reset everyone keeps asking about: friday 8am PT. not today. friday.'),
      'reset_scheduled',
    );
  });

  test('replies held: "you are. every plan gets it tomorrow morning, enterprise included", "starts at noon PT, couple hours from now"', () => {
    const kind = (text: string, parentText: string) => {
      const read = reply(text, parentText, 'someone');
      return [read.reset?.kind, read.review];
    };
    assert.deepEqual(
      kind(
        'you are. every plan gets it tomorrow morning, enterprise included',
        "Enterprise admin here, are our seats part of tomorrow's reset?",
      ),
      ['reset_scheduled', true],
    );
    assert.deepEqual(
      kind(
        'starts at noon PT, couple hours from now',
        "is today's reset live yet? still at 94% weekly",
      ),
      ['reset_scheduled', true],
    );
    // Not "that's just when your 5h window started", another thing's start.
    assert.equal(
      reply(
        "it's a rolling window from your first message, not a clock. 2:17 means you started at 9:17",
        'why did my 5h limit reset at a weird time like 2:17pm',
        'someone',
      ).reset,
      null,
    );
  });
});

describe('rounds 291 to 294 (rules-2.13.64)', () => {
  test('the decisive word late: a rumour, "said nobody", a game, "last year, anyway", "… not.", a sandbox, an insider account, an impersonator, "marks one year since" announce nothing firm', () => {
    for (const text of [
      "resetting everyone's codex limits at 6pm PT tonight, every plan... is what the rumour on reddit says. not from us.",
      'full weekly limit reset for Plus and Pro going out right now, said nobody at OpenAI today',
      "reset all limits for the whole party right before the boss fight. in the game I'm playing with my kid tonight 🎮",
      "we reset everyone's 5h and weekly windows the night of the devday outage. last year, anyway.",
      'big reset for all codex users tonight. not.',
      'Weekly reset for every Edu account tomorrow at noon, in the sandbox test suite. Real Edu limits stay as they are.',
      "Codex limits for all plans reset tomorrow at 9am PT, per an 'insider' account with 40 followers. They made it up.",
      'Next Monday marks one year since our first ever codex limit reset. wild how fast that went',
      'got outvoted on a reset this week. democracy is hard 😅',
    ])
      announcesNothingFirm(text);
    const taken = ownReply(
      "...is what I was about to post before someone reminded me we haven't decided anything. ignore the above, sorry.",
      'resetting codex limits for all Plus users at 3pm PT today',
    );
    assert.equal(taken.review, true);
  });

  test('"if you slept in: we reset everyone\'s codex usage at 7am PT this morning" is done; "we\'re giving every codex user 2 banked resets … they\'ll show up over the weekend" is coming', () => {
    assert.equal(
      at10("if you slept in: we reset everyone's codex usage at 7am PT this morning 🌅"),
      'reset_completed',
    );
    assert.equal(
      at10(
        "we're giving every codex user 2 banked resets to use whenever. they'll show up in accounts over the weekend",
      ),
      'reset_scheduled',
    );
  });

  test('replies held: "it\'s been added to every plus and pro account", "that\'s the one we dropped into accounts this morning", "everyone\'s did."', () => {
    const held = (text: string, parentText: string) => reply(text, parentText, 'someone').review;
    assert.equal(
      held(
        "settings → usage. it's been added to every plus and pro account, try a hard refresh",
        "where's the banked reset? don't see it anywhere",
      ),
      true,
    );
    assert.equal(
      held(
        "that's the one we dropped into accounts this morning 🙂 hit it whenever you run dry",
        'I have a banked reset showing in settings, what is this?',
      ),
      true,
    );
    assert.equal(
      held("everyone's did. outage makegood 🙏", 'wait did my limits just go back to 100%??'),
      true,
    );
  });
});

describe('rounds 295 to 298 (rules-2.13.65)', () => {
  test('"august\'s reset still living rent free in my head", "…is what i\'d say if …" under his post, and "it sets your 5h and weekly usage back to zero" (what a reset does) announce nothing', () => {
    assert.equal(
      at10("august's reset still living rent free in my head. peak codex twitter era"),
      'none',
    );
    const thread = ownReply;
    assert.equal(
      thread(
        "...is what i'd say if the outage had lasted longer than 4 minutes. it didn't. carry on",
        "we're resetting codex limits for everyone tonight",
      ).review,
      true,
    );
    assert.equal(
      thread(
        'it sets your 5h and weekly usage back to zero. your plan and your history stay the same',
        'people keep asking me what a reset actually does',
      ).reset,
      null,
    );
  });

  test('in his threads: "they\'ll show up in accounts by end of day today, no action needed" and "and monday, after the dust settles, we reset everyone\'s limits" are coming', () => {
    const thread = ownReply;
    assert.equal(
      thread(
        "they'll show up in accounts by end of day today, no action needed",
        "we're giving every paid user a banked reset",
      ).reset?.kind,
      'reset_scheduled',
    );
    assert.equal(
      thread(
        "and monday, after the dust settles, we reset everyone's limits. mark it",
        'launch day tomorrow',
      ).reset?.kind,
      'reset_scheduled',
    );
  });

  test('natural words: "topping everyone\'s Codex weekly back to full", "a fresh set of codex limits to all … accounts", "full codex usage refill for everyone", "gave every codex account a fresh weekly", "wipe everyone\'s codex usage that same morning"', () => {
    assert.equal(
      at10(
        "Tomorrow morning we're topping everyone's Codex weekly back to full. Consider it a thank-you for surviving launch week with us.",
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        'rolling out a fresh set of codex limits to all Plus/Pro/Business/Edu/Enterprise accounts right now. might take ~30 min to reach every account',
      ),
      'reset_completed',
    );
    assert.equal(
      at10('Monday: full codex usage refill for everyone. have a good weekend'),
      'reset_scheduled',
    );
    assert.equal(
      at10('gave every codex account a fresh weekly just now. launch day gift'),
      'reset_completed',
    );
    assert.equal(
      at10("we'll wipe everyone's codex usage that same morning so you can actually hammer it"),
      'reset_scheduled',
    );
  });
});

describe('rounds 299 to 302 (rules-2.13.66)', () => {
  test('"banked resets are still on the roadmap", "a lot of DMs about a codex reset", "… would be a nice surprise", another lab\'s or product\'s limits announce nothing; "free tier limits got reset too" still does', () => {
    for (const text of [
      'banked resets are still on the roadmap. not this month though',
      "a banked reset showing up in every Plus and Pro account tomorrow morning would be a nice surprise, wouldn't it. no promises",
      'getting a lot of DMs about a codex reset.',
      "the chatgpt image limits were restored for everyone today, that's the images team not us. codex meters unchanged",
      'claude code users got their weekly limits restored today apparently. good for them 👀',
      'the limits refresh for free tier chatgpt lands in ~3 hours. unrelated to codex, your codex meters stay where they are',
    ])
      announcesNothingFirm(text);
    assert.equal(at10('free tier limits got reset too, forgot to mention 🙃'), 'reset_completed');
    assert.equal(at10('thinking about making the 5h window more forgiving'), 'none');
  });

  test('other words: meters "are at 0% again", usage "erased", "emptying everyone\'s usage meters then", "returned in full", counters "go to nil", "giving back every bit of codex usage burned", "forgave all codex usage", "a banked weekly restore", "credited a full weekly allowance back"', () => {
    assert.equal(
      at10('codex usage meters for every plan are at 0% again as of a few minutes ago.'),
      'reset_completed',
    );
    assert.equal(
      at10('to make up for it, every account gets its codex usage erased on monday.'),
      'reset_scheduled',
    );
    assert.equal(
      at10("hang on until 5pm PT today, we're emptying everyone's usage meters then"),
      'reset_scheduled (held)',
    );
    assert.equal(
      at10(
        'by end of day everyone on Plus, Pro, Business, Edu and Enterprise gets their Codex weekly allowance returned in full',
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        'saturday: codex usage counters go to nil for all users. consider it a thank you for launch week',
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        "we'll be giving back every bit of codex usage burned this week. landing tonight, pacific time",
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        'we forgave all codex usage logged since monday. the meter on your settings page already reflects it',
      ),
      'reset_completed',
    );
    assert.equal(
      at10(
        "We've credited a full weekly allowance back to every Codex user. Live now, no action needed.",
      ),
      'reset_completed',
    );
  });

  test('replies and threads held: "yes, two banked resets per account, landing tuesday", "enjoy!! everyone has one now" under thanks, "Already happened." under his post', () => {
    const two = reply(
      'source is me i guess. yes, two banked resets per account, landing tuesday',
      'two banked resets next week? source?',
      'rumor_mill_dev',
    );
    assert.deepEqual([two.reset?.kind, two.review], ['reset_scheduled', true]);
    assert.equal(
      reply(
        'enjoy!! everyone has one now, use it when you hit the wall',
        'banked reset showed up in my account!! thank you',
        'julia',
      ).review,
      true,
    );
    assert.equal(
      reply(
        'love to hear it ❤️',
        'the reset last week literally saved my deadline, thank you codex team',
        'x',
      ).reset,
      null,
    );
    const already = ownReply(
      "Already happened. Check your usage page, you're at zero.",
      "The reset everyone's asking about",
    );
    assert.equal(already.review, true);
  });
});

describe('rounds 303 to 306 (rules-2.13.67)', () => {
  test('"a hard reset on main", "… for the internal hackathon GPU cluster. sorry to get your hopes up", "some reset daily at midnight UTC" announce nothing', () => {
    for (const text of [
      'just did a hard reset on main at 9am and lost two hours of work. codex was not involved, that one was entirely me',
      "everyone's quota back to zero at 6pm PT tomorrow... for the internal hackathon GPU cluster. sorry to get your hopes up",
    ])
      announcesNothingFirm(text);
    const others = ownReply(
      'some reset daily at midnight UTC, some are token buckets. we went with 5h + weekly and there are no changes planned',
      'how other products do limits is interesting',
    );
    assert.equal(others.reset, null);
  });

  test('"It\'s fixed now, and we\'re zeroing everyone\'s usage at 6pm PT today" is coming (the "now" is another clause\'s); "rollout at ~60%" under "reset update" is under way, done', () => {
    const zeroing = reply(
      "That sounds like the overcount bug. It's fixed now, and we're zeroing everyone's usage at 6pm PT today to make up for it.",
      'cloud tasks hit my limit in 20 minutes wtf',
      'darius_k',
    );
    assert.equal(zeroing.reset?.kind, 'reset_scheduled');
    const rollout = ownReply(
      'rollout at ~60%. the rest of accounts within the next hour or two',
      'reset update',
    );
    assert.equal(rollout.reset?.kind, 'reset_completed');
  });

  test('"every Codex user gets a fresh 5-hour and weekly window" is a reset; "it\'s already on your account" answering "where\'s the banked reset?" is held', () => {
    assert.equal(
      at10(
        'Tomorrow morning every Codex user gets a fresh 5-hour and weekly window. Consider it a thank-you for your patience this week.',
      ),
      'reset_scheduled',
    );
    assert.equal(
      reply(
        "settings → usage, bottom of the page. it's already on your account, just hit 'use' when you need it",
        "where's the banked reset? don't see it anywhere",
        'ml_mira',
      ).review,
      true,
    );
  });
});

describe('rounds 307 to 310 (rules-2.13.68)', () => {
  test('"anyone else\'s brain hard reset around 3pm", and the meter that "jumps back to 0 on reload but your real usage isn\'t changing", announce nothing', () => {
    assert.equal(at10("anyone else's brain hard reset around 3pm or just mine"), 'none');
    assert.equal(
      at10(
        "the usage meter in the IDE extension jumps back to 0 on reload but your real usage isn't changing. fix for the display lands tomorrow",
      ),
      'none',
    );
  });

  test('coming, not done: "Codex limit reset confirmed for end of day", "next wednesday we hand everyone a clean codex slate, both windows", "and when it lands, every plan gets both usage windows wiped" under his launch', () => {
    assert.equal(
      at10(
        'Codex limit reset confirmed for end of day. A bug has been overcounting cloud tasks since Monday, sorry about that.',
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        'next wednesday we hand everyone a clean codex slate, both windows. date is locked in, not a maybe',
      ),
      'reset_scheduled',
    );
    const lands = ownReply(
      'and when it lands, every plan gets both usage windows wiped. on the house',
      'codex 2.0 ships tomorrow 🚀',
    );
    assert.equal(lands.reset?.kind, 'reset_scheduled');
  });

  test('"every codex plan gets a clean slate, 5h window and weekly window both", "everyone\'s codex usage meter just dropped to zero"; replies "includes enterprise", "those were all granted yesterday" held ("yep, that was us. zeroed everyone out" is read since rules-2.13.69)', () => {
    assert.equal(
      at10(
        'heads up: at 6pm PT tonight every codex plan gets a clean slate, 5h window and weekly window both',
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10("poof 💨 everyone's codex usage meter just dropped to zero"),
      'reset_completed',
    );
    const held = (text: string, parentText: string) => reply(text, parentText, 'someone').review;
    assert.equal(
      held(
        'includes enterprise. every seat got zeroed, not just plus/pro',
        'does the codex limit reset include enterprise seats or only the consumer plans?',
      ),
      true,
    );
    assert.equal(
      held(
        'those were all granted yesterday, look under settings > usage. still missing? dm me',
        "bro my banked reset isn't showing up",
      ),
      true,
    );
  });
});

describe('rounds 311 to 314 (rules-2.13.69)', () => {
  test('a screenshot "going around about a codex limits reset this friday", a promise "we said we\'d reset if the outage went past an hour", an idea "not happening yet, just kicking it around" and "how a reset works" announce nothing', () => {
    assert.equal(
      at10(
        "there's a screenshot going around about a codex limits reset this friday. not from us, don't trust it",
      ),
      'none',
    );
    announcesNothingFirm("we said we'd reset if the outage went past an hour. it was 40 minutes.");
    announcesNothingFirm(
      'fun idea from the team: a monthly clean slate day for codex usage. not happening yet, just kicking it around',
    );
    announcesNothingFirm(
      "How a reset works on our side, since people keep asking: we don't add credits, we zero out what you've consumed in both windows. It didn't, the counter just went back to zero.",
    );
    // Still firm: a promise recalled with no condition, "told you there'd be a reset today".
    assert.equal(at10("told you there'd be a reset today"), 'reset_scheduled');
  });

  test('"codex usage counters going back to 0 across business, edu and enterprise" is under way, counted as done; "limits go back to zero at 6pm PT" stays coming', () => {
    assert.equal(
      at10(
        'rolling out right now: codex usage counters going back to 0 across business, edu and enterprise. can take ~20 min to reach your workspace',
      ),
      'reset_completed',
    );
    assert.equal(
      at10('6pm PT today codex limits go back to zero for everyone 🎉'),
      'reset_scheduled',
    );
  });

  test('replies "we zeroed everyone out about an hour ago" and "your 5h and weekly both got zeroed a few minutes ago" are resets done; "your weekly gets wiped every monday" is its own cycle', () => {
    const done = (text: string, parentText: string) =>
      reply(text, parentText, 'someone').reset?.kind;
    assert.equal(
      done(
        'it was broken. we zeroed everyone out about an hour ago, refresh and it should show',
        'my weekly meter says 94% after like three tasks, something is broken',
      ),
      'reset_completed',
    );
    assert.equal(
      done(
        'yep that was us. your 5h and weekly both got zeroed a few minutes ago, refresh and it should look clean',
        'my weekly bar says 94% after like two prompts??',
      ),
      'reset_completed',
    );
    assert.equal(
      done(
        'yep, that was us. zeroed everyone out. enjoy',
        'my weekly bar just dropped to 0% used?? did something happen',
      ),
      'reset_completed',
    );
    assert.equal(at10('your weekly gets wiped every monday at 9am'), 'none');
    assert.equal(at10('your codex weekly just started over. on us.'), 'none');
  });
});

describe('rounds 315 to 318 (rules-2.13.70)', () => {
  test('"/status now shows how much of your weekly Codex limit is left and when it refills" announces nothing', () => {
    assert.equal(
      at10(
        "## What's new\n**Usage:** /status now shows how much of your weekly Codex limit is left and when it refills.",
      ),
      'none',
    );
    assert.equal(at10('you can now see when your limits reset in settings'), 'none');
  });

  test('a time said first with its clock\'s colon, or half past midnight "tonight", is ahead: "when the clock hits half past midnight UTC tonight, codex limits are restored"', () => {
    assert.equal(
      at10(
        'when the clock hits half past midnight UTC tonight, codex limits are restored for all plans',
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10('at 9:30pm tonight, codex limits are restored for all plans'),
      'reset_scheduled',
    );
    assert.equal(
      at10('codex limits reset at 12:30am utc tonight for all plans'),
      'reset_scheduled',
    );
    // A clock of the morning gone by, with no "tonight", is still done.
    assert.equal(at10('limits wiped at 9am PT'), 'reset_completed');
  });

  test('"everyone\'s limits reset at the same time" under his "big news tomorrow 9am PT 👀" is coming; "we have make your codex limits go back to full …, it is already done" is done', () => {
    const sameTime = ownReply(
      "ok fine, part of it: everyone's limits reset at the same time. all plans",
      'big news tomorrow 9am PT 👀',
    );
    assert.equal(sameTime.reset?.kind, 'reset_scheduled');
    assert.equal(sameTime.reset?.scheduleWindow?.startAt, '2026-11-20T17:00:00.000Z');
    assert.equal(
      at10(
        'we have make your codex limits go back to full for all plans, it is already done. enjoy 🙏',
      ),
      'reset_completed',
    );
  });
});

describe('rounds 319 to 322 (rules-2.13.71)', () => {
  test('a reset "for me" is the speaker\'s own, held: "the 5h limit reset at 2pm for me too. that\'s just the normal window"', () => {
    assert.equal(
      at10(
        "the 5h limit reset at 2pm for me too. that's just the normal window, not a global reset y'all",
      ),
      'reset_scheduled (held)',
    );
    assert.equal(at10('limits reset for me at 2pm'), 'reset_scheduled (held)');
    // Not "for me and everyone else".
    assert.equal(
      at10("we reset everyone's codex limits just now, for me and everyone else"),
      'reset_completed',
    );
  });

  test('"fresh quota of bad puns incoming" and "chatgpt plus message caps just got refreshed" are no Codex reset', () => {
    assert.equal(at10('fresh quota of bad puns incoming, brace yourselves'), 'none');
    assert.equal(at10('chatgpt plus message caps just got refreshed for the holidays'), 'none');
    assert.equal(
      at10('the chatgpt message caps reset this morning was the chatgpt team, not us'),
      'none',
    );
    // Still a reset: fresh codex quota, and Codex limits of the ChatGPT Plus plan.
    assert.equal(at10('fresh quota of codex usage incoming for everyone'), 'reset_scheduled');
    assert.equal(at10('codex limits for chatgpt plus just got reset'), 'reset_completed');
  });

  test('"weekly codex caps just got zeroed out for everyone" is done; "so keep burning 🔥" after a reset is no habit', () => {
    assert.equal(
      at10(
        'weekly codex caps just got zeroed out for everyone on plus/pro. consider it an early thanksgiving 🦃',
      ),
      'reset_completed',
    );
    const keepBurning = reply(
      "glad you like it! good news, everyone's limits reset tomorrow morning so keep burning 🔥",
      'new codex model is 🔥 but burning my limits so fast',
      'burnrate_ben',
    );
    assert.equal(keepBurning.reset?.kind, 'reset_scheduled');
    assert.equal(at10('we keep resetting limits every week'), 'none');
  });

  test('his reply "should land by end of day today, you\'ll get an email when it\'s there" under "we\'re dropping a banked reset into every account" is coming', () => {
    const read = ownReply(
      "should land by end of day today, you'll get an email when it's there",
      "we're dropping a banked reset into every account",
    );
    assert.equal(read.reset?.kind, 'reset_scheduled');
    assert.equal(read.reset?.resetType, 'banked');
  });

  test('a heading with a short day, "sat 21 nov, 08:00 CET: …", and an ISO 8601 time with its zone, "2026-11-20T17:00Z — full codex refill", are ahead, at that instant', () => {
    const sat = classify('sat 21 nov, 08:00 CET: codex usage meters wiped for every plan', {
      createdAt: MORNING,
    });
    assert.equal(sat.reset?.kind, 'reset_scheduled');
    assert.equal(sat.reset?.effectiveAt, '2026-11-21T07:00:00.000Z');
    // A day gone by keeps the heading a stamp: done.
    assert.equal(
      at10('wed 18 nov, 08:00 CET: codex usage meters wiped for every plan'),
      'reset_completed',
    );
    const iso = classify('2026-11-20T17:00Z — full codex refill, all tiers', {
      createdAt: MORNING,
    });
    assert.equal(iso.reset?.kind, 'reset_scheduled');
    assert.equal(iso.reset?.effectiveAt, '2026-11-20T17:00:00.000Z');
  });
});

describe('rounds 323 to 326 (rules-2.13.72)', () => {
  test('a reset moved to a time is ahead: "reset got pushed to 2pm PT today", "we pushed the reset to 2pm PT", "the reset got delayed to friday"', () => {
    assert.equal(
      at10(
        'reset got pushed to 2pm PT today instead of 10am, deploy is taking longer than we thought. sorry!',
      ),
      'reset_scheduled (held)',
    );
    assert.equal(at10('the reset got moved to 2pm PT'), 'reset_scheduled');
    assert.equal(at10('we pushed the reset to 2pm PT'), 'reset_scheduled');
    assert.equal(at10('we pushed the reset back to tomorrow 9am PT'), 'reset_scheduled');
    assert.equal(at10('the reset got delayed to friday'), 'reset_scheduled');
    // Moved to no time: put off; pushed to people or to prod: done.
    assert.equal(at10('the reset got delayed'), 'none');
    assert.equal(at10('we pushed the reset to prod'), 'reset_completed');
  });

  test('"the usage meter … showed a reset at 00:00 UTC for some of you. that\'s a display bug" announces nothing', () => {
    assert.equal(
      at10(
        "the usage meter in the vscode extension showed a reset at 00:00 UTC for some of you. that's a display bug, your limits didn't change, fix rolling out",
      ),
      'none',
    );
  });

  test('a short weekday before a date, and a date or a clock after "limits reset", are a time: "limits reset sat 21/11 00:00 UTC", "limits reset 20 Nov 18:00 CET"', () => {
    const sat = classify('limits reset sat 21/11 00:00 UTC', { createdAt: MORNING });
    assert.equal(sat.reset?.kind, 'reset_scheduled');
    assert.equal(sat.reset?.effectiveAt, '2026-11-21T00:00:00.000Z');
    const cet = classify('for EU folks: limits reset 20 Nov 18:00 CET', { createdAt: MORNING });
    assert.equal(cet.reset?.kind, 'reset_scheduled');
    assert.equal(cet.reset?.effectiveAt, '2026-11-20T17:00:00.000Z');
    // Still the window's own cycle: "limits reset 5 hours after your first message".
    assert.equal(at10('limits reset 5 hours after your first message'), 'none');
    assert.equal(at10('i sat 21 hours at my desk'), 'none');
  });

  test('"should already see it", "it\'s in settings > usage now" under a user asking about the reset: done, held with its parent', () => {
    assert.equal(
      reply(
        'nope, its automatic. should already see it',
        'do i need to do anything to get the reset',
        'newbie_nora',
      ).reset?.kind,
      'reset_completed',
    );
    const there = reply(
      "it's in settings > usage now, should be there for everyone as of this morning",
      "where's the banked reset you mentioned??",
      'petra_codes',
    );
    assert.equal(there.reset?.kind, 'reset_completed');
    assert.equal(there.reset?.resetType, 'banked');
  });
});

describe('rounds 327 to 330 (rules-2.13.73)', () => {
  test('a date ends the object, and a day of the month still ahead is that day: "we\'ll reset all usage limits nov 25 at 10am PT", "banked reset drops into accounts on the 24th"', () => {
    const nov25 = classify("we'll reset all usage limits nov 25 at 10am PT.", {
      createdAt: MORNING,
    });
    assert.equal(nov25.reset?.kind, 'reset_scheduled');
    assert.equal(nov25.reset?.effectiveAt, '2026-11-25T18:00:00.000Z');
    assert.equal(
      at10('banked reset drops into accounts on the 24th. you decide when to burn it'),
      'reset_scheduled',
    );
    // A day gone by this month is this month's, not the next: a done reset dated a day gone
    // by, held as "nov 12" is (rules-2.13.84; published done before).
    assert.equal(at10('we reset limits on the 12th'), 'reset_completed (held)');
  });

  test('"one more reset before the freeze: friday morning, all tiers" is ahead; a colon ends a cutoff\'s reach', () => {
    assert.equal(
      at10(
        'one more reset before the freeze: friday morning, all tiers. then we go quiet till dec 1',
      ),
      'reset_scheduled (held)',
    );
  });

  test('"everyone should now see a banked reset … use it thanksgiving weekend, or save it" is done; when one may use it is not when it lands', () => {
    assert.equal(
      at10(
        'Everyone should now see a banked reset in the Codex usage panel 🎁 use it thanksgiving weekend, or save it, your call',
      ),
      'reset_completed',
    );
  });

  test('hurried words: "going be reset" is "going to be reset", "update its done" is "it\'s done"', () => {
    assert.equal(at10('usage limits going be reset friday 8am PT all plans'), 'reset_scheduled');
    const done = ownReply(
      'update its done, all accounts should show full now',
      'ok team decided: usage limits for all codex plans gonna be reset',
    );
    assert.equal(done.reset?.kind, 'reset_completed');
  });

  test('"leaderboard for our internal codex hackathon resets at midnight" is the leaderboard\'s own reset', () => {
    assert.equal(
      at10('leaderboard for our internal codex hackathon resets at midnight. team 4 is cooking 🔥'),
      'none',
    );
    assert.equal(at10('codex resets at 9am PT tomorrow for all plans'), 'reset_scheduled');
  });

  test('"your limits got refilled the moment you applied it" explains one\'s own banked reset', () => {
    const read = reply(
      "no, applying it uses it up. your limits got refilled the moment you applied it, that's the whole thing",
      "i applied my banked reset yesterday and it's gone now?? did i lose it",
      'stockholm_s',
    );
    assert.equal(read.reset, null);
  });
});

describe('rounds 331 to 334 (rules-2.13.74)', () => {
  test('"resets are one-offs when we mess up" says what resets are, not that one happened', () => {
    assert.equal(
      at10(
        'no, resets are one-offs when we mess up or ship something big. weekly windows are per-user',
      ),
      'none',
    );
  });

  test('"a fresh codex reset on monday": "codex" after an article or an adjective names the reset, it is not its subject; "free + go users" are two plans', () => {
    const monday = classify(
      "heads up free + go users, you're getting a fresh codex reset on monday 🎁",
      {
        createdAt: MORNING,
      },
    );
    assert.equal(monday.reset?.kind, 'reset_scheduled');
    assert.equal(monday.review, false);
    assert.deepEqual(monday.reset?.scope?.plans, ['free', 'go']);
    assert.equal(at10("the codex team reset everyone's limits"), 'reset_completed');
  });

  test('"resetting everyone\'s limits at 2pm PT today to cover the wasted retries": the verbs after an infinitive of purpose are its object\'s', () => {
    assert.equal(
      at10("resolved ✅ resetting everyone's limits at 2pm PT today to cover the wasted retries"),
      'reset_scheduled',
    );
    assert.equal(
      at10("resetting everyone's limits at 2pm PT today to cover the failed runs"),
      'reset_scheduled',
    );
  });

  test('"Done ✅" opening the post checks the reset off; "as of 9:47am PT" with today\'s date is done', () => {
    assert.equal(at10('Done ✅ all Codex usage limits reset'), 'reset_completed');
    assert.equal(
      at10('all Codex usage limits reset as of 9:47am PT, 19/11/2026'),
      'reset_completed',
    );
    // Another day's date is not today's: held, as before.
    assert.equal(
      at10('all Codex usage limits reset as of 9:47am PT, 18/11/2026'),
      'reset_completed (held)',
    );
  });

  test('"between 8 and 10am PT" is a range of times, as "8-10am" is: its start is when, and it is held', () => {
    const range = classify(
      "resetting codex rate limits for everyone between 2 and 4pm PT today. staggered so we don't melt anything",
      { createdAt: MORNING },
    );
    assert.equal(range.reset?.kind, 'reset_scheduled');
    assert.equal(range.review, true);
    assert.equal(range.reset?.effectiveAt, '2026-11-19T22:00:00.000Z');
    assert.equal(
      at10('resetting codex rate limits for everyone 2-4pm PT today'),
      'reset_scheduled (held)',
    );
  });

  test('his replies that say it went out: "finished rolling out at 9am PT", "it went through for everyone at 8:30", "already sitting in your account", "went out ~1h ago"', () => {
    const finished = reply(
      'yes, finished rolling out at 9am PT. restart codex and it should pick it up',
      'did limits get reset yet? still showing capped for me',
      'samwise_dev',
    );
    assert.equal(finished.reset?.kind, 'reset_completed');
    assert.equal(finished.review, true);
    const through = reply(
      'free tier too, yes. it went through for everyone at 8:30 this morning',
      'does free tier get the reset?',
      'student_lu',
    );
    assert.equal(through.reset?.kind, 'reset_completed');
    const sitting = reply(
      "everyone on a paid plan. it's already sitting in your account",
      'did the banked reset go to everyone or only people affected by the bug?',
      'mei_debugs',
    );
    assert.equal(sitting.reset?.kind, 'reset_completed');
    assert.equal(sitting.reset?.resetType, 'banked');
    const hourAgo = reply(
      'the reset went out to all plans ~1h ago, some clients cache usage. restart the cli and it should show 0',
      'my limits still show 94% used after the reset?',
      'quietbyte',
    );
    assert.equal(hourAgo.reset?.kind, 'reset_completed');
    // A day told of is still the past: "2 days ago" is not "2h ago".
    assert.equal(at10("we reset everyone's limits 2 days ago, this one is a new bug"), 'none');
  });
});

describe('rounds 335 to 338 (rules-2.13.75)', () => {
  test('another thing\'s counters wiped are not usage: "the staging db counters", "its counter", "the sequence counters"', () => {
    assert.equal(
      at10('wiped the staging db counters by accident this morning. no users affected'),
      'none',
    );
    assert.equal(at10('the espresso machine hit 10,000 shots and its counter got wiped'), 'none');
    assert.equal(at10('the sequence counters got wiped in the migration dry run'), 'none');
    assert.equal(
      at10('counters went back to zero for every account a few minutes ago'),
      'reset_completed',
    );
  });

  test('"how it works:" heads an explanation, not an announcement', () => {
    assert.equal(
      at10('how it works: your weekly codex meter refills on a rolling 7 days from your first use'),
      'none',
    );
  });

  test('his own reply saying the rollout has not started, with a time ahead, is held as coming', () => {
    const scratch = ownReply(
      "scratch that, the rollout hasn't actually started, a flag was stuck. it'll go out tonight around 8pm PT instead",
      'rolling out the limit reset now',
    );
    assert.equal(scratch.reset?.kind, 'reset_scheduled');
    assert.equal(scratch.review, true);
  });

  test('his own reply saying it went out: "we just pushed it out now", "about halfway through accounts"', () => {
    assert.equal(
      ownReply(
        'change of plans, we just pushed it out now. should already show up in /status',
        'limits reset tomorrow 9am PT',
      ).reset?.kind,
      'reset_completed',
    );
    assert.equal(
      ownReply(
        'about halfway through accounts, rest over the next ~20 min',
        'usage limit reset is rolling out',
      ).reset?.kind,
      'reset_completed',
    );
  });

  test('"we just reset usage limits for every account that was active yesterday": the past is the relative clause\'s', () => {
    assert.equal(
      at10(
        'instead of credits we just reset usage limits for every account that was active yesterday',
      ),
      'reset_completed',
    );
    assert.equal(at10('we reset usage limits for every account yesterday'), 'none');
  });

  test('idioms: "going to top everyone\'s codex limits up", "back to 100% on your Codex limits", "banked refills", "a free refill sitting in your codex settings", "plus and pro users get a full codex tank"', () => {
    assert.equal(
      at10("we're going to top evryone's codex limits up tonight once the deploy finishes"),
      'reset_scheduled',
    );
    assert.equal(at10("You're all back to 100% on your Codex limits."), 'reset_completed');
    const banked = classify(
      "banked refills land in everyone's account next week. you'll be able to apply one whenever you want",
      { createdAt: MORNING },
    );
    assert.equal(banked.reset?.kind, 'reset_scheduled');
    assert.equal(banked.reset?.resetType, 'banked');
    assert.equal(
      at10(
        "there's now a free refill sitting in your codex settings. apply it whenever you hit the wall",
      ),
      'reset_completed',
    );
    assert.equal(
      at10('heads up: plus and pro users get a full codex tank at midnight PT tonight'),
      'reset_scheduled',
    );
    // Not a tank of gas, nor how one tops up one's own.
    assert.equal(at10('plus and pro users get a full tank at the gas station lol'), 'none');
    assert.equal(at10('whenever you want to top your limits up, apply the banked one'), 'none');
  });
});

describe('rounds 339 to 342 (rules-2.13.76)', () => {
  test('a reset "on the table" is considered, one "looked back at" is past, one that "was chatgpt image limits, not codex" is another product\'s', () => {
    assert.equal(at10('so yes, a reset is on the table. deciding today'), 'none');
    assert.equal(
      at10(
        'looking back at the march reset: zeroing counters for millions of users at once needs its own rate limiting',
      ),
      'none',
    );
    assert.equal(at10("wasn't us. the reset you saw was chatgpt image limits, not codex"), 'none');
  });

  test('a release note about what resets a local auth cache is not a reset of limits', () => {
    assert.equal(
      at10(
        'Release note: `codex logout` now also resets your local auth cache and clears session tokens.',
      ),
      'none',
    );
  });

  test('"got the reset approved!! happening tomorrow at 9am PT": a reset made ready is still to come', () => {
    const approved = classify('got the reset approved!! happening tomorrow at 9am PT 🙏', {
      createdAt: MORNING,
    });
    assert.equal(approved.reset?.kind, 'reset_scheduled');
    assert.equal(approved.reset?.effectiveAt, '2026-11-20T17:00:00.000Z');
  });

  test('"a fresh banked reset on their usage page" is not a reset of a usage page', () => {
    assert.equal(
      at10(
        'everyone got a fresh banked reset on their usage page just now. apply it when you need it most',
      ),
      'reset_completed',
    );
    assert.equal(at10('we reset the usage dashboards'), 'none');
  });

  test('"fyi" is no one who resets; "in ~2 hours" is ahead; "not hypothetically:" is said for real', () => {
    assert.equal(at10('fyi resetting codex limits at noon PT today'), 'reset_scheduled');
    assert.equal(
      at10('heads up: weekly limits get reset for everyone in ~2 hours'),
      'reset_scheduled',
    );
    assert.equal(
      at10("not hypothetically: we just reset everyone's limits. what are you building first?"),
      'reset_completed',
    );
    assert.equal(at10("hypothetically: we reset everyone's limits. what would you build?"), 'none');
  });

  test('"should be in your account already" under a user asking where the banked reset is: done, held with its parent', () => {
    const read = reply(
      'should be in your account already, check settings > usage',
      "where's my banked reset? you said everyone got one this morning",
      'tobi_ships',
    );
    assert.equal(read.reset?.kind, 'reset_completed');
    assert.equal(read.review, true);
  });
});

describe('rounds 343 to 346 (rules-2.13.77)', () => {
  test('how many resets, a reset imagined, another lab resetting: "we should do fewer resets", "what if... reset", "anthropic resetting claude code limits on the 24th"', () => {
    assert.equal(at10('me: we should do fewer resets\nalso me at 11pm: what if... reset'), 'none');
    assert.equal(
      at10(
        'anthropic resetting claude code limits on the 24th is a great move tbh. competition is good',
      ),
      'none',
    );
  });

  test('"no plans for that" under a user asking about a reset is not published', () => {
    const read = reply(
      'no plans for that. new regions just start with fresh limits like any new account',
      'will there be a reset for Go when it launches in more regions?',
      'global_gina',
    );
    assert.ok(read.reset === null || read.review);
  });

  test('times ahead first: "11/20, 9am PT: reset …" is a date, not a timeline\'s stamp; "next friday (the 27th) we reset …" opens on its day', () => {
    const stamp = classify(
      '11/20, 9am PT: reset of codex usage limits for every plan. set a reminder ⏰',
      {
        createdAt: MORNING,
      },
    );
    assert.equal(stamp.reset?.kind, 'reset_scheduled');
    assert.equal(stamp.reset?.effectiveAt, '2026-11-20T17:00:00.000Z');
    assert.equal(
      at10(
        'next friday (the 27th) we reset usage limits for all plans to kick off the long weekend',
      ),
      'reset_scheduled',
    );
  });

  test('"we\'ve started rolling out the usage limit reset, some of you already have it, everyone will by noon" is under way now', () => {
    assert.equal(
      at10(
        "we've started rolling out the usage limit reset, some of you already have it, everyone will by noon",
      ),
      'reset_completed',
    );
  });

  test('"gave everyone a second banked reset since a lot of yours expired" gives one', () => {
    const read = classify(
      "gave everyone a second banked reset since a lot of yours expired during the outage. it's already in your account",
      { createdAt: MORNING },
    );
    assert.equal(read.reset?.kind, 'reset_completed');
    assert.equal(read.reset?.resetType, 'banked');
  });

  test('"limits: reset for everyone on tuesday night" has only a weekday: last Tuesday or the next? Held', () => {
    assert.equal(
      at10('limits: reset for everyone on tuesday night, sorry for the sluggish start of the week'),
      'reset_scheduled (held)',
    );
    assert.equal(at10('limits: reset for everyone tomorrow 9am PT'), 'reset_scheduled');
  });
});

describe('rounds 347 to 350 (rules-2.13.78)', () => {
  test('"no date yet. we reset when something on our side burned your usage, not on a schedule" under "when\'s the next reset?" is not published', () => {
    const read = reply(
      'no date yet. we reset when something on our side burned your usage, not on a schedule',
      "when's the next reset?",
      'codemonk_j',
    );
    assert.ok(read.reset === null || read.review);
  });

  test('"not hallucinating, we did 😄" answers yes; "nope, we did not" does not; "they stack, yes" answers something else', () => {
    const did = reply(
      'not hallucinating, we did 😄',
      'lol did you guys reset limits again or am i hallucinating',
      'pixelfern',
    );
    assert.equal(did.reset?.kind, 'reset_completed');
    assert.equal(did.review, true);
    assert.equal(
      reply('nope, we did not', 'did you guys reset limits again?', 'pixelfern').reset,
      null,
    );
    assert.equal(
      reply(
        'they stack, yes. up to three banked at a time and you can spend them whenever you like',
        'do banked resets stack? I have 2 from october',
        'sam_builds',
      ).reset,
      null,
    );
  });

  test('his reply "it\'s rolling out rn, … you\'ll see it shortly" under a user asking is done, held with its parent', () => {
    const read = reply(
      "it's rolling out rn, some accounts take a few min to update. you'll see it shortly",
      'is the reset happening or not, my meter still says 94%',
      'kaitlyn_codes',
    );
    assert.equal(read.reset?.kind, 'reset_completed');
    assert.equal(read.review, true);
  });
});

describe('rounds 351 to 354 (rules-2.13.79)', () => {
  test('what something "does not mean": "\'limits back to normal\' does not mean we reset them", "this doesn\'t mean limits were reset"', () => {
    assert.equal(
      at10(
        "i know what you're thinking. no, 'limits back to normal' does not mean we reset them 😅",
      ),
      'none',
    );
    assert.equal(
      ownReply(
        "and no, this doesn't mean limits were reset, just that things are fast again",
        'compute back at full capacity 🟢',
      ).reset,
      null,
    );
  });

  test('"locked out for nothing we just reset everyone\'s usage limits": "for nothing" is no "nothing we reset"', () => {
    assert.equal(
      at10(
        "fixed now, and since a bunch of you got locked out for nothing we just reset everyone's usage limits",
      ),
      'reset_completed',
    );
    assert.equal(at10('nothing we reset today touches your banked ones'), 'none');
  });

  test('"usage limits reset EOW for everyone": the end of the week is its time, not a "reset end"', () => {
    assert.equal(at10('usage limits reset EOW for everyone'), 'reset_scheduled');
  });

  test('"reset at the top of the hour" is ahead, within the hour', () => {
    assert.equal(
      at10('codex limits reset at the top of the hour for all plans'),
      'reset_scheduled',
    );
  });

  test('"settings > usage > apply reset" is a button on a path; "it\'s in your account now" under a user asking for the banked reset is done, held', () => {
    const read = reply(
      "it's in your account now: settings > usage > apply reset. should show 1 available",
      '¿Y el banked reset que prometieron? No lo veo',
      'carlos_rz',
    );
    assert.equal(read.reset?.kind, 'reset_completed');
    assert.equal(read.review, true);
  });
});

describe('rounds 355 to 358 (rules-2.13.80)', () => {
  test('"Something good is happening tomorrow. Limits reset at 9am PT": a clock time with no day of its own is the day the sentence before names', () => {
    const read = reply(
      'Something good is happening tomorrow. Limits reset at 9am PT, all plans.',
      'pls tell me something good is happening tomorrow',
      'jamie_r',
    );
    assert.equal(read.reset?.kind, 'reset_scheduled');
    assert.equal(read.reset?.effectiveAt, '2026-11-20T17:00:00.000Z');
    // Tomorrow's 9am, said: no doubt left to hold it for (rules-2.13.83).
    assert.equal(read.review, false);
    // Alone, a clock time gone by today is when it was done.
    assert.equal(at10('Limits reset at 9am PT, all plans.'), 'reset_completed');
  });
});

describe('rounds 359 to 362 (rules-2.13.81)', () => {
  test('a post wished for, an old post quoted, and when we reset as a rule announce nothing', () => {
    assert.equal(
      at10(
        "what users wish i'd post: 'reset everyones limits, unlimited forever, free gpus for all'",
      ),
      'none',
    );
    assert.equal(
      at10(
        "someone turned my 'we have reset everyone's rate limits' tweet from october into a sticker pack",
      ),
      'none',
    );
    assert.equal(at10("we reset when we overcount. that's it"), 'none');
    // The rule said, then the reset done: published.
    assert.equal(
      at10(
        "Policy is we reset when we cause the problem. We caused this one, so we just reset everyone's limits across all plans.",
      ),
      'reset_completed',
    );
    assert.equal(at10('we reset limits when the deploy finishes tonight'), 'reset_scheduled');
  });

  test('"limits: fresh" is a status line: done', () => {
    assert.equal(at10('limits: fresh'), 'reset_completed');
  });
});

describe('review of rules-2.13.73 to rules-2.13.81 (rules-2.13.82)', () => {
  test('"going to top everyone\'s codex weekly back to full" is ours, as "going to top everyone\'s limits up" is; "whenever you want to top …" is one\'s own', () => {
    assert.equal(
      at10("we're going to top everyone's codex weekly back to full tonight"),
      'reset_scheduled',
    );
    assert.equal(at10("whenever you want to top everyone's weekly back to full lol"), 'none');
  });
});

describe("a herald's day joined to the clock time after it (rules-2.13.83)", () => {
  const scheduled = (text: string) => when(at10Read(text));

  test("\"relief coming friday. limits reset at 2pm PT\" is Friday's 2pm, not today's, though today's is still ahead", () => {
    assert.deepEqual(scheduled('relief coming friday. limits reset at 2pm PT'), [
      'reset_scheduled',
      '2026-11-20T22:00:00.000Z',
      false,
    ]);
    assert.deepEqual(
      scheduled('Something good is happening tomorrow. Limits reset at 11am PT, all plans.'),
      ['reset_scheduled', '2026-11-20T19:00:00.000Z', false],
    );
    assert.deepEqual(scheduled('good news coming on monday. limits reset at noon PT'), [
      'reset_scheduled',
      '2026-11-23T20:00:00.000Z',
      false,
    ]);
    assert.deepEqual(scheduled('something is coming next friday. limits reset at 8am PT'), [
      'reset_scheduled',
      '2026-11-27T16:00:00.000Z',
      false,
    ]);
  });

  test("a herald of today, or none, leaves the clock time today's", () => {
    assert.deepEqual(scheduled('something is coming today. limits reset at 2pm PT'), [
      'reset_scheduled',
      '2026-11-19T22:00:00.000Z',
      false,
    ]);
    assert.deepEqual(scheduled('limits reset at 2pm PT'), [
      'reset_scheduled',
      '2026-11-19T22:00:00.000Z',
      false,
    ]);
  });
});

describe('rounds 363 to 370 (rules-2.13.84)', () => {
  test('a reset moved, its new time said after a colon or "up to" a day, is coming then; "postponed" alone, or a button pushed, is not', () => {
    assert.deepEqual(
      when(
        at10Read(
          "reset got moved: instead of today it'll be tomorrow at 9am PT. needed a bit more time on the capacity side",
        ),
      ),
      ['reset_scheduled', '2026-11-20T17:00:00.000Z', false],
    );
    assert.deepEqual(
      when(at10Read('reset moved up to monday 9am PT (was wednesday). enjoy the long week')),
      ['reset_scheduled', '2026-11-23T17:00:00.000Z', false],
    );
    assert.equal(
      at10('The reset planned for today is postponed. Sorry. Will share more when we know more.'),
      'none',
    );
    assert.equal(
      at10("just pushed the button on the reset. everyone's limits are fresh 🎉"),
      'reset_completed',
    );
  });

  test("his reply's clock time with no day of its own is on the day his post named", () => {
    assert.deepEqual(
      when(
        ownReply(
          'rate limits reset, 9am PT, all plans',
          'friday morning is going to be a good morning for codex users ☀️',
        ),
      ),
      ['reset_scheduled', '2026-11-20T17:00:00.000Z', false],
    );
    assert.deepEqual(
      when(
        ownReply(
          'limits reset at 9am PT',
          'save your heavy refactors for friday morning, trust me',
        ),
      ),
      ['reset_scheduled', '2026-11-20T17:00:00.000Z', false],
    );
    // A reset of the past named: not dated by his post.
    assert.equal(
      ownReply(
        'same time as the reset last month, ~10am PT',
        'shipping a big update to the vscode extension tomorrow',
      ).reset,
      null,
    );
  });

  test('"on the 3rd", a day of this month gone by, dates a done reset: recalled, held', () => {
    assert.equal(
      at10('the reset we did on the 3rd was because of the billing bug, not generosity lol'),
      'reset_completed (held)',
    );
    assert.equal(at10('usage limits reset on the 24th for everyone'), 'reset_scheduled');
  });

  test('countdowns, and refills said with emoji between or as a present verb', () => {
    assert.deepEqual(
      when(at10Read('countdown ⏳ 24h until every codex plan gets a fresh set of limits')),
      ['reset_scheduled', '2026-11-20T18:00:00.000Z', false],
    );
    assert.deepEqual(when(at10Read('t-minus 3 hours ⏱️ limits refill for everyone at 1pm PT')), [
      'reset_scheduled',
      '2026-11-19T21:00:00.000Z',
      false,
    ]);
    assert.equal(
      at10('limits 📉➡️📈 refilled across plus, pro, business and edu. enjoy'),
      'reset_completed',
    );
    assert.equal(
      at10(
        "no countdown this time, it's already live 🟢 codex limits refilling for all plans over the next few minutes",
      ),
      'reset_completed',
    );
    // A quota's refill, a noun: "quota refill on the API".
    assert.equal(
      at10(
        'quota refill on the API is separate from codex plan limits btw. seeing a lot of confusion',
      ),
      'none',
    );
    assert.equal(
      at10("API rate limits refill continuously, that's just how token buckets work"),
      'none',
    );
  });

  test('yes-no questions by their opening, rules of when we give one, and "only ever" announce nothing; a question answered yes still does', () => {
    assert.equal(
      at10("me every tuesday: is it time to reset the limits again\nteam: it's been 2 days tibo"),
      'none',
    );
    assert.equal(
      at10(
        "things i've been asked today:\n1. is the new model coming to codex\n2. is there a reset today\n3. can you fix the windows sandbox\nanswers: soon, no, yes",
      ),
      'none',
    );
    assert.equal(
      at10(
        "when we give out a banked reset, it sits in your account until you press apply. doesn't expire for 30 days. that's the whole mechanic",
      ),
      'none',
    );
    assert.equal(
      reply(
        'api billing is seperate, limit resets only ever apply to codex plan usage',
        'do codex limit resets ever apply to api usage?',
        'api_andy',
      ).reset,
      null,
    );
    assert.equal(
      at10("did we just reset everyone's codex limits? yes. yes we did."),
      'reset_completed',
    );
    assert.equal(
      at10('when we give out a banked reset tomorrow, apply it whenever'),
      'reset_scheduled',
    );
  });

  test('short answers and list items: "coming!", a page refreshed, "done ✅" after the fragments, a clock time ending the object', () => {
    const coming = reply(
      'coming! tomorrow morning for all plans, hold off on the credits',
      'is there a reset coming this week or should i just buy credits',
      'sarah_builds',
    );
    assert.deepEqual([coming.reset?.kind, coming.review], ['reset_scheduled', true]);
    const wentOut = reply(
      'yes it went out about 20 min ago. might need a refresh of the usage page',
      'did the reset happen yet? still showing 0% left',
      'kai_builds',
    );
    assert.deepEqual([wentOut.reset?.kind, wentOut.review], ['reset_completed', true]);
    assert.equal(at10("reset. everyone's codex limits. done ✅"), 'reset_completed (held)');
    assert.deepEqual(
      when(
        at10Read(
          "plan for tmrw:\n1) ship the new review mode\n2) reset everyone's codex limits (9am PT)\n3) sleep",
        ),
      ),
      ['reset_scheduled', '2026-11-20T17:00:00.000Z', true],
    );
  });
});

describe('rounds 371 to 378 (rules-2.13.85)', () => {
  test('explainers, comparisons and a month\'s reset told of announce nothing; "one" of a reset given still gives one', () => {
    assert.equal(
      at10(
        "quick explainer since ppl keep asking: a banked reset sits in your account until you apply it, and it expires after 30 days if you don't.",
      ),
      'none',
    );
    assert.equal(at10('a banked reset sits in your account until you apply it'), 'none');
    assert.equal(
      at10(
        'context resets are not the same as rate limit resets. one is your conversation, the other is your quota.',
      ),
      'none',
    );
    assert.equal(
      at10('the 5h window works like a rolling reset, not a fixed clock. more in the docs'),
      'none',
    );
    assert.equal(
      at10(
        'the reset button in the codex IDE extension now actually resets the conversation instead of crashing. small wins',
      ),
      'none',
    );
    assert.equal(
      at10(
        'some lessons from this year:\n- ship the boring fix first\n- the march reset taught us to announce the time in PT *and* UTC',
      ),
      'none',
    );
    assert.equal(
      at10("banked resets didn't apply for some of you. everyone affected is getting another one."),
      'reset_completed',
    );
  });

  test('a time said after a colon, in a fragment of a date and a clock, or after "confirmed", is the reset\'s', () => {
    assert.deepEqual(
      when(
        ownReply(
          'forgot the time, sorry: tomorrow 9am PT',
          "we're resetting codex usage limits for all plans 🎉",
        ),
      ),
      ['reset_scheduled', '2026-11-20T17:00:00.000Z', false],
    );
    assert.deepEqual(
      when(
        ownReply(
          "resetting everyone's limits. fri 11/20, 9am PT. sorry again",
          "we owe you one for tuesday's outage. here's what we're doing 👇",
        ),
      ),
      ['reset_scheduled', '2026-11-20T17:00:00.000Z', false],
    );
    assert.equal(
      at10('end of week reset confirmed: fri 20 nov, 10:00 PT (18:00 UTC). all plans'),
      'reset_scheduled',
    );
    assert.equal(at10('reset confirmed, it went out this morning'), 'reset_completed');
    assert.deepEqual(
      when(
        at10Read(
          'you asked for it in the replies so: one more reset before end of month. friday the 27th, 10am PT',
        ),
      ),
      ['reset_scheduled', '2026-11-27T18:00:00.000Z', true],
    );
  });

  test('what one will have then, "it\'s a reset" then when it lands, and "the same time" as his post\'s day are ahead', () => {
    assert.deepEqual(
      when(
        reply(
          'yep, wed 11/25 at 9am PT so you have fresh limits for the long weekend 🦃',
          'any reset planned around thanksgiving?',
          'sam_okafor',
        ),
      ),
      ['reset_scheduled', '2026-11-25T17:00:00.000Z', false],
    );
    assert.equal(
      reply(
        "it's a reset to full, doesn't matter when you hit the limit. goes out later today for everyone",
        'is the reset retroactive for people who hit limits yesterday?',
        'alex_refactors',
      ).reset?.kind,
      'reset_scheduled',
    );
    // Going out as we speak: now, however long it takes to show.
    assert.equal(
      reply(
        "yes it's a reset. all plans, rolling out as we speak, should hit everyone within ~15 min",
        '👀',
        'curious_dev',
      ).reset?.kind,
      'reset_completed',
    );
    assert.equal(
      ownReply(
        "also resetting everyone's limits at the same time so you can actually try it",
        'new sandbox ships tomorrow. faster startup, better network policies',
      ).reset?.kind,
      'reset_scheduled',
    );
  });

  test("going out in waves is now; refills of people and Codex's tank are read, other things' are not", () => {
    assert.equal(
      at10('reset is going out in waves, if you dont see it yet give it 15 min'),
      'reset_completed',
    );
    const refilled = reply(
      'refilled you (and everyone else) a few minutes ago, check /status 🔋',
      'i burned my whole codex week in 2 days pls 😭',
      'devnull_dana',
    );
    assert.equal(refilled.reset?.kind, 'reset_completed');
    assert.deepEqual(when(at10Read("everyone's codex tank goes back to full tomorrow 9am PT")), [
      'reset_scheduled',
      '2026-11-20T17:00:00.000Z',
      false,
    ]);
    assert.deepEqual(
      when(
        at10Read("⛽ refill tomorrow 9am PT. everyone's codex tank goes back to full, all plans"),
      ),
      ['reset_scheduled', '2026-11-20T17:00:00.000Z', false],
    );
    assert.equal(at10("my car's gas tank goes back to full after a road trip"), 'none');
    assert.equal(
      at10(
        "respect to our friends across the street for refilling everyone's credits after their outage today. classy move",
      ),
      'none',
    );
    const adding = reply(
      'adding one to every account next tuesday. use it whenever you like after that',
      'banked reset when?',
      'mpdev',
    );
    assert.deepEqual([adding.reset?.kind, adding.review], ['reset_scheduled', true]);
  });
});

describe('rounds 379 to 382 (rules-2.13.86)', () => {
  test("another team's reset of its own, a day recalled, and what resets are for announce nothing", () => {
    assert.equal(
      at10(
        'the chatgpt team bumped and reset their weekly message caps today, go check it out if you use it for non-coding stuff',
      ),
      'none',
    );
    assert.equal(
      at10(
        "year in review thought: best day of 2026 was the one where we reset everyone's limits and someone shipped a whole startup in 48h",
      ),
      'none',
    );
    assert.equal(
      reply(
        'you get my eternal gratitude and maybe a bug bounty. resets are for everyone, not per person',
        'if I find a bug in codex do I get a reset',
        'bugh_unter',
      ).reset,
      null,
    );
  });

  test('locked in, still happening, or rolling out starting a day ahead is coming; moved up to now is done; moved by a span is held', () => {
    assert.equal(
      at10('christmas eve reset is locked in 🎄 dec 24, morning PT, all codex plans'),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        'since a few of you asked: yes the reset is still happening. tomorrow 9am PT, all plans, no conditions anymore since the fix already shipped',
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        "rolling out the banked reset to business and edu starting tomorrow. you'll get a notification when yours lands",
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10("we moved the reset up. instead of next week it's happening right now. enjoy 🙂"),
      'reset_completed',
    );
    assert.equal(
      at10(
        "small change: the thanksgiving reset moves up a day. it'll land tuesday the 24th instead of wednesday. same deal, every plan",
      ),
      'reset_scheduled (held)',
    );
    assert.equal(at10('we pushed the reset back an hour, sorry'), 'reset_scheduled (held)');
  });

  test('"cyber monday reset? sure why not": asked and answered yes; Cyber Monday and Black Friday are their dates', () => {
    const cyber = at10Read('cyber monday reset? sure why not. nov 30, all plans, usual time');
    assert.equal(cyber.reset?.kind, 'reset_scheduled');
    assert.equal(cyber.reset?.scheduleWindow?.startAt, '2026-11-30T08:00:00.000Z');
    const black = at10Read('black friday reset for everyone 🛍️');
    assert.equal(black.reset?.scheduleWindow?.startAt, '2026-11-27T08:00:00.000Z');
  });
});

describe('rounds 383 to 386 (rules-2.13.87)', () => {
  test('a weekday said short ends the object; "reset + 2x … starting friday" starts then; a reset schedule after a colon is a reset', () => {
    assert.equal(
      at10Read('T-minus 23h ⏳ codex limits reset fri 9am PT').reset?.effectiveAt,
      '2026-11-20T17:00:00.000Z',
    );
    assert.equal(
      at10Read('limits reset + 2x usage all weekend starting friday 12am PT 🚀').reset?.effectiveAt,
      '2026-11-20T08:00:00.000Z',
    );
    // Held: a reset of what, staged.
    assert.ok(
      at10(
        'staged reset schedule: EU/UK tomorrow 9am CET, US tomorrow 9am PT, APAC saturday morning your time',
      ).endsWith('(held)'),
    );
  });

  test('his "doing it tomorrow morning" under his poll is one, held; not "not doing another one this week" nor "we might do one next week"', () => {
    const doing = ownReply(
      'the people have spoken 😂 doing it tomorrow morning PT',
      'poll: should we reset codex limits for everyone before the weekend?',
    );
    assert.deepEqual([doing.reset?.kind, doing.review], ['reset_scheduled', true]);
    assert.equal(
      ownReply(
        'to be clear: not doing another one this week, the fix is holding',
        'we reset limits for everyone last week after the token bug',
      ).reset,
      null,
    );
    assert.equal(
      ownReply(
        'if usage settles after the capacity upgrade we might do one next week. might.',
        "we've been talking internally about resets",
      ).reset,
      null,
    );
  });

  test('"use it whenever you hit the wall" is when it is spent, not when it lands', () => {
    const monday = ownReply(
      'every plus and pro account gets one dropped in on monday, use it whenever you hit the wall',
      'banked resets are coming 🏦',
    );
    assert.equal(monday.reset?.kind, 'reset_scheduled');
    assert.equal(monday.reset?.scheduleWindow?.startAt, '2026-11-23T08:00:00.000Z');
  });
});

describe('rounds 387 to 390 (rules-2.13.88)', () => {
  test('what applying one does, what any banked reset is, and an AMA on banked resets announce nothing', () => {
    assert.equal(
      reply(
        'yes, applying it starts a fresh 5h window and a fresh weekly window from that moment',
        'if i apply my banked reset now does the weekly timer restart?',
        'tobiasdev',
      ).reset,
      null,
    );
    assert.equal(
      at10(
        "AMA follow up on banked resets since there was confusion:\n- a banked reset is yours to apply whenever\n- applying it zeroes your weekly usage, doesn't change the window\n- they expire after 30 days",
      ),
      'none',
    );
    assert.equal(
      at10('a banked reset is one you hold and apply yourself from the usage page'),
      'none',
    );
    // Given: still an announcement.
    assert.equal(
      at10('a banked reset is in your account now, apply it whenever'),
      'reset_completed',
    );
  });

  test('short answers under a question about the reset: "still on!", "no, every plan got it", "it already did", held', () => {
    const stillOn = reply(
      "still on! 9am PT tomorrow for all plans. the bug that ate everyone's limits is fixed",
      'reset tomorrow still on? planning my whole weekend around this ngl',
      'weekendwarrior_dev',
    );
    assert.deepEqual([stillOn.reset?.kind, stillOn.review], ['reset_scheduled', true]);
    const everyPlan = reply(
      'no, every plan got it. run /status in the cli to see',
      'is the reset only for pro?',
      'm_okafor',
    );
    assert.deepEqual([everyPlan.reset?.kind, everyPlan.review], ['reset_completed', true]);
    const already = reply(
      'it already did, it was global. the EU data residency stuff is separate and ships in january',
      'when does the reset hit EU?',
      'lena_codes',
    );
    assert.deepEqual([already.reset?.kind, already.review], ['reset_completed', true]);
    // Not published when the plan asked about is turned down.
    const onlyPro = reply('no, only pro this time', 'is the reset for plus too?', 'kim_dev');
    assert.ok(onlyPro.reset === null || onlyPro.review);
  });
});

describe('rounds 391 to 394 (rules-2.13.89)', () => {
  const windowOf = (text: string) => {
    const { reset, review } = classify(text, { createdAt: MORNING });
    return [reset?.kind, reset?.scheduleWindow?.startAt, review];
  };

  test("what resets are, who decides them, and a game's reset announce nothing", () => {
    assert.equal(
      at10(
        'reminder that your limits reset on their own every week. the global resets are a bonus, not a promise',
      ),
      'none',
    );
    assert.equal(
      at10(
        "i'm not the one who decides resets unfortunately, i just beg the finance team very politely",
      ),
      'none',
    );
    assert.equal(
      at10('game reset after the patch wiped my save lol. anyway back to codex'),
      'none',
    );
  });

  test('time words: "in a sec", "by lunch today", "end of business today", "this arvo"', () => {
    assert.deepEqual(windowOf("resetting everyone's codex limits in a sec, hang tight"), [
      'reset_scheduled',
      '2026-11-19T18:00:00.000Z',
      false,
    ]);
    assert.equal(
      reply(
        'yes. resetting for everyone by lunch today PT',
        '@thsottiaux any chance of a reset? im locked out until tuesday 😭',
        'devnull_dana',
      ).reset?.kind,
      'reset_scheduled',
    );
    assert.equal(at10('limits reset at end of business today, all plans'), 'reset_scheduled');
    assert.deepEqual(
      windowOf(
        'resetting codex limits this arvo (PT) for everyone. an aussie on the team made me write arvo 🦘',
      ),
      ['reset_scheduled', '2026-11-19T20:00:00.000Z', false],
    );
  });

  test('"for everyone affected" is whom; "the reset moves with it" is a verb; "flipping the switch at 5pm" answers a plea, held', () => {
    assert.equal(
      at10(
        'postmortem goes up later today, and with it a full reset of usage limits for everyone affected (which is everyone)',
      ),
      'reset_scheduled',
    );
    assert.equal(
      at10('launch moved to tuesday, and the reset moves with it. tuesday 10am PT, all plans'),
      'reset_scheduled',
    );
    const flipping = reply(
      'already on it, flipping the switch at 5pm PT today',
      'can you reset limits? pretty please',
      'codewitch',
    );
    assert.deepEqual([flipping.reset?.kind, flipping.review], ['reset_scheduled', true]);
  });
});

describe('rounds 395 to 398 (rules-2.13.90)', () => {
  test("another product's limits resetting, and a counter's display bug, announce nothing; Codex + ChatGPT Work's limits still do", () => {
    assert.equal(
      at10(
        'sora limits now reset at midnight local time for pro. not a codex thing but people keep asking me',
      ),
      'none',
    );
    assert.equal(
      at10(
        'the usage counter going to 0 in the vs code extension after updating is a bug, not a gift 😬 hotfix in the next release',
      ),
      'none',
    );
    assert.equal(at10('codex + chatgpt work usage limits reset. enjoy'), 'reset_completed');
    assert.equal(
      reply(
        'yep that was a bug on our side, reset went out for everyone affected a few min ago',
        '@thsottiaux any chance of a reset? burned my whole weekly on a bad loop',
        'loop_dev',
      ).reset?.kind,
      'reset_completed',
    );
  });

  test('"in about an hour we hit the reset button" is ahead; "rolling out now:" heading what goes back to full is now', () => {
    assert.equal(
      at10('in about an hour we hit the reset button on codex usage for all plans 🔴'),
      'reset_scheduled',
    );
    assert.equal(
      at10(
        "rolling out now: every plan's weekly codex allowance goes back to full. should reach all accounts within the hour",
      ),
      'reset_completed',
    );
  });
});

describe('rounds 399 to 402 (rules-2.13.92)', () => {
  test('a reset quoted as what something was called announces nothing; one promised last week, in accounts now, is done', () => {
    assert.equal(
      at10(
        'someone on the infra team wiped a test box and posted it in #general as "reset everyone\'s limits" lol',
      ),
      'none',
    );
    assert.equal(
      at10('banked resets are in every account now, as announced last week'),
      'reset_completed',
    );
    assert.equal(at10('we reset limits last week, no new one planned'), 'none');
  });

  test('"eveyone", "whenevr"; "they\'re in your account now" and "one banked reset to use whenever you want" under "when?"', () => {
    assert.equal(at10("reset eveyone's codex limits a few minutes ago"), 'reset_completed');
    const given = reply(
      "they're in your account now. you've got one banked reset to use whenevr you like",
      'where are the banked resets',
      'dev_kim',
    );
    assert.deepEqual([given.reset?.kind, given.reset?.resetType], ['reset_completed', 'banked']);
    // Not a reset given: one already held, pointed at.
    assert.equal(
      reply("no more today 🙃 you've got a banked reset, use that", 'reset again pls', 'dev_kim')
        .reset,
      null,
    );
  });

  test('a countdown in minutes ("T-30m"), "sat" before a clock time, and "↻" or "🔁" beside limits are coming', () => {
    assert.deepEqual(when(at10Read('T-45m until the codex usage reset ⏳')), [
      'reset_scheduled',
      '2026-11-19T18:45:00.000Z',
      false,
    ]);
    assert.deepEqual(when(at10Read('codex usage limits reset sat 01:00 UTC, all plans')), [
      'reset_scheduled',
      '2026-11-21T01:00:00.000Z',
      false,
    ]);
    assert.equal(at10('codex limits ↻ at 3pm PT today, all plans'), 'reset_scheduled');
    assert.equal(at10('codex usage 🔁 tomorrow 9am PT, every plan'), 'reset_scheduled');
  });

  test('a question quoted and answered in one post; "confirming" with a time under a reset asked about', () => {
    assert.equal(
      at10('everyone keeps asking "when is the next reset?" answer: tomorrow 10am PT, all plans'),
      'reset_scheduled',
    );
    assert.equal(at10('Q: when reset\nA: no idea yet, sorry'), 'none');
    const confirmed = reply(
      'confirmed ✅ sunday 9am PT, every plan',
      'heard there is a reset this weekend?? confirm pls',
      'dev_kim',
    );
    assert.deepEqual([confirmed.reset?.kind, confirmed.review], ['reset_scheduled', true]);
  });
});

describe('rounds 403 to 406 (rules-2.13.93)', () => {
  test('"no codex reset planned" is denied, not a reset "planned" (it was published done)', () => {
    assert.equal(at10('no codex reset planned this month, sorry'), 'none');
    assert.equal(at10('focus this week: reliability. no weekly reset scheduled'), 'none');
    assert.equal(at10('another codex reset for everyone tomorrow 9am PT'), 'reset_scheduled');
  });

  test('a reset pushed back by a span is coming; with its new time after, "now 2pm PT", published at it', () => {
    assert.equal(at10('the reset got moved back by a couple of hours'), 'reset_scheduled (held)');
    assert.deepEqual(when(at10Read('reset pushed back by a few hours, now 3pm PT today')), [
      'reset_scheduled',
      '2026-11-19T23:00:00.000Z',
      false,
    ]);
  });

  test('his reply\'s time before a comma ("friday 9am PT that is, …"); "this one is actually soon" after a reset named', () => {
    assert.deepEqual(
      when(
        ownReply(
          'friday 9am PT that is, forgot the one thing that matters',
          "we're resetting everyone's codex limits",
        ),
      ),
      ['reset_scheduled', '2026-11-20T17:00:00.000Z', false],
    );
    assert.equal(
      at10('coming up:\n- new review flow\n- a reset for all plans. this one is really tonight'),
      'reset_scheduled',
    );
  });

  test('"Q: …resets…? A: yes, one …" and "the reset people asked about" are read; answers under limits found full, or about banked resets given', () => {
    assert.equal(
      at10('Q: more resets before the holidays?\nA: yep, one tomorrow morning for all plans'),
      'reset_scheduled',
    );
    assert.equal(
      at10('quick update:\n- the reset you asked about went out an hour ago to every plan'),
      'reset_completed',
    );
    assert.equal(
      reply("that's on us. enjoy", 'why is my weekly full again?? not complaining', 'dev_kim').reset
        ?.kind,
      'reset_completed',
    );
    const given = reply(
      'not yet. granting them to everyone on monday morning PT',
      'where are the banked resets you promised',
      'dev_kim',
    );
    assert.deepEqual([given.reset?.resetType, given.review], ['banked', true]);
    // Held: what follows from it ("means we can"), not an ability.
    assert.equal(
      at10('the fix means we can reset everyone’s limits tomorrow morning'),
      'reset_scheduled (held)',
    );
  });
});

describe('rounds 407 to 410 (rules-2.13.94)', () => {
  test('a wish, another timeline, and what applying a banked one does announce nothing; "granted" answers yes', () => {
    assert.equal(
      at10('i wish there was a switch that reset everyone’s codex usage hourly'),
      'none',
    );
    assert.equal(
      at10('in a parallel universe we reset all limits tonight. here we are fixing flaky tests'),
      'none',
    );
    assert.equal(
      at10('in another timeline this was a sad thread. in this one: limits reset for all plans ✅'),
      'reset_completed',
    );
    assert.equal(
      reply(
        'applying it puts your 5h and weekly windows back at zero, one at a time',
        'what does a banked reset do exactly?',
        'dev_kim',
      ).reset,
      null,
    );
    assert.equal(
      at10('wished for a reset? granted. lands tonight for every plan'),
      'reset_scheduled (held)',
    );
  });

  test('dry words: a quota refreshed, a usage restoration or refresh, counters cleared six words on, allowances that restore', () => {
    assert.equal(at10('codex quota refreshed for every plan'), 'reset_completed');
    assert.equal(at10("the console's quota refreshed at midnight, my kid noticed"), 'none');
    assert.equal(
      at10('Scheduled: Codex usage refresh, Friday 20 November, 09:00 PT.'),
      'reset_scheduled',
    );
    assert.equal(
      at10('Done: one-time restoration of Codex weekly allowance for all Pro accounts.'),
      'reset_completed',
    );
    assert.equal(at10('usage counters for every codex plan have been cleared'), 'reset_completed');
    assert.equal(at10('codex allowances restore at 6pm PT today, all plans'), 'reset_scheduled');
  });

  test('a reset that "hits" at a time is coming; "doing it for every seat" answers the reset asked about', () => {
    assert.deepEqual(when(at10Read('for APAC: the reset hits at 02:00 UTC friday')), [
      'reset_scheduled',
      '2026-11-20T02:00:00.000Z',
      false,
    ]);
    const seats = reply(
      "no need, we're doing it for every seat within the hour",
      'admin here, can I trigger the reset for my team?',
      'dev_kim',
    );
    assert.deepEqual([seats.reset?.kind, seats.review], ['reset_scheduled', true]);
  });
});

describe('rounds 411 to 414 (rules-2.13.95)', () => {
  test('a reset told of "that week", one compared with the normal rollover, and "the pattern:" announce nothing; "not a drill:" still does', () => {
    assert.equal(
      at10('after that outage we reset everyone’s codex limits that week. good times'),
      'none',
    );
    assert.equal(
      at10(
        'a reset just puts your usage windows back at zero, same as the regular weekly rollover',
      ),
      'none',
    );
    assert.equal(at10("it's our playbook: we ship, we break it, we fix it, we reset"), 'none');
    assert.equal(
      at10('not a drill: codex limits reset for every plan just now'),
      'reset_completed',
    );
  });

  test('"that same day" is the weekday named before it; a holiday naming the reset leaves its time to the day said; a clock time ends a clause before "and the reset …"', () => {
    assert.equal(
      at10('the demo is tonight 7pm PT and the reset goes out right after'),
      'reset_scheduled',
    );
    assert.equal(
      at10('the new agent ships on monday and we reset limits for all plans that same day'),
      'reset_scheduled (held)',
    );
    assert.deepEqual(
      when(at10Read('so the christmas reset comes early: this saturday 9am PT, every plan')),
      ['reset_scheduled', '2026-11-21T17:00:00.000Z', false],
    );
  });

  test('"resettt"; answers: a rollout under "still capped", "edu is part of it", "you will", "and then each seat gets one"', () => {
    assert.equal(at10('resettt 🎉 codex limits reset for everyone'), 'reset_completed');
    assert.equal(
      at10("we reset codex limits a few minutes ago, if you're still seeing old numbers ping me"),
      'reset_completed',
    );
    const rolling = reply(
      'rolling out now, APAC is in progress as we speak',
      'does this cover APAC? im in tokyo and still capped',
      'dev_kim',
    );
    assert.deepEqual([rolling.reset?.kind, rolling.review], ['reset_completed', true]);
    const edu = reply(
      'edu is included 🙏 tonight 10pm PT',
      'is edu part of the reset tonight?',
      'dev_kim',
    );
    assert.deepEqual([edu.reset?.kind, edu.review], ['reset_scheduled', true]);
    const youWill = reply(
      'you will, it lands friday morning',
      'my plan renews friday, will I still get the reset?',
      'dev_kim',
    );
    assert.deepEqual([youWill.reset?.kind, youWill.review], ['reset_scheduled', true]);
    assert.equal(
      at10('you can opt in starting monday, and then every seat gets its banked reset'),
      'reset_scheduled (held)',
    );
  });
});

describe('rounds 415 to 418 (rules-2.13.96)', () => {
  test('"once the fix is out" after a reset is not its predicate; "a reset ships with tonight\'s deploy" is a verb', () => {
    assert.equal(
      at10('codex limits reset this evening once the hotfix is fully out'),
      'reset_scheduled',
    );
    assert.equal(
      at10('heads up: a one-time usage reset ships with tomorrow’s release, around 9am PT'),
      'reset_scheduled',
    );
  });
});

describe('rounds 419 to 422 (rules-2.13.97)', () => {
  test('"not everyone got a reset" is held; a reset of last november and what a banked one does until you apply it announce nothing', () => {
    assert.equal(
      at10('not everybody got a reset, that screenshot is from an internal account'),
      'reset_completed (held)',
    );
    assert.equal(at10('last march we reset all limits right before a launch. never again'), 'none');
    assert.equal(
      reply(
        'you get one, it waits there until you apply it, then both windows go back to full',
        'how do banked resets work?',
        'dev_kim',
      ).reset,
      null,
    );
  });

  test('"not a full reset, but …" says how much was reset; "you got a reset too" is one given', () => {
    assert.equal(
      at10('not a full reset, but everyone’s weekly window has been cleared as of 9am'),
      'reset_completed',
    );
    assert.equal(
      at10('edu folks: you got a reset too. weekly cap cleared this morning'),
      'reset_completed',
    );
    const affected = reply(
      'already did it for everyone affected, check again. not a global reset, just the folks hit by the bug',
      'any chance of a reset? the bug ate my week',
      'dev_kim',
    );
    assert.deepEqual([affected.reset?.kind, affected.review], ['reset_completed', true]);
  });
});

describe('rounds 423 to 426 (rules-2.13.98)', () => {
  test('"occasionaly" is "occasionally", a habit; a save file reset is a game\'s', () => {
    assert.equal(at10('the weekly window is the one we ocasionally reset for everyone'), 'none');
    assert.equal(at10("my nephew's save file got reset after the update. devastated"), 'none');
  });

  test('people back at zero usage, and the slate wiped clean for all users, are reset', () => {
    assert.equal(at10('as of now every codex user is back at zero usage'), 'reset_completed');
    assert.equal(
      at10(
        'the launch ate everyone’s week, so we wiped the slate clean for all users. already live',
      ),
      'reset_completed',
    );
  });

  test('answers of a word or an emoji: "intentional", "🫡", "everyone 😅", "all of them 👍", "✅", "you heard right" (held)', () => {
    const held = (text: string, parent: string) => {
      const read = reply(text, parent, 'dev_kim');
      return [read.reset !== null, read.review];
    };
    assert.deepEqual(held('intentional 😉', 'woke up to full limits, bug or intentional?'), [
      true,
      true,
    ]);
    assert.deepEqual(held('🫡', 'thanks for the reset, saved my week'), [true, true]);
    assert.deepEqual(held('everybody 😅', 'wait did everyone get reset again?'), [true, true]);
    assert.deepEqual(held('all of them 👍', "is friday's reset for every plan?"), [true, true]);
    assert.deepEqual(held('✅', 'my limits went back to full just now'), [true, true]);
    assert.deepEqual(
      held('you heard right', 'heard you are resetting limits before the holidays'),
      [true, true],
    );
  });
});

describe('rounds 427 to 430 (rules-2.13.99)', () => {
  test('a few words of time and of resetting in other languages are read: "mañana", "lunes", "demain", "zurückgesetzt für alle"', () => {
    assert.equal(at10('mañana we reset all codex limits, early pacific time'), 'reset_scheduled');
    assert.deepEqual(
      when(at10Read('próxima semana, lunes 9am PT, we reset weekly limits for every plan')),
      ['reset_scheduled', '2026-11-23T17:00:00.000Z', false],
    );
    assert.equal(at10('demain matin we reset codex limits for everyone'), 'reset_scheduled');
    assert.equal(at10('codex limits zurückgesetzt für alle. sorry for the bug'), 'reset_completed');
  });

  test('what the reader need not reset, and "server side", leave the reset read; "done, reset for all"; "team plans have it too"', () => {
    assert.equal(
      at10(
        "you don't need to reset anything on your end, we reset limits server side a minute ago",
      ),
      'reset_completed',
    );
    assert.notEqual(at10('done, reset for all 🙇'), 'none');
    const team = reply(
      'team plans have it too, check your usage page',
      'did the banked reset reach team plans?',
      'dev_kim',
    );
    assert.deepEqual([team.reset?.resetType, team.review], ['banked', true]);
  });
});

describe('rounds 431 to 434 (rules-2.13.100)', () => {
  test('a channel for resets is about them; a question about a day ahead heralds the reset after it', () => {
    assert.equal(at10('the slack channel for resets has 900 unread messages. send help'), 'none');
    assert.deepEqual(
      when(at10Read("who's up early saturday? codex limits reset for everyone at 7am PT")),
      ['reset_scheduled', '2026-11-21T15:00:00.000Z', false],
    );
    assert.deepEqual(when(at10Read('saturday plans? limits reset for all plans at 9am PT')), [
      'reset_scheduled',
      '2026-11-21T17:00:00.000Z',
      false,
    ]);
  });

  test('questions he answers himself: "who wants a reset tonight? 🙋 rolling it out …", "guess what just got reset? everyone\'s limits" (not "nothing", not "not happening")', () => {
    assert.equal(
      at10('who wants a reset tonight? 🙋 rolling it out around 8pm PT, every plan'),
      'reset_scheduled',
    );
    assert.equal(at10('who wants a reset tonight? not happening, sorry'), 'none');
    assert.equal(at10('guess what just got reset? 👀 all codex limits. enjoy'), 'reset_completed');
    assert.equal(at10('guess what just got reset? nothing, limits stay as they are'), 'none');
  });

  test('his answer of a day, then "actually" or a clause after a comma, under a question about the reset (held)', () => {
    const saturday = reply(
      'saturday actually, friday is a freeze',
      'people say limits reset friday, true?',
      'dev_kim',
    );
    assert.deepEqual([saturday.reset?.kind, saturday.review], ['reset_scheduled', true]);
    const sunday = reply(
      'sunday night, we pulled it in',
      'so the reset is monday 9am PT?',
      'dev_kim',
    );
    assert.deepEqual([sunday.reset?.kind, sunday.review], ['reset_scheduled', true]);
  });
});

describe('rounds 435 to 438 (rules-2.13.101)', () => {
  test('a mental reset, a soft reset for the agent, and a reset of how we do on-call announce nothing; "reset on the way" still does', () => {
    assert.equal(at10('whole team is off friday for a collective mental reset'), 'none');
    assert.equal(
      at10('compaction is a soft reset for the agent: the plan stays, the noise goes'),
      'none',
    );
    assert.equal(at10('hit reset on how we run incident reviews. shorter, kinder'), 'none');
    assert.equal(
      at10('fix is holding, and yes: limits reset on the way shortly'),
      'reset_scheduled',
    );
  });

  test('"ETA: 30 minutes" is in 30 minutes; "rolling out soon" after "we\'re resetting" is ahead; "it\'s done … now" is done', () => {
    assert.deepEqual(when(at10Read('Codex limits reset ETA: 45 minutes, all plans')), [
      'reset_scheduled',
      '2026-11-19T18:45:00.000Z',
      false,
    ]);
    assert.equal(at10("we're resetting all codex limits. rolling out soon"), 'reset_scheduled');
    assert.equal(
      ownReply(
        "update: it's done, everyone should have fresh limits now ✅",
        "we're resetting usage for everyone hit by the bug",
      ).reset?.kind,
      'reset_completed',
    );
  });

  test('his reply\'s time after "it\'s" ("it\'ll be") is the reset\'s', () => {
    assert.deepEqual(
      when(
        ownReply(
          "forgot the time 🤦 it's friday 10am PT, every plan",
          "we're resetting codex limits for everyone",
        ),
      ),
      ['reset_scheduled', '2026-11-20T18:00:00.000Z', false],
    );
    assert.deepEqual(
      when(ownReply("correction: it'll be 11pm PT", 'resetting codex limits tonight at 8pm PT')),
      ['reset_scheduled', '2026-11-20T07:00:00.000Z', false],
    );
  });
});

describe('rounds 439 to 442 (rules-2.13.102)', () => {
  test('a leaderboard reset a few words after it is a game\'s; not "unlike my gym streak, your codex limits got reset"', () => {
    assert.equal(at10('the scoreboard for our team trivia night got reset, chaos ensued'), 'none');
    assert.equal(
      at10('unlike my streak, your codex limits got reset on purpose: everyone is at zero now'),
      'reset_completed',
    );
  });

  test('"one more sleep till", "the resets we talked about", "re-upped"', () => {
    assert.equal(at10('one more sleep till codex limits reset for every plan'), 'reset_scheduled');
    assert.equal(
      at10('the banked resets we posted about land in every plus account on monday'),
      'reset_scheduled',
    );
    assert.equal(at10('codex limits re-upped for everyone. enjoy'), 'reset_completed');
  });

  test('"we are resetting limits. not right now though" is held: coming, when?', () => {
    assert.equal(
      at10('yes we are resetting codex limits. not right now. later today'),
      'reset_scheduled (held)',
    );
  });
});

describe('rounds 443 to 446 (rules-2.13.103)', () => {
  test('"and the graphs look wild" is a clause of its own, not more of what was reset; "yesterday" is a time', () => {
    assert.equal(
      at10("we reset everyone's codex limits and the dashboards look great"),
      'reset_completed',
    );
    assert.match(
      at10Read('we reset all plus limits yesterday').reasons.join('\n'),
      /a reset of the past/,
    );
  });

  test('"the build farm got a full reset" is a thing\'s; "a coworker reset their own limits" one person\'s; a dream', () => {
    assert.equal(
      at10('the build farm got a full reset overnight, everything is snappy again'),
      'none',
    );
    assert.equal(at10('the free tier got a full reset this morning'), 'reset_completed');
    assert.equal(at10('a coworker reset their own limits in staging with an admin script'), 'none');
    assert.equal(at10('had a dream that we reset limits for everyone and nobody noticed'), 'none');
  });

  test('"tired: … wired: …" is a meme; "last night around 22:00 PT" is gone by', () => {
    assert.equal(
      at10("tired: resetting everyone's limits. wired: more gpus"),
      'reset_completed (held)',
    );
    assert.equal(
      at10('we reset all codex limits last night around 22:00 PT'),
      'reset_completed (held)',
    );
  });

  test('"a banked reset sitting in your account now" is given; a time gone by answers "when"', () => {
    assert.equal(
      at10("pro users: you've got a banked reset sitting in your account now, apply it whenever"),
      'reset_completed',
    );
    const answer = reply(
      'earlier today ~9am PT. should be full',
      'when was the reset? mine still shows 100% used',
      'kiraships',
    );
    assert.deepEqual([answer.reset?.kind, answer.review], ['reset_completed', true]);
  });
});

describe('rounds 447 to 450 (rules-2.13.104)', () => {
  test('his reply of only a while ahead, under his reset said under way with no "now", says when it comes', () => {
    assert.equal(
      ownReply('in about 20 min', 'plus plan getting a reset').reset?.kind,
      'reset_scheduled',
    );
  });

  test('"jumped the gun … not now" under his "resetting limits now": not under way, at the time he gives', () => {
    const moved = ownReply(
      'oops, jumped the gun. it goes out at 3pm PT, not now',
      'resetting codex limits now',
    );
    assert.deepEqual(
      [moved.reset?.kind, moved.reset?.scheduleWindow?.startAt, moved.review],
      ['reset_scheduled', '2026-11-19T23:00:00.000Z', true],
    );
  });

  test('"your orgs get the same reset" is the orgs\' limits; "the reset did NOT wait" is not a denial', () => {
    assert.equal(
      ownReply('yes, your orgs get the same reset, it runs saturday 10am PT', 'a few admins asked')
        .reset?.kind,
      'reset_scheduled',
    );
    assert.equal(
      at10(
        'update: the reset did not wait until monday, it already went out this morning for all plans',
      ),
      'reset_completed',
    );
  });

  test('"we have a reset for everyone. it\'s scheduled for 4pm PT today" is ahead, at 4pm; "it hit … yesterday" answers', () => {
    assert.deepEqual(
      when(at10Read("we have a reset for everyone. it's scheduled for 4pm PT today")),
      ['reset_scheduled', '2026-11-20T00:00:00.000Z', false],
    );
    const answer = reply(
      'it landed for APAC at 09:00 JST yesterday, same as everyone',
      'did the reset reach japan? still capped in tokyo',
      'kenji_builds',
    );
    assert.deepEqual([answer.reset?.kind, answer.review], ['reset_completed', true]);
  });
});

describe('rounds 451 to 454 (rules-2.13.105)', () => {
  test('"the reset we promised went out" is done by its own verb; "applied a reset to every workspace" is given', () => {
    assert.equal(
      at10('update: the pro reset we promised landed an hour ago, enjoy'),
      'reset_completed',
    );
    assert.equal(at10('just applied a reset to every business workspace ✅'), 'reset_completed');
  });

  test('"the reset moves from friday to monday 9am PT" is moved, to the second time', () => {
    assert.deepEqual(when(at10Read('heads up: the reset moves from friday to monday 9am PT')), [
      'reset_scheduled',
      '2026-11-23T17:00:00.000Z',
      false,
    ]);
  });

  test('"not going out tonight, it\'s tomorrow at 10am PT" is that time, not a denial', () => {
    assert.deepEqual(
      when(at10Read("the reset isn't going out tonight, it's tomorrow at 10am PT. sorry")),
      ['reset_scheduled', '2026-11-20T18:00:00.000Z', false],
    );
  });

  test('"… limits unaffected" takes a reset back; an answer to "how does it work" is held', () => {
    assert.equal(
      at10("we have reset everyone's... office router. wifi is back. limits unaffected"),
      'reset_completed (held)',
    );
    assert.equal(
      reply(
        'you get one banked reset, apply it whenever you want, it clears your 5h window',
        'how do banked resets work?',
        'newbie_dev',
      ).review,
      true,
    );
  });
});

describe('rounds 455 to 458 (rules-2.13.106)', () => {
  test('"on the way back to the hotel" is a journey, not "on its way"; "a fresh set of limits with it tonight" is a reset', () => {
    assert.equal(
      at10('great meetup in berlin. also reset limits for everyone on the way back to the airport'),
      'reset_completed',
    );
    assert.equal(
      at10(
        'shipping the new cli later today, and everyone gets a fresh set of limits with it at 6pm PT',
      ),
      'reset_scheduled',
    );
  });

  test('cancelled, then "rescheduled for" a time; paused, then "now going out" at a time; "after thanksgiving" is ahead', () => {
    assert.deepEqual(
      when(
        at10Read(
          "we had to cancel today's reset, a bad config. rescheduled for tomorrow 11am PT, all plans",
        ),
      ),
      ['reset_scheduled', '2026-11-20T19:00:00.000Z', false],
    );
    assert.equal(
      at10('the business reset is paused for a billing check, now going out monday at 9am PT'),
      'reset_scheduled',
    );
    assert.equal(
      at10('handing everyone a banked reset after thanksgiving, enjoy'),
      'reset_scheduled',
    );
  });

  test('"resetting how we run" is a way of doing; "new week new me" is a joke; a footnote is a catch', () => {
    assert.equal(
      at10("we're resetting how we do code review on the team. rolling out next week"),
      'none',
    );
    assert.equal(
      at10('new month new me. personal limits reset for every plan'),
      'reset_completed (held)',
    );
    assert.equal(
      at10('limits reset tomorrow 9am PT for all plans*\n\n*plans = my gym plans'),
      'reset_scheduled (held)',
    );
  });
});

describe('rounds 459 to 462 (rules-2.13.107)', () => {
  test('delayed "— now going out" a day, "slipped. it lands … instead": coming, at the new time', () => {
    assert.equal(
      at10('reset delayed a little — now going out saturday morning pacific'),
      'reset_scheduled',
    );
    assert.deepEqual(
      when(at10Read('the reset we promised for today slipped. it lands at 4pm PT instead, sorry')),
      ['reset_scheduled', '2026-11-20T00:00:00.000Z', false],
    );
  });

  test('"the reset isn\'t tomorrow, it already went out" is done; "the very first reset was" is the past', () => {
    assert.equal(
      at10("correction: the reset isn't tomorrow, it already went out an hour ago"),
      'reset_completed',
    );
    assert.equal(at10('fun fact: the very first codex reset was a typo in a config file'), 'none');
  });

  test('"weekly windows restarted", "codex pools get refilled"', () => {
    assert.equal(at10('pro weekly windows restarted at 9:15 this morning'), 'reset_completed');
    assert.equal(
      at10('business customers: your codex pools get refilled to full on monday at 7am PT'),
      'reset_scheduled',
    );
  });
});

describe('rounds 463 to 466 (rules-2.13.108)', () => {
  test('a time in parentheses after a bare "reset" is ahead; one gone by is not', () => {
    assert.deepEqual(when(at10Read("step 2: reset everyone's limits (sat 9am PT)\nstep 3: 🎉")), [
      'reset_scheduled',
      '2026-11-21T17:00:00.000Z',
      false,
    ]);
    assert.equal(
      at10('wiped the weekly meters for all plus users this morning (8:15 PT)'),
      'reset_completed',
    );
  });

  test('a heading with its colon, then its times in other zones, is ahead; not times offered as choices', () => {
    assert.deepEqual(
      when(at10Read('limits reset for all plans:\n🇺🇸 sat 7am PT / 10am ET\n🇬🇧 sat 3pm GMT')),
      ['reset_scheduled', '2026-11-21T15:00:00.000Z', false],
    );
    announcesNothingFirm(
      'poll: which time works for a limits reset for all plans:\n🇺🇸 sat 7am PT\n🇬🇧 sat 3pm GMT',
    );
  });

  test('"not yet! it ships next tuesday" under his reset; "the reset wasn\'t just pro, it went out to plus too"', () => {
    const later = ownReply(
      'to be clear: not yet! it lands next wednesday',
      'giving everyone a banked reset',
    );
    assert.deepEqual([later.reset?.kind, later.review], ['reset_scheduled', true]);
    assert.equal(
      at10("correction: the reset wasn't just pro, it went out to plus too. everyone has it"),
      'reset_completed',
    );
  });

  test('"the reset did go out to everyone" is done; an event that "starts saturday" dates the clock time after it', () => {
    assert.equal(
      at10(
        'steps if your usage still looks full:\n1) restart the cli\n\nthe reset did go out to everyone',
      ),
      'reset_completed',
    );
    assert.deepEqual(
      when(
        at10Read(
          'the game jam starts saturday. every participant gets a limits reset at kickoff, 9am PT',
        ),
      ),
      ['reset_scheduled', '2026-11-21T17:00:00.000Z', false],
    );
  });
});
