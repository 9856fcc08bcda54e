import { createHash } from 'node:crypto';
import type { PreparedSnapshot } from '../query/prepared-snapshot.ts';
import { type Answer, answerEpoch, computeAnswer } from './answer.ts';
import { statusBodyOf } from './status-body.ts';

/** An answer with its /status.json encoding, made once per snapshot and instant boundary. */
export interface EncodedAnswer {
  readonly answer: Answer;
  /** The JSON text of /status.json. */
  readonly json: string;
  readonly body: Buffer;
  /** A strong ETag: the hash of the body's bytes. */
  readonly etag: string;
}

/**
 * The answer being served, computed and encoded once for each snapshot and each interval
 * between the instants at which it changes (a window starting or ending, a completion's
 * time coming, the data turning stale), and shared by every surface: the status page,
 * /status.json, the record pages, the feed and the calendar. Finding the interval of a
 * request costs two binary searches; everything else is done once per interval.
 */
export class AnswerCache {
  #snapshot: PreparedSnapshot | undefined;
  #entry: EncodedAnswer | undefined;

  get(snapshot: PreparedSnapshot, now: number): EncodedAnswer {
    const entry = this.#entry;
    if (
      entry !== undefined &&
      this.#snapshot === snapshot &&
      entry.answer.key === answerEpoch(snapshot, now).key
    ) {
      return entry;
    }
    const answer = computeAnswer(snapshot, now);
    const json = JSON.stringify(statusBodyOf(answer));
    const body = Buffer.from(json, 'utf8');
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
    const encoded = { answer, json, body, etag: `"${hash}"` };
    this.#snapshot = snapshot;
    this.#entry = encoded;
    return encoded;
  }
}
