/**
 * Issue 57: a live workspace follows its sources' working trees too. Each folder the walk of a
 * source's working tree listed gets a watcher of its own (not at a `rev`), attached in slices
 * a moment after the first load so that no answer waits for them (a tree of 10,000 files has about a
 * thousand folders: a quarter of a second of watchers); once they are all there, the sources
 * are read once more, so that a change made before a watcher was there is not missed. After a
 * change settles, every source is read again (through its own on-disk index: only what changed
 * is read) and, when what they hold differs (their key), handed to the workspace, which
 * assembles its graph again; the watchers then follow the folders the new walk listed. A
 * change while a read is under way reads them once more after it. A folder that cannot be
 * watched (the watch limit) leaves that source as it was read (one log line says so).
 */
import { watch, type FSWatcher } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LoadedSources } from '../model/source-findings.js';

export interface SourceFollowing {
  /** The sources as first read. */
  readonly sources: LoadedSources;
  /** Reads every source again. */
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

/** Follows the working trees of `following.sources` under `root`; returns what stops it. */
export function followSources(root: string, following: SourceFollowing): () => void {
  const watchers = new Map<string, FSWatcher>();
  let current = following.sources;
  let timer: NodeJS.Timeout | undefined;
  let reading = false;
  let again = false;
  let closed = false;
  let attaching = 0;
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
      if (next.key === null || next.key !== current.key) following.apply(next);
      current = next;
      void attachAll();
    } catch (error) {
      following.log?.(`the sources could not be read again (${error instanceof Error ? error.message : String(error)}); serving them as they were`);
    } finally {
      reading = false;
      if (again && !closed) (again = false), schedule();
    }
  };
  /** Watchers on every folder the sources' walks listed (and none on a folder they no longer list), in slices; then one more read when the first ones were just attached. */
  const attachAll = async (): Promise<void> => {
    const wanted = new Set<string>();
    for (const source of current.sources) {
      if (source.directories === undefined) continue;
      const top = resolve(root, source.spec.path);
      for (const dir of source.directories) wanted.add(dir === '' ? top : join(top, dir));
    }
    for (const [dir, watcher] of watchers) if (!wanted.has(dir)) (watcher.close(), watchers.delete(dir));
    const first = watchers.size === 0;
    attaching += 1;
    try {
      let slice = performance.now();
      for (const dir of wanted) {
        if (closed) return;
        if (watchers.has(dir)) continue;
        try {
          const watcher = watch(dir, { persistent: following.persistent }, schedule);
          watcher.on('error', () => (watcher.close(), watchers.delete(dir), schedule()));
          watchers.set(dir, watcher);
        } catch (error) {
          following.log?.(`cannot watch \`${dir}\` (${(error as NodeJS.ErrnoException).code ?? String(error)}); a change in the sources there shows after a restart`);
          return;
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
