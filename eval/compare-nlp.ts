import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { wordsOf } from '../src/producer/classify/grammar.ts';
import { readMention, resetWordsOf } from '../src/producer/classify/sense.ts';
import { readText } from '../src/producer/classify/text.ts';
import { stressCases } from './stress.ts';

/**
 * The NLP libraries compared on the tense questions (docs/classifier.md, "Why wink-nlp"):
 * each reads the stress set's sentences (eval/stress.ts) through the same small rule —
 * the tense of the verb group nearest "reset", negation in it, "under way" with a time
 * ahead is coming — and is timed on every sentence of the three real sets that mentions a
 * reset. compromise is not a dependency: install it apart and pass its folder:
 *
 *   npm install --prefix /tmp/nlp compromise@14.17.0
 *   COMPROMISE=/tmp/nlp/node_modules/compromise node --import tsx eval/compare-nlp.ts
 */

type Answer = 'done' | 'under way' | 'coming' | 'denied';

const AHEAD = /\b(?:tomorrow|tonight|on monday|by eod|at \d|\d ?(?:am|pm))\b/i;
const withTime = (answer: Answer, text: string): Answer =>
  answer === 'under way' && AHEAD.test(text) ? 'coming' : answer;

/** wink-nlp, through the classifier's own reading (grammar.ts, sense.ts). */
function winkAnswer(text: string): Answer {
  const words = wordsOf(text.toLowerCase());
  const index = resetWordsOf(words)[0];
  if (index === undefined) return 'under way';
  const reading = readMention(words, index);
  if (reading.negated) return 'denied';
  const tense =
    reading.tense === 'done' ? 'done' : reading.tense === 'coming' ? 'coming' : 'under way';
  return withTime(tense, text);
}

interface CompromiseVerb {
  text: string;
  verb?: { grammar?: { tense?: string; form?: string; isNegative?: boolean } };
}
type Compromise = (text: string) => { verbs(): { json(): CompromiseVerb[] } };

/** compromise: the tense compromise gives the verb group nearest "reset". */
function compromiseAnswer(nlp: Compromise, text: string): Answer {
  const verbs = nlp(text).verbs().json();
  const at = text.toLowerCase().indexOf('reset');
  const nearest = verbs
    .map((verb) => ({ verb, distance: Math.abs(text.indexOf(verb.text) - at) }))
    .sort((a, b) => a.distance - b.distance)[0]?.verb;
  const grammar = nearest?.verb?.grammar;
  if (grammar?.isNegative) return 'denied';
  const tense: Answer =
    grammar?.tense === 'PastTense' || grammar?.form?.includes('perfect')
      ? 'done'
      : grammar?.tense === 'FutureTense'
        ? 'coming'
        : 'under way';
  return withTime(tense, text);
}

const expected = (sense: string): Answer | null =>
  sense === 'done' || sense === 'under way' || sense === 'coming' || sense === 'denied'
    ? sense
    : null;

function realSentences(): string[] {
  const sets = ['posts.jsonl', 'holdout.jsonl', 'new.jsonl'].map((name) =>
    fileURLToPath(new URL(`./${name}`, import.meta.url)),
  );
  return sets.flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .flatMap((line) => readText(JSON.parse(line).post.text).sentences)
      .filter((sentence) => /re-?set/.test(sentence)),
  );
}

function timePerSentence(read: (text: string) => unknown, sentences: readonly string[]): number {
  read(sentences[0] ?? '');
  const rounds = 20;
  const start = performance.now();
  for (let round = 0; round < rounds; round++) for (const sentence of sentences) read(sentence);
  return ((performance.now() - start) * 1000) / (rounds * sentences.length);
}

const cases = stressCases().flatMap((c) => {
  const want = expected(c.sense);
  return want === null ? [] : [{ text: c.text, want }];
});
const sentences = realSentences();
const report = (
  name: string,
  answer: (text: string) => Answer,
  parse: (text: string) => unknown,
) => {
  const right = cases.filter((c) => answer(c.text) === c.want).length;
  const wrong = cases.filter((c) => answer(c.text) !== c.want).slice(0, 5);
  console.log(
    `${name}: ${right}/${cases.length} tense questions right (${((100 * right) / cases.length).toFixed(1)} %), ` +
      `${timePerSentence(parse, sentences).toFixed(0)} µs a sentence (${sentences.length} real sentences that mention a reset)`,
  );
  for (const c of wrong) console.log(`  wrong: "${c.text}" → ${answer(c.text)}, built ${c.want}`);
};

report('wink-nlp 2.4.0 + wink-eng-lite-web-model 1.8.1', winkAnswer, (text) => wordsOf(text));
const folder = process.env['COMPROMISE'];
if (folder === undefined) {
  console.log('compromise: not measured (set COMPROMISE to its installed folder, see above)');
} else {
  const nlp = ((await import(`${folder}/src/three.js`)) as { default: Compromise }).default;
  report(
    'compromise 14.17.0',
    (text) => compromiseAnswer(nlp, text),
    (text) => nlp(text).verbs().json(),
  );
}
