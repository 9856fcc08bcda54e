import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  createRulesClassifier,
  RULES_CLASSIFIER,
} from '../src/producer/classify/rules-classifier.ts';
import { Post } from '../src/producer/ledger/post.ts';

/**
 * `node --import tsx eval/predict.ts FILE`: the classifier's predictions for posts that are
 * not labelled yet (eval/new/posts.jsonl), one JSON line per post. They are committed
 * before the posts are read and labelled (eval/SOURCES.md, "New set"), so the first score
 * of a new set is the classifier's, not one tuned after seeing it.
 */

const Unlabelled = z.object({ post: Post, source: z.string() });

const path = process.argv[2];
if (path === undefined) {
  console.error('usage: node --import tsx eval/predict.ts FILE');
  process.exit(2);
}
const classify = createRulesClassifier();
for (const line of readFileSync(path, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const { post } = Unlabelled.parse(JSON.parse(line));
  const classification = classify(post);
  console.log(JSON.stringify({ postId: post.id, classifier: RULES_CLASSIFIER, classification }));
}
