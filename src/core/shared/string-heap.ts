/**
 * A binary min-heap of strings in code-unit order: the smallest ready id in logarithmic time
 * (Kahn's algorithm over thousands of ids that become ready at once stays n log n).
 */
import { compareStrings } from './sort.js';

export class StringHeap {
  private readonly items: string[] = [];

  get size(): number {
    return this.items.length;
  }

  push(value: string): void {
    const items = this.items;
    items.push(value);
    let at = items.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (compareStrings(items[parent]!, value) <= 0) break;
      items[at] = items[parent]!;
      at = parent;
    }
    items[at] = value;
  }

  /** Removes and returns the smallest string; `undefined` when empty. */
  pop(): string | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    let at = 0;
    for (;;) {
      const left = at * 2 + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && compareStrings(items[right]!, items[left]!) < 0 ? right : left;
      if (compareStrings(items[child]!, last) >= 0) break;
      items[at] = items[child]!;
      at = child;
    }
    items[at] = last;
    return top;
  }
}
