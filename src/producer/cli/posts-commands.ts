import { escapeTerminal } from '../../shared/text/terminal.ts';
import { authorContexts } from '../classify/author-context.ts';
import { createRulesClassifier } from '../classify/rules-classifier.ts';
import type { ProducerConfig } from '../config.ts';
import type { Entry } from '../ledger/entry.ts';
import { openLedger } from '../ledger/open-ledger.ts';
import { ingest } from '../pipeline/ingest.ts';
import { parsePostLines } from '../sources/post-lines.ts';
import { parse, readInput, readPosts, skippedLine } from './arguments.ts';
import { classifiedRecord } from './classified-record.ts';
import { LineBatches } from './line-batches.ts';

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

/** `ingest [FILE]`: stores and classifies the posts not yet in the ledger. */
export async function ingestCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  const { positionals } = parse(argv, {});
  const { text, name } = await readInput(positionals);
  const skipped = parsePostLines(text).problems.length;
  const posts = readPosts(text, name);
  const ledger = await openLedger(config.ledgerUrl);
  try {
    const classify = createRulesClassifier(config.classifier);
    const { added, known, refused, appended } = await ingest(ledger, posts, classify, Date.now());
    for (const { postId, problem } of refused)
      console.error(escapeTerminal(`${name}: post ${postId}: ${problem} (not stored)`));
    console.log(
      `${added} new post(s) stored and classified, ${known} already in the ledger, ${refused.length === 0 ? '' : `${refused.length} refused, `}${skipped} line(s) skipped.`,
    );
    for (const line of ingestedLines(appended)) console.log(escapeTerminal(line)); // reasons quote the post's words
    return skipped === 0 && refused.length === 0 ? 0 : 1;
  } finally {
    await ledger.close();
  }
}

/**
 * What each post ingest stored does to the published records: published (at the monitor's
 * next look, within seconds, or by `monitor --once`), held for review, or not a reset.
 */
function ingestedLines(appended: readonly Entry[]): string[] {
  const lines: string[] = [];
  for (const entry of appended) {
    if (entry.type !== 'post_classified') continue;
    const { postId, classification } = entry.payload;
    const reset = classification.reset;
    const what = reset === null ? '' : `${reset.kind} ${reset.resetType}`;
    if (reset === null) lines.push(`  ${postId}: not a reset`);
    else if (classification.review)
      lines.push(
        `  ${postId}: held for review (${what}): ${classification.reasons.slice(0, 2).join('; ')}; see ops review`,
      );
    else lines.push(`  ${postId}: goes public as ${what}`);
  }
  return lines;
}
