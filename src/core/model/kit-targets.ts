/**
 * What a kit reference that names no item means after all (KITS §7), by what the other files of
 * the workspace hold — the model's part of reading references as people mean them:
 * - `US-011` names, when its feature has no such story, the story of that number in a file the
 *   features share (`.kiro/specs/user-stories.md`: `user-stories/US-011`);
 * - a team's own tag for a Kiro requirement (`### Requirement 7 (FR-SEC)`) names it: `FR-SEC`
 *   is `R7`, `FR-SEC-19` its criterion `R7.19`; a tag no requirement of the feature has is
 *   prose, not an error;
 * - `[US3]` in a feature whose spec.md numbers no story is no error (nothing to resolve it by).
 * Each lookup is built once, on the first reference that needs it.
 */
import { SHARED_STORIES } from '../read/kit-paths.js';
import { itemKind } from '../shared/suggest-kind.js';
import type { DocNode } from '../shared/types.js';

/** What a missing target is: another id, nothing to report (`drop`), or broken (`null`). */
export type KitTarget = { readonly id: string } | 'drop' | null;

/** A team's tag as a Kiro reference writes it: `FR-SEC`, `NFR-THREAD`, and a criterion of it, `FR-SEC-19`. */
export const TEAM_TAG = /^([A-Z]{2,}(?:-[A-Z]{2,})+)(?:-(\d+))?$/;
/** A Kiro requirement heading with a tag: `### Requirement 7 (FR-SEC)`. */
const TAGGED_HEADING = /^#{1,6}[ \t]+Requirement[ \t]+(\d+)[ \t]*\(([A-Z]{2,}(?:-[A-Z]{2,})+)\)/;

export function kitTargets(nodes: ReadonlyMap<string, DocNode>): (target: string, written: string) => KitTarget {
  let shared: Map<number, string | null> | undefined;
  let tags: Map<string, string> | undefined;
  let storied: Set<string> | undefined;
  return (target, written) => {
    const slash = target.lastIndexOf('/');
    const feature = target.slice(0, slash);
    const tail = target.slice(slash + 1);
    if (itemKind(target) === 'story') {
      const story = (shared ??= sharedStories(nodes)).get(Number(/\d+$/.exec(tail)![0]));
      if (story !== undefined && story !== null) return { id: story };
      return written.startsWith('[') && !(storied ??= storyFeatures(nodes)).has(feature) ? 'drop' : null;
    }
    const tag = TEAM_TAG.exec(tail);
    if (tag === null) return null;
    const requirement = (tags ??= requirementTags(nodes)).get(`${feature}/${tag[1]!}`);
    if (requirement === undefined) return 'drop';
    return { id: tag[2] === undefined ? requirement : `${requirement}.${Number(tag[2])}` };
  };
}

/** The stories of the files the features share, by number (`null`: two share it, and neither is guessed). */
function sharedStories(nodes: ReadonlyMap<string, DocNode>): Map<number, string | null> {
  const stories = new Map<number, string | null>();
  for (const [id, node] of nodes) {
    if (node.type !== 'user-story' || node.item === undefined || !node.item.file.endsWith(`/${SHARED_STORIES}`)) continue;
    const n = Number(/\d+$/.exec(id)?.[0] ?? NaN);
    if (!Number.isNaN(n)) stories.set(n, stories.has(n) ? null : id);
  }
  return stories;
}

/** The features (a kit item's id without its last part) that hold a user story. */
function storyFeatures(nodes: ReadonlyMap<string, DocNode>): Set<string> {
  const features = new Set<string>();
  for (const [id, node] of nodes) if (node.type === 'user-story' && node.item !== undefined) features.add(id.slice(0, id.lastIndexOf('/')));
  return features;
}

/** Each Kiro requirement's tag (`<feature>/FR-SEC` → `<feature>/R7`), from its heading line. */
function requirementTags(nodes: ReadonlyMap<string, DocNode>): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [id, node] of nodes) {
    if (node.type !== 'requirement' || node.item === undefined) continue;
    const heading = TAGGED_HEADING.exec(node.text);
    if (heading !== null) tags.set(`${id.slice(0, id.lastIndexOf('/'))}/${heading[2]!}`, id);
  }
  return tags;
}
