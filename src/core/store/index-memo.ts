/**
 * What the on-disk index keeps beside the files (issue 38), worked out over the whole workspace:
 * - "did you mean" answers for the missing ids of the workspace's entries, and every node's
 *   `unblocks`, each with a key of what it was worked out from (the ids; the edges and the open
 *   nodes): a later start uses one only when what it has now has that key, so it needs no other
 *   check — a file changed since gives another key, and the answer is worked out again;
 * - the graph stages and the states (model/kept-stages.ts), written only when every file of the
 *   assembly they come from is in the index, and used only for an assembly of the index's own
 *   state: a start that takes every file it lists from the index and finds none gone, or the
 *   first of two assemblies of a start whose edited files keep the graph (warm-patch.ts).
 */
import { idsKey, type IdSuggestions } from '../model/build-graph.js';
import type { KeptStages } from '../model/kept-stages.js';
import { readFindings, writeFindings } from './index-findings.js';
import { seedUnblocks, unblocksMemo, type UnblocksMemo } from '../answer/unblocks.js';
import type { Workspace } from '../shared/types.js';
import { isFindings, isListOf, isStrings } from './index-shapes.js';

export interface IndexMemo {
  readonly suggestions: { readonly key: string; readonly best: readonly (readonly [string, string | null])[] } | null;
  readonly unblocks: UnblocksMemo | null;
  readonly stages: KeptStages | null;
  /** The key of the sources (issue 57) whose files the stages' assembly held (`LoadedSources.key`); absent: none. */
  readonly sourcesKey?: string | null;
}

/**
 * What to keep of `workspace`, of the suggestions its graph was built with, and of its stages:
 * what a later refresh may replace is taken now (call it in the step that takes the files to
 * write, so that all are of one state); the `unblocks` of `workspace` (a snapshot, never
 * changed) are counted when the result is called, if no answer counted them yet.
 */
export function memoOf(suggestions: IdSuggestions, workspace: Workspace, stages: KeptStages | null, sourcesKey: string | null = ''): () => IndexMemo {
  // Filled from an index and not yet checked against a build: kept as it came.
  const key = suggestions.key ?? idsKey(suggestions.ids);
  const best = [...suggestions.best];
  return () => ({ suggestions: { key, best }, unblocks: unblocksMemo(workspace), stages, ...(sourcesKey === '' ? {} : { sourcesKey }) });
}

/** Whether the stages `memo` keeps were made with the sources of `key` (`''`: none). */
export function sameSources(memo: IndexMemo, key: string | null): boolean {
  return key !== null && (memo.sourcesKey ?? '') === key;
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
  const { stages, sourcesKey } = value as { stages?: unknown; sourcesKey?: unknown };
  if (sourcesKey !== undefined && sourcesKey !== null && typeof sourcesKey !== 'string') return false;
  return stages === null || wellShapedStages(stages);
}

/** Whether a value has the shape of `KeptStages` (whether it fits the nodes is checked as it is restored). */
function wellShapedStages(value: unknown): value is KeptStages {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<keyof KeptStages, unknown>;
  if (!(v.order instanceof Int32Array) || !(v.upStart instanceof Int32Array) || !(v.upList instanceof Int32Array)) return false;
  if (!(v.local instanceof Uint8Array) || !(v.blocked instanceof Uint8Array)) return false;
  for (const list of [v.graphDiagnostics, v.cycleDiagnostics, v.stateDiagnostics]) if (!Array.isArray(list) || !isFindings(list)) return false;
  const broken = v.broken;
  if (!Array.isArray(broken) || broken.length !== (v.graphDiagnostics as unknown[]).length) return false;
  if (!isListOf(broken, (b) => typeof b === 'object' && b !== null && typeof (b as { target?: unknown }).target === 'string' && typeof (b as { head?: unknown }).head === 'string')) return false;
  return isListOf(v.cycles, (c) => typeof c === 'object' && c !== null && isStrings((c as { ids?: unknown }).ids) && isStrings((c as { path?: unknown }).path));
}

/** The lists of findings of kept stages, each by column where it can be (index-findings.ts). */
const STAGE_FINDINGS = ['graphDiagnostics', 'cycleDiagnostics', 'stateDiagnostics'] as const;

/** `memo` as the index writes it: its stages' findings by column, their paths and ids the index's files (`fileAt`, `nodeIdOf`) where they can be. */
export function writtenMemo(memo: IndexMemo, fileAt: (path: string) => number | undefined, nodeIdOf: (file: number) => string | null): unknown {
  if (memo.stages === null) return memo;
  const stages: Record<string, unknown> = { ...memo.stages };
  for (const key of STAGE_FINDINGS) stages[key] = writeFindings(memo.stages[key], fileAt, nodeIdOf);
  return { ...memo, stages };
}

/** A memo as the index holds it made an `IndexMemo` again (its findings read back), or `null` when it has the wrong shape. */
export function readMemo(value: unknown, pathOf: (file: number) => string | undefined, nodeIdOf: (file: number) => string | null | undefined): IndexMemo | null {
  if (typeof value !== 'object' || value === null) return null;
  const stages = (value as { stages?: unknown }).stages;
  if (typeof stages === 'object' && stages !== null) {
    const read: Record<string, unknown> = { ...stages };
    for (const key of STAGE_FINDINGS) {
      const findings = readFindings(read[key], pathOf, nodeIdOf);
      if (findings === null) return null;
      read[key] = findings;
    }
    value = { ...value, stages: read };
  }
  return wellShapedMemo(value) ? value : null;
}
