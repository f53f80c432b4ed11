/**
 * CONTEXT §4: from words to the work — the workspace's tasks, requirements, stories, documents
 * and their sections ranked for a query: BM25 over the units of section-index.ts, with the
 * graph's signals (a task ranks up by what it implements; at equal score an open task comes
 * before a done one), an exact id first. Pure and deterministic: same workspace and query, same
 * list (ties by path, then line). A node is one hit: its best unit.
 */
import { InvalidArgumentError } from '../shared/errors.js';
import { termsOf } from '../shared/words.js';
import type { Workspace } from '../shared/types.js';
import { visible } from '../model/visible.js';
import { findWrittenId } from './written-id.js';
import type { ItemList } from './paginate.js';
import { sectionIndex, type Unit } from './section-index.js';
import { Heap } from '../shared/heap.js';
import { withoutCommonWords } from './task-words.js';

export const SEARCH_KINDS = ['task', 'requirement', 'story', 'document', 'section'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** The work states `search` filters tasks by (`open`: ready or blocked). */
export const SEARCH_STATES = ['ready', 'blocked', 'open', 'done'] as const;

export interface SearchOptions {
  readonly query: string;
  readonly kind?: SearchKind | undefined;
  /** Only tasks in this work state (`open`: ready or blocked). */
  readonly state?: (typeof SEARCH_STATES)[number] | undefined;
  /** Only what lies under this folder (a path prefix). */
  readonly scope?: string | undefined;
}

export interface SearchHit {
  readonly id: string;
  readonly kind: SearchKind;
  /** A section's heading trail (`## Components › ### SessionStore`). */
  readonly heading?: string;
  readonly title: string;
  /** `path:first-last`. */
  readonly place: string;
  readonly state?: string;
  /** The line that holds most of the matched words, cut to 200 characters. */
  readonly snippet: string;
  readonly matched: readonly string[];
  readonly score: number;
}

/** How much of what a task implements counts toward its own score. */
const IMPLEMENTS_SHARE = 0.5;
/**
 * A document's opening or section (not one of a task, requirement or story document) counts a
 * quarter of its score, and a requirement, criterion or story half (`REQUIREMENT_SHARE`): words
 * that ask for work find the work first, then what it must do, then the prose about it — a long
 * section holds more of any sentence's words than a one-line task. (D-439 counted a section half
 * and a requirement whole; D-487: on the context benchmark's dev tasks hit@3 76 % → 83 %, hit@1
 * 55 % → 72 %.)
 */
const SECTION_SHARE = 0.25;
/** A requirement, criterion or story counts half its score (it still ranks, and ranks the tasks that implement it up: `IMPLEMENTS_SHARE`). */
const REQUIREMENT_SHARE = 0.5;
/** Longest query read, in characters. */
const MAX_QUERY = 2000;

/** Every hit of `options.query` in `workspace`, best first. Throws `InvalidArgumentError` for an empty or overlong query. */
export function search(workspace: Workspace, options: SearchOptions): SearchHit[] {
  const list = searchList(workspace, options);
  return Array.from({ length: list.length }, (_, i) => list.item(i));
}

/** The hits of `options.query`, ranked; each hit (its snippet) is made when a page reads it. */
export function searchList(workspace: Workspace, options: SearchOptions): ItemList<SearchHit> {
  const query = typeof options.query === 'string' ? options.query.trim() : '';
  if (query === '') throw new InvalidArgumentError('`query` must be some words to look for, e.g. "lock the account after failed logins".', { argument: 'query' });
  if (query.length > MAX_QUERY) throw new InvalidArgumentError(`\`query\` is ${query.length} characters long; at most ${MAX_QUERY}.`, { argument: 'query' });
  const index = sectionIndex(workspace);
  // The common English words (`for`, `and`, `with`) ask for nothing: a one-line task that has several outranked the one the other words name.
  const terms = withoutCommonWords(termsOf(query));
  const scores = index.bm25.scores(terms);
  const prepared = preparedOf(workspace);
  // A document's section counts a share of its score; a task ranks up by what it implements (its requirement's words are its words too).
  const boosted = new Map<number, number>();
  for (const [unit, score] of scores) {
    const kind = prepared.kind(unit);
    boosted.set(unit, kind === 'document' || kind === 'section' ? score * SECTION_SHARE : kind === 'requirement' || kind === 'story' ? score * REQUIREMENT_SHARE : score);
  }
  for (const [unit, targets] of prepared.implementing) {
    let best = 0;
    for (const target of targets) best = Math.max(best, scores.get(target) ?? 0);
    if (best > 0) boosted.set(unit, (boosted.get(unit) ?? 0) + IMPLEMENTS_SHARE * best);
  }
  // A query that names an id (as written, or as the repository writes it) puts that item first.
  const written = workspace.nodes.has(query) ? query : findWrittenId(workspace, query);
  const exact = typeof written === 'string' ? written : written.kind === 'found' ? written.id : byTail(workspace, query);
  const exactUnit = exact === null ? undefined : index.unitsOf(exact)[0];
  if (exactUnit !== undefined && !boosted.has(exactUnit)) boosted.set(exactUnit, 0);
  const ranked: { unit: number; score: number; done: boolean; first: boolean }[] = [];
  const nodes = new Set<string>();
  for (const [unit, score] of boosted) {
    const u = index.units[unit]!;
    const kind = prepared.kind(unit);
    const state = kind === 'task' ? workspace.states.get(u.id)?.state : undefined;
    if (!wanted(kind, state, u, options)) continue;
    ranked.push({ unit, score: Math.round(score * 1000) / 1000, done: state === 'done', first: unit === exactUnit });
    nodes.add(u.id);
  }
  const units = index.units;
  // Best first, taken from a heap as pages ask (a first page does not sort every hit); one hit a node: its best unit.
  const heap = new Heap(ranked, (a, b) => Number(b.first) - Number(a.first) || b.score - a.score || Number(a.done) - Number(b.done) || compare(units[a.unit]!.path, units[b.unit]!.path) || units[a.unit]!.line - units[b.unit]!.line);
  const seen = new Set<string>();
  const best: { unit: number; score: number }[] = [];
  const upTo = (i: number): void => {
    while (best.length <= i && heap.size > 0) {
      const r = heap.pop()!;
      const id = units[r.unit]!.id;
      if (seen.has(id)) continue;
      seen.add(id);
      best.push(r);
    }
  };
  const made = new Map<number, SearchHit>();
  return {
    length: nodes.size,
    item(i) {
      let hit = made.get(i);
      if (hit === undefined) {
        upTo(i);
        const { unit, score } = best[i]!;
        made.set(i, (hit = hitOf(workspace, units[unit]!, index.textOf(unit), index.bm25.matched(terms, unit), score)));
      }
      return hit;
    },
  };
}

/** What every query of a workspace asks of its units: each one's kind, and the tasks that implement something with those things' units. */
interface Prepared {
  kind(unit: number): SearchKind;
  readonly implementing: ReadonlyMap<number, readonly number[]>;
}

const preparedFor = new WeakMap<Workspace, Prepared>();

function preparedOf(workspace: Workspace): Prepared {
  let made = preparedFor.get(workspace);
  if (made !== undefined) return made;
  const index = sectionIndex(workspace);
  const kinds: (SearchKind | undefined)[] = [];
  const implementing = new Map<number, number[]>();
  index.units.forEach((u, unit) => {
    if (u.section !== null || workspace.nodes.get(u.id)?.type !== 'task') return;
    const targets: number[] = [];
    for (const edge of workspace.relationsOut.get(u.id) ?? []) if (edge.relation === 'implements') targets.push(...index.unitsOf(edge.id));
    if (targets.length > 0) implementing.set(unit, targets);
  });
  made = { kind: (unit) => (kinds[unit] ??= kindOf(workspace, index.units[unit]!)), implementing };
  preparedFor.set(workspace, made);
  return made;
}

/** The one id whose last part is `query` (`T012` for `001-auth/T012`), else `null`. */
function byTail(workspace: Workspace, query: string): string | null {
  if (!/^[\w.-]+$/.test(query)) return null;
  let found: string | null = null;
  for (const id of workspace.ids) {
    if (!id.endsWith(`/${query}`)) continue;
    if (found !== null) return null;
    found = id;
  }
  return found;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A unit's kind: a kit item's by its type; a document's sections are its type's when it is a task, requirement or story (`docs/tasks/BE-02.md`), else `document` (its opening) and `section`. */
function kindOf(workspace: Workspace, unit: Unit): SearchKind {
  const type = workspace.nodes.get(unit.id)?.type ?? '';
  const work: SearchKind | null = type === 'task' ? 'task' : type === 'user-story' || type === 'story' ? 'story' : /requirement|criteri|scenario/.test(type) ? 'requirement' : null;
  if (unit.section !== null) return work ?? (unit.section.level === 0 ? 'document' : 'section');
  return work ?? 'requirement';
}

function hitOf(workspace: Workspace, unit: Unit, text: string, matched: readonly string[], score: number): SearchHit {
  const node = workspace.nodes.get(unit.id)!;
  const kind = kindOf(workspace, unit);
  const state = kind === 'task' ? workspace.states.get(unit.id)?.state : undefined;
  return {
    id: unit.id,
    kind,
    ...(unit.section !== null && unit.section.level > 0 ? { heading: visible(unit.section.trail) } : {}),
    title: visible(node.title),
    place: `${unit.path}:${unit.line}-${unit.end}`,
    ...(state === undefined ? {} : { state }),
    snippet: snippetOf(text, matched),
    matched,
    score,
  };
}

function wanted(kind: SearchKind, state: string | undefined, unit: Unit, options: SearchOptions): boolean {
  if (options.kind !== undefined && kind !== options.kind && !(options.kind === 'document' && kind === 'section')) return false;
  if (options.scope !== undefined && !(unit.path === options.scope || unit.path.startsWith(options.scope.endsWith('/') ? options.scope : `${options.scope}/`))) return false;
  if (options.state !== undefined) {
    if (kind !== 'task') return false;
    if (options.state === 'open' ? state !== 'ready' && state !== 'blocked' : state !== options.state) return false;
  }
  return true;
}

/** The line of `text` holding the most matched words (the first such), on one line, at most 200 characters. */
function snippetOf(text: string, matched: readonly string[]): string {
  let best = '';
  let most = -1;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const terms = new Set(termsOf(line));
    const count = matched.filter((term) => terms.has(term)).length;
    if (count > most) {
      most = count;
      best = line.trim();
    }
  }
  const shown = visible(best);
  return shown.length > 200 ? `${shown.slice(0, 199)}…` : shown;
}
