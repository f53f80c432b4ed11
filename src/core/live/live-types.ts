/**
 * What a live workspace (live-workspace.ts) is to its callers: its modes, options and methods.
 */
import type { Workspace } from '../shared/types.js';
import type { LoadedSources } from '../model/source-findings.js';
import type { IndexCacheOptions } from '../store/index-cache.js';

export type LiveMode = 'watch' | 'poll' | 'static';

/**
 * Told after each update that changed the snapshot. `changedIds`, when not `null`, holds every
 * id whose node may differ between the two snapshots, and the set of ids is the same in both
 * (an edit that moved no id); `null` means anything may differ.
 */
export type UpdateListener = (before: Workspace, after: Workspace, changedIds: ReadonlySet<string> | null) => void;

export interface LiveOptions {
  /** `watch` (default): follow the disk with a watcher; `poll`: compare stamps before each snapshot; `static`: load once. */
  readonly mode?: LiveMode;
  /** How long changes must be quiet before an update is made on its own (for notifications). Default 50 ms. */
  readonly settleMs?: number;
  /** Whether the watchers keep the process alive (a `--watch` command line); default `false`. */
  readonly persistent?: boolean;
  /**
   * Whether the watcher's events alone are trusted for read-your-writes. Default: on Linux only,
   * where one inotify queue is read on this thread (see above). Elsewhere (macOS FSEvents and
   * Windows deliver from another thread, after a delay) each snapshot also compares every
   * file's stamp with the disk; the watcher then only makes updates and notifications prompt.
   */
  readonly trustEvents?: boolean;
  /** One line for a person (stderr): when watching is given up, for instance. */
  readonly log?: (line: string) => void;
  /** Called when watching is given up (the mode becomes `poll`): a caller with no requests to come polls from then on. */
  readonly onPoll?: () => void;
  /**
   * The first load starts once this settles, or at the first `snapshot()` if that comes first;
   * default: at once. A server passes its handshake, so the load does not compete with it.
   */
  readonly startAfter?: Promise<unknown>;
  /**
   * The on-disk index (issue 38): the first load takes from it every file unchanged since; it
   * is written soon after the first load and at most every `SAVE_EVERY_MS` after changes.
   */
  /** Reads other repositories' files (`sources:`, issue 57): called once the load may start; the first load waits for them. */
  readonly sources?: () => Promise<LoadedSources>;
  readonly cache?: IndexCacheOptions;
}

export interface LiveWorkspace {
  readonly root: string;
  /**
   * A snapshot that includes every change complete on disk before the call and is one state the
   * disk had, unless files change nonstop (see `MAX_CHECK_TURNS`); waits for the first load.
   */
  snapshot(): Promise<Workspace>;
  /** The latest snapshot without waiting (`null` before the first load). */
  latest(): Workspace | null;
  /** Whether the first load is done. */
  loaded(): boolean;
  /** The first load's snapshot, when it is done (unlike `snapshot()`, this does not start it early). */
  firstLoad(): Promise<Workspace>;
  /** Calls `listener` after each update that changed the snapshot; returns how to stop. */
  onUpdate(listener: UpdateListener): () => void;
  /** How the disk is followed now (`watch` turns into `poll` when watching fails). */
  mode(): LiveMode;
  /** A snapshot that shows a write this process made to `paths` (from the root), in every mode (`static` too). */
  written(paths: readonly string[]): Promise<Workspace>;
  /** Stops watching; later snapshots are the last one. */
  close(): void;
}
