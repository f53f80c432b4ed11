/**
 * Loading: the only stage that reads the disk. It composes the pure stages
 * (discover → analyse each file → resolve ids → graph → cycles → links) into one immutable
 * `Workspace` snapshot that every query reads.
 */
import { readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { analyzeFile, type FileAnalysis } from './analyze-file.js';
import { buildGraph } from './build-graph.js';
import { checkLinks, type LinkContext } from './check-links.js';
import { discoverFiles } from './discover-files.js';
import { WorkspaceNotFoundError } from './errors.js';
import { findCycles } from './find-cycles.js';
import { resolveIds } from './resolve-ids.js';
import { compareDiagnostics } from './sort.js';
import { createPathSuggester } from './suggest.js';
import type { Cycle, Diagnostic, Workspace } from './types.js';

/** Resolves `path` to the real path of a readable directory, or throws `WorkspaceNotFoundError`. */
export function resolveWorkspaceRoot(path: string): string {
  let root: string;
  try {
    root = realpathSync(path);
  } catch (error) {
    throw new WorkspaceNotFoundError(path, `Workspace \`${path}\` does not exist; pass the directory that holds your Markdown documents.`, { cause: error });
  }
  if (!statSync(root).isDirectory()) {
    throw new WorkspaceNotFoundError(path, `Workspace \`${path}\` is not a directory; pass the directory that holds your Markdown documents.`);
  }
  return root;
}

export interface LoadOptions {
  /** Called after each file is read and analysed, with the count so far and the total. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Loads and indexes the workspace at `path` (META-01 §1–§6). */
export function loadWorkspace(path: string, options: LoadOptions = {}): Workspace {
  const root = resolveWorkspaceRoot(path);
  const discovery = discoverFiles(root);
  const total = discovery.files.length;
  const analyses = discovery.files.map((file, index) => {
    const analysis = readAndAnalyze(root, file);
    options.onProgress?.(index + 1, total);
    return analysis;
  });
  const resolved = resolveIds(analyses);
  const graph = buildGraph(resolved.nodes);
  const cycles = findCycles(graph, resolved.nodes);

  const byPath = new Map(analyses.map((a) => [a.path, a]));
  const nodeIdByPath = new Map([...resolved.nodes.values()].map((n) => [n.path, n.id]));
  const context: LinkContext = {
    files: new Set(discovery.files),
    exists: existenceOracle(root, discovery.entries),
    markdownOf: (file) => byPath.get(file)?.markdown() ?? null,
    nodeIdOf: (file) => nodeIdByPath.get(file) ?? null,
    suggestFile: createPathSuggester(discovery.files),
  };
  const linkDiagnostics: Diagnostic[] = [];
  for (const analysis of analyses) {
    const markdown = mayHaveLinks(analysis) ? analysis.markdown() : null;
    if (markdown !== null) linkDiagnostics.push(...checkLinks(analysis.path, markdown, context));
  }

  const diagnostics = [
    ...discovery.diagnostics,
    ...resolved.diagnostics,
    ...graph.diagnostics,
    ...cycles.diagnostics,
    ...linkDiagnostics,
  ].sort(compareDiagnostics);
  const cycleOf = new Map<string, Cycle>();
  for (const cycle of cycles.cycles) for (const id of cycle.ids) cycleOf.set(id, cycle);

  return Object.freeze({
    root,
    files: discovery.files,
    nodes: resolved.nodes,
    ids: graph.ids,
    upstream: graph.upstream,
    downstream: graph.downstream,
    edgeCount: graph.edgeCount,
    cycles: cycles.cycles,
    cycleOf,
    diagnostics,
  });
}

function readAndAnalyze(root: string, file: string): FileAnalysis {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(join(root, file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    return {
      path: file,
      node: null,
      idLine: 1,
      diagnostics: [{ code: 'FILE_UNREADABLE', message: `\`${file}\` cannot be read (${code}); fix its permissions or add it to .docugraphignore`, nodeId: null, path: file, line: null }],
      markdown: () => null,
    };
  }
  return analyzeFile(file, bytes);
}

/** A body can hold a checkable link only if it has a `[` (links, images, definitions all start so). */
function mayHaveLinks(analysis: FileAnalysis): boolean {
  const text = analysis.node?.body;
  return text === undefined || text.includes('[');
}

/**
 * `exists(path)` for link checks: first the entries the walk saw, then (for skipped places
 * such as dot-directories) the disk, one component at a time, with exact-case names (so the
 * answer is the same on case-insensitive filesystems) and never following a symbolic link.
 * A path that runs through a symbolic link counts as existing: it is not followed, so it
 * cannot be disproved.
 */
function existenceOracle(root: string, entries: ReadonlySet<string>): (path: string) => boolean {
  const cache = new Map<string, boolean>();
  const listings = new Map<string, ReadonlyMap<string, Dirent>>();
  const list = (dir: string): ReadonlyMap<string, Dirent> => {
    let listing = listings.get(dir);
    if (listing === undefined) {
      try {
        listing = new Map(readdirSync(join(root, dir), { withFileTypes: true }).map((d) => [d.name, d]));
      } catch {
        listing = new Map();
      }
      listings.set(dir, listing);
    }
    return listing;
  };
  const existsOnDisk = (path: string): boolean => {
    const parts = path.split('/');
    let dir = '';
    for (let i = 0; i < parts.length; i += 1) {
      const entry = list(dir).get(parts[i]!);
      if (entry === undefined) return false;
      if (entry.isSymbolicLink()) return true;
      if (i < parts.length - 1 && !entry.isDirectory()) return false;
      dir = dir === '' ? parts[i]! : `${dir}/${parts[i]!}`;
    }
    return true;
  };
  return (path) => {
    if (path === '' || entries.has(path)) return true;
    let known = cache.get(path);
    if (known === undefined) {
      known = existsOnDisk(path);
      cache.set(path, known);
    }
    return known;
  };
}
