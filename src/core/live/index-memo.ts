/**
 * Answers the on-disk index keeps beside the files (issue 38): "did you mean" answers for the
 * missing ids of the workspace's entries, and every node's `unblocks`. Each is kept with a key
 * of what it was worked out from (the ids; the edges and the open nodes), and a later start uses
 * it only when what it has now has that key — so it needs no other check of its own: a file
 * changed since, or another version of it, gives another key, and the answer is worked out again.
 */
import { idsKey, type IdSuggestions } from '../model/build-graph.js';
import { seedUnblocks, unblocksMemo, type UnblocksMemo } from '../answer/unblocks.js';
import type { Workspace } from '../shared/types.js';

export interface IndexMemo {
  readonly suggestions: { readonly key: string; readonly best: readonly (readonly [string, string | null])[] } | null;
  readonly unblocks: UnblocksMemo | null;
}

export const NO_MEMO: IndexMemo = Object.freeze({ suggestions: null, unblocks: null });

/** What to keep of `workspace` and of the suggestions its graph was built with (its `unblocks` are counted if they were not yet). */
export function memoOf(suggestions: IdSuggestions, workspace: Workspace): IndexMemo {
  // Filled from an index and not yet checked against a build: kept as it came.
  const key = suggestions.key ?? idsKey(suggestions.ids);
  return { suggestions: { key, best: [...suggestions.best] }, unblocks: unblocksMemo(workspace) };
}

/** Offers the suggestions of `memo` to the next build of the graph (kept if its ids have their key). */
export function seedSuggestions(suggestions: IdSuggestions, memo: IndexMemo): void {
  if (memo.suggestions === null) return;
  suggestions.ids = [];
  suggestions.best.clear();
  for (const [wanted, guess] of memo.suggestions.best) suggestions.best.set(wanted, guess);
  suggestions.key = memo.suggestions.key;
}

/** Offers the `unblocks` of `memo` to the workspace's first listing (used if its graph has their key). */
export function seedWorkspace(workspace: Workspace, memo: IndexMemo): void {
  if (memo.unblocks !== null) seedUnblocks(workspace, memo.unblocks);
}

/** Whether a decoded value has the shape of an `IndexMemo` (the index is data, never trusted). */
export function wellShapedMemo(value: unknown): value is IndexMemo {
  if (typeof value !== 'object' || value === null) return false;
  const { suggestions, unblocks } = value as { suggestions?: unknown; unblocks?: unknown };
  if (suggestions !== null) {
    if (typeof suggestions !== 'object' || suggestions === undefined) return false;
    const { key, best } = suggestions as { key?: unknown; best?: unknown };
    if (typeof key !== 'string' || !Array.isArray(best)) return false;
    for (const pair of best) if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || (pair[1] !== null && typeof pair[1] !== 'string')) return false;
  }
  if (unblocks !== null) {
    if (typeof unblocks !== 'object' || unblocks === undefined) return false;
    const { key, counts } = unblocks as { key?: unknown; counts?: unknown };
    if (typeof key !== 'string' || !(counts instanceof Int32Array)) return false;
  }
  return true;
}
