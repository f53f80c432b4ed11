/**
 * The terms of a BM25 index (bm25.ts), each given a number: open addressing over FNV-1a hashes,
 * so that a term found in a text is looked up by its characters — lowercased and folded as
 * shared/words.ts takes it — and a string is made only for a term not seen before. A copy
 * (`copy`) keeps every number, so an index made after another can take that one's units as
 * they are.
 */
import { HASH_START, hashStep, lowerAt } from '../shared/words.js';

export class TermDictionary {
  /** Each term, by number. */
  readonly #terms: string[];
  /** Each term's hash (`hashOf`), by number. */
  readonly #hashes: number[];
  /** Open addressing over the terms: number + 1 in the slot its hash leads to (0: empty); at most half full. */
  #slots: Int32Array;

  constructor(terms: string[] = [], hashes: number[] = [], slots = new Int32Array(1 << 12)) {
    this.#terms = terms;
    this.#hashes = hashes;
    this.#slots = slots;
  }

  /** A dictionary of the same terms under the same numbers, that grows on its own. */
  copy(): TermDictionary {
    return new TermDictionary(this.#terms.slice(), this.#hashes.slice(), this.#slots.slice());
  }

  get size(): number {
    return this.#terms.length;
  }

  /** The number of `term`, or `-1` when it has none. */
  find(term: string, hash = hashOf(term, 0, term.length, false, false)): number {
    const mask = this.#slots.length - 1;
    for (let at = hash & mask; this.#slots[at] !== 0; at = (at + 1) & mask) {
      const id = this.#slots[at]! - 1;
      if (this.#hashes[id] === hash && this.#terms[id] === term) return id;
    }
    return -1;
  }

  /** The number of `term`, given one when it has none. */
  intern(term: string): number {
    const hash = hashOf(term, 0, term.length, false, false);
    const id = this.find(term, hash);
    return id !== -1 ? id : this.#insert(term, hash);
  }

  /**
   * The number of the term `text[start, start + keep)` lowercased, with `y` after it when `y`; `hash`, when given, is its
   * `hashOf` (the scan made it as it read the run: shared/words.ts's `scanTerms`).
   */
  internSpan(text: string, start: number, keep: number, y: boolean, hash = hashOf(text, start, keep, true, y)): number {
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
}

/** FNV-1a over `text[start, start + length)` — lowercased when `lower` — and a final `y` when `y`: a term's characters, whether it is a string or a span. */
function hashOf(text: string, start: number, length: number, lower: boolean, y: boolean): number {
  let hash = HASH_START;
  for (let i = start; i < start + length; i += 1) hash = hashStep(hash, lower ? lowerAt(text, i) : text.charCodeAt(i));
  if (y) hash = hashStep(hash, 121);
  return hash >>> 0;
}

/** Whether `term` is `text[start, start + keep)` lowercased, with `y` after it when `y`. */
function sameSpan(term: string, text: string, start: number, keep: number, y: boolean): boolean {
  if (term.length !== keep + (y ? 1 : 0)) return false;
  for (let i = 0; i < keep; i += 1) if (term.charCodeAt(i) !== lowerAt(text, start + i)) return false;
  return !y || term.charCodeAt(keep) === 121;
}
