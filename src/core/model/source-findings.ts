/**
 * Issue 57: this workspace's graph with its sources in it — their files joined to the
 * assembly's input, then the findings: a source's own findings stay its own (a cycle through
 * this workspace's documents is this workspace's too), a reference into a source that is not
 * there is no error (its SOURCE_MISSING says why), and each source that moved since its pin is
 * one SOURCE_MOVED that says what changed there and what here depends on it. Pure.
 */
import type { DiscoveredFiles, FileResults, PerFile } from './assemble-workspace.js';
import { CONFIG_FILE, type SourceSpec } from '../shared/config-types.js';
import { compareDiagnostics } from '../shared/sort.js';
import type { Diagnostic, DocNode, Workspace } from '../shared/types.js';

/** What changed in a source between its pinned commit and the one it resolves to now (ids as this workspace sees them, sorted). */
export interface SourceMove {
  readonly pinned: string;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changed: readonly string[];
  /** Why the pinned commit could not be read (then the lists are empty); `null` when it was. */
  readonly unread: string | null;
}

/** One source as read. */
export interface LoadedSource {
  readonly spec: SourceSpec;
  /** Its checkout's folder as this workspace sees it (`../platform-specs`). */
  readonly folder: string;
  /** `ok`: read; `missing`: not there or unreadable (SOURCE_MISSING); `refused`: not taken (CONFIG_INVALID). */
  readonly state: 'ok' | 'missing' | 'refused';
  /** The commit it was read at (its `rev`, or its checkout's HEAD); `null` when it is not a git repository or was not read. */
  readonly commit: string | null;
  /** The commit `docugraph.lock.json` pins it to; `null`: none. */
  readonly pinned: string | null;
  /** Set when it resolves to another commit than its pin. */
  readonly moved: SourceMove | null;
  /** Its findings (SOURCE_MISSING, CONFIG_INVALID), on `docugraph.yml`. */
  readonly findings: readonly Diagnostic[];
  /** How many Markdown files and nodes it gave. */
  readonly fileCount: number;
  readonly nodeCount: number;
  /** The folders its working tree's walk listed, relative to its root (`''`: the root); absent when read at a `rev` or not read. A live workspace watches them. */
  readonly directories?: readonly string[];
  /** The `.git` folder of the repository it is in, when there is one: a live workspace watches it (a commit moves the source). */
  readonly gitDir?: string;
}

/** Every source as read, and their files as this workspace's assembly takes them. */
export interface LoadedSources {
  readonly sources: readonly LoadedSource[];
  /** Their files' paths as this workspace sees them, sorted. */
  readonly files: readonly string[];
  readonly results: ReadonlyMap<string, FileResults>;
  /**
   * What their analyses are made of (each source's configuration, commit or files' stamps), as
   * a digest: the on-disk index keeps the stages of an assembly with sources for a later start
   * whose sources have the same key; `null` when it is not known.
   */
  readonly key: string | null;
}

export const NO_SOURCES: LoadedSources = Object.freeze({ sources: [], files: [], results: new Map(), key: '' });

/** The sources each workspace was assembled with (a revision of it is read with the same: `diff`, `since`). */
const combined = new WeakMap<Workspace, LoadedSources>();

/** Whether two reads of the sources say the same: what they hold (a known key) and each one's state, commits, pin and findings. */
export function sameRead(a: LoadedSources, b: LoadedSources): boolean {
  const state = (read: LoadedSources): string => JSON.stringify(read.sources.map((s) => [s.spec, s.state, s.commit, s.pinned, s.moved, s.findings.map((d) => d.message)]));
  return a.key !== null && a.key === b.key && state(a) === state(b);
}

/** Records that `workspace` holds `sources`' files; returns it. */
export function withSourcesNoted(workspace: Workspace, sources: LoadedSources): Workspace {
  if (sources.sources.length > 0) combined.set(workspace, sources);
  return workspace;
}

/** The sources `workspace` was assembled with (`NO_SOURCES`: none). */
export function sourcesOf(workspace: Workspace): LoadedSources {
  return combined.get(workspace) ?? NO_SOURCES;
}

/** Where a node of `workspace` comes from, for a bundle's inclusion report: ` — from source \`platform\` at \`<commit>\`` for a source's, else `''`. */
export function sourceMarks(workspace: Workspace): (id: string) => string {
  const loaded = sourcesOf(workspace);
  if (loaded.sources.length === 0) return () => '';
  const marks = new Map<string, string>();
  for (const source of loaded.sources) {
    if (source.state === 'ok') marks.set(source.spec.name, ` — from source \`${source.spec.name}\`${source.commit === null ? '' : ` at \`${source.commit.slice(0, 12)}\``}`);
  }
  const fromSource = readFrom(loaded);
  return (id) => {
    const colon = id.indexOf(':');
    return colon <= 0 || !fromSource(workspace.nodes.get(id)?.path ?? null) ? '' : (marks.get(id.slice(0, colon)) ?? '');
  };
}

/** The most ids a SOURCE_MOVED names of each list. */
const MAX_NAMED = 5;

/** A merge of this workspace's files with its sources', made again only when this workspace's sorted files are another list (the assembly's patch compares the list by identity). */
export function createSourceMerge(sources: LoadedSources): (discovery: DiscoveredFiles, perFile: PerFile) => [DiscoveredFiles, PerFile] {
  let own: readonly string[] | null = null;
  let merged: readonly string[] = [];
  return (discovery, perFile) => {
    if (sources.files.length === 0) return [discovery, perFile];
    if (own !== discovery.files) {
      own = discovery.files;
      merged = mergeSorted(discovery.files, sources.files);
    }
    const both: PerFile = { get: (path) => perFile.get(path) ?? sources.results.get(path) };
    return [{ ...discovery, files: merged }, both];
  };
}

function mergeSorted(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(a[i]! < b[j]! ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/** A path in a source's checkout: a Markdown file read there, one that is not there, another file (not checked); `null`: in no source. */
export type SourceFile = { readonly source: string; readonly kind: 'file' | 'missing' | 'other' } | null;

/** What `path` (relative to this workspace's root, above it) is in a source's checkout, for the link checks. */
export function sourceFileOf(loaded: LoadedSources, path: string): SourceFile {
  for (const source of loaded.sources) {
    if (!path.startsWith(`${source.folder}/`)) continue;
    // A source not read (missing, refused) says why once: its links are not checked meanwhile.
    const kind = source.state !== 'ok' ? 'other' : loaded.results.has(path) ? 'file' : /\.md$/i.test(path) ? 'missing' : 'other';
    return { source: source.spec.name, kind };
  }
  return null;
}

/** Whether a path is that of a file read from one of the sources (under its folder). */
function readFrom(loaded: LoadedSources): (path: string | null) => boolean {
  const folders = loaded.sources.filter((s) => s.state === 'ok').map((s) => `${s.folder}/`);
  return (path) => path !== null && folders.some((folder) => path.startsWith(folder));
}

/** `workspace` (assembled with the sources' files) with this workspace's findings only, and the sources'. */
export function withSourceFindings(workspace: Workspace, loaded: LoadedSources): Workspace {
  if (loaded.sources.length === 0) return workspace;
  const gone = loaded.sources.filter((s) => s.state !== 'ok').map((s) => `\`${s.spec.name}:`);
  const fromSource = readFrom(loaded);
  const sourceId = (id: string): boolean => fromSource(workspace.nodes.get(id)?.path ?? null);
  const diagnostics: Diagnostic[] = [];
  for (const d of workspace.diagnostics) {
    if (fromSource(d.path)) {
      // A cycle through this workspace's documents is its own too.
      const cycle = d.code === 'LINK_CYCLE' && d.nodeId !== null ? workspace.cycleOf.get(d.nodeId) : undefined;
      if (cycle === undefined || cycle.ids.every(sourceId)) continue;
    }
    if ((d.code === 'LINK_BROKEN' || d.code === 'TRACE_BROKEN') && gone.some((name) => d.message.includes(name))) continue;
    diagnostics.push(d);
  }
  for (const source of loaded.sources) {
    for (const d of source.findings) diagnostics.push(d);
    // A pin behind a commit that changed none of the source's documents (another folder of its repository moved) says nothing.
    if (source.moved !== null && !unchanged(source.moved)) diagnostics.push(movedFinding(workspace, source, source.moved, sourceId));
  }
  diagnostics.sort(compareDiagnostics);
  return Object.freeze({ ...workspace, diagnostics });
}

function movedFinding(workspace: Workspace, source: LoadedSource, move: SourceMove, sourceId: (id: string) => boolean): Diagnostic {
  const name = source.spec.name;
  const short = (commit: string): string => commit.slice(0, 12);
  const head = `the source \`${name}\` is pinned to \`${short(move.pinned)}\` in \`docugraph.lock.json\` but now resolves to \`${short(source.commit!)}\``;
  const pin = `then run \`docugraph sources pin ${name}\``;
  if (move.unread !== null) return moved(source, `${head}; the pinned commit cannot be read (${move.unread}): fetch it in the checkout to see what changed, or ${pin}`);
  const named = (ids: readonly string[]): string => (ids.length === 0 ? '' : ` (${ids.slice(0, MAX_NAMED).map((id) => `\`${id}\``).join(', ')}${ids.length > MAX_NAMED ? `, ${ids.length - MAX_NAMED} more` : ''})`);
  // What here depends on, implements, verifies… what changed or went away there: suspect across the boundary (TRACE §3).
  const suspect = new Set<string>();
  for (const id of [...move.changed, ...move.removed]) {
    for (const from of workspace.downstream.get(id) ?? []) if (!sourceId(from)) suspect.add(from);
    for (const edge of workspace.relationsIn.get(id) ?? []) if (!sourceId(edge.id)) suspect.add(edge.id);
  }
  // A dependency on what went away is no edge any more: found by its entry.
  const removed = new Set(move.removed);
  const names = (node: DocNode): boolean => node.dependsOn.some((dep) => removed.has(dep)) || Object.values(node.relations ?? {}).some((entries) => entries?.ids.some((to) => removed.has(to)) === true);
  for (const [id, node] of workspace.nodes) if (!sourceId(id) && names(node)) suspect.add(id);
  const here = [...suspect].sort();
  const what = `${move.added.length} ${move.added.length === 1 ? 'document' : 'documents'} added${named(move.added)}, ${move.removed.length} removed${named(move.removed)}, ${move.changed.length} changed${named(move.changed)}`;
  const shown = `${here.slice(0, MAX_NAMED).map((id) => `\`${id}\``).join(', ')}${here.length > MAX_NAMED ? ` and ${here.length - MAX_NAMED} more` : ''}`;
  const check = here.length === 0 ? `nothing here depends on what changed: ${pin.replace(/^then /, '')}` : `here, ${shown} ${here.length === 1 ? 'depends' : 'depend'} on what changed — check ${here.length === 1 ? 'it' : 'them'}, ${pin}`;
  return moved(source, `${head}: ${what}; ${check}`);
}

/** Whether a move changed none of the source's documents (and its pinned commit was read). */
export function unchanged(move: SourceMove): boolean {
  return move.unread === null && move.added.length === 0 && move.removed.length === 0 && move.changed.length === 0;
}

function moved(source: LoadedSource, message: string): Diagnostic {
  return { code: 'SOURCE_MOVED', message, nodeId: null, path: CONFIG_FILE, line: source.spec.line };
}
