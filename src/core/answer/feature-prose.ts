/**
 * CONTEXT §1 and §2, the prose of a task's feature spec: the sections of its kit files that
 * hold requirements or stories but are no item themselves — a Spec Kit spec's edge cases,
 * clarifications, key entities; a Kiro introduction — join a kit task's bundle when they match
 * its words (BM25 over those sections, at half the best one's score or more, sharing a word
 * other than the common ones; at most 3 in all). The file is then given as those sections only.
 */
import type { Workspace } from '../shared/types.js';
import { compareStrings } from '../shared/sort.js';
import { idsUnder } from './conventions.js';
import { sectionIndex } from './section-index.js';
import { sharesRealWords, shownWords, taskQuery } from './task-words.js';

/** At most this many prose sections join one bundle. */
const MAX_SECTIONS = 3;
/** A section joins when its score is at least this share of the best prose section's. */
const FLOOR = 0.5;

export interface PickedSections {
  readonly id: string;
  readonly reason: string;
  /** The sections that join (places in the document's sections), each with the words it matched. */
  readonly sections: ReadonlyMap<number, readonly string[]>;
}

const picked = new WeakMap<Workspace, Map<string, readonly PickedSections[]>>();

/** The prose sections of `taskId`'s feature files that match it, by file id (kept per workspace and task). */
export function featureProseOf(workspace: Workspace, taskId: string): readonly PickedSections[] {
  let byTask = picked.get(workspace);
  if (byTask === undefined) picked.set(workspace, (byTask = new Map()));
  let found = byTask.get(taskId);
  if (found === undefined) byTask.set(taskId, (found = pick(workspace, taskId)));
  return found;
}

function pick(workspace: Workspace, taskId: string): PickedSections[] {
  const task = workspace.nodes.get(taskId);
  if (task?.item === undefined || task.type !== 'task') return [];
  const index = sectionIndex(workspace);
  const owner = new Map<number, { id: string; k: number }>();
  for (const id of idsUnder(workspace, taskId.slice(0, taskId.lastIndexOf('/') + 1))) {
    for (const [k, unit] of index.proseOf(id)) owner.set(unit, { id, k });
  }
  if (owner.size === 0) return [];
  const query = taskQuery(workspace, taskId);
  const scores = [...index.bm25.scores(query, (unit) => owner.has(unit))].filter(([unit, score]) => score > 0 && sharesRealWords(index.bm25.matched(query, unit)));
  let best = 0;
  for (const [, score] of scores) best = Math.max(best, score);
  scores.sort(([a, x], [b, y]) => y - x || a - b);
  const sections = new Map<string, Map<number, readonly string[]>>();
  for (const [unit, score] of scores.slice(0, MAX_SECTIONS)) {
    if (score < best * FLOOR) break;
    const { id, k } = owner.get(unit)!;
    let list = sections.get(id);
    if (list === undefined) sections.set(id, (list = new Map()));
    list.set(k, shownWords(index.bm25.matched(query, unit)).slice(0, 4));
  }
  return [...sections.keys()].sort(compareStrings).map((id) => ({
    id,
    reason: "the feature's spec: its prose that matches the task's words",
    sections: new Map([...sections.get(id)!].sort(([a], [b]) => a - b)),
  }));
}
