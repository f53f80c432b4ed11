/**
 * CONTEXT §1, §4: what the workspace holds as units to rank — each kit item, and each section
 * of each other document (parse/sections.ts) — with one BM25 index over all of them. Made for a
 * workspace when first asked (a bundle that cuts a document, a search), and kept while that
 * workspace is the live one. A kit file that has items is ranked by its items, not its sections.
 */
import { sectionsOf, type Section } from '../parse/sections.js';
import { forEachTerm } from '../shared/words.js';
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
  for (const node of workspace.nodes.values()) if (node.item !== undefined) withItems.add(node.item.file);
  const units: Unit[] = [];
  const bm25 = new Bm25();
  const byNode = new Map<string, number[]>();
  const sections = new Map<string, readonly Section[]>();
  const texts: string[] = [];
  const add = (node: DocNode, section: Section | null, text: string, line: number, end: number): void => {
    let list = byNode.get(node.id);
    if (list === undefined) byNode.set(node.id, (list = []));
    list.push(units.length);
    units.push({ id: node.id, section, path: node.path, line, end });
    texts.push(text);
    bm25.add((visit) => {
      if (section === null) forEachTerm(node.title, visit);
      forEachTerm(text, visit);
    });
  };
  for (const id of workspace.ids) {
    const node = workspace.nodes.get(id)!;
    if (node.item !== undefined) {
      add(node, null, node.text, node.item.line, node.item.end);
      continue;
    }
    if (withItems.has(id)) continue;
    const list = sectionsOf(node.text, node.body, node.bodyLine);
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
  };
}

/** The sections of a document the index did not rank (a kit file with items), made when asked. */
function sectionsFor(workspace: Workspace, id: string, sections: Map<string, readonly Section[]>): readonly Section[] {
  const node = workspace.nodes.get(id);
  if (node === undefined || node.item !== undefined) return [];
  const list = sectionsOf(node.text, node.body, node.bodyLine);
  sections.set(id, list);
  return list;
}
