/**
 * CONTEXT §1, §4: what the workspace holds as units to rank — each kit item, and each section
 * of each other document (parse/sections.ts) — with one BM25 index over all of them. Made for a
 * workspace when first asked (a bundle that cuts a document, a search), and kept while that
 * workspace is the live one. A kit file that has items is ranked by its items, not its sections;
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
}

const made = new WeakMap<Workspace, SectionIndex>();

/** The index of `workspace`'s units (made once per workspace). */
export function sectionIndex(workspace: Workspace): SectionIndex {
  let index = made.get(workspace);
  if (index === undefined) made.set(workspace, (index = build(workspace)));
  return index;
}

function build(workspace: Workspace): SectionIndex {
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
  const bm25 = new Bm25();
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
  const add = (node: DocNode, section: Section | null, text: string, line: number, end: number): void => {
    let list = byNode.get(node.id);
    if (list === undefined) byNode.set(node.id, (list = []));
    list.push(units.length);
    units.push({ id: node.id, section, path: node.path, line, end });
    texts.push(text);
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
      add(node, null, node.text, node.item.line, node.item.end);
      continue;
    }
    if (withItems.has(id)) {
      if (node.type !== 'tasks') prose.set(id, proseUnits(node, itemSpans.get(id) ?? [], sections, (section, text) => {
        const unit = units.length;
        units.push({ id: node.id, section, path: node.path, line: section.line, end: section.end });
        texts.push(text);
        bm25.add((_visit, scan) => scan(text));
        return unit;
      }));
      continue;
    }
    const list = sectionsOfNode(node);
    sections.set(id, list);
    for (const section of list) add(node, section, node.text.slice(section.from, section.to), section.line, section.end);
  }
  bm25.seal();
  return {
    units,
    bm25,
    sectionsOf: (id) => sections.get(id) ?? sectionsFor(workspace, id, sections),
    unitsOf: (id) => byNode.get(id) ?? [],
    textOf: (unit) => texts[unit]!,
    proseOf: (id) => prose.get(id) ?? NO_PROSE,
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
 * unit by `add`; its sections kept in `sections` so that their places are those of `sectionsOf`.
 */
function proseUnits(node: DocNode, spans: readonly [number, number][], sections: Map<string, readonly Section[]>, add: (section: Section, text: string) => number): Map<number, number> {
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
    out.set(k, add(section, node.text.slice(section.from, section.to)));
  });
  return out;
}
