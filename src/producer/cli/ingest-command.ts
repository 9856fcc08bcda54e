import { escapeTerminal } from '../../shared/text/terminal.ts';
import { createRulesClassifier } from '../classify/rules-classifier.ts';
import type { ProducerConfig } from '../config.ts';
import type { Entry } from '../ledger/entry.ts';
import { openLedger } from '../ledger/open-ledger.ts';
import { ingest } from '../pipeline/ingest.ts';
import { parsePostLines } from '../sources/post-lines.ts';
import { parse, readInput, readPosts } from './arguments.ts';

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
