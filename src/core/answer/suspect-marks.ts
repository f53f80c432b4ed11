/**
 * TRACE §3: where a bundle marks a suspect document — one that changed since the documents
 * of the bundle that link to it were reviewed against it.
 */
import { sortStrings } from '../shared/sort.js';
import type { Workspace } from '../shared/types.js';

/**
 * For each included id with a suspect link from included documents, its inclusion-report
 * mark: ` — suspect: changed since {ids} reviewed it` (ids in backticks, sorted).
 */
export function suspectMarks(workspace: Workspace, included: readonly string[]): ReadonlyMap<string, string> {
  const marks = new Map<string, string>();
  const { suspect } = workspace.reviews;
  if (suspect.size === 0) return marks;
  const set = new Set(included);
  const by = new Map<string, string[]>();
  for (const from of sortStrings(included)) {
    for (const to of suspect.get(from) ?? []) {
      if (!set.has(to)) continue;
      const list = by.get(to);
      if (list === undefined) by.set(to, [from]);
      else list.push(from);
    }
  }
  for (const [id, from] of by) marks.set(id, ` — suspect: changed since ${from.map((f) => `\`${f}\``).join(', ')} reviewed it`);
  return marks;
}
