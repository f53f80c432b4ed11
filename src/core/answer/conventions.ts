/**
 * CONTEXT §3, the kit's conventions: the documents that bind every feature of a kit — Kiro's
 * steering (`.kiro/steering/*.md`), Spec Kit's constitution (`.specify/memory/`), OpenSpec's
 * `openspec/project.md` — join a kit task's bundle as their sections that best match the
 * task's words (a kit's conventions run long; a task needs a rule or two of them). A Kiro
 * steering file says when it applies in its frontmatter (`inclusion: always`, the default;
 * `fileMatch` with `fileMatchPattern`: when the task names a matching path; `manual`: only when
 * asked for), and DocuGraph follows it.
 */
import { compileGlobs } from '../read/compile-globs.js';
import { kitPlaceOf } from '../read/kit-paths.js';
import { KIT_NAMES, type KitName } from '../shared/config-types.js';
import type { DocNode, Workspace } from '../shared/types.js';
import { compareStrings } from '../shared/sort.js';
import { sharesRealWords, shownWords, taskQuery } from './task-words.js';
import { sectionIndex } from './section-index.js';

/** Where each kit's conventions are, by the prefix of their ids (read/kit-paths.ts). */
const PREFIX: Readonly<Record<KitName, string>> = { kiro: 'steering/', speckit: 'memory/', openspec: 'openspec/project' };
/** At most this many sections of the kit's conventions join one bundle, the best matches of the task's words. */
const MAX_SECTIONS = 3;
/** A section joins when its score is at least this share of the best convention section's. */
const FLOOR = 0.5;

export interface Convention {
  readonly id: string;
  readonly reason: string;
  /** The sections that join (indexes into the document's sections, in file order), each with the words it matched. */
  readonly sections: ReadonlyMap<number, readonly string[]>;
}

const picked = new WeakMap<Workspace, Map<string, readonly Convention[]>>();

/**
 * The convention documents of `taskId`'s kit that apply to it and have a section that matches
 * its words (BM25 over their sections; the task's lines and what it implements), best sections
 * first across them, at most 3 sections in all; by id. Kept per workspace and task: the bundle
 * asks for them while it walks and again while it cuts.
 */
export function conventionsOf(workspace: Workspace, taskId: string): readonly Convention[] {
  let byTask = picked.get(workspace);
  if (byTask === undefined) picked.set(workspace, (byTask = new Map()));
  let found = byTask.get(taskId);
  if (found === undefined) byTask.set(taskId, (found = pick(workspace, taskId)));
  return found;
}

function pick(workspace: Workspace, taskId: string): Convention[] {
  const task = workspace.nodes.get(taskId);
  if (task?.item === undefined) return [];
  const kit = kitPlaceOf(task.path, KIT_NAMES)?.kit;
  if (kit === undefined) return [];
  const index = sectionIndex(workspace);
  const owner = new Map<number, { id: string; k: number }>();
  const reasons = new Map<string, string>();
  for (const id of idsUnder(workspace, PREFIX[kit])) {
    const node = workspace.nodes.get(id)!;
    if (node.type !== 'conventions' || kitPlaceOf(node.path, [kit])?.conventions !== true) continue;
    const when = applies(node, task);
    if (when === null) continue;
    reasons.set(id, when);
    index.unitsOf(id).forEach((unit, k) => owner.set(unit, { id, k }));
  }
  if (owner.size === 0) return [];
  const query = taskQuery(workspace, taskId);
  // A section that shares only common words with the task does not match it.
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
  return [...sections.keys()].sort(compareStrings).map((id) => ({ id, reason: `the kit's conventions (${reasons.get(id)!})`, sections: new Map([...sections.get(id)!].sort(([a], [b]) => a - b)) }));
}

/** Why a convention document applies to `task` (`inclusion: always`), or `null` when it does not. */
function applies(node: DocNode, task: DocNode): string | null {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(node.text)?.[1] ?? '';
  const inclusion = /^inclusion:\s*["']?([A-Za-z]+)/m.exec(front)?.[1] ?? 'always';
  if (inclusion === 'manual') return null;
  // `always`, the default, and any other mode (Kiro's `auto`: when the agent finds it relevant, as the matching sections are).
  if (inclusion !== 'fileMatch') return `${node.path}, inclusion: ${inclusion}`;
  const pattern = /^fileMatchPattern:\s*["']?([^"'\n]+?)["']?\s*$/m.exec(front)?.[1];
  if (pattern === undefined) return null;
  const matcher = compileGlobs([pattern]);
  for (const path of task.text.match(/(?:[\w.-]+\/)*[\w.-]+\.[A-Za-z]{1,5}\b/g) ?? []) {
    if (!path.startsWith('/') && !path.startsWith('./') && !path.includes('..') && matcher.matches(path)) return `${node.path}: the task names \`${path}\`, which ${pattern} matches`;
  }
  return null;
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
