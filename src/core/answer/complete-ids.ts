/**
 * Argument completion (CATALOG): ids that start with what was typed.
 */
import type { Workspace } from '../shared/types.js';

export const MAX_COMPLETIONS = 100;

/**
 * Up to 100 ids that start with `prefix`, sorted. Ids are case-sensitive, so the match is
 * too; only when nothing matches does it retry ignoring case (`be` still finds `BE-02`).
 */
export function completeIds(workspace: Workspace, prefix: string): string[] {
  const exact = firstMatches(workspace.ids, (id) => id.startsWith(prefix));
  if (exact.length > 0) return exact;
  const lower = prefix.toLowerCase();
  return firstMatches(workspace.ids, (id) => id.toLowerCase().startsWith(lower));
}

/** `ids` is sorted, so the first 100 matches are the first 100 in order. */
function firstMatches(ids: readonly string[], matches: (id: string) => boolean): string[] {
  const found: string[] = [];
  for (const id of ids) {
    if (!matches(id)) continue;
    found.push(id);
    if (found.length === MAX_COMPLETIONS) break;
  }
  return found;
}
