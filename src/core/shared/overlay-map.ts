/**
 * A read-only map that is another map with some values replaced — the same keys in the same
 * order — made without copying it. A live index replaces a few nodes per edit; copying a map
 * of 100,000 nodes for that would cost more than the rest of the update.
 */

/** Above this many replaced values, a patch makes a plain map again (so lookups stay one probe plus a small one). */
const MAX_REPLACED = 256;

export class OverlayMap<K, V> implements ReadonlyMap<K, V> {
  /** `replaced` holds only keys of `base`, and no `undefined` values. */
  constructor(
    readonly base: ReadonlyMap<K, V>,
    readonly replaced: ReadonlyMap<K, V>,
  ) {}

  get size(): number {
    return this.base.size;
  }

  get(key: K): V | undefined {
    const value = this.replaced.get(key);
    return value !== undefined ? value : this.base.get(key);
  }

  has(key: K): boolean {
    return this.base.has(key);
  }

  *entries(): MapIterator<[K, V]> {
    for (const [key, value] of this.base) {
      const replaced = this.replaced.get(key);
      yield [key, replaced !== undefined ? replaced : value];
    }
  }

  keys(): MapIterator<K> {
    return this.base.keys();
  }

  *values(): MapIterator<V> {
    for (const [key, value] of this.base) {
      const replaced = this.replaced.get(key);
      yield replaced !== undefined ? replaced : value;
    }
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'OverlayMap';
  }
}

/**
 * `map` with the values of `replacements` (keys `map` already has) put in, as a new map that
 * shares `map`'s storage while few values have been replaced. `map` itself is not changed.
 */
export function replaceValues<K, V>(map: ReadonlyMap<K, V>, replacements: ReadonlyMap<K, V>): ReadonlyMap<K, V> {
  if (replacements.size === 0) return map;
  const base = map instanceof OverlayMap ? (map.base as ReadonlyMap<K, V>) : map;
  const replaced = new Map<K, V>(map instanceof OverlayMap ? (map.replaced as ReadonlyMap<K, V>) : []);
  for (const [key, value] of replacements) replaced.set(key, value);
  if (replaced.size <= MAX_REPLACED) return new OverlayMap(base, replaced);
  const plain = new Map<K, V>();
  for (const [key, value] of base) {
    const replacement = replaced.get(key);
    plain.set(key, replacement !== undefined ? replacement : value);
  }
  return plain;
}
