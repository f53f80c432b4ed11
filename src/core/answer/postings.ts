/**
 * A BM25 index's postings (bm25.ts), laid out flat: term `id`'s units and counts are
 * `units[k]`, `counts[k]` for `starts[id] <= k < starts[id + 1]`, units ascending. Made from
 * (term, unit, count) triples added in unit order, and — for a live workspace's next snapshot —
 * from an earlier index's postings, the units it keeps renumbered, merged with the triples of
 * the units scanned anew. Pure functions over typed arrays, linear in what they are given.
 */

export interface Postings {
  readonly starts: Int32Array;
  readonly units: Int32Array;
  readonly counts: Int32Array;
}

/** The postings of `terms` terms from `chunks` of (term, unit, count) triples, one after another, units never decreasing. */
export function postingsOf(chunks: readonly Int32Array[], terms: number): Postings {
  const starts = new Int32Array(terms + 1);
  let pairs = 0;
  for (const triples of chunks) {
    for (let k = 0; k < triples.length; k += 3) starts[triples[k]! + 1]! += 1;
    pairs += triples.length / 3;
  }
  for (let id = 0; id < terms; id += 1) starts[id + 1]! += starts[id]!;
  const next = starts.slice(0, terms);
  const units = new Int32Array(pairs);
  const counts = new Int32Array(pairs);
  // Units came in order: each term's stay ascending.
  for (const triples of chunks) {
    for (let k = 0; k < triples.length; k += 3) {
      const at = next[triples[k]!]!++;
      units[at] = triples[k + 1]!;
      counts[at] = triples[k + 2]!;
    }
  }
  return { starts, units, counts };
}

/**
 * The postings of `terms` terms (numbered as in `previous`, new ones after) of an index whose
 * units are `previous`'s units that `renumber` maps to their new numbers (`-1`: not kept; kept
 * units in the same order as before) and the units of `added` (postings of the units scanned).
 */
export function mergedPostings(previous: Postings, renumber: Int32Array, added: Postings, terms: number): Postings {
  const old = previous.starts.length - 1;
  const starts = new Int32Array(terms + 1);
  // One pass: room for every posting, the few of units not kept left unused at the end.
  const units = new Int32Array(previous.units.length + added.units.length);
  const counts = new Int32Array(units.length);
  let at = 0;
  for (let id = 0; id < terms; id += 1) {
    starts[id] = at;
    let a = id < old ? previous.starts[id]! : 0;
    const aEnd = id < old ? previous.starts[id + 1]! : 0;
    let b = added.starts[id]!;
    const bEnd = added.starts[id + 1]!;
    for (;;) {
      while (a < aEnd && renumber[previous.units[a]!]! < 0) a += 1;
      const kept = a < aEnd ? renumber[previous.units[a]!]! : -1;
      if (kept < 0 && b === bEnd) break;
      if (kept >= 0 && (b === bEnd || kept < added.units[b]!)) {
        units[at] = kept;
        counts[at++] = previous.counts[a++]!;
      } else {
        units[at] = added.units[b]!;
        counts[at++] = added.counts[b++]!;
      }
    }
  }
  starts[terms] = at;
  return { starts, units: units.subarray(0, at), counts: counts.subarray(0, at) };
}
