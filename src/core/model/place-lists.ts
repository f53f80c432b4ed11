/**
 * The `upstream` and `downstream` maps of a graph (build-graph.ts), read from its place edges:
 * an id's list is made the first time it is asked for, then kept (the same array each time).
 * A workspace of 100,000 documents holds its edges as four typed arrays, not 200,000 lists in
 * two maps; most answers read the lists of a few ids.
 */
export class PlaceLists implements ReadonlyMap<string, readonly string[]> {
  private readonly kept: (readonly string[] | undefined)[] = [];

  /** The list of place `i` is `ids` at `list[start[i] .. start[i + 1])`. */
  constructor(
    private readonly ids: readonly string[],
    private readonly placeOf: ReadonlyMap<string, number>,
    private readonly start: Int32Array,
    private readonly list: Int32Array,
  ) {}

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.placeOf.has(id);
  }

  get(id: string): readonly string[] | undefined {
    const place = this.placeOf.get(id);
    return place === undefined ? undefined : this.at(place);
  }

  /** The list of the id at `place`; its entries are `ids`' own strings. */
  at(place: number): readonly string[] {
    let kept = this.kept[place];
    if (kept === undefined) {
      const made: string[] = [];
      for (let k = this.start[place]!; k < this.start[place + 1]!; k += 1) made.push(this.ids[this.list[k]!]!);
      this.kept[place] = kept = made;
    }
    return kept;
  }

  forEach(callback: (value: readonly string[], key: string, map: ReadonlyMap<string, readonly string[]>) => void, thisArg?: unknown): void {
    this.ids.forEach((id, place) => callback.call(thisArg, this.at(place), id, this));
  }

  *entries(): MapIterator<[string, readonly string[]]> {
    for (let place = 0; place < this.ids.length; place += 1) yield [this.ids[place]!, this.at(place)];
  }

  *keys(): MapIterator<string> {
    yield* this.ids;
  }

  *values(): MapIterator<readonly string[]> {
    for (let place = 0; place < this.ids.length; place += 1) yield this.at(place);
  }

  [Symbol.iterator](): MapIterator<[string, readonly string[]]> {
    return this.entries();
  }
}
