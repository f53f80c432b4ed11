/**
 * A read-only map made on first use: a stage whose answer few requests read (which ids have a
 * cycle upstream, read by a bundle) costs a start nothing until one does.
 */
export class LazyMap<K, V> implements ReadonlyMap<K, V> {
  #made: ReadonlyMap<K, V> | undefined;
  #make: (() => ReadonlyMap<K, V>) | undefined;

  constructor(make: () => ReadonlyMap<K, V>) {
    this.#make = make;
  }

  /** The map, made now if it was not (then what made it is let go). */
  get #map(): ReadonlyMap<K, V> {
    if (this.#made === undefined) {
      this.#made = this.#make!();
      this.#make = undefined;
    }
    return this.#made;
  }

  get size(): number {
    return this.#map.size;
  }

  get(key: K): V | undefined {
    return this.#map.get(key);
  }

  has(key: K): boolean {
    return this.#map.has(key);
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    this.#map.forEach((value, key) => callback.call(thisArg, value, key, this));
  }

  entries(): MapIterator<[K, V]> {
    return this.#map.entries();
  }

  keys(): MapIterator<K> {
    return this.#map.keys();
  }

  values(): MapIterator<V> {
    return this.#map.values();
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.#map.entries();
  }
}
