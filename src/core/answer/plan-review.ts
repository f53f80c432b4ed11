/**
 * TRACE §3, `docugraph review`: the lock file after reviewing the outgoing links of some nodes
 * (or of every node) — each reviewed link's key with its target's current fingerprint — with
 * the reviews of links that no longer exist dropped. Pure: the caller reads the lock file and
 * writes the text this returns.
 */
import { fingerprintOf } from '../model/fingerprint.js';
import { reviewedEdges } from '../model/relation-edges.js';
import { lockText, reviewKey, type LockState } from '../parse/lock-file.js';
import { LOCK_FILE } from '../shared/config-types.js';
import { InvalidArgumentError } from '../shared/errors.js';
import { sortStrings } from '../shared/sort.js';
import { requireNode } from './require-node.js';
import type { Workspace } from '../shared/types.js';

/** One review the run writes or drops. */
export interface ReviewChange {
  /** `{from} -> {to}`. */
  readonly key: string;
  /** The fingerprint written (`null`: the review is dropped, its link no longer exists). */
  readonly fingerprint: string | null;
  /** The fingerprint the file held before (`null`: none, a new review). */
  readonly before: string | null;
}

export interface ReviewPlan {
  /** The whole new lock file: keys in code-unit order, two-space indentation, a final newline. */
  readonly text: string;
  /** The reviews written or dropped, by key; reviews already current are not listed. */
  readonly changes: readonly ReviewChange[];
  /** How many reviews of the nodes asked for were already current. */
  readonly current: number;
  /** How many reviews the new file holds. */
  readonly total: number;
}

/**
 * Reviews the outgoing links of `ids` (`all`: of every node) against the lock file's state.
 * Throws `TaskNotFoundError` for an unknown id, and `InvalidArgumentError` when the lock file
 * cannot be read or is not the shape DocuGraph writes (it is never overwritten then).
 */
const NO_PINS: ReadonlyMap<string, string> = new Map();

export function planReview(workspace: Workspace, state: LockState, ids: readonly string[] | 'all'): ReviewPlan {
  if (state.kind === 'invalid') {
    const [problem] = state.diagnostics;
    const where = problem?.line == null ? LOCK_FILE : `${LOCK_FILE}:${problem.line}`;
    throw new InvalidArgumentError(`${where}: ${problem?.message ?? 'invalid'}. Nothing was written.`, { argument: 'lock' });
  }
  const selected = ids === 'all' ? null : new Set(ids.map((id) => requireNode(workspace, id).id));
  const before = state.kind === 'ok' ? state.lock.reviewed : new Map<string, string>();
  const after = new Map<string, string>();
  const changes: ReviewChange[] = [];
  let current = 0;
  for (const edge of reviewedEdges(workspace)) {
    const key = reviewKey(edge.from, edge.to);
    const old = before.get(key) ?? null;
    if (selected !== null && !selected.has(edge.from)) {
      if (old !== null) after.set(key, old);
      continue;
    }
    const fingerprint = fingerprintOf(workspace.nodes.get(edge.to)!);
    after.set(key, fingerprint);
    if (old === fingerprint) current += 1;
    else changes.push({ key, fingerprint, before: old });
  }
  for (const [key, old] of before) if (!after.has(key)) changes.push({ key, fingerprint: null, before: old });
  const keys = sortStrings(after.keys());
  const reviewed: Record<string, string> = {};
  for (const key of keys) reviewed[key] = after.get(key)!;
  changes.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { text: lockText(reviewed, state.kind === 'ok' ? state.lock.sources : NO_PINS), changes, current, total: keys.length };
}
