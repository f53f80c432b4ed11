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
  // A document keeps reading its texts from the source's node (restored from the on-disk index, it reads them only when asked).
  if (item === undefined) return SourceDocument.of(node, `${view.name}:${node.id}`, sourcePath(view, node.path), node.dependsOn.map(entry), relations);
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

/**
 * A source's document as this workspace sees it: its own id, path and entries, and the texts of
 * the source's node, read through it when first asked for (as a node restored from the on-disk
 * index reads them: never spread, as such a node is not).
 */
class SourceDocument implements DocNode {
  declare readonly id: string;
  declare readonly title: string;
  declare readonly type: string | null;
  declare readonly status: string | null;
  declare readonly path: string;
  declare readonly dependsOn: readonly string[];
  declare readonly dependsOnLines: readonly number[];
  declare readonly dependsOnKeys?: readonly string[];
  declare readonly relations?: Readonly<Partial<Record<TypedRelation, RelationEntries>>>;
  declare readonly bodyLine: number;
  declare private readonly of: DocNode;

  static of(of: DocNode, id: string, path: string, dependsOn: readonly string[], relations: Partial<Record<TypedRelation, RelationEntries>> | undefined): SourceDocument {
    const { title, type, status, dependsOnLines, dependsOnKeys, bodyLine } = of;
    const own = { __proto__: SourceDocument.prototype, id, title, type, status, path, dependsOn, dependsOnLines, bodyLine, of } as Record<string, unknown>;
    if (dependsOnKeys !== undefined) own['dependsOnKeys'] = dependsOnKeys;
    if (relations !== undefined) own['relations'] = relations;
    return own as unknown as SourceDocument;
  }

  get text(): string {
    return this.of.text;
  }

  get body(): string {
    return this.of.body;
  }

  /** Its file's version, when the source's node knows it without its text (restored from the on-disk index: model/file-version.ts). */
  get fileVersion(): unknown {
    return (this.of as { readonly fileVersion?: unknown }).fileVersion;
  }

  /** Its JSON: a document node's, key for key (its texts read). */
  toJSON(): DocNode {
    const { id, title, type, status, path, dependsOn, dependsOnLines, dependsOnKeys, relations, text, bodyLine, body } = this;
    return { id, title, type, status, path, dependsOn, dependsOnLines, ...(dependsOnKeys === undefined ? {} : { dependsOnKeys }), ...(relations === undefined ? {} : { relations }), text, bodyLine, body };
  }
}
