/**
 * Documents given as some of their sections only, picked for a kit task: the sections among
 * `owner`'s units that best match the task's words (BM25; at `floor` of the best one's score or
 * more; sharing a word other than the common ones; at most `max` in all), by document. Used for
 * the kit's conventions (conventions.ts) and the feature spec's prose (feature-prose.ts); each
 * pick is kept per workspace and task, as the bundle asks for it while it walks and again while
 * it cuts.
 */
import { compareStrings } from '../shared/sort.js';
import type { Workspace } from '../shared/types.js';
import { sectionIndex } from './section-index.js';
import { sharesRealWords, shownWords, taskQuery } from './task-words.js';

export interface PickedSections {
  readonly id: string;
  readonly reason: string;
  /** The sections that join (places in the document's sections, in file order), each with why (the words it matched). */
  readonly sections: ReadonlyMap<number, string>;
}

/** A unit of the section index, as a section of a document: which document, and its place among the document's sections. */
export type SectionOwners = ReadonlyMap<number, { readonly id: string; readonly k: number }>;

/** The best sections of `owner` for `taskId`'s words, by document id, each document with `reasonOf(id)`. */
export function pickSections(workspace: Workspace, taskId: string, owner: SectionOwners, reasonOf: (id: string) => string, max: number, floor: number): PickedSections[] {
  if (owner.size === 0) return [];
  const index = sectionIndex(workspace);
  const query = taskQuery(workspace, taskId);
  // A section that shares only common words with the task does not match it.
  const scores = [...index.bm25.scores(query, (unit) => owner.has(unit))].filter(([unit, score]) => score > 0 && sharesRealWords(index.bm25.matched(query, unit)));
  let best = 0;
  for (const [, score] of scores) best = Math.max(best, score);
  scores.sort(([a, x], [b, y]) => y - x || a - b);
  const sections = new Map<string, Map<number, string>>();
  for (const [unit, score] of scores.slice(0, max)) {
    if (score < best * floor) break;
    const { id, k } = owner.get(unit)!;
    let list = sections.get(id);
    if (list === undefined) sections.set(id, (list = new Map()));
    list.set(k, `matches the task's words: ${shownWords(index.bm25.matched(query, unit)).slice(0, 4).join(', ')}`);
  }
  return [...sections.keys()].sort(compareStrings).map((id) => ({ id, reason: reasonOf(id), sections: new Map([...sections.get(id)!].sort(([a], [b]) => a - b)) }));
}

/** `make`'s answer for a workspace and a task, made once (a WeakMap of the workspace's answers by task). */
export function perTask<T>(make: (workspace: Workspace, taskId: string) => T): (workspace: Workspace, taskId: string) => T {
  const made = new WeakMap<Workspace, Map<string, T>>();
  return (workspace, taskId) => {
    let byTask = made.get(workspace);
    if (byTask === undefined) made.set(workspace, (byTask = new Map()));
    if (!byTask.has(taskId)) byTask.set(taskId, make(workspace, taskId));
    return byTask.get(taskId)!;
  };
}

/** The ids of `workspace` that start with `prefix`, in order (ids are sorted: one range). */
export function idsUnder(workspace: Workspace, prefix: string): string[] {
  const ids = workspace.ids;
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (ids[mid]! < prefix) low = mid + 1;
    else high = mid;
  }
  const out: string[] = [];
  for (let i = low; i < ids.length && ids[i]!.startsWith(prefix); i += 1) out.push(ids[i]!);
  return out;
}
