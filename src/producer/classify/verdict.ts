/**
 * A post's confidence as its reading goes, with every reason to hold it for the operator
 * (holds) and every other reason (notes), in the order they were found.
 */
export class Verdict {
  confidence: number;
  readonly holds: string[] = [];
  readonly notes: string[] = [];

  constructor(confidence: number) {
    this.confidence = confidence;
  }

  /** A reason to hold the post, lowering the confidence by `less`. */
  hold(why: string, less = 0): void {
    this.confidence -= less;
    this.holds.push(why);
  }

  /** Reasons to hold the post, lowering the confidence by `less` once when there are any. */
  holdAll(whys: readonly string[], less: number): void {
    if (whys.length === 0) return;
    this.confidence -= less;
    this.holds.push(...whys);
  }

  /** A reason that holds nothing, lowering the confidence by `less`. */
  note(reason: string, less = 0): void {
    this.confidence -= less;
    this.notes.push(reason);
  }
}
