/**
 * A binary heap over a comparator: made from a list in linear time, then the least item in
 * logarithmic time — for the first page of a ranking without sorting all of it.
 */
export class Heap<T> {
  readonly #items: T[];
  readonly #before: (a: T, b: T) => number;

  /** A heap of `items` (taken over, not copied), least first by `before`. */
  constructor(items: T[], before: (a: T, b: T) => number) {
    this.#items = items;
    this.#before = before;
    for (let at = (items.length >> 1) - 1; at >= 0; at -= 1) this.#down(at);
  }

  get size(): number {
    return this.#items.length;
  }

  /** The least item, taken out; `undefined` when empty. */
  pop(): T | undefined {
    const items = this.#items;
    if (items.length === 0) return undefined;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      this.#down(0);
    }
    return top;
  }

  #down(start: number): void {
    const items = this.#items;
    const item = items[start]!;
    let at = start;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && this.#before(items[right]!, items[left]!) < 0 ? right : left;
      if (this.#before(items[child]!, item) >= 0) break;
      items[at] = items[child]!;
      at = child;
    }
    items[at] = item;
  }
}
