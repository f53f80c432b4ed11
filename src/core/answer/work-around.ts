/**
 * CONTEXT §2, the tasks a kit task builds on: the tasks of its file that come before it and
 * name the same code names or paths (a type, a helper, a module made there), the test tasks
 * that name them (before or after it), and the tasks its lines name by number (`after T012`,
 * `T019-T021`, `task 1.2`). At most 8, nearest first; each with the names that tie it, so that
 * its reason is true of both tasks' bytes.
 */
import type { DocNode, Workspace } from '../shared/types.js';
import { uncitedMatches } from './uncited-matches.js';
import { queryTerms, sharesRealWords, shownWords } from './task-words.js';
import { sectionIndex } from './section-index.js';
import { conventionsOf } from './conventions.js';
import { otherChanges } from './other-changes.js';
import { featureProseOf } from './feature-prose.js';
import { beyondFolder } from './beyond-folder.js';
import { COMMON_SHARE, FEW_TASKS, fileTasks } from './file-tasks.js';

/** At most this many tasks join a bundle as the work around its task. */
export const MAX_AROUND = 8;
/** A range `T019-T021` names at most this many tasks. */
const MAX_RANGE = 20;

export interface AroundTask {
  readonly id: string;
  readonly reason: string;
}

/**
 * `closure` with the work around the task at depth 1 after the others (CONTEXT §2): the tasks it
 * builds on, the kit's conventions that apply to it and (OpenSpec) the other changes to the
 * requirements its change touches (§3), then the items of its feature it matches but does not
 * cite, each with its reason.
 */
export function withWorkAround<C extends { readonly depths: ReadonlyMap<string, number>; readonly included: readonly string[] }>(
  workspace: Workspace,
  taskId: string,
  closure: C,
): C & { readonly matches?: ReadonlyMap<string, string> } {
  const seen = new Set(closure.included);
  const around = tasksAround(workspace, taskId, seen);
  for (const { id } of around) seen.add(id);
  const conventions = conventionsOf(workspace, taskId).filter(({ id }) => !seen.has(id));
  for (const { id } of conventions) seen.add(id);
  const prose = featureProseOf(workspace, taskId).filter(({ id }) => !seen.has(id));
  for (const { id } of prose) seen.add(id);
  const beyond = beyondFolder(workspace, taskId).filter(({ id }) => !seen.has(id));
  for (const { id } of beyond) seen.add(id);
  const others = otherChanges(workspace, taskId, seen);
  for (const { id } of others) seen.add(id);
  const found = uncitedMatches(workspace, taskId, seen);
  if (around.length === 0 && conventions.length === 0 && prose.length === 0 && beyond.length === 0 && others.length === 0 && found.length === 0) return closure;
  const depths = new Map(closure.depths);
  const matches = new Map<string, string>();
  for (const { id, reason } of [...around, ...conventions, ...prose, ...beyond, ...others]) matches.set(id, reason);
  for (const { id, words } of found) matches.set(id, `matches the task's words: ${words.join(', ')} (not cited)`);
  for (const id of matches.keys()) depths.set(id, 1);
  return { ...closure, depths, included: [...closure.included, ...matches.keys()], matches };
}

/** The tasks `taskId` builds on (CONTEXT §2), nearest first, leaving out those `included` holds already. */
export function tasksAround(workspace: Workspace, taskId: string, included: ReadonlySet<string>): AroundTask[] {
  const task = workspace.nodes.get(taskId);
  if (task?.item === undefined || task.type !== 'task') return [];
  const { tasks: siblings, names: namesAt, writers } = fileTasks(workspace, task);
  const namesOf = new Map(siblings.map((sibling, k) => [sibling.id, namesAt[k]!] as const));
  const limit = siblings.length <= FEW_TASKS ? Number.POSITIVE_INFINITY : Math.max(2, siblings.length * COMMON_SHARE);
  const own = [...(namesOf.get(taskId) ?? [])].filter((name) => writers.get(name)! <= limit);
  const byNumber = numberedTasks(task);
  const words = earlierMatches(workspace, task, siblings);
  const found: { id: string; distance: number; reason: string }[] = [];
  for (const sibling of siblings) {
    if (sibling.id === taskId || included.has(sibling.id)) continue;
    const distance = Math.abs(sibling.item!.line - task.item.line);
    const local = sibling.id.slice(sibling.id.lastIndexOf('/') + 1);
    if (byNumber.has(local)) {
      found.push({ id: sibling.id, distance, reason: `named in the task's lines (${local})` });
      continue;
    }
    const names = namesOf.get(sibling.id)!;
    const shared = own.filter((name) => names.has(name)).sort();
    const shown = `${shared.slice(0, 3).map((name) => `\`${name}\``).join(', ')}${shared.length > 3 ? ` and ${shared.length - 3} more` : ''}`;
    if (shared.length > 0 && sibling.item!.line < task.item.line) found.push({ id: sibling.id, distance, reason: `an earlier task naming ${shown}, as this one does` });
    else if (shared.length > 0 && isTestTask(sibling.text)) found.push({ id: sibling.id, distance, reason: `a test task naming ${shown}, as this one does` });
    else if (words.has(sibling.id)) found.push({ id: sibling.id, distance, reason: `an earlier task matching the task's words: ${words.get(sibling.id)!.join(', ')}` });
  }
  found.sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return found.slice(0, MAX_AROUND).map(({ id, reason }) => ({ id, reason }));
}

/** A task's words must score this share of the best earlier task's to tie it. */
const WORDS_FLOOR = 0.5;

/** The earlier tasks of the file whose words match `task`'s best (BM25 over the section index, CamelCase names split into words), with the words. */
function earlierMatches(workspace: Workspace, task: DocNode, siblings: readonly DocNode[]): Map<string, readonly string[]> {
  const index = sectionIndex(workspace);
  const earlier = new Map<number, string>();
  for (const sibling of siblings) if (sibling.item!.line < task.item!.line) for (const unit of index.unitsOf(sibling.id)) earlier.set(unit, sibling.id);
  const query = queryTerms(task.text);
  const scores = index.bm25.scores(query, (unit) => earlier.has(unit));
  let best = 0;
  for (const score of scores.values()) best = Math.max(best, score);
  const common = commonWords(workspace, task, siblings);
  const out = new Map<string, readonly string[]>();
  for (const [unit, score] of scores) {
    // A word most of the file's tasks write (`create`, `src`, Portuguese `em`, Japanese `テス`, `スト` of `テスト`) ties nothing in particular.
    const words = index.bm25.matched(query, unit).filter((word) => !common.has(word));
    if (score > 0 && score >= best * WORDS_FLOOR && sharesRealWords(words)) out.set(earlier.get(unit)!, shownWords(words).slice(0, 4));
  }
  return out;
}

/** Per workspace and task file, the words more than COMMON_SHARE of its tasks write (none when it has FEW_TASKS or fewer), as for code names. */
const commonFor = new WeakMap<Workspace, Map<string, ReadonlySet<string>>>();

function commonWords(workspace: Workspace, task: DocNode, siblings: readonly DocNode[]): ReadonlySet<string> {
  let files = commonFor.get(workspace);
  if (files === undefined) commonFor.set(workspace, (files = new Map()));
  let common = files.get(task.item!.file);
  if (common === undefined) {
    const out = new Set<string>();
    if (siblings.length > FEW_TASKS) {
      const limit = siblings.length * COMMON_SHARE;
      const counts = new Map<string, number>();
      for (const sibling of siblings) for (const word of new Set(queryTerms(sibling.text))) counts.set(word, (counts.get(word) ?? 0) + 1);
      for (const [word, count] of counts) if (count > limit) out.add(word);
    }
    files.set(task.item!.file, (common = out));
  }
  return common;
}

/** Whether a task's lines say it writes or runs tests. */
function isTestTask(text: string): boolean {
  return /\b(?:tests?|specs?|testing)\b|Test\b/i.test(text.split('\n', 1)[0]!);
}

/** The local ids of the tasks `task`'s lines name by number: `T012`, `T019-T021`, `task 1.2`, `Tasks 2.1 and 2.3`. */
function numberedTasks(task: DocNode): Set<string> {
  const out = new Set<string>();
  const own = task.id.slice(task.id.lastIndexOf('/') + 1);
  for (const match of task.text.matchAll(/\bT(\d{3,})(?:\s*[-–]\s*T(\d{3,}))?\b/g)) {
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (to < from || to - from > MAX_RANGE) continue;
    for (let n = from; n <= to; n += 1) out.add(`T${String(n).padStart(match[1]!.length, '0')}`);
  }
  for (const match of task.text.matchAll(/\bTasks?\s+((?:\d+(?:\.\d+)*\s*(?:,|and|&)?\s*)+)/gi)) for (const n of match[1]!.match(/\d+(?:\.\d+)*/g) ?? []) out.add(`T${n}`);
  out.delete(own);
  return out;
}
