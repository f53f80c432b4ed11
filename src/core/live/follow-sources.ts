/**
 * Issue 57: a live workspace follows its sources too. Each folder the walk of a source's working
 * tree listed gets a watcher of its own (not at a `rev`), and so does the `.git` folder of each
 * source's repository (a commit moves the source) and this workspace's root (a change to
 * `sources:` in docugraph.yml, or to the pins in docugraph.lock.json). They are attached in
 * slices a moment after the first load, so that no answer waits for them (a tree of 10,000
 * files has about a thousand folders: a quarter of a second of watchers); once they are all
 * there, the sources are read once more, so that a change made before a watcher was there is
 * not missed. After a change settles, every source is read again (through its own on-disk
 * index: only what changed is read) and, when the read says something else (what the sources
 * hold, their commits, pins or findings), handed to the workspace, which assembles its graph
 * again; the watchers then follow what the new read lists. A change while a read is under way
 * reads them once more after it. A folder gone since its walk is skipped (the read that follows
 * lists the new ones); the watch limit stops following (one log line says so).
 */
import { watch, type FSWatcher } from 'node:fs';
import { join, resolve } from 'node:path';
import { sameRead, type LoadedSources } from '../model/source-findings.js';
import { CONFIG_FILE, LOCK_FILE } from '../shared/config-types.js';

export interface SourceFollowing {
  /** The sources as first read. */
  readonly sources: LoadedSources;
  /** Reads every source again (with the configuration as it is then). */
  readonly read: () => Promise<LoadedSources>;
  /** Takes the sources read again. */
  readonly apply: (sources: LoadedSources) => void;
  readonly persistent: boolean;
  readonly log?: ((line: string) => void) | undefined;
  /** How long after the last change the sources are read again (default 200 ms). */
  readonly settleMs?: number;
  /** How long after the start the watchers are attached (the first requests come first; default 1 s). */
  readonly delayMs?: number;
}

/** The longest one slice of attaching watchers holds the thread. */
const SLICE_MS = 10;
/** Errors that say no more watchers can be had: following stops. */
const LIMITS = new Set(['ENOSPC', 'EMFILE', 'ENFILE']);

/** Follows the sources of the workspace at `root`; returns what stops it. */
export function followSources(root: string, following: SourceFollowing): () => void {
  const watchers = new Map<string, FSWatcher>();
  let current = following.sources;
  let timer: NodeJS.Timeout | undefined;
  let reading = false;
  let again = false;
  let closed = false;
  let attaching = 0;
  let stopped = false;
  const settle = following.settleMs ?? 200;
  const schedule = (): void => {
    if (closed || attaching > 0) return void (again = attaching > 0 || again);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void readAgain(), settle);
    timer.unref();
  };
  const readAgain = async (): Promise<void> => {
    if (reading) return void (again = true);
    reading = true;
    try {
      const next = await following.read();
      if (closed) return;
      if (!sameRead(next, current)) following.apply(next);
      current = next;
      void attachAll();
    } catch (error) {
      following.log?.(`the sources could not be read again (${error instanceof Error ? error.message : String(error)}); serving them as they were`);
    } finally {
      reading = false;
      if (again && !closed) (again = false), schedule();
    }
  };
  /** What to watch now: the root (for its two files), each source's `.git`, and each folder its walk listed. */
  const wanted = (): Map<string, (name: string | null) => boolean> => {
    const all = new Map<string, (name: string | null) => boolean>([[root, (name) => name === null || name === CONFIG_FILE || name === LOCK_FILE]]);
    const any = (): boolean => true;
    for (const source of current.sources) {
      if (source.gitDir !== undefined && source.spec.rev === null) all.set(source.gitDir, any);
      if (source.directories === undefined) continue;
      const top = resolve(root, source.spec.path);
      for (const dir of source.directories) all.set(dir === '' ? top : join(top, dir), any);
    }
    return all;
  };
  /** Watchers on everything `wanted` names (and none on what it no longer names), in slices; then one more read after the first ones. */
  const attachAll = async (): Promise<void> => {
    if (stopped) return;
    const want = wanted();
    for (const [dir, watcher] of watchers) if (!want.has(dir)) (watcher.close(), watchers.delete(dir));
    const first = watchers.size === 0;
    attaching += 1;
    try {
      let slice = performance.now();
      for (const [dir, relevant] of want) {
        if (closed) return;
        if (watchers.has(dir)) continue;
        try {
          const watcher = watch(dir, { persistent: following.persistent }, (_event, name) => {
            if (relevant(name === null ? null : name.toString())) schedule();
          });
          watcher.on('error', () => (watcher.close(), watchers.delete(dir), schedule()));
          watchers.set(dir, watcher);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? String(error);
          if (LIMITS.has(code)) {
            following.log?.(`cannot watch the sources any more (${code}); a change in them shows after a restart`);
            stopped = true;
            return;
          }
          // Gone since the walk (a branch switched): the next read lists what is there now.
          again = true;
        }
        if (performance.now() - slice > SLICE_MS) (await new Promise((done) => setImmediate(done)), (slice = performance.now()));
      }
    } finally {
      attaching -= 1;
    }
    // What changed before the first watchers were there (or while they were being attached) is read now.
    if ((first || again) && !closed) (again = false), schedule();
  };
  const start = setTimeout(() => void attachAll(), following.delayMs ?? 1000);
  start.unref();
  return () => {
    closed = true;
    clearTimeout(start);
    if (timer !== undefined) clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}
