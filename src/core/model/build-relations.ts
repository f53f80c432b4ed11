/**
 * TRACE §1: the typed edges other than `depends_on` (`implements`, `verifies`, `refines`,
 * `related`, `supersedes`), both ways, their counts, and `LINK_BROKEN` for the entries that
 * name no node (the message names the relation). None of these edges blocks or makes a cycle.
 */
import { echo } from '../shared/errors.js';
import { RELATIONS, relationRank, TYPED_RELATIONS, type Relation } from '../shared/relations.js';
import { compareStrings } from '../shared/sort.js';
import { createSuggester } from '../shared/suggest.js';
import { byKind } from '../shared/suggest-kind.js';
import { kitTargets } from './kit-targets.js';
import type { Diagnostic, DocNode, RelationEdge } from '../shared/types.js';
import { moreBroken, type BrokenTarget, type MoreBroken } from './build-graph.js';
import { MAX_FINDINGS_PER_NODE } from '../shared/cap.js';
import { frontmatterOf } from './frontmatter-of.js';

export interface Relations {
  /** For each id with typed edges, its edges by relation (table order), then target id. */
  readonly out: ReadonlyMap<string, readonly RelationEdge[]>;
  /** For each id some node names, those nodes by relation, then id. */
  readonly in: ReadonlyMap<string, readonly RelationEdge[]>;
  /** Distinct edges per relation, all six keys in table order (`depends_on` given by the caller). */
  readonly counts: Readonly<Record<Relation, number>>;
  /** Whether some node has a typed relation key. */
  readonly typed: boolean;
  /** `LINK_BROKEN` for each typed entry that names no node. */
  readonly diagnostics: readonly Diagnostic[];
  /** For each of `diagnostics`, in order: the id it names and its message without the advice. */
  readonly broken: readonly BrokenTarget[];
  /**
   * Whether some reference was read by what other items write (`kitTargets`: a clause `(c)`, a table row, a section
   * number): then an edit that keeps every node's own edges may still change these relations.
   */
  readonly readText?: true;
}

const NO_RELATIONS: Relations = Object.freeze({ out: new Map(), in: new Map(), counts: zeroCounts(0), typed: false, diagnostics: Object.freeze([]), broken: Object.freeze([]) });

/** Whether `list`'s relations come in table order. */
function inRelationOrder(list: readonly RelationEdge[]): boolean {
  for (let i = 1; i < list.length; i += 1) if (relationRank(list[i - 1]!.relation) > relationRank(list[i]!.relation)) return false;
  return true;
}

function byRelation(a: RelationEdge, b: RelationEdge): number {
  return relationRank(a.relation) - relationRank(b.relation);
}

/** Every relation at zero but `depends_on`. */
export function zeroCounts(dependsOn: number): Record<Relation, number> {
  const counts = {} as Record<Relation, number>;
  for (const relation of RELATIONS) counts[relation] = 0;
  counts.depends_on = dependsOn;
  return counts;
}

/** Builds the typed edges of `nodes` (`ids`: every id, sorted); `dependsOnCount` is the graph's `edgeCount`. */
export function buildRelations(nodes: ReadonlyMap<string, DocNode>, ids: readonly string[], dependsOnCount: number): Relations {
  // Most workspaces have no typed relation: one pass over the nodes as stored says so (no lookup by id of each).
  let any = false;
  for (const node of nodes.values()) {
    if (node.relations === undefined) continue;
    any = true;
    break;
  }
  if (!any) return dependsOnCount === 0 ? NO_RELATIONS : { ...NO_RELATIONS, counts: zeroCounts(dependsOnCount) };
  const out = new Map<string, RelationEdge[]>();
  const into = new Map<string, RelationEdge[]>();
  const counts = zeroCounts(dependsOnCount);
  const diagnostics: Diagnostic[] = [];
  const broken: BrokenTarget[] = [];
  let typed = false;
  let suggest: ReturnType<typeof byKind> | undefined;
  // A reference that names no item may name one after all (KITS §7: a shared story, a team's tag).
  let meant: ReturnType<typeof kitTargets> | undefined;
  /** Broken citations of the requirements of a feature that has no requirements.md, by feature: one finding each (`unfiled`). */
  const unfiled = new Map<string, Unfiled>();
  for (const id of ids) {
    const node = nodes.get(id)!;
    const relations = node.relations;
    if (relations === undefined) continue;
    typed = true;
    const edges: RelationEdge[] = [];
    let reported = 0;
    let more: MoreBroken | null = null;
    for (const relation of TYPED_RELATIONS) {
      const entries = relations[relation];
      if (entries === undefined) continue;
      const targets: string[] = [];
      const written = entries.ids;
      /**
       * Broken entries of this relation not yet reported. A run of them written in a kit's words on one line, each the number
       * after the one before, is one finding (`flush`): a range that runs past the last criterion, not a finding per id.
       * Frontmatter lists (each id written by hand) keep a finding each.
       */
      let run: BrokenRun | null = null;
      const flush = (): void => {
        if (run === null) return;
        const { first, last, count, line, via, hint } = run;
        if (run.unfiled) {
          const feature = first.slice(0, first.lastIndexOf('/'));
          const known = unfiled.get(feature);
          const at = { head: `${id} ${relation} \`${echo(first)}\`${via}, which does not exist`, target: first, nodeId: id, path: node.path, line };
          if (known === undefined) unfiled.set(feature, { first: at, count, citers: 1, last: id });
          else {
            known.count += count;
            if (known.last !== id) (known.citers += 1), (known.last = id);
            // The finding stands where the file first cites (not where the first id in id order does: `T10` before `T2`).
            if (earlier(at, known.first)) known.first = at;
          }
          run = null;
          return;
        }
        run = null;
        // Past the cap, counted (a kit item's ranges can name hundreds): one finding says how many.
        if (reported === MAX_FINDINGS_PER_NODE) {
          if (more === null) more = { count: 0, first, line };
          more.count += count;
          return;
        }
        reported += 1;
        let head: string;
        let advice: string;
        if (count === 1) {
          head = `${id} ${relation} \`${echo(first)}\`${via}, which does not exist`;
          suggest ??= byKind(createSuggester(ids), ids);
          advice = hint !== undefined ? `; ${hint}` : didYouMean(suggest.best(first), suggest.elsewhere(first));
        } else {
          // `_Requirements: 6.1-6.15_` where requirement 6 has nine criteria: one finding, not six, and the last that exists.
          head = `${id} ${relation} \`${echo(first)}\` to \`${echo(last)}\`${via}, none of which exists (${count} ids)`;
          const before = hint === undefined ? lastBefore(nodes, first) : null;
          suggest ??= byKind(createSuggester(ids), ids);
          advice = hint !== undefined ? `; ${hint}` : before !== null ? `; the last before them that exists is \`${echo(before)}\`` : didYouMean(suggest.best(first), suggest.elsewhere(first));
        }
        broken.push({ target: count === 1 ? first : '', head });
        diagnostics.push({ code: 'LINK_BROKEN', message: `${head}${advice}`, nodeId: id, path: node.path, line });
      };
      for (let index = 0; index < written.length; index += 1) {
        let target = written[index]!;
        if (nodes.has(target)) {
          targets.push(target);
          continue;
        }
        const key = entries.keys[index]!;
        // A spec kit's file wrote it in the kit's words (KITS §3), not under a frontmatter key: an item's reference, or a kit
        // document's (an OpenSpec delta's `MODIFIED Requirement: X`). Such a reference may mean another id.
        const inWords = node.item !== undefined || (key !== relation && !Object.prototype.hasOwnProperty.call(frontmatterOf(node), key));
        const after = inWords ? (meant ??= kitTargets(nodes))(target, key) : null;
        if (after === 'drop') continue;
        if (after !== null && 'ids' in after) {
          for (const each of after.ids) if (!targets.includes(each)) targets.push(each);
          continue;
        }
        if (after !== null && nodes.has(after.id)) {
          if (!targets.includes(after.id)) targets.push(after.id);
          continue;
        }
        // A tag's criterion that does not exist (`FR-SEC-99`): broken, under the id it stands for (with what else to know of it).
        if (after !== null) target = after.id;
        const hint = after === null ? undefined : after.hint;
        // Folded only where the feature cites its own (another feature's citation keeps its finding, in its own file: a review).
        const unfiledTarget = after !== null && after.unfiled === true && target.slice(0, target.lastIndexOf('/')) === id.slice(0, id.lastIndexOf('/'));
        const line = entries.lines[index] ?? null;
        // (With the same hint, as `requirement 14 has no acceptance criterion` for `14.2, 14.3`.)
        if (run !== null && inWords && hint === run.hint && run.line === line && run.key === key && follows(run.last, target)) {
          run.last = target;
          run.count += 1;
          continue;
        }
        flush();
        run = { first: target, last: target, count: 1, line, key, via: key === relation ? '' : inWords ? ` (written \`${echo(key)}\`)` : ` (key \`${key}\`)`, hint, unfiled: unfiledTarget };
      }
      flush();
      if (targets.length > 1) targets.sort(compareStrings);
      // An id meant by another (`5.3` for `R5b.3`) may be written too (`5b.3`): once (a review; the ids written are each once).
      if (meant !== undefined) dropRepeats(targets);
      for (const target of targets) {
        edges.push({ relation, id: target });
        const list = into.get(target);
        if (list === undefined) into.set(target, [{ relation, id }]);
        else list.push({ relation, id });
      }
      counts[relation] += targets.length;
    }
    if (more !== null) {
      const finding = moreBroken(node, 'relation entries', more);
      broken.push({ target: '', head: finding.message });
      diagnostics.push(finding);
    }
    // As long as it holds (see kit-nodes.ts, `entriesOf`).
    if (edges.length > 0) out.set(id, edges.slice());
  }
  for (const feature of [...unfiled.keys()].sort(compareStrings)) {
    const { first, count, citers } = unfiled.get(feature)!;
    const { head, target, nodeId, path, line } = first;
    const all = count === 1 ? '' : ` (${count} ids of its requirements cited by ${citers === 1 ? 'this item' : `${citers} of its items`}: this one finding stands for them all)`;
    broken.push({ target, head });
    diagnostics.push({ code: 'LINK_BROKEN', message: `${head}: \`${feature}\` has no requirements.md${all}; add \`${path.slice(0, path.lastIndexOf('/') + 1)}requirements.md\``, nodeId, path, line });
  }
  if (!typed) return dependsOnCount === 0 ? NO_RELATIONS : { ...NO_RELATIONS, counts };
  // Visited in id order, so within a relation each list is in id order already: a list whose
  // relations are out of table order is put in it by a stable sort on the relation alone.
  for (const [target, list] of into) {
    if (list.length === 1) continue;
    if (!inRelationOrder(list)) list.sort(byRelation);
    into.set(target, list.slice());
  }
  return meant === undefined ? { out, in: into, counts, typed, diagnostics, broken } : { out, in: into, counts, typed, diagnostics, broken, readText: true };
}

/** `sorted` without its repeats, in place. */
function dropRepeats(sorted: string[]): void {
  let kept = 0;
  for (let i = 0; i < sorted.length; i += 1) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[kept++] = sorted[i]!;
  sorted.length = kept;
}

/** Broken entries of one relation, one line and one written key, each the number after the one before (`R6.10` … `R6.15`). */
interface BrokenRun {
  readonly first: string;
  last: string;
  count: number;
  readonly line: number | null;
  readonly key: string;
  /** How the finding says where it was written (`(written \`_Requirements: 6.1-6.15_\`)`). */
  readonly via: string;
  readonly hint: string | undefined;
  /** A requirement of a feature with no requirements.md (`kitTargets`). */
  readonly unfiled: boolean;
}

/** Where a broken citation stands, and its finding's words without the advice. */
interface Citation {
  readonly head: string;
  readonly target: string;
  readonly nodeId: string;
  readonly path: string;
  readonly line: number | null;
}

/** Whether citation `a` comes before `b` in the files (path, then line; no line last). */
function earlier(a: Citation, b: Citation): boolean {
  if (a.path !== b.path) return compareStrings(a.path, b.path) < 0;
  return a.line !== null && (b.line === null || a.line < b.line);
}

/** The broken citations of one feature's requirements where it has no requirements.md: the first in the files, and how many. */
interface Unfiled {
  first: Citation;
  /** Ids cited (a range's each), over every citation. */
  count: number;
  /** Items that cite them, and the last of them counted. */
  citers: number;
  last: string;
}

/** An id's last number and what comes before it (`auth/R6.` and `10`). */
const LAST_NUMBER = /^(.*\D)(\d{1,6})$/;

/** Whether `next` is `id`'s last number plus one, the rest the same (`R6.9` → `R6.10`, `FR-009` → `FR-010`). */
function follows(id: string, next: string): boolean {
  const a = LAST_NUMBER.exec(id);
  const b = LAST_NUMBER.exec(next);
  return a !== null && b !== null && a[1] === b[1] && Number(b[2]) === Number(a[2]) + 1;
}

/**
 * The id with `first`'s stem and the greatest number below its own that names a node (`auth/R6.9` below `auth/R6.10`:
 * where a range that runs past the end should have stopped), looking at most 50 numbers down; `null` when none does.
 */
function lastBefore(nodes: ReadonlyMap<string, DocNode>, first: string): string | null {
  const m = LAST_NUMBER.exec(first);
  if (m === null) return null;
  const start = Number(m[2]);
  for (let k = start - 1; k >= Math.max(0, start - 50); k -= 1) {
    // As wide as the first (`FR-099` below `FR-100`, `FR-009` below `FR-010`: a review), else as written plain (`R6.9` below `R6.10`).
    const padded = `${m[1]!}${String(k).padStart(m[2]!.length, '0')}`;
    if (nodes.has(padded)) return padded;
    const plain = `${m[1]!}${k}`;
    if (nodes.has(plain)) return plain;
  }
  return null;
}

/** "Did you mean" of a broken reference: the nearest id of its kind, and the one item of another feature with its last part (`009-tickets/FR-055`). */
function didYouMean(guess: string | null, other: string | null): string {
  if (other === null) return guess === null ? '' : `; did you mean \`${guess}\`?`;
  return guess === null ? `; did you mean another feature's \`${other}\`?` : `; did you mean \`${guess}\`, or another feature's \`${other}\`?`;
}
