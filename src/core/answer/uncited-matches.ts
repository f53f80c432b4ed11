/**
 * CONTEXT §2: the requirements, criteria, stories and FRs of a task's feature that it does not
 * cite but should have — the items whose text matches the task's words as strongly as what it
 * does cite (BM25, section-index.ts). They join its bundle marked `matches the task's words`,
 * never as `implements`.
 */
import type { Workspace } from '../shared/types.js';
import { queryTerms, sharesRealWords, shownWords } from './task-words.js';
import { sectionIndex } from './section-index.js';

/** At most this many uncited items join a bundle. */
const MAX_MATCHES = 5;
/** An item matches when its score is at least this share of the best candidate's. */
const FLOOR = 0.5;
const TARGET_TYPES = new Set(['requirement', 'acceptance-criterion', 'user-story', 'story', 'criterion', 'success-criterion', 'functional-requirement', 'non-functional-requirement', 'scenario']);

/** The uncited items of `taskId`'s feature that match it, best first (ties: id), each with the words it matched; none for a node that is not a kit task. */
export function uncitedMatches(workspace: Workspace, taskId: string, included: ReadonlySet<string>): { readonly id: string; readonly words: readonly string[] }[] {
  const task = workspace.nodes.get(taskId);
  if (task?.item === undefined || task.type !== 'task') return [];
  const feature = taskId.slice(0, taskId.lastIndexOf('/') + 1);
  const index = sectionIndex(workspace);
  const query = queryTerms(task.text);
  const scores = index.bm25.scores(query, (unit) => {
    const u = index.units[unit]!;
    return u.section === null && u.id.startsWith(feature) && isTarget(workspace, u.id);
  });
  // What the task cites sets the bar: an uncited item must match as well as the weakest of them.
  let bar = 0;
  let best = 0;
  const cited = new Set((workspace.relationsOut.get(taskId) ?? []).map((edge) => edge.id));
  const candidates: { unit: number; id: string; score: number }[] = [];
  for (const [unit, score] of scores) {
    const id = index.units[unit]!.id;
    if (cited.has(id)) bar = bar === 0 ? score : Math.min(bar, score);
    else if (!included.has(id)) candidates.push({ unit, id, score });
    best = Math.max(best, score);
  }
  const floor = Math.max(bar, best * FLOOR);
  candidates.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // At most one story: a story is long, and a task serves one.
  let stories = 0;
  return candidates
    .filter((c) => c.score > 0 && c.score >= floor)
    .map((c) => ({ id: c.id, matched: index.bm25.matched(query, c.unit) }))
    .filter((c) => sharesRealWords(c.matched))
    .filter((c) => !/story/.test(workspace.nodes.get(c.id)?.type ?? '') || stories++ === 0)
    .slice(0, MAX_MATCHES)
    .map((c) => ({ id: c.id, words: shownWords(c.matched).slice(0, 4) }));
}

function isTarget(workspace: Workspace, id: string): boolean {
  const type = workspace.nodes.get(id)?.type;
  return type !== undefined && type !== null && TARGET_TYPES.has(type);
}
