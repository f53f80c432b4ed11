/**
 * Breadth-first walks over the graph's edge maps (upstream or downstream), or any neighbours.
 */

/**
 * Breadth-first depths from `start` along `edges`, one level past `limit` at most (so the
 * caller can tell whether anything was cut off).
 */
export function walk(edges: ReadonlyMap<string, readonly string[]>, start: string, limit: number): Map<string, number> {
  return walkFrom((id) => edges.get(id) ?? [], start, limit);
}

/** Breadth-first depths from `start` over the ids `neighbours` gives for each, one level past `limit` at most. */
export function walkFrom(neighbours: (id: string) => readonly string[], start: string, limit: number): Map<string, number> {
  const depths = new Map<string, number>([[start, 0]]);
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const id = queue[head]!;
    const depth = depths.get(id)!;
    if (depth > limit) continue;
    for (const next of neighbours(id)) {
      if (depths.has(next)) continue;
      depths.set(next, depth + 1);
      queue.push(next);
    }
  }
  return depths;
}
