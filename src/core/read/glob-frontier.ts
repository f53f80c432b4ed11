/**
 * The pattern positions each anchored rule can reach after the segments of a directory: the
 * state of a rule's matching, so a name inside the directory is matched in one step from it
 * (a path is never matched again from its first segment). A `**` position stays reachable and
 * makes the position after it reachable without a segment. One step costs the positions held:
 * at most pattern segments, so a path costs pattern segments × path segments at most.
 */
import { matchSegment } from './match-segment.js';
import type { GlobRule, GlobSegment } from './parse-glob.js';

/** Rules still able to match below a directory, each with its reachable positions. */
export interface Frontier {
  /** Rule positions (in the rule list), ascending. */
  readonly rules: Int32Array;
  /** Where each rule's positions start in `positions` (one more entry: the end). */
  readonly starts: Int32Array;
  /** Each rule's reachable pattern positions, ascending; its segment count means "matched". */
  readonly positions: Int32Array;
}

const EMPTY_FRONTIER: Frontier = Object.freeze({ rules: new Int32Array(0), starts: new Int32Array(1), positions: new Int32Array(0) });

/** A growing frontier. */
class FrontierBuilder {
  private readonly rules: number[] = [];
  private readonly starts: number[] = [0];
  private readonly positions: number[] = [];

  /** Adds rule `at` with the positions `scratch` holds, if any. */
  add(at: number, scratch: readonly number[]): void {
    if (scratch.length === 0) return;
    this.rules.push(at);
    for (const position of scratch) this.positions.push(position);
    this.starts.push(this.positions.length);
  }

  build(): Frontier {
    if (this.rules.length === 0) return EMPTY_FRONTIER;
    return { rules: Int32Array.from(this.rules), starts: Int32Array.from(this.starts), positions: Int32Array.from(this.positions) };
  }
}

/**
 * The frontier after the first segment: `literalFirst` (rules whose first segment equals it)
 * and `others` (rules whose first segment has a wildcard or is `**`), both ascending.
 */
export function firstFrontier(rules: readonly GlobRule[], literalFirst: readonly number[], others: readonly number[], segment: string): Frontier {
  const builder = new FrontierBuilder();
  const scratch: number[] = [];
  const closed: number[] = [];
  let i = 0;
  let j = 0;
  while (i < literalFirst.length || j < others.length) {
    const fromLiteral = j >= others.length || (i < literalFirst.length && literalFirst[i]! < others[j]!);
    const at = fromLiteral ? literalFirst[i++]! : others[j++]!;
    const parts = rules[at]!.segments;
    scratch.length = 0;
    if (fromLiteral) addClosed(parts, 1, scratch);
    else {
      closed.length = 0;
      addClosed(parts, 0, closed);
      step(parts, closed, 0, closed.length, segment, scratch);
    }
    builder.add(at, scratch);
  }
  return builder.build();
}

/** The frontier after one more segment. */
export function nextFrontier(rules: readonly GlobRule[], frontier: Frontier, segment: string): Frontier {
  const builder = new FrontierBuilder();
  const scratch: number[] = [];
  for (let k = 0; k < frontier.rules.length; k += 1) {
    const at = frontier.rules[k]!;
    scratch.length = 0;
    step(rules[at]!.segments, frontier.positions, frontier.starts[k]!, frontier.starts[k + 1]!, segment, scratch);
    builder.add(at, scratch);
  }
  return builder.build();
}

/**
 * The last rule of `frontier` above `best` that matches once `segment` is taken (a name
 * inside the frontier's directory), `isDirectory` telling whether it names a directory.
 */
export function lastAccepting(rules: readonly GlobRule[], frontier: Frontier, segment: string, isDirectory: boolean, best: number): number {
  const scratch: number[] = [];
  for (let k = frontier.rules.length - 1; k >= 0 && frontier.rules[k]! > best; k -= 1) {
    const at = frontier.rules[k]!;
    const rule = rules[at]!;
    if (rule.directoryOnly && !isDirectory) continue;
    scratch.length = 0;
    step(rule.segments, frontier.positions, frontier.starts[k]!, frontier.starts[k + 1]!, segment, scratch);
    if (scratch[scratch.length - 1] === rule.segments.length) return at;
  }
  return best;
}

/** Steps `positions[from..to)` (ascending) over `segment` into `out` (ascending, closed over `**`). */
function step(parts: readonly GlobSegment[], positions: ArrayLike<number>, from: number, to: number, segment: string, out: number[]): void {
  for (let k = from; k < to; k += 1) {
    const position = positions[k]!;
    const part = parts[position];
    if (part === undefined) continue;
    if (part.kind === 'globstar') addClosed(parts, position, out);
    else if (segmentMatches(part, segment)) addClosed(parts, position + 1, out);
  }
}

/** Adds `position` (and the one after it, for a `**`) to `out`, kept ascending without repeats. */
function addClosed(parts: readonly GlobSegment[], position: number, out: number[]): void {
  insert(out, position);
  if (parts[position]?.kind === 'globstar') insert(out, position + 1);
}

/**
 * Inserts `value` in order. Positions are added in nearly ascending order (each step adds at
 * most two past the position it came from), so the scan back is a step or two.
 */
function insert(out: number[], value: number): void {
  let at = out.length;
  while (at > 0 && out[at - 1]! > value) at -= 1;
  if (at > 0 && out[at - 1] === value) return;
  if (at === out.length) out.push(value);
  else out.splice(at, 0, value);
}

function segmentMatches(part: GlobSegment, segment: string): boolean {
  switch (part.kind) {
    case 'literal':
      return part.text === segment;
    case 'wild':
      return matchSegment(part, segment);
    case 'any':
      return segment !== '';
    case 'globstar':
      return true;
  }
}
