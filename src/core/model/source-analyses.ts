/**
 * Another repository's files as this workspace's graph takes them (issue 57): each file's
 * analysis, made by the same per-file stage in that repository, with every id it makes or
 * names prefixed with the source's name (`REQ-12` → `platform:REQ-12`, `auth/T2` →
 * `platform:auth/T2`) and its path seen from this workspace's root (`../platform-specs/…`).
 * An id the source names through a source of its own that is this workspace
 * (`service:SVC-1` in the platform, whose `service` is here) is this workspace's id; one
 * through another source of its own is left as written (nothing here resolves it). The
 * source's own findings stay its own: none is kept. Pure.
 */
import type { FileAnalysis } from './file-analysis.js';
import { NO_DIAGNOSTICS } from '../shared/empty.js';
import type { TypedRelation } from '../shared/relations.js';
import type { DocNode, RelationEntries } from '../shared/types.js';

/** How a source's ids and paths are seen from this workspace. */
export interface SourceView {
  /** The source's name: its ids start with it and a colon. */
  readonly name: string;
  /** The folder of its checkout, relative to this workspace's root, `/`-separated (`../platform-specs`). */
  readonly folder: string;
  /** The names the source's own `sources:` give other repositories, each with whether it is this workspace. */
  readonly ownSources: ReadonlyMap<string, boolean>;
}

/** The id `entry` of the source names, as this workspace sees it. */
export function sourceEntry(view: SourceView, entry: string): string {
  const colon = entry.indexOf(':');
  if (colon > 0) {
    const here = view.ownSources.get(entry.slice(0, colon));
    if (here === true) return entry.slice(colon + 1);
    if (here === false) return entry;
  }
  return `${view.name}:${entry}`;
}

/** The path of the source's file `path` as this workspace sees it. */
export function sourcePath(view: SourceView, path: string): string {
  return `${view.folder}/${path}`;
}

/** The source's analysis of a file, as this workspace's assembly takes it. */
export function sourceAnalysis(view: SourceView, analysis: FileAnalysis): FileAnalysis {
  const node = analysis.node === null ? null : sourceNode(view, analysis.node);
  const { source, markdown } = analysis;
  return {
    path: sourcePath(view, analysis.path),
    node,
    idLine: analysis.idLine,
    mayLink: false,
    diagnostics: NO_DIAGNOSTICS,
    misspelled: [],
    markdown,
    ...(source === undefined ? {} : { source }),
    ...(analysis.items === undefined ? {} : { items: analysis.items.map((item) => sourceNode(view, item)) }),
  };
}

function sourceNode(view: SourceView, node: DocNode): DocNode {
  const entry = (id: string): string => sourceEntry(view, id);
  let relations: Partial<Record<TypedRelation, RelationEntries>> | undefined;
  if (node.relations !== undefined) {
    relations = {};
    for (const [relation, entries] of Object.entries(node.relations) as [TypedRelation, RelationEntries][]) relations[relation] = { ...entries, ids: entries.ids.map(entry) };
  }
  const { item, dependsOnKeys } = node;
  // Field by field: a node restored from the on-disk index reads its texts through getters, which a spread would drop.
  return {
    id: `${view.name}:${node.id}`,
    title: node.title,
    type: node.type,
    status: node.status,
    path: sourcePath(view, node.path),
    dependsOn: node.dependsOn.map(entry),
    dependsOnLines: node.dependsOnLines,
    ...(dependsOnKeys === undefined ? {} : { dependsOnKeys }),
    ...(relations === undefined ? {} : { relations }),
    text: node.text,
    bodyLine: node.bodyLine,
    body: node.body,
    ...(item === undefined ? {} : { item: { line: item.line, end: item.end, file: `${view.name}:${item.file}`, box: item.box, context: item.context.map(entry), source: item.source } }),
  };
}
