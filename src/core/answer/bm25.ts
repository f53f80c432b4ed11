/**
 * BM25 over a fixed list of units (CONTEXT §1, §4): the standard Okapi weighting with fixed
 * parameters (k1 1.2, b 0.75) and the non-negative idf `ln(1 + (N − n + ½) / (n + ½))`. An
 * inverted index made once from each unit's terms (shared/words.ts): scoring a query touches
 * only the postings of its terms. Deterministic: no randomness, sums in a fixed order.
 */
import { asciiParts, foldedLength, lowerAt, mayHaveParts, scanTerms } from '../shared/words.js';

const K1 = 1.2;
const B = 0.75;

export class Bm25 {
  /** Each term, by id. */
  readonly #terms: string[] = [];
  /** Each term's hash (`hashOf`), by id. */
  readonly #hashes: number[] = [];
  /** Open addressing over the terms: term id + 1 in the slot its hash leads to (0: empty); at most half full. */
  #slots = new Int32Array(1 << 12);
  /** Until `seal`: each unit's terms, as (term id, unit, count) triples, in the order added. */
  #pending = new Int32Array(3 * 4096);
  #pendingUsed = 0;
  /** From `seal`: term `id`'s units and counts are `#units[k]`, `#counts[k]` for `#starts[id] <= k < #starts[id + 1]`, units ascending. */
  #starts: Int32Array | null = null;
  #units = new Int32Array(0);
  #counts = new Int32Array(0);
  #lengths: number[] | Float64Array = [];
  #average = 0;
  /** The term ids of the unit being added. */
  #buffer = new Int32Array(256);
  #used = 0;
  /** The text being scanned (`#scan`): the spans `#ascii` is given are of it. */
  #text = '';
  readonly #visit = (term: string): void => this.#push(this.#intern(term));
  /**
   * A run of ASCII letters and digits of `#text`, as shared/words.ts's `asciiRun` takes it: the
   * run lowercased and folded (an English plural), found by its characters — no string is made
   * unless the term is new — then its CamelCase parts, when it has some.
   */
  readonly #ascii = (start: number, end: number, upper: boolean, lower: boolean): void => {
    const text = this.#text;
    const kept = foldedLength(text, start, end);
    this.#push(this.#internSpan(text, start, Math.abs(kept), kept < 0));
    if (upper && lower && mayHaveParts(text, start, end)) asciiParts(text.slice(start, end), this.#visit);
  };
  readonly #scan = (text: string): void => {
    this.#text = text;
    scanTerms(text, this.#ascii, this.#visit);
    this.#text = '';
  };

  /** An index of `units` (each unit's terms, as `termsOf` gives them); unit `i` is the `i`-th. More may be added (`add`) until `seal`. */
  constructor(units: readonly (readonly string[])[] = []) {
    for (const terms of units) this.add((visit) => terms.forEach(visit));
    if (units.length > 0) this.seal();
  }

  /**
   * Adds the next unit: `forEach` gives each of its terms to `visit`, or a text to `scan`, which
   * gives it the terms `forEachTerm` (shared/words.ts) would; none kept once counted.
   */
  add(forEach: (visit: (term: string) => void, scan: (text: string) => void) => void): void {
    this.#used = 0;
    forEach(this.#visit, this.#scan);
    const unit = this.#lengths.length;
    (this.#lengths as number[]).push(this.#used);
    const ids = this.#buffer.subarray(0, this.#used).sort();
    for (let i = 0; i < ids.length; ) {
      let j = i + 1;
      while (j < ids.length && ids[j] === ids[i]) j += 1;
      if (this.#pendingUsed + 3 > this.#pending.length) {
        const grown = new Int32Array(this.#pending.length * 2);
        grown.set(this.#pending);
        this.#pending = grown;
      }
      this.#pending[this.#pendingUsed++] = ids[i]!;
      this.#pending[this.#pendingUsed++] = unit;
      this.#pending[this.#pendingUsed++] = j - i;
      i = j;
    }
  }

  #push(id: number): void {
    if (this.#used === this.#buffer.length) {
      const grown = new Int32Array(this.#buffer.length * 2);
      grown.set(this.#buffer);
      this.#buffer = grown;
    }
    this.#buffer[this.#used++] = id;
  }

  /** The id of `term` (whose hash is `hash`), or `-1` when no unit holds it. */
  #find(term: string, hash = hashOf(term, 0, term.length, false, false)): number {
    const mask = this.#slots.length - 1;
    for (let at = hash & mask; this.#slots[at] !== 0; at = (at + 1) & mask) {
      const id = this.#slots[at]! - 1;
      if (this.#hashes[id] === hash && this.#terms[id] === term) return id;
    }
    return -1;
  }

  #intern(term: string): number {
    const hash = hashOf(term, 0, term.length, false, false);
    const id = this.#find(term, hash);
    return id !== -1 ? id : this.#insert(term, hash);
  }

  /** The id of the term `text[start, start + keep)` lowercased, with `y` after it when `y`. */
  #internSpan(text: string, start: number, keep: number, y: boolean): number {
    const hash = hashOf(text, start, keep, true, y);
    const mask = this.#slots.length - 1;
    for (let at = hash & mask; this.#slots[at] !== 0; at = (at + 1) & mask) {
      const id = this.#slots[at]! - 1;
      if (this.#hashes[id] === hash && sameSpan(this.#terms[id]!, text, start, keep, y)) return id;
    }
    const term = text.slice(start, start + keep).toLowerCase();
    return this.#insert(y ? `${term}y` : term, hash);
  }

  #insert(term: string, hash: number): number {
    const id = this.#terms.push(term) - 1;
    this.#hashes.push(hash);
    if (this.#terms.length * 2 > this.#slots.length) {
      this.#slots = new Int32Array(this.#slots.length * 2);
      for (let k = 0; k < this.#terms.length; k += 1) this.#place(k);
    } else this.#place(id);
    return id;
  }

  #place(id: number): void {
    const mask = this.#slots.length - 1;
    let at = this.#hashes[id]! & mask;
    while (this.#slots[at] !== 0) at = (at + 1) & mask;
    this.#slots[at] = id + 1;
  }

  /** Ends the adding: the lengths and their average are fixed, and each term's units laid out in one array (a count, then a place, per term). */
  seal(): this {
    if (this.#starts !== null) return this;
    const starts = new Int32Array(this.#terms.length + 1);
    const pending = this.#pending;
    for (let k = 0; k < this.#pendingUsed; k += 3) starts[pending[k]! + 1]! += 1;
    for (let id = 0; id < this.#terms.length; id += 1) starts[id + 1]! += starts[id]!;
    const next = starts.slice(0, this.#terms.length);
    this.#units = new Int32Array(this.#pendingUsed / 3);
    this.#counts = new Int32Array(this.#pendingUsed / 3);
    // Units were added in order: each term's stay ascending.
    for (let k = 0; k < this.#pendingUsed; k += 3) {
      const at = next[pending[k]!]!++;
      this.#units[at] = pending[k + 1]!;
      this.#counts[at] = pending[k + 2]!;
    }
    this.#starts = starts;
    this.#pending = new Int32Array(0);
    this.#pendingUsed = 0;
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
    const id = this.#find(term);
    const starts = this.seal().#starts!;
    return id === -1 ? 0 : starts[id + 1]! - starts[id]!;
  }

  /**
   * Each unit's score for `query` (its terms; a term asked twice counts once), for the units
   * that hold some term of it; `only`, when given, says which units to score.
   */
  scores(query: readonly string[], only?: (unit: number) => boolean): Map<number, number> {
    const out = new Map<number, number>();
    const starts = this.seal().#starts!;
    const n = this.#lengths.length;
    for (const term of [...new Set(query)].sort()) {
      const id = this.#find(term);
      if (id === -1) continue;
      const df = starts[id + 1]! - starts[id]!;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let i = starts[id]!; i < starts[id + 1]!; i += 1) {
        const unit = this.#units[i]!;
        if (only !== undefined && !only(unit)) continue;
        const tf = this.#counts[i]!;
        const norm = this.#average === 0 ? 1 : 1 - B + (B * this.#lengths[unit]!) / this.#average;
        out.set(unit, (out.get(unit) ?? 0) + (idf * tf * (K1 + 1)) / (tf + K1 * norm));
      }
    }
    return out;
  }

  /** The terms of `query` that `unit` holds, in the query's order, each once. */
  matched(query: readonly string[], unit: number): string[] {
    const out: string[] = [];
    const starts = this.seal().#starts!;
    for (const term of new Set(query)) {
      const id = this.#find(term);
      if (id === -1) continue;
      // Units were indexed in order: each term's are sorted.
      let low = starts[id]!;
      let high = starts[id + 1]! - 1;
      while (low <= high) {
        const mid = (low + high) >>> 1;
        const at = this.#units[mid]!;
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

/** FNV-1a over `text[start, start + length)` — lowercased when `lower` — and a final `y` when `y`: a term's characters, whether it is a string or a span. */
function hashOf(text: string, start: number, length: number, lower: boolean, y: boolean): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < start + length; i += 1) {
    hash ^= lower ? lowerAt(text, i) : text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  if (y) hash = Math.imul(hash ^ 121, 0x01000193);
  return hash >>> 0;
}

/** Whether `term` is `text[start, start + keep)` lowercased, with `y` after it when `y`. */
function sameSpan(term: string, text: string, start: number, keep: number, y: boolean): boolean {
  if (term.length !== keep + (y ? 1 : 0)) return false;
  for (let i = 0; i < keep; i += 1) if (term.charCodeAt(i) !== lowerAt(text, start + i)) return false;
  return !y || term.charCodeAt(keep) === 121;
}
