/**
 * Workspaces loaded on request (`validate_traceability`'s `workspacePath`): one load at a time,
 * in slices that let the event loop answer other requests between them, requests for the same
 * directory that are still waiting sharing one load, and the indexes of the last few
 * directories kept, so that asking again re-reads only what changed.
 *
 * The root is a real path its caller checked (no symbolic link on the way). It is never
 * resolved again: it is checked once more when its load starts and when it ends, and every
 * read under it is refused if the path no longer leads where it did (`safe-fs.ts`), so a
 * directory swapped for a link while it waits or loads is reported, never followed.
 */
import { lstatSync, realpathSync, type Stats } from 'node:fs';
import { PathNotAllowedError, WorkspaceNotFoundError } from '../shared/errors.js';
import type { Workspace } from '../shared/types.js';
import { createWorkspaceIndex, type WorkspaceIndex } from './workspace-index.js';

export interface AuditLoaderOptions {
  /** How many directories' indexes are kept, most recently used first. Default 4. */
  readonly maxCached?: number;
  /** The most Markdown files the kept indexes hold together (memory). Default 50,000. */
  readonly maxCachedFiles?: number;
  /** A kept index not asked for this long is dropped. Default 60 s. */
  readonly idleMs?: number;
  /** The longest stretch a load runs before the event loop answers other requests. Default 15 ms. */
  readonly sliceMs?: number;
}

export interface AuditLoader {
  /**
   * The workspace at `root` (an absolute real path the caller checked), as the disk was when its
   * load started. Rejects with `WorkspaceNotFoundError` when the root is gone or not a directory,
   * and with `PathNotAllowedError` when it is (or its path runs through) a symbolic link now.
   */
  load(root: string): Promise<Workspace>;
  /** The roots whose index is kept, least recently used first. */
  cached(): readonly string[];
  /** Drops every kept index. */
  close(): void;
}

interface Kept {
  readonly index: WorkspaceIndex;
  readonly identity: string;
  lastUsed: number;
}

interface Job {
  readonly root: string;
  readonly promise: Promise<Workspace>;
  readonly settle: { resolve: (workspace: Workspace) => void; reject: (error: unknown) => void };
}

export function createAuditLoader(options: AuditLoaderOptions = {}): AuditLoader {
  const maxCached = options.maxCached ?? 4;
  const maxCachedFiles = options.maxCachedFiles ?? 50_000;
  const idleMs = options.idleMs ?? 60_000;
  const sliceMs = options.sliceMs ?? 15;
  const kept = new Map<string, Kept>();
  /** Jobs not started yet, in arrival order; `waiting` finds one by root. */
  const queue: Job[] = [];
  const waiting = new Map<string, Job>();
  let running = false;
  let sweeper: NodeJS.Timeout | undefined;

  async function run(): Promise<void> {
    running = true;
    // Requests that arrive in the same turn (a batch) join the job before it starts.
    await nextTurn();
    while (queue.length > 0) {
      const job = queue.shift()!;
      waiting.delete(job.root);
      try {
        job.settle.resolve(await loadNow(job.root));
      } catch (error) {
        job.settle.reject(error);
      }
    }
    running = false;
  }

  async function loadNow(root: string): Promise<Workspace> {
    const identity = checkRoot(root);
    let entry = kept.get(root);
    if (entry === undefined || entry.identity !== identity) {
      kept.delete(root);
      entry = { index: createWorkspaceIndex(root), identity, lastUsed: 0 };
    }
    // Not kept while it loads: a load that fails half-way leaves no half-refreshed index behind.
    kept.delete(root);
    const workspace = await inSlices(entry.index.refreshSteps('all'), sliceMs);
    if (checkRoot(root) !== identity) throw changedWhileRead(root);
    keep(root, entry);
    return workspace;
  }

  function keep(root: string, entry: Kept): void {
    entry.lastUsed = Date.now();
    kept.delete(root);
    kept.set(root, entry);
    let files = 0;
    for (const { index } of kept.values()) files += index.workspace().files.length;
    // Oldest first (the map's order is use order).
    for (const [dir, old] of kept) {
      if (kept.size <= maxCached && files <= maxCachedFiles) break;
      files -= old.index.workspace().files.length;
      kept.delete(dir);
    }
    if (sweeper === undefined && kept.size > 0) {
      sweeper = setInterval(sweep, Math.max(1000, Math.min(idleMs, 30_000)));
      sweeper.unref();
    }
  }

  function sweep(): void {
    const now = Date.now();
    for (const [dir, entry] of kept) if (now - entry.lastUsed > idleMs) kept.delete(dir);
    if (kept.size === 0 && sweeper !== undefined) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }

  return {
    load(root) {
      const joined = waiting.get(root);
      if (joined !== undefined) return joined.promise;
      let settle!: Job['settle'];
      const promise = new Promise<Workspace>((resolve, reject) => (settle = { resolve, reject }));
      const job: Job = { root, promise, settle };
      queue.push(job);
      waiting.set(root, job);
      if (!running) void run();
      return promise;
    },
    cached: () => [...kept.keys()],
    close() {
      kept.clear();
      if (sweeper !== undefined) clearInterval(sweeper);
      sweeper = undefined;
    },
  };
}

/**
 * Checks that `root` is still a directory reached without a symbolic link, and returns its
 * identity (device and inode): a directory replaced by another is loaded afresh.
 */
function checkRoot(root: string): string {
  let stats: Stats;
  try {
    stats = lstatSync(root);
  } catch (error) {
    throw new WorkspaceNotFoundError(root, `\`${root}\` does not exist (any more); pass an existing directory of Markdown documents.`, { cause: error });
  }
  if (stats.isSymbolicLink()) throw changedWhileRead(root);
  if (!stats.isDirectory()) throw new WorkspaceNotFoundError(root, `\`${root}\` is not a directory; pass the directory that holds the Markdown documents.`);
  let real: string;
  try {
    real = realpathSync(root);
  } catch (error) {
    throw new WorkspaceNotFoundError(root, `\`${root}\` does not exist (any more); pass an existing directory of Markdown documents.`, { cause: error });
  }
  if (real !== root) throw changedWhileRead(root);
  return `${stats.dev}:${stats.ino}`;
}

function changedWhileRead(root: string): PathNotAllowedError {
  return new PathNotAllowedError(
    root,
    `\`${root}\` is (or its path runs through) a symbolic link now, or was replaced while it was read; DocuGraph never follows symbolic links. Pass the real path of a directory inside the allowed places, and try again once it stops changing.`,
  );
}

/** Runs `steps` to the end, letting the event loop run whenever a stretch passed `sliceMs`. */
async function inSlices<T>(steps: Generator<unknown, T, void>, sliceMs: number): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    if (performance.now() - sliceStart > sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
