import {
  type ClassifierOptions,
  createRulesClassifier,
} from '../src/producer/classify/rules-classifier.ts';
import { loadProducerConfig } from '../src/producer/config.ts';
import { decideAgreement } from '../src/producer/second-opinion/agreement.ts';
import {
  createSecondOpinionClient,
  type SecondOpinion,
  type SecondOpinionClient,
} from '../src/producer/second-opinion/client.ts';
import { EVAL_SET, HOLDOUT_SET, readEvalSet } from './evaluate.ts';
import type { LabelledPost, Share } from './score.ts';

/**
 * `npm run eval:second-opinion`: the model of SECOND_OPINION_URL and SECOND_OPINION_MODEL
 * asked, as the monitor would ask it, about every labelled post of eval/ that the rules
 * hold. For each set it prints what the model answered, how many held posts its agreement
 * would publish, how many of those are right (a reset, of the labelled kind and type: the
 * rules' record is what goes public) and which are wrong, and the model's own reading of
 * kind and type on the held resets. Exits 1 when its agreement would publish anything
 * wrong: a model must not be trusted with the review queue before it passes this. It sends
 * the posts of eval/ (public posts) to the endpoint, one at a time.
 */

export interface SecondOpinionScore {
  readonly held: number;
  readonly outcomes: Readonly<Record<SecondOpinion['outcome'], number>>;
  /** Each answer that was not a proposal: the post and the problem. */
  readonly problems: readonly string[];
  readonly published: number;
  readonly right: number;
  /** Held posts the agreement would publish wrongly, with why. */
  readonly wrong: readonly string[];
  /** The model's kind and type on held real resets it answered about. */
  readonly kindAndType: Share;
}

export async function evaluateSecondOpinion(
  items: readonly LabelledPost[],
  client: SecondOpinionClient,
  classifier: ClassifierOptions,
): Promise<SecondOpinionScore> {
  const classify = createRulesClassifier(classifier);
  const outcomes = { answered: 0, late: 0, refused: 0, oversized: 0, malformed: 0, unreachable: 0 };
  const wrong: string[] = [];
  const problems: string[] = [];
  let held = 0;
  let published = 0;
  let right = 0;
  const kindAndType = { hits: 0, of: 0 };
  for (const { post, label } of items) {
    const rules = classify(post);
    if (!rules.review || rules.reset === null) continue;
    held++;
    const opinion = await client.ask({
      text: post.text,
      createdAt: post.createdAt,
      parentText: post.parentText ?? post.quotedText,
    });
    outcomes[opinion.outcome]++;
    if (opinion.outcome !== 'answered') {
      problems.push(`${post.id}: ${opinion.outcome}: ${opinion.problem}`);
      continue;
    }
    if (label.reset) {
      kindAndType.of++;
      if (opinion.reset?.kind === label.kind && opinion.reset?.resetType === label.resetType)
        kindAndType.hits++;
    }
    if (!decideAgreement(rules, opinion.reset).agrees) continue;
    published++;
    const correct =
      label.reset && label.kind === rules.reset.kind && label.resetType === rules.reset.resetType;
    if (correct) right++;
    else
      wrong.push(
        `${post.id}: would publish ${rules.reset.kind} ${rules.reset.resetType}, labelled ${label.reset ? `${label.kind} ${label.resetType}` : 'not a reset'}: "${post.text.slice(0, 80)}"`,
      );
  }
  return { held, outcomes, problems, published, right, wrong, kindAndType };
}

export function formatSecondOpinion(model: string, score: SecondOpinionScore): string {
  const answered = Object.entries(score.outcomes)
    .filter(([, count]) => count > 0)
    .map(([outcome, count]) => `${outcome} ${count}`)
    .join(', ');
  return [
    `Model ${model} on ${score.held} held posts: ${answered || 'no answer'}.`,
    '',
    '| measure | result |',
    '| --- | ---: |',
    `| held posts its agreement would publish | ${score.published} |`,
    `| of those, right (a reset of the labelled kind and type) | ${score.right} |`,
    `| of those, wrong (must be 0) | ${score.wrong.length} |`,
    `| its kind and type on held real resets | ${score.kindAndType.hits}/${score.kindAndType.of} |`,
  ].join('\n');
}

if (process.argv[1]?.endsWith('second-opinion.ts')) {
  const config = loadProducerConfig();
  if (config.secondOpinion === undefined) {
    console.error(
      'Set SECOND_OPINION_URL and SECOND_OPINION_MODEL (and SECOND_OPINION_API_KEY if the endpoint needs one).',
    );
    process.exit(2);
  }
  const client = createSecondOpinionClient(config.secondOpinion, config.classifier.timeZone);
  for (const [name, path] of [
    ['development set (eval/posts.jsonl)', EVAL_SET],
    ['held-out set (eval/holdout.jsonl)', HOLDOUT_SET],
  ] as const) {
    const score = await evaluateSecondOpinion(readEvalSet(path), client, config.classifier);
    console.log(`## ${name}\n\n${formatSecondOpinion(client.model, score)}\n`);
    for (const miss of score.wrong) console.log(`- wrong: ${miss}`);
    for (const problem of score.problems) console.log(`- no proposal: ${problem}`);
    if (score.wrong.length > 0) process.exitCode = 1;
  }
}
