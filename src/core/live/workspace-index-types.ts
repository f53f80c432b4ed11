/**
 * What a workspace index (workspace-index.ts) is to its callers: its options, the changes a
 * refresh takes, and its methods.
 */
import type { LinkOptions } from '../shared/config-types.js';
import type { Workspace } from '../shared/types.js';
import type { AssemblyCache, LinkEntry } from '../model/assemble-workspace.js';
import type { FileAnalysis } from '../model/analyze-file.js';
import type { IndexCacheOptions } from '../store/index-cache.js';
import type { LoadedSources } from '../model/source-findings.js';
import type { Stamp } from '../model/file-stamp.js';

export interface IndexOptions {
  /** Called before a directory is listed: a watcher attached there sees every later change in it. */
  readonly beforeList?: (dir: string) => void;
  /** Called when a directory leaves the walk (deleted, renamed, now ignored). */
  readonly afterDrop?: (dir: string) => void;
  /** Called the first time a listing finds a symbolic link with a Markdown name (skipped, never followed). */
  readonly onLinkSkipped?: ((path: string) => void) | undefined;
  /** How links resolve (META-01 §8 `links`), over the workspace's `docugraph.yml`; default: the configuration's. */
  readonly links?: LinkOptions;
  /**
   * `true` for an index refreshed once and dropped (`loadWorkspace`): it does not keep, per
   * file, the paths its link checks looked at, which only a later refresh would need.
   */
  readonly once?: boolean;
  /** The on-disk index (issue 38): a first load takes from it every file unchanged since it was written. */
  readonly cache?: IndexCacheOptions;
  /** Other repositories' files (`sources:`, issue 57), read by the caller, asked for at the first refresh and joined to every assembly. */
  readonly sources?: () => LoadedSources;
  /** Keep the git blob id of each file read (`readOf`): `diff` reuses its analysis where a revision holds the same bytes. */
  readonly blobIds?: boolean;
}

/** What changed on disk: paths relative to the root (files or directories), or `all`. */
export type Changes = Iterable<string> | 'all';

export interface WorkspaceIndex {
  /** Real absolute path of the root. */
  readonly root: string;
  /** The current snapshot (an empty workspace before the first refresh). */
  workspace(): Workspace;
  /**
   * Brings the index up to date with `changes` (the paths a watcher reported, or `all` to
   * compare everything with the disk) and returns the new snapshot. A generator: each file read
   * is one step (`done`, `total`), so a caller can spread a large load over several turns.
   */
  refreshSteps(changes: Changes): Generator<{ done: number; total: number }, Workspace, void>;
  /** `refreshSteps` run to the end at once. */
  refresh(changes: Changes, onProgress?: (done: number, total: number) => void): Workspace;
  /** Every directory the walk lists now. */
  directories(): Iterable<string>;
  /** The analysis of the file at `path` (relative to the root) the current snapshot was made from, and the blob id of the bytes it was made of when `blobIds` asked for it (and the file was read, not taken from the on-disk index). */
  readOf(path: string): { readonly analysis: FileAnalysis; readonly blob?: string; readonly links: LinkEntry | null; readonly stamp: Stamp | null } | undefined;
  /** Every entry (file or directory, relative to the root) the walk lists now. */
  entries(): ReadonlySet<string>;
  /** What the last assembly keeps for the next (a revision's load beside a one-time load patches it: D-447). */
  assembly(): AssemblyCache;
  /** Marks the trace sources as changed (a watcher saw a change in one of `traceDirectories`): the next refresh reads them again. */
  markTraces(): void;
  /** Whether the trace sources are marked as changed since they were last read. */
  tracesMarked(): boolean;
  /** The absolute paths of the directories the trace sources were listed from (TRACE §5). */
  traceDirectories(): Iterable<string>;
  /**
   * Writes the on-disk index of the current state, when the index has one and a refresh read
   * files since it was last written (a warm start that read nothing writes nothing); whether
   * it wrote.
   */
  saveCache(): boolean;
  /** `saveCache` a step at a time: what the index holds when it starts is what is written. */
  saveCacheSteps(): Generator<void, boolean, void>;
  /** How many files the first load took from the on-disk index instead of reading them. */
  fromCache(): number;
  /** How many folder listings it took from the on-disk index instead of listing the folders. */
  listingsFromCache(): number;
  /**
   * What the refresh that made the current snapshot changed, when it is known to be small: the
   * ids whose node may differ from the snapshot before (the set of ids is then the same);
   * `null` when anything may have changed.
   */
  changedIds(): ReadonlySet<string> | null;
}
