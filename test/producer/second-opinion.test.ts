import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { EVAL_SET, HOLDOUT_SET, readEvalSet } from '../../eval/evaluate.ts';
import { evaluateSecondOpinion, formatSecondOpinion } from '../../eval/second-opinion.ts';
import {
  classifyPost,
  DEFAULT_CLASSIFIER_OPTIONS,
} from '../../src/producer/classify/rules-classifier.ts';
import type { Classification } from '../../src/producer/ledger/entry.ts';
import type { Post } from '../../src/producer/ledger/post.ts';
import { decideAgreement } from '../../src/producer/second-opinion/agreement.ts';
import {
  createSecondOpinionClient,
  MAX_ANSWER_BYTES,
} from '../../src/producer/second-opinion/client.ts';
import { instructions } from '../../src/producer/second-opinion/prompt.ts';
import {
  PROPOSAL_JSON_SCHEMA,
  type Proposal,
  type ProposedReset,
} from '../../src/producer/second-opinion/proposal.ts';
import { chatCompletionsEndpoint } from '../../src/producer/second-opinion/settings.ts';
import { StandIn } from '../delivery/support/stand-in.ts';
import {
  type ChatRequest,
  chatCompletionsProtocol,
  type ModelAnswer,
} from './support/chat-completions.ts';

/**
 * The second opinion against a local stand-in of an OpenAI-compatible endpoint: what it
 * sends (the post and its parent, nothing else; the key only in Authorization), what it
 * makes of good answers, disagreements, malformed JSON, timeouts, 429s and huge bodies; and
 * the rule that decides agreement with the rules' proposal.
 */

const KEY = 'sk-test-5f1c9e0a7b3d4c2e8f6a1b9d0c7e3f2a';
const LA = 'America/Los_Angeles';

const post = (text: string, extra: Partial<Post> = {}): Post => ({
  id: '2106131810921136451',
  handle: 'thsottiaux',
  createdAt: '2026-10-02T21:18:48.417Z',
  text,
  ...extra,
});
const rulesOn = (p: Post, reviewBelow = 0.8) =>
  classifyPost(p, { ...DEFAULT_CLASSIFIER_OPTIONS, reviewBelow });

const COMPLETED: Proposal = {
  isAnnouncement: true,
  kind: 'reset_completed',
  resetType: 'global',
  plans: ['unknown'],
  windows: ['unknown'],
  effectiveAt: null,
  windowStartAt: null,
  windowEndAt: null,
  precision: null,
  basis: null,
  reason: 'The announcer says a reset has propagated.',
};
const SCHEDULED: Proposal = {
  ...COMPLETED,
  kind: 'reset_scheduled',
  effectiveAt: '2026-10-03T01:00:00.000Z',
  windowStartAt: '2026-10-03T01:00:00.000Z',
  windowEndAt: '2026-10-03T01:00:00.000Z',
  precision: 'datetime',
  basis: 'explicit',
  reason: 'A reset is coming at 6pm PT.',
};

describe('asking the model', () => {
  let answer: (request: ChatRequest) => ModelAnswer = () => ({
    content: JSON.stringify(COMPLETED),
  });
  let standIn: StandIn;
  before(async () => {
    standIn = await StandIn.start(
      chatCompletionsProtocol({ key: KEY, model: (request) => answer(request) }),
    );
  });
  after(() => standIn.close());
  const client = (timeoutMs = 5_000, apiKey: string | null = KEY) =>
    createSecondOpinionClient(
      {
        endpoint: chatCompletionsEndpoint(`${standIn.origin}/v1`),
        model: 'gpt-test-1',
        apiKey,
        timeoutMs,
      },
      LA,
    );
  const answering = (content: string | null, extra: Partial<ModelAnswer> = {}) => {
    answer = () => ({ content, ...extra });
  };

  test('sends the post, its time and its parent, the key only as a bearer token, and asks for the JSON schema', async () => {
    answering(JSON.stringify(COMPLETED));
    const held = post('Reset all propagated. Enjoy.', {
      parentText: 'Reset at 10am PT tomorrow',
      inReplyToId: '1',
    });
    const opinion = await client().ask({
      text: held.text,
      createdAt: held.createdAt,
      parentText: held.parentText,
    });
    const request = standIn.requests.at(-1)!;
    assert.equal(request.path, '/v1/chat/completions');
    assert.equal(request.headers.authorization, `Bearer ${KEY}`);
    assert.deepEqual(JSON.parse(request.body), {
      model: 'gpt-test-1',
      temperature: 0,
      messages: [
        { role: 'system', content: instructions(LA) },
        {
          role: 'user',
          content: JSON.stringify({
            post: { createdAt: '2026-10-02T21:18:48.417Z', text: 'Reset all propagated. Enjoy.' },
            parentText: 'Reset at 10am PT tomorrow',
          }),
        },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'reset_proposal', strict: true, schema: PROPOSAL_JSON_SCHEMA },
      },
    });
    assert.ok(!request.body.includes(KEY));
    assert.deepEqual(opinion, {
      outcome: 'answered',
      model: 'gpt-test-1',
      proposal: COMPLETED,
      reset: {
        kind: 'reset_completed',
        resetType: 'global',
        scope: { plans: ['unknown'], windows: ['unknown'] },
        effectiveAt: null,
        scheduleWindow: null,
        schedulePrecision: null,
        scheduleBasis: null,
      },
      format: 'json_schema',
    });
  });

  test('a server without structured outputs (400 on response_format) is asked once more, and fenced JSON is read', async () => {
    const plain = await StandIn.start(
      chatCompletionsProtocol({
        key: null,
        structuredOutputs: false,
        model: () => ({ content: `\`\`\`json\n${JSON.stringify(SCHEDULED, null, 2)}\n\`\`\`` }),
      }),
    );
    try {
      const local = createSecondOpinionClient(
        {
          endpoint: `${plain.origin}/v1/chat/completions`,
          model: 'llama-local',
          apiKey: null,
          timeoutMs: 5_000,
        },
        LA,
      );
      const opinion = await local.ask({
        text: 'Reset coming at 6pm PT',
        createdAt: '2026-10-02T21:18:48.417Z',
      });
      assert.equal(opinion.outcome, 'answered');
      assert.equal(opinion.outcome === 'answered' && opinion.format, 'json_content');
      assert.equal(plain.requests.length, 2);
      assert.equal(plain.requests[0]!.headers.authorization, undefined);
      assert.ok('response_format' in JSON.parse(plain.requests[0]!.body));
      assert.ok(!('response_format' in JSON.parse(plain.requests[1]!.body)));
    } finally {
      await plain.close();
    }
  });

  const failures: readonly (readonly [string, () => void, string, string])[] = [
    [
      'content that is not JSON',
      () => answering('I think it is a reset.'),
      'malformed',
      'the answer is not a proposal: the content Invalid input: expected object, received undefined',
    ],
    [
      'JSON with a field the schema does not have',
      () => answering(JSON.stringify({ ...COMPLETED, confidence: 0.9 })),
      'malformed',
      'the answer is not a proposal: the content Unrecognized key: "confidence"',
    ],
    [
      "a timestamp not in the contract's form",
      () => answering(JSON.stringify({ ...SCHEDULED, windowEndAt: '2026-10-03 01:00' })),
      'malformed',
      'the answer is not a proposal: windowEndAt must be a UTC timestamp like 2026-11-20T12:00:00.000Z',
    ],
    [
      'an announcement without a kind',
      () => answering(JSON.stringify({ ...COMPLETED, kind: null })),
      'malformed',
      'the proposal contradicts itself: an announcement without a kind or a reset type',
    ],
    [
      'a schedule whose window ends before it starts',
      () => answering(JSON.stringify({ ...SCHEDULED, windowStartAt: '2026-10-04T01:00:00.000Z' })),
      'malformed',
      'the proposal contradicts itself: a window that ends before it starts',
    ],
    [
      'an answer cut off by the length limit',
      () => answering('{"isAnnouncement": tr', { finishReason: 'length' }),
      'malformed',
      'the answer was cut off (finish_reason "length")',
    ],
    ['no content', () => answering(null), 'malformed', 'the answer has no content'],
    [
      "the model's refusal",
      () => answering(null, { refusal: "I can't help with that." }),
      'refused',
      "the model refused: I can't help with that.",
    ],
  ];
  for (const [what, script, outcome, problem] of failures) {
    test(`${what} is ${outcome}`, async () => {
      script();
      assert.deepEqual(
        await client().ask({
          text: 'Reset all propagated.',
          createdAt: '2026-10-02T21:18:48.417Z',
        }),
        {
          outcome,
          model: 'gpt-test-1',
          problem,
        },
      );
    });
  }

  test('a 429 and a 500 are refusals, not retried (the post stays held)', async () => {
    for (const status of [429, 500]) {
      const before = standIn.requests.length;
      standIn.script({
        status,
        headers: { 'content-type': 'application/json' },
        body: '{"error":{"message":"Rate limit reached"}}',
      });
      const opinion = await client().ask({ text: 'Reset.', createdAt: '2026-10-02T21:18:48.417Z' });
      assert.deepEqual(opinion, {
        outcome: 'refused',
        model: 'gpt-test-1',
        problem: `the endpoint answered ${status}: {"error":{"message":"Rate limit reached"}}`,
      });
      assert.equal(standIn.requests.length, before + 1);
    }
  });

  test('an endpoint that never answers is late, within the timeout', async () => {
    standIn.script('hang');
    const started = performance.now();
    const opinion = await client(300).ask({
      text: 'Reset.',
      createdAt: '2026-10-02T21:18:48.417Z',
    });
    assert.deepEqual(opinion, {
      outcome: 'late',
      model: 'gpt-test-1',
      problem: 'no answer within 300 ms',
    });
    assert.ok(performance.now() - started < 3_000);
  });

  test(`an answer longer than ${MAX_ANSWER_BYTES} bytes is oversized, and not read past the bound`, async () => {
    standIn.script('endless');
    const started = performance.now();
    const opinion = await client().ask({ text: 'Reset.', createdAt: '2026-10-02T21:18:48.417Z' });
    assert.deepEqual(opinion, {
      outcome: 'oversized',
      model: 'gpt-test-1',
      problem: `the answer is longer than ${MAX_ANSWER_BYTES} bytes`,
    });
    assert.ok(performance.now() - started < 5_000);
    assert.ok(standIn.endlessChunks < 64, `${standIn.endlessChunks} of 128 chunks were written`);
  });

  test('a wrong key is refused (401), and an answer that echoes the key never shows it', async () => {
    const wrong = 'sk-wrong-0000000000000000000000000000';
    standIn.script({
      status: 401,
      body: `{"error":{"message":"Incorrect API key provided: ${wrong}"}}`,
    });
    const opinion = await client(5_000, wrong).ask({
      text: 'Reset.',
      createdAt: '2026-10-02T21:18:48.417Z',
    });
    assert.deepEqual(opinion, {
      outcome: 'refused',
      model: 'gpt-test-1',
      problem: 'the endpoint answered 401: {"error":{"message":"Incorrect API key provided: ***"}}',
    });
  });

  test('an endpoint nobody listens on is unreachable', async () => {
    const gone = await StandIn.start(() => ({ status: 200 }));
    const origin = gone.origin;
    await gone.close();
    const opinion = await createSecondOpinionClient(
      { endpoint: `${origin}/v1/chat/completions`, model: 'm', apiKey: null, timeoutMs: 2_000 },
      LA,
    ).ask({ text: 'Reset.', createdAt: '2026-10-02T21:18:48.417Z' });
    assert.deepEqual(opinion, {
      outcome: 'unreachable',
      model: 'm',
      problem: 'network error (ECONNREFUSED)',
    });
  });
});

describe('the JSON schema sent', () => {
  test("meets strict mode's rules: every object closed, every property required", () => {
    const objects: Record<string, unknown>[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (node === null || typeof node !== 'object') return;
      const object = node as Record<string, unknown>;
      if (object.type === 'object') objects.push(object);
      Object.values(object).forEach(walk);
    };
    walk(PROPOSAL_JSON_SCHEMA);
    assert.equal(objects.length, 1);
    for (const object of objects) {
      assert.equal(object.additionalProperties, false);
      assert.deepEqual(
        [...(object.required as string[])].sort(),
        Object.keys(object.properties as object).sort(),
      );
    }
    assert.ok(
      !JSON.stringify(PROPOSAL_JSON_SCHEMA).match(
        /"(pattern|format|maxLength|maxItems|examples|\$schema)"/,
      ),
    );
  });
});

/** The model's proposal when it reads the post as the rules do. */
const same = (rules: Classification): ProposedReset => {
  const reset = rules.reset!;
  return {
    kind: reset.kind,
    resetType: reset.resetType,
    scope: reset.scope ?? { plans: ['unknown'], windows: ['unknown'] },
    effectiveAt: reset.effectiveAt,
    scheduleWindow: reset.scheduleWindow,
    schedulePrecision: reset.schedulePrecision,
    scheduleBasis: reset.scheduleBasis,
  };
};

describe('agreement with the rules', () => {
  test('"a reset of what?" resolved: same kind, type and window, so the post may go public', () => {
    const rules = rulesOn(post('Reset button pressed.'));
    assert.deepEqual(decideAgreement(rules, same(rules)), {
      agrees: true,
      resolved: ['a reset of what?'],
    });
  });

  test('"no tense" resolved when the model reads the tense the rules guessed', () => {
    const rules = rulesOn(post('Usage limits reset.'));
    assert.deepEqual(decideAgreement(rules, same(rules)), { agrees: true, resolved: ['tense'] });
    assert.deepEqual(decideAgreement(rules, { ...same(rules), kind: 'reset_scheduled' }), {
      agrees: false,
      why: ['kind: the rules say reset_completed, the model reset_scheduled'],
    });
  });

  test('a schedule agrees only on the same window, to the millisecond', () => {
    // (rules-2.11.0 publishes "Reset landing at 6pm PT" by itself: a time ahead in the
    // reset's sentence makes it firm. Here the time is in the next sentence: held.)
    const rules = rulesOn(post('Another reset, soon. Lands at 6pm PT.'));
    assert.equal(decideAgreement(rules, same(rules)).agrees, true);
    const later = {
      ...same(rules),
      scheduleWindow: { startAt: '2026-10-03T01:00:00.000Z', endAt: '2026-10-03T02:00:00.000Z' },
    };
    assert.deepEqual(decideAgreement(rules, later), {
      agrees: false,
      why: [
        'window: the rules say 2026-10-03T01:00:00.000Z to 2026-10-03T01:00:00.000Z, the model 2026-10-03T01:00:00.000Z to 2026-10-03T02:00:00.000Z',
      ],
    });
  });

  test('a doubt a reader does not resolve keeps the post held, whatever the model says', () => {
    const rules = rulesOn(post('We might reset usage limits tomorrow.'));
    assert.deepEqual(decideAgreement(rules, same(rules)), {
      agrees: false,
      why: [
        'the rules doubt more than a reader resolves: hedged ("maybe", "might", "would", "hope to"…): not a firm announcement',
        'held for low confidence alone: no doubt a reader resolves',
      ],
    });
  });

  test('held for low confidence alone (REVIEW_BELOW=1 reviews everything): stays held', () => {
    const rules = rulesOn(post('We have reset usage limits for all users.'), 1);
    assert.equal(rules.review, true);
    assert.deepEqual(decideAgreement(rules, same(rules)), {
      agrees: false,
      why: ['held for low confidence alone: no doubt a reader resolves'],
    });
  });

  test('a post the rules did not hold, a model that reads no announcement, a type that differs', () => {
    const published = rulesOn(post('We have reset usage limits for all users.'));
    assert.deepEqual(decideAgreement(published, same(published)), {
      agrees: false,
      why: ['the rules did not hold this post'],
    });
    const held = rulesOn(post('Reset button pressed.'));
    assert.deepEqual(decideAgreement(held, null), {
      agrees: false,
      why: ['the model reads no announcement'],
    });
    assert.deepEqual(decideAgreement(held, { ...same(held), resetType: 'banked' }), {
      agrees: false,
      why: ['type: the rules say global, the model banked'],
    });
  });

  test('every doubt a reader resolves is one the rules really give on the real posts of eval/', () => {
    const seen = new Set<string>();
    for (const line of readFileSync(
      new URL('../../eval/posts.jsonl', import.meta.url),
      'utf8',
    ).split('\n')) {
      if (line.trim() === '') continue;
      const rules = rulesOn((JSON.parse(line) as { post: Post }).post);
      if (rules.reset === null || !rules.review) continue;
      const agreement = decideAgreement(rules, same(rules));
      if (agreement.agrees) for (const name of agreement.resolved) seen.add(name);
    }
    // rules-2.x hold no post of the development set for "no tense" alone; the test above
    // shows that doubt on the post that gives it.
    assert.deepEqual([...seen].sort(), ['a reset of what?']);
  });

  test('property: agreement needs the same kind, type and window, a held post, and only known reasons', () => {
    const reasons = fc.constantFrom(
      'no tense: "x" could be done or coming',
      'a reset of what? No limits, usage, plans or users are named near it',
      'confidence 0.5 is below 0.8',
      'done: "have reset"',
      'hedged ("maybe", "might", "would", "hope to"…): not a firm announcement',
      'several times are named',
      'a reason no release of the rules has given yet',
    );
    const reset = fc.record({
      kind: fc.constantFrom('reset_scheduled' as const, 'reset_completed' as const),
      resetType: fc.constantFrom('global' as const, 'banked' as const),
      scheduleWindow: fc.constantFrom(null, {
        startAt: '2026-10-03T01:00:00.000Z',
        endAt: '2026-10-03T01:00:00.000Z',
      }),
    });
    fc.assert(
      fc.property(
        reset,
        reset,
        fc.array(reasons, { maxLength: 4 }),
        fc.boolean(),
        (ours, theirs, why, review) => {
          const rules: Classification = {
            classifier: 'rules-1.0.1',
            reset: {
              ...ours,
              effectiveAt: null,
              confidence: 0.5,
              scope: null,
              schedulePrecision: null,
              scheduleBasis: null,
            },
            review,
            reasons: why,
          };
          const proposed = {
            ...theirs,
            scope: { plans: ['unknown'], windows: ['unknown'] },
            effectiveAt: null,
            schedulePrecision: null,
            scheduleBasis: null,
          };
          const agreement = decideAgreement(rules, proposed);
          if (!agreement.agrees) return;
          assert.ok(review);
          assert.deepEqual(
            [ours.kind, ours.resetType, ours.scheduleWindow],
            [theirs.kind, theirs.resetType, theirs.scheduleWindow],
          );
          assert.ok(why.some((reason) => /^no tense|^a reset of what\?/.test(reason)));
          assert.ok(!why.some((reason) => /hedged|several times|no release/.test(reason)));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('npm run eval:second-opinion', () => {
  const items = [...readEvalSet(EVAL_SET), ...readEvalSet(HOLDOUT_SET)];
  const byText = new Map(items.map((item) => [item.post.text, item]));
  const heldPost = (request: ChatRequest) =>
    byText.get((JSON.parse(request.messages[1]!.content) as { post: { text: string } }).post.text)!;
  const answer = (proposal: Partial<Proposal>): ModelAnswer => ({
    content: JSON.stringify({ ...COMPLETED, reason: 'r', ...proposal }),
  });

  /** A model that reads every post as its label says: what a perfect model would do. */
  const oracle = (request: ChatRequest): ModelAnswer => {
    const { label, post: held } = heldPost(request);
    if (!label.reset) return answer({ isAnnouncement: false, kind: null, resetType: null });
    // Labels give a window only where the text states a time; elsewhere the rules' reading,
    // or the default day after the post when the rules read no schedule.
    const rules = rulesOn(held).reset!;
    const scheduled = label.kind === 'reset_scheduled';
    const postedMs = Date.parse(held.createdAt);
    const window = label.window ??
      rules.scheduleWindow ?? {
        startAt: new Date(postedMs).toISOString(),
        endAt: new Date(postedMs + 86_400_000).toISOString(),
      };
    return answer({
      kind: label.kind,
      resetType: label.resetType,
      windowStartAt: scheduled ? window.startAt : null,
      windowEndAt: scheduled ? window.endAt : null,
      precision: scheduled ? (label.precision ?? rules.schedulePrecision ?? 'datetime') : null,
      basis: scheduled ? (label.basis ?? rules.scheduleBasis ?? 'contextual_inference') : null,
    });
  };
  /** A model that says what the rules say: it resolves nothing, and the evaluation must show it. */
  const echo = (request: ChatRequest): ModelAnswer => {
    const reset = rulesOn(heldPost(request).post).reset!;
    return answer({
      kind: reset.kind,
      resetType: reset.resetType,
      windowStartAt: reset.scheduleWindow?.startAt ?? null,
      windowEndAt: reset.scheduleWindow?.endAt ?? null,
      precision: reset.schedulePrecision,
      basis: reset.scheduleBasis,
    });
  };

  for (const [name, model] of [
    ['oracle', oracle],
    ['echo', echo],
  ] as const) {
    test(`scores ${name === 'oracle' ? 'a model that reads every post right: it publishes nothing wrong' : 'a model that echoes the rules: it would publish what the rules hold wrongly, and fails'}`, async () => {
      const standIn = await StandIn.start(chatCompletionsProtocol({ key: null, model }));
      try {
        const client = createSecondOpinionClient(
          {
            endpoint: `${standIn.origin}/v1/chat/completions`,
            model: name,
            apiKey: null,
            timeoutMs: 5_000,
          },
          LA,
        );
        const score = await evaluateSecondOpinion(items, client, DEFAULT_CLASSIFIER_OPTIONS);
        assert.equal(standIn.requests.length, score.held);
        assert.deepEqual(score.problems, []);
        assert.equal(score.outcomes.answered, score.held);
        assert.equal(score.right + score.wrong.length, score.published);
        assert.match(
          formatSecondOpinion(name, score),
          new RegExp(`of those, wrong \\(must be 0\\) \\| ${score.wrong.length} \\|`),
        );
        if (name === 'oracle') {
          assert.deepEqual(score.wrong, []);
          // rules-2.x hold few posts, and most of them for doubts a reader does not resolve
          // (rules-2.11.0 publishes by itself one that a reader used to resolve).
          assert.ok(score.published >= 1, `published ${score.published} of ${score.held}`);
          assert.equal(score.kindAndType.hits, score.kindAndType.of);
        } else {
          // Whatever the rules hold wrongly, an echo publishes (up to rules-2.13.2 it was the
          // held-out reset-button joke; rules-2.13.3 reads it as nothing and no longer asks).
          assert.ok(score.wrong.length > 0, 'an echo of the rules publishes something wrong');
          assert.ok(
            score.wrong.every((why) => /^\d+: would publish /.test(why)),
            score.wrong.join('\n'),
          );
        }
      } finally {
        await standIn.close();
      }
    });
  }
});
