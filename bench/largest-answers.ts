/**
 * The largest answers of a scenario, for its peak memory: the largest one's
 * bytes and result, and how many were about as big (the frames the CLI read
 * to send them).
 */

/** Answers at least this share of the largest count as as big: the same read repeated varies by a few bytes. */
const AS_BIG = 0.9;

export interface LargestAnswers {
  /** UTF-8 bytes of the largest answer (its JSON as the client read it); 0 when there was none. */
  bytes: number;
  /** How many answers were at least 90 % of it. */
  count: number;
  /** How many answers there were in all. */
  answers: number;
  /** Its structuredContent's JSON: what the page sent as the call's result. */
  resultJson: string | undefined;
}

/** Collects a scenario's answers; `take` returns what it saw and starts over. */
export class AnswerSizes {
  private sizes: number[] = [];
  private largest = 0;
  private resultJson: string | undefined;

  /** `result` is only read (serialised) when the answer is the largest so far. */
  note(bytes: number, result: () => unknown): void {
    this.sizes.push(bytes);
    if (bytes > this.largest) {
      this.largest = bytes;
      const structured = result();
      this.resultJson = structured === undefined ? undefined : JSON.stringify(structured);
    }
  }

  take(): LargestAnswers {
    const taken = {
      bytes: this.largest,
      count: this.sizes.filter((bytes) => bytes >= this.largest * AS_BIG).length,
      answers: this.sizes.length,
      resultJson: this.resultJson
    };
    this.sizes = [];
    this.largest = 0;
    this.resultJson = undefined;
    return taken;
  }
}
