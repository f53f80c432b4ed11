/**
 * BM25 over a fixed list of units (CONTEXT §1, §4): the standard Okapi weighting with fixed
 * parameters (k1 1.2, b 0.75) and the non-negative idf `ln(1 + (N − n + ½) / (n + ½))`. An
 * inverted index of each unit's terms (shared/words.ts) — or, for a live workspace's next
 * snapshot, of the units it keeps from the index before and those it scans anew (`following`):
 * scoring a query touches only the postings of its terms. Deterministic: no randomness, sums in
 * a fixed order.
 */
import { asciiParts, foldedLength, hashStep, mayHaveParts, scanTerms, type AsciiRun } from '../shared/words.js';
import { mergedPostings, postingsOf, type Postings } from './postings.js';
import { TermDictionary } from './term-dictionary.js';

const K1 = 1.2;
const B = 0.75;
/** The largest chunk of triples (a multiple of 3): 3 MiB. */
const MAX_CHUNK = 3 * (1 << 18);

export class Bm25 {
  /** The terms, by id. */
  readonly #dictionary: TermDictionary;
  /**
   * Until `seal`: each unit's terms, as (term id, unit, count) triples, in the order added — in
   * chunks, each twice the last up to `MAX_CHUNK`, never copied as they grow (at 100k documents
   * the triples are some 240 MB: copying them as one array doubled cost about 1 s). `#pending` is
   * the chunk being filled, `#full` those before it.
   */
  #pending = new Int32Array(3 * 4096);
  #pendingUsed = 0;
  #full: Int32Array[] = [];
  /** From `seal`: each term's units and counts (postings.ts). */
  #postings: Postings | null = null;
  #lengths: number[] | Float64Array = [];
  #average = 0;
  /** How many terms the unit being added holds, repeats counted. */
  #used = 0;
  /** Per term id: the last unit that held it (-1: none yet), and where that unit's count of it is: which chunk (`#full`'s length: `#pending`), and where in it. */
  #lastUnit: Int32Array;
  #countChunk: Int32Array;
  #countAt: Int32Array;
  /** Until `seal`, for `keep`: the index this one follows, the new number of each of its units kept (-1: not kept), the last kept. */
  #previous: Bm25 | null = null;
  #renumber = new Int32Array(0);
  #lastKept = -1;
  /** The text being scanned (`#scan`): the spans `#ascii` is given are of it. */
  #text = '';
  readonly #visit = (term: string): void => this.#push(this.#dictionary.intern(term));
  /**
   * A run of ASCII letters and digits of `#text`, as shared/words.ts's `asciiRun` takes it: the
   * run lowercased and folded (an English plural), found by its characters — no string is made
   * unless the term is new — then its CamelCase parts, when it has some.
   */
  readonly #ascii: AsciiRun = (start, end, upper, lower, whole, less1, less3) => {
    const text = this.#text;
    const kept = foldedLength(text, start, end);
    // The term's hash, as the scan made it: the run whole, less its `s`, or less its `ies` with a `y` after.
    const hash = kept === end - start ? whole : kept > 0 ? less1 : hashStep(less3, 121);
    this.#push(this.#dictionary.internSpan(text, start, Math.abs(kept), kept < 0, hash >>> 0));
    if (upper && lower && mayHaveParts(text, start, end)) asciiParts(text.slice(start, end), this.#visit);
  };
  readonly #scan = (text: string): void => {
    this.#text = text;
    scanTerms(text, this.#ascii, this.#visit);
    this.#text = '';
  };

  /** An index of `units` (each unit's terms, as `termsOf` gives them); unit `i` is the `i`-th. More may be added (`add`) until `seal`. */
  constructor(units: readonly (readonly string[])[] = [], dictionary = new TermDictionary()) {
    this.#dictionary = dictionary;
    this.#lastUnit = new Int32Array(Math.max(4096, 2 * dictionary.size)).fill(-1);
    this.#countChunk = new Int32Array(this.#lastUnit.length);
    this.#countAt = new Int32Array(this.#lastUnit.length);
    for (const terms of units) this.add((visit) => terms.forEach(visit));
    if (units.length > 0) this.seal();
  }

  /**
   * An empty index that may take units of `previous` (sealed) as they are (`keep`), scanning
   * only the others — a live workspace's next snapshot, whose documents are mostly the same
   * nodes. It starts from a copy of `previous`'s terms, so a kept unit's term ids are those it
   * had; scores are the same as an index made afresh of the same units (they depend on terms,
   * never on their ids). `null` when more of `previous`'s terms are in no unit than in one: a
   * long run of edits would otherwise carry every word ever written.
   */
  static following(previous: Bm25): Bm25 | null {
    const { starts } = previous.seal().#postings!;
    let used = 0;
    for (let id = 0; id + 1 < starts.length; id += 1) if (starts[id + 1]! > starts[id]!) used += 1;
    if (2 * used < starts.length - 1) return null;
    const next = new Bm25([], previous.#dictionary.copy());
    next.#previous = previous;
    next.#renumber = new Int32Array(previous.size).fill(-1);
    return next;
  }

  /**
   * Adds unit `unit` of the index this one follows (`following`) as the next unit: its terms and
   * counts as they were there. Units kept come in their order there (`unit` above any kept before).
   */
  keep(unit: number): void {
    const previous = this.#previous;
    if (previous === null || !(unit >= 0 && unit < this.#renumber.length)) throw new Error(`keep: no unit ${unit} to keep`);
    if (this.#lastKept >= unit) throw new Error(`keep: unit ${unit} comes after unit ${this.#lastKept}, kept before`);
    this.#lastKept = unit;
    this.#renumber[unit] = this.#lengths.length;
    (this.#lengths as number[]).push(previous.#lengths[unit]!);
  }

  /**
   * Adds the next unit: `forEach` gives each of its terms to `visit`, or a text to `scan`, which
   * gives it the terms `forEachTerm` (shared/words.ts) would; none kept once counted.
   */
  add(forEach: (visit: (term: string) => void, scan: (text: string) => void) => void): void {
    this.#used = 0;
    forEach(this.#visit, this.#scan);
    (this.#lengths as number[]).push(this.#used);
  }

  /** Counts term `id` once more in the unit being added (unit `#lengths.length` until `add` ends): its first time there, a (term, unit, count) triple. */
  #push(id: number): void {
    this.#used += 1;
    const unit = this.#lengths.length;
    if (id >= this.#lastUnit.length) this.#growTerms();
    if (this.#lastUnit[id] === unit) {
      const chunk = this.#countChunk[id]!;
      (chunk === this.#full.length ? this.#pending : this.#full[chunk]!)[this.#countAt[id]!]! += 1;
      return;
    }
    if (this.#pendingUsed === this.#pending.length) {
      this.#full.push(this.#pending);
      this.#pending = new Int32Array(Math.min(2 * this.#pending.length, MAX_CHUNK));
      this.#pendingUsed = 0;
    }
    this.#lastUnit[id] = unit;
    this.#countChunk[id] = this.#full.length;
    this.#countAt[id] = this.#pendingUsed + 2;
    this.#pending[this.#pendingUsed++] = id;
    this.#pending[this.#pendingUsed++] = unit;
    this.#pending[this.#pendingUsed++] = 1;
  }

  #growTerms(): void {
    const grown = (from: Int32Array): Int32Array => {
      const to = new Int32Array(2 * this.#dictionary.size);
      to.set(from);
      return to;
    };
    const last = new Int32Array(2 * this.#dictionary.size).fill(-1);
    last.set(this.#lastUnit);
    this.#lastUnit = last;
    this.#countChunk = grown(this.#countChunk);
    this.#countAt = grown(this.#countAt);
  }

  /** Ends the adding: the lengths and their average are fixed, and each term's units laid out in one array (postings.ts). */
  seal(): this {
    if (this.#postings !== null) return this;
    const added = postingsOf([...this.#full, this.#pending.subarray(0, this.#pendingUsed)], this.#dictionary.size);
    const previous = this.#previous;
    this.#postings = previous === null ? added : mergedPostings(previous.#postings!, this.#renumber, added, this.#dictionary.size);
    this.#pending = new Int32Array(0);
    this.#pendingUsed = 0;
    this.#full = [];
    const lengths = Float64Array.from(this.#lengths as number[]);
    let total = 0;
    for (const length of lengths) total += length;
    this.#lengths = lengths;
    this.#average = lengths.length === 0 ? 0 : total / lengths.length;
    this.#lastUnit = new Int32Array(0);
    this.#countChunk = new Int32Array(0);
    this.#countAt = new Int32Array(0);
    this.#previous = null;
    this.#renumber = new Int32Array(0);
    return this;
  }

  get size(): number {
    return this.#lengths.length;
  }

  /** How many units hold `term`. */
  frequency(term: string): number {
    const id = this.#dictionary.find(term);
    const { starts } = this.seal().#postings!;
    return id === -1 ? 0 : starts[id + 1]! - starts[id]!;
  }

  /**
   * Each unit's score for `query` (its terms; a term asked twice counts once), for the units
   * that hold some term of it; `only`, when given, says which units to score.
   */
  scores(query: readonly string[], only?: (unit: number) => boolean): Map<number, number> {
    const out = new Map<number, number>();
    const { starts, units, counts } = this.seal().#postings!;
    const n = this.#lengths.length;
    for (const term of [...new Set(query)].sort()) {
      const id = this.#dictionary.find(term);
      if (id === -1) continue;
      const df = starts[id + 1]! - starts[id]!;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let i = starts[id]!; i < starts[id + 1]!; i += 1) {
        const unit = units[i]!;
        if (only !== undefined && !only(unit)) continue;
        const tf = counts[i]!;
        const norm = this.#average === 0 ? 1 : 1 - B + (B * this.#lengths[unit]!) / this.#average;
        out.set(unit, (out.get(unit) ?? 0) + (idf * tf * (K1 + 1)) / (tf + K1 * norm));
      }
    }
    return out;
  }

  /** The terms of `query` that `unit` holds, in the query's order, each once. */
  matched(query: readonly string[], unit: number): string[] {
    const out: string[] = [];
    const { starts, units } = this.seal().#postings!;
    for (const term of new Set(query)) {
      const id = this.#dictionary.find(term);
      if (id === -1) continue;
      // Units were indexed in order: each term's are sorted.
      let low = starts[id]!;
      let high = starts[id + 1]! - 1;
      while (low <= high) {
        const mid = (low + high) >>> 1;
        const at = units[mid]!;
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
