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
  readonly #lengths: Float64Array;
  readonly #average: number;

  /** An index of `units` (each unit's terms, as `termsOf` gives them); unit `i` is the `i`-th. */
  constructor(units: readonly (readonly string[])[]) {
    this.#lengths = new Float64Array(units.length);
    let total = 0;
    const counts = new Map<number, number>();
    units.forEach((terms, unit) => {
      this.#lengths[unit] = terms.length;
      total += terms.length;
      counts.clear();
      for (const term of terms) {
        let id = this.#terms.get(term);
        if (id === undefined) {
          id = this.#postings.push([]) - 1;
          this.#terms.set(term, id);
        }
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      for (const [id, count] of counts) this.#postings[id]!.push(unit, count);
    });
    this.#average = units.length === 0 ? 0 : total / units.length;
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
