/**
 * BM25 over a fixed list of units (CONTEXT §1, §4): the standard Okapi weighting with fixed
 * parameters (k1 1.2, b 0.75) and the non-negative idf `ln(1 + (N − n + ½) / (n + ½))`. An
 * inverted index made once from each unit's terms (shared/words.ts): scoring a query touches
 * only the postings of its terms. Deterministic: no randomness, sums in a fixed order.
 */
const K1 = 1.2;
const B = 0.75;

export class Bm25 {
  readonly #terms = new Map<string, number>();
  /** Per term: the units that hold it and how often, one pair after another. */
  readonly #postings: number[][] = [];
  #lengths: number[] | Float64Array = [];
  #average = 0;
  /** The term ids of the unit being added. */
  #buffer = new Int32Array(256);
  #used = 0;
  readonly #visit = (term: string): void => {
    let id = this.#terms.get(term);
    if (id === undefined) {
      id = this.#postings.push([]) - 1;
      this.#terms.set(term, id);
    }
    if (this.#used === this.#buffer.length) {
      const grown = new Int32Array(this.#buffer.length * 2);
      grown.set(this.#buffer);
      this.#buffer = grown;
    }
    this.#buffer[this.#used++] = id;
  };

  /** An index of `units` (each unit's terms, as `termsOf` gives them); unit `i` is the `i`-th. More may be added (`add`) until `seal`. */
  constructor(units: readonly (readonly string[])[] = []) {
    for (const terms of units) this.add((visit) => terms.forEach(visit));
    if (units.length > 0) this.seal();
  }

  /** Adds the next unit: `forEach` gives each of its terms to `visit` (shared/words.ts `forEachTerm`), none kept once counted. */
  add(forEach: (visit: (term: string) => void) => void): void {
    this.#used = 0;
    forEach(this.#visit);
    const unit = this.#lengths.length;
    (this.#lengths as number[]).push(this.#used);
    const ids = this.#buffer.subarray(0, this.#used).sort();
    for (let i = 0; i < ids.length; ) {
      let j = i + 1;
      while (j < ids.length && ids[j] === ids[i]) j += 1;
      this.#postings[ids[i]!]!.push(unit, j - i);
      i = j;
    }
  }

  /** Ends the adding: the lengths and their average are fixed. */
  seal(): this {
    const lengths = Float64Array.from(this.#lengths as number[]);
    let total = 0;
    for (const length of lengths) total += length;
    this.#lengths = lengths;
    this.#average = lengths.length === 0 ? 0 : total / lengths.length;
    this.#buffer = new Int32Array(0);
    return this;
  }

  get size(): number {
    return this.#lengths.length;
  }

  /** How many units hold `term`. */
  frequency(term: string): number {
    const id = this.#terms.get(term);
    return id === undefined ? 0 : this.#postings[id]!.length / 2;
  }

  /**
   * Each unit's score for `query` (its terms; a term asked twice counts once), for the units
   * that hold some term of it; `only`, when given, says which units to score.
   */
  scores(query: readonly string[], only?: (unit: number) => boolean): Map<number, number> {
    const out = new Map<number, number>();
    const n = this.#lengths.length;
    for (const term of [...new Set(query)].sort()) {
      const id = this.#terms.get(term);
      if (id === undefined) continue;
      const postings = this.#postings[id]!;
      const df = postings.length / 2;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let i = 0; i < postings.length; i += 2) {
        const unit = postings[i]!;
        if (only !== undefined && !only(unit)) continue;
        const tf = postings[i + 1]!;
        const norm = this.#average === 0 ? 1 : 1 - B + (B * this.#lengths[unit]!) / this.#average;
        out.set(unit, (out.get(unit) ?? 0) + (idf * tf * (K1 + 1)) / (tf + K1 * norm));
      }
    }
    return out;
  }

  /** The terms of `query` that `unit` holds, in the query's order, each once. */
  matched(query: readonly string[], unit: number): string[] {
    const out: string[] = [];
    for (const term of new Set(query)) {
      const id = this.#terms.get(term);
      if (id === undefined) continue;
      // Units were indexed in order: each term's postings are sorted by unit.
      const postings = this.#postings[id]!;
      let low = 0;
      let high = postings.length / 2 - 1;
      while (low <= high) {
        const mid = (low + high) >>> 1;
        const at = postings[mid * 2]!;
        if (at === unit) {
          out.push(term);
          break;
        }
        if (at < unit) low = mid + 1;
        else high = mid - 1;
      }
    }
    return out;
  }
}
