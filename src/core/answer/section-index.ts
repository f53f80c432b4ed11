/**
 * CONTEXT §1, §4: what the workspace holds as units to rank — each kit item, and each section
 * of each other document (parse/sections.ts) — with one BM25 index over all of them. Made for a
 * workspace when first asked (a bundle that cuts a document, a search), and kept while that
 * workspace is the live one; the next snapshot's index takes from it the units of the nodes
 * both share (`indexAfter`). A kit file that has items is ranked by its items, not its sections;
 * a task item's words include the heading it sits under (its phase, its story).
 */
import { sectionsOf, type Section } from '../parse/sections.js';
import type { DocNode, Workspace } from '../shared/types.js';
import { Bm25 } from './bm25.js';

export interface Unit {
  /** The node it is, or is a section of. */
  readonly id: string;
  /** `null` for an item (the whole node). */
  readonly section: Section | null;
  readonly path: string;
  readonly line: number;
  readonly end: number;
}

export interface SectionIndex {
  readonly units: readonly Unit[];
  readonly bm25: Bm25;
  /** A document's sections in file order (none for an item). */
  sectionsOf(id: string): readonly Section[];
  /** The units of a node, in file order (an item: one). */
  unitsOf(id: string): readonly number[];
  /** A unit's text. */
  textOf(unit: number): string;
  /**
   * The prose of a kit file that holds requirements or stories (a spec's edge cases,
   * clarifications, entities): its sections that hold no item, each its unit, by the section's
   * place in `sectionsOf(id)`. Empty for other documents (their sections are `unitsOf`).
   */
  proseOf(id: string): ReadonlyMap<number, number>;
  /** How many units were scanned for this index; the others were taken as they were from the index it followed (`indexAfter`). */
  readonly scanned: number;
}

/** An index made before, with its workspace's nodes. */
export interface IndexBefore {
  readonly nodes: ReadonlyMap<string, DocNode>;
  readonly index: SectionIndex;
}

const made = new WeakMap<Workspace, SectionIndex>();

/**
 * The last index made, with its workspace's nodes: the next one takes from it, as they are, the
 * units of every node both workspaces hold (the same object: a live workspace's next snapshot
 * keeps the nodes of the files an edit left alone), and scans only the others. Held until the
 * next index is made (an index holds nothing of the one it followed: `answerOf`).
 */
let latest: IndexBefore | null = null;

/** The index of `workspace`'s units (made once per workspace). */
export function sectionIndex(workspace: Workspace): SectionIndex {
  let index = made.get(workspace);
  if (index === undefined) {
    made.set(workspace, (index = indexAfter(workspace, latest)));
    latest = { nodes: workspace.nodes, index };
  }
  return index;
}

/**
 * The index of `workspace`'s units, taking from `before` (when given) the units of the nodes both
 * workspaces hold as they are: the same index as one made afresh (`before` null), sooner.
 */
export function indexAfter(workspace: Workspace, before: IndexBefore | null): SectionIndex {
  const withItems = new Set<string>();
  /** Each kit file's items' spans, for the prose between them. */
  const itemSpans = new Map<string, [number, number][]>();
  for (const node of workspace.nodes.values()) {
    if (node.item === undefined) continue;
    withItems.add(node.item.file);
    let spans = itemSpans.get(node.item.file);
    if (spans === undefined) itemSpans.set(node.item.file, (spans = []));
    spans.push([node.item.line, node.item.end]);
  }
  const units: Unit[] = [];
  // Another workspace altogether (no node in common) is indexed afresh: its words are not the last one's.
  const shares = before !== null && workspace.ids.some((id) => before.nodes.get(id) === workspace.nodes.get(id));
  const following = shares ? Bm25.following(before.index.bm25) : null;
  const bm25 = following ?? new Bm25();
  /** Whether `id` is the same node (or the same absence) in the workspace of the index followed. */
  const same = (id: string): boolean => following !== null && before!.nodes.get(id) === workspace.nodes.get(id);
  /** Kept units come in the order they had (workspaces list nodes in id order): one that would not is scanned. */
  let lastKept = -1;
  let scanned = 0;
  const keepable = (old: number | undefined): number | undefined => (old !== undefined && old > lastKept ? (lastKept = old) : undefined);
  const byNode = new Map<string, number[]>();
  const sections = new Map<string, readonly Section[]>();
  const texts: string[] = [];
  /** The heading a task sits under in its file (the phase, the story): its words are the task's too. */
  const placeOf = (node: DocNode): string => {
    const item = node.item!;
    const file = workspace.nodes.get(item.file);
    if (node.type !== 'task' || file === undefined) return '';
    let list = sections.get(item.file);
    if (list === undefined) sections.set(item.file, (list = sectionsOfNode(file)));
    // The last section that starts above the task (by bisection: a file may hold thousands of each).
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (list[mid]!.line < item.line) low = mid + 1;
      else high = mid;
    }
    return low === 0 ? '' : list[low - 1]!.heading;
  };
  /** Adds a unit of `node`; `prior`: the same unit in the index followed (same node, same words), taken as it is. */
  const add = (node: DocNode, section: Section | null, text: string, line: number, end: number, prior: number | undefined): void => {
    let list = byNode.get(node.id);
    if (list === undefined) byNode.set(node.id, (list = []));
    list.push(units.length);
    const old = keepable(prior);
    if (old !== undefined) {
      units.push(before!.index.units[old]!);
      texts.push(before!.index.textOf(old));
      bm25.keep(old);
      return;
    }
    units.push({ id: node.id, section, path: node.path, line, end });
    texts.push(text);
    scanned += 1;
    bm25.add((_visit, scan) => {
      if (section === null) scan(node.title);
      if (section === null && node.item !== undefined) scan(placeOf(node));
      scan(text);
    });
  };
  const prose = new Map<string, Map<number, number>>();
  for (const id of workspace.ids) {
    const node = workspace.nodes.get(id)!;
    if (node.item !== undefined) {
      // An item's words take the heading it sits under in its file: kept when the file's node is the same too.
      const old = same(id) && same(node.item.file) ? before!.index.unitsOf(id)[0] : undefined;
      add(node, null, node.text, node.item.line, node.item.end, old);
      continue;
    }
    if (withItems.has(id)) {
      const kept = same(id) ? before!.index.proseOf(id) : NO_PROSE;
      if (node.type !== 'tasks') prose.set(id, proseUnits(node, itemSpans.get(id) ?? [], sections, (section, text, k) => {
        const unit = units.length;
        const old = keepable(kept.get(k));
        units.push(old === undefined ? { id: node.id, section, path: node.path, line: section.line, end: section.end } : before!.index.units[old]!);
        texts.push(text);
        if (old !== undefined) bm25.keep(old);
        else {
          scanned += 1;
          bm25.add((_visit, scan) => scan(text));
        }
        return unit;
      }));
      continue;
    }
    const list = sectionsOfNode(node);
    sections.set(id, list);
    // The same node has the same sections (kept by node), whose units the index followed holds in the same order.
    const old = same(id) ? before!.index.unitsOf(id) : [];
    list.forEach((section, k) => add(node, section, node.text.slice(section.from, section.to), section.line, section.end, old[k]));
  }
  bm25.seal();
  return answerOf(workspace, { units, bm25, sections, byNode, texts, prose, scanned });
}

/** What an index is made of (`indexAfter`). */
interface Made {
  readonly units: readonly Unit[];
  readonly bm25: Bm25;
  readonly sections: Map<string, readonly Section[]>;
  readonly byNode: ReadonlyMap<string, readonly number[]>;
  readonly texts: readonly string[];
  readonly prose: ReadonlyMap<string, ReadonlyMap<number, number>>;
  readonly scanned: number;
}

/**
 * The index's reads, made in a scope of their own: closures made inside `indexAfter` would share
 * its scope, and with it the index followed (`before`), which then held the one before it, and
 * so on — every snapshot's index kept for the life of a live server.
 */
function answerOf(workspace: Workspace, made: Made): SectionIndex {
  const { units, bm25, sections, byNode, texts, prose, scanned } = made;
  return {
    units,
    bm25,
    sectionsOf: (id) => sections.get(id) ?? sectionsFor(workspace, id, sections),
    unitsOf: (id) => byNode.get(id) ?? [],
    textOf: (unit) => texts[unit]!,
    proseOf: (id) => prose.get(id) ?? NO_PROSE,
    scanned,
  };
}

/**
 * Each document's sections, by the node: a live workspace's next snapshot keeps the nodes of the
 * files an edit left alone, so its index outlines only what changed (a node's text never
 * changes; the map lets go of a node with its snapshot).
 */
const outlined = new WeakMap<DocNode, readonly Section[]>();

function sectionsOfNode(node: DocNode): readonly Section[] {
  let list = outlined.get(node);
  if (list === undefined) outlined.set(node, (list = sectionsOf(node.text, node.body, node.bodyLine)));
  return list;
}

/** The sections of a document the index did not rank (a kit file with items), made when asked. */
function sectionsFor(workspace: Workspace, id: string, sections: Map<string, readonly Section[]>): readonly Section[] {
  const node = workspace.nodes.get(id);
  if (node === undefined || node.item !== undefined) return [];
  const list = sectionsOfNode(node);
  sections.set(id, list);
  return list;
}

const NO_PROSE: ReadonlyMap<number, number> = new Map();

/**
 * The sections of kit file `node` that hold no line of an item (the opening aside), each made a
 * unit by `add` (given its place `k` in the list); its sections kept in `sections` so that their places are those of `sectionsOf`.
 */
function proseUnits(node: DocNode, spans: readonly [number, number][], sections: Map<string, readonly Section[]>, add: (section: Section, text: string, k: number) => number): Map<number, number> {
  const list = sectionsOfNode(node);
  sections.set(node.id, list);
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const out = new Map<number, number>();
  let at = 0;
  list.forEach((section, k) => {
    if (section.level === 0) return;
    // Spans before this section end before it: skip them; then one that starts at or before its end overlaps.
    while (at < sorted.length && sorted[at]![1] < section.line) at += 1;
    if (at < sorted.length && sorted[at]![0] <= section.end) return;
    out.set(k, add(section, node.text.slice(section.from, section.to), k));
  });
  return out;
}
