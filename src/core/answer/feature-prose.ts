/**
 * CONTEXT §1 and §2, the prose of a task's feature spec: the sections of its kit files that
 * hold requirements or stories but are no item themselves — a Spec Kit spec's edge cases,
 * clarifications, key entities; a Kiro introduction — join a kit task's bundle when they match
 * its words (BM25 over those sections, at half the best one's score or more, sharing a word
 * other than the common ones; at most 3 in all). The file is then given as those sections only.
 */
import type { Workspace } from '../shared/types.js';
import { sectionIndex } from './section-index.js';
import { idsUnder, perTask, pickSections, type PickedSections } from './picked-sections.js';

/** At most this many prose sections join one bundle. */
const MAX_SECTIONS = 3;
/** A section joins when its score is at least this share of the best prose section's. */
const FLOOR = 0.5;

/** The prose sections of `taskId`'s feature files that match it, by file id. */
export const featureProseOf: (workspace: Workspace, taskId: string) => readonly PickedSections[] = perTask((workspace, taskId) => {
  const task = workspace.nodes.get(taskId);
  if (task?.item === undefined || task.type !== 'task') return [];
  const index = sectionIndex(workspace);
  const owner = new Map<number, { id: string; k: number }>();
  for (const id of idsUnder(workspace, taskId.slice(0, taskId.lastIndexOf('/') + 1))) {
    for (const [k, unit] of index.proseOf(id)) owner.set(unit, { id, k });
  }
  return pickSections(workspace, taskId, owner, () => "the feature's spec: its prose that matches the task's words", MAX_SECTIONS, FLOOR);
});
