import { authorContexts } from '../classify/author-context.ts';
import { createRulesClassifier } from '../classify/rules-classifier.ts';
import type { ProducerConfig } from '../config.ts';
import { parsePostLines } from '../sources/post-lines.ts';
import { parse, readInput, skippedLine } from './arguments.ts';
import { classifiedRecord } from './classified-record.ts';
import { LineBatches } from './line-batches.ts';

// Apart from ingest: classify touches no ledger, so it loads none of the ledger's modules
// (SQLite, PostgreSQL) and starts faster.

/** `classify [FILE]` (producer.md §5): what each post would publish; touches no ledger. */
export async function classifyCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  const { positionals } = parse(argv, {});
  const classify = createRulesClassifier(config.classifier);
  const { text, name } = await readInput(positionals);
  const { posts, problems } = parsePostLines(text);
  for (const problem of problems) console.error(skippedLine(name, problem));
  // Each post is read with its author's earlier posts of the file, as ingest would read it.
  const contextOf = authorContexts(posts);
  const out = new LineBatches(process.stdout);
  for (const post of posts) {
    const classification = classify(post, contextOf(post));
    await out.line(
      JSON.stringify({
        postId: post.id,
        record: classifiedRecord(post, classification),
        review: classification.review,
        reasons: classification.reasons,
      }),
    );
  }
  await out.end();
  return problems.length === 0 ? 0 : 1;
}
