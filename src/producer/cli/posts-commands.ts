import { createRulesClassifier } from '../classify/rules-classifier.ts';
import type { ProducerConfig } from '../config.ts';
import { openLedger } from '../ledger/open-ledger.ts';
import { ingest } from '../pipeline/ingest.ts';
import { formatLineProblem, parsePostLines } from '../sources/post-lines.ts';
import { parse, readInput, readPosts } from './arguments.ts';
import { classifiedRecord } from './classified-record.ts';

/** `classify [FILE]` (producer.md §5): what each post would publish; touches no ledger. */
export async function classifyCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  const { positionals } = parse(argv, {});
  const classify = createRulesClassifier(config.classifier);
  const { text, name } = await readInput(positionals);
  const { posts, problems } = parsePostLines(text);
  for (const problem of problems) console.error(`${formatLineProblem(name, problem)} (skipped)`);
  for (const post of posts) {
    const classification = classify(post);
    console.log(
      JSON.stringify({
        postId: post.id,
        record: classifiedRecord(post, classification),
        review: classification.review,
        reasons: classification.reasons,
      }),
    );
  }
  return problems.length === 0 ? 0 : 1;
}

/** `ingest [FILE]`: stores and classifies the posts not yet in the ledger. */
export async function ingestCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  const { positionals } = parse(argv, {});
  const { text, name } = await readInput(positionals);
  const skipped = parsePostLines(text).problems.length;
  const posts = readPosts(text, name);
  const ledger = await openLedger(config.ledgerUrl);
  try {
    const classify = createRulesClassifier(config.classifier);
    const { added, known, refused } = await ingest(ledger, posts, classify, Date.now());
    for (const { postId, problem } of refused)
      console.error(`${name}: post ${postId}: ${problem} (not stored)`);
    console.log(
      `${added} new post(s) stored and classified, ${known} already in the ledger, ${refused.length === 0 ? '' : `${refused.length} refused, `}${skipped} line(s) skipped.`,
    );
    return skipped === 0 && refused.length === 0 ? 0 : 1;
  } finally {
    await ledger.close();
  }
}
