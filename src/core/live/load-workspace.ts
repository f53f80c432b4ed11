/**
 * Loading: a workspace root, then one full pass of the workspace index (discover → analyse
 * each file → resolve ids → graph → cycles → links) into one immutable `Workspace` snapshot
 * that every query reads.
 */
import { realpathSync, statSync } from 'node:fs';
import { WorkspaceNotFoundError } from '../shared/errors.js';
import type { Workspace } from '../shared/types.js';
import type { FileAnalysis } from '../model/analyze-file.js';
import type { AssemblyCache, LinkEntry } from '../model/assemble-workspace.js';
import type { IndexCacheOptions } from '../store/index-cache.js';
import type { LoadedSources } from '../model/source-findings.js';
import { createWorkspaceIndex } from './workspace-index.js';

/** Resolves `path` to the real path of a readable directory, or throws `WorkspaceNotFoundError`. */
export function resolveWorkspaceRoot(path: string): string {
  let root: string;
  try {
    root = realpathSync(path);
  } catch (error) {
    throw new WorkspaceNotFoundError(path, `Workspace \`${path}\` does not exist; pass the directory that holds your Markdown documents.`, { cause: error });
  }
  let directory: boolean;
  try {
    directory = statSync(root).isDirectory();
  } catch (error) {
    // Gone between the two calls.
    throw new WorkspaceNotFoundError(path, `Workspace \`${path}\` does not exist; pass the directory that holds your Markdown documents.`, { cause: error });
  }
  if (!directory) {
    throw new WorkspaceNotFoundError(path, `Workspace \`${path}\` is not a directory; pass the directory that holds your Markdown documents.`);
  }
  return root;
}

export interface LoadOptions {
  /** Called after each file is read and analysed, with the count so far and the total. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Called for each symbolic link with a Markdown name the load skipped (never followed). */
  readonly onLinkSkipped?: (path: string) => void;
  /** The on-disk index (issue 38): files unchanged since it was written are taken from it. */
  readonly cache?: IndexCacheOptions;
  /** Keep the git blob id of each file read, for a `diff` that reads a revision beside this load (`loadRevision`'s `reuse`). */
  readonly blobIds?: boolean;
  /** Other repositories' files (`sources:`, issue 57), read before (`loadSources`). */
  readonly sources?: LoadedSources;
}

/** The analysis of each file a load with `blobIds` read, by path, with the blob id of its bytes (`diff` reads unchanged files of a revision from them). */
const analyses = new WeakMap<Workspace, Reusable>();

/** A file's analysis and the git blob id of the bytes it was made of. */
export interface ReusableRead {
  readonly analysis: FileAnalysis;
  readonly blob: string;
  /** Its link findings and the paths (and keys, check/target-keys.ts) they looked at. */
  readonly links: LinkEntry | null;
}

/** What a load with `blobIds` lends a revision's load: each file's read, every entry its walk listed, and its Markdown files. */
export interface Reusable {
  readonly read: (path: string) => ReusableRead | undefined;
  readonly entries: ReadonlySet<string>;
  readonly files: readonly string[];
  /** Its assembly's cache, to patch with the files a revision holds otherwise (used once: the load is done). */
  readonly assembly: AssemblyCache;
}

/** How to find the analysis of a file of `workspace` and its blob id, when a load with `blobIds` made it (else `undefined`). */
export function analysesOf(workspace: Workspace): Reusable | undefined {
  return analyses.get(workspace);
}

/** Loads and indexes the workspace at `path` (META-01 §1–§6), in this thread: a fresh index, refreshed once. */
export function loadWorkspace(path: string, options: LoadOptions = {}): Workspace {
  return loadIndexed(path, options).workspace;
}

/**
 * `loadWorkspace`, and how to write the on-disk index of what it loaded afterwards (when
 * `options.cache` is given and the load read files): a command writes it once its answer is out.
 */
export function loadIndexed(path: string, options: LoadOptions = {}): { readonly workspace: Workspace; readonly saveIndex: () => boolean; readonly fromIndex: number; readonly listingsFromIndex: number } {
  const blobIds = options.blobIds === true;
  const { sources } = options;
  const index = createWorkspaceIndex(resolveWorkspaceRoot(path), { once: true, blobIds, onLinkSkipped: options.onLinkSkipped, ...(options.cache === undefined ? {} : { cache: options.cache }), ...(sources === undefined ? {} : { sources: () => sources }) });
  const workspace = index.refresh('all', options.onProgress);
  if (blobIds) {
    analyses.set(workspace, {
      read: (file) => {
        const read = index.readOf(file);
        return read?.blob === undefined ? undefined : { analysis: read.analysis, blob: read.blob, links: read.links };
      },
      entries: index.entries(),
      files: workspace.files,
      assembly: index.assembly(),
    });
  }
  return { workspace, saveIndex: () => index.saveCache(), fromIndex: index.fromCache(), listingsFromIndex: index.listingsFromCache() };
}
