/**
 * A workspace that follows the disk (CATALOG, live workspace): the index loads in the
 * background, in slices, so a caller is never blocked for the whole load; a watcher marks what
 * changed; every snapshot asked for reflects every change complete on disk before the ask.
 *
 * Read your writes: Node's `fs.watch` (one watcher per directory) is served by libuv from one
 * inotify queue on this thread, and the kernel queues an event before the write that caused it
 * returns. A request read from stdin after a write was completed is therefore read in the same
 * or a later event-loop turn than that write's event; `snapshot()` waits one turn, so the event
 * has been seen, then applies every pending change before it answers. Where watching is
 * impossible (the watch limit, a filesystem without events) it compares every file's stamp
 * with the disk before each snapshot instead: slower, never stale.
 *
 * One state of the disk per snapshot: a refresh checks and reads its files one after another,
 * so a file checked early may change before a later one is read (another process writes at any
 * time; a loaded machine can stop this one for tens of milliseconds between two reads), and the
 * snapshot would then mix two versions of the disk that never were there together. A new
 * snapshot is therefore answered only once a turn has gone by after it was made with nothing to
 * apply: a change during its refresh was queued before the refresh ended, so that turn delivers
 * its event (where events are not trusted, a second comparison of every stamp finds it), and
 * the next flush applies it. A snapshot that survives the turn is the disk as its refresh left it.
 * The wait has a limit (`MAX_CHECK_TURNS`): files that change nonstop, faster than a refresh,
 * get the latest snapshot, unchecked.
 */
import { watch, type FSWatcher } from 'node:fs';
import { platform } from 'node:os';
import { join } from 'node:path';
import type { Workspace } from '../shared/types.js';
import type { LiveMode, LiveOptions, LiveWorkspace, UpdateListener } from './live-types.js';
import { createWorkspaceIndex, type Changes, type WorkspaceIndex } from './workspace-index.js';
import { linkNotices } from './link-notices.js';
import { NO_SOURCES } from '../model/source-findings.js';
import { followSources } from './follow-sources.js';

export type { LiveMode, LiveOptions, LiveWorkspace, UpdateListener } from './live-types.js';

/** More events than this between two updates re-check everything (the kernel's queue may have overflowed); a slice of the first load, at most this long. */
const EVENT_FLOOD = 4000;
const SLICE_MS = 15;
/**
 * How many turns a snapshot waits at most for one that no change made during its refresh
 * follows (files changing nonstop, faster than a refresh: it then answers the latest).
 */
const MAX_CHECK_TURNS = 32;
/** How soon after the first load the on-disk index is written (the first requests come first), and how often at most after changes. */
const SAVE_AFTER_LOAD_MS = 1000;
const SAVE_EVERY_MS = 5000;

export function openLiveWorkspace(root: string, options: LiveOptions = {}): LiveWorkspace {
  let mode: LiveMode = options.mode ?? 'watch';
  const settleMs = options.settleMs ?? 50;
  const trustEvents = options.trustEvents ?? platform() === 'linux';
  const watchers = new Map<string, FSWatcher>();
  const pending = new Set<string>();
  let events = 0;
  let settleTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let isLoaded = false;
  const listeners = new Set<UpdateListener>();
  // How many snapshots were made (the first load, then each update that changed it), and which
  // of them a turn with nothing to apply followed: one state of the disk (see above).
  let made = 0;
  let checked = 0;

  const giveUpWatching = (why: string) => {
    if (mode !== 'watch') return;
    mode = 'poll';
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
    for (const watcher of traceWatchers.values()) watcher.close();
    traceWatchers.clear();
    options.log?.(`cannot watch ${root} (${why}); checking file sizes and times before each request instead (slower, never stale)`);
    options.onPoll?.();
  };

  const attach = (dir: string) => {
    if (mode !== 'watch' || closed || watchers.has(dir)) return;
    try {
      const watcher = watch(dir === '' ? root : join(root, dir), { persistent: options.persistent === true }, (_event, name) => {
        events += 1;
        const file = name === null ? null : name.toString();
        pending.add(file === null ? dir : dir === '' ? file : `${dir}/${file}`);
        scheduleSettle();
      });
      watcher.on('error', () => {
        // The directory went away (or cannot be watched any more): its parent's listing says what is left.
        watcher.close();
        watchers.delete(dir);
        pending.add(dir);
        scheduleSettle();
      });
      watchers.set(dir, watcher);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC' || code === 'EMFILE' || code === 'ENFILE' || code === 'ENOSYS' || code === 'EPERM') giveUpWatching(code === 'ENOSPC' ? "the system's limit of watched directories is reached" : String(code));
      // A directory that vanished before it could be watched is seen by its parent's watcher.
    }
  };
  const detach = (dir: string) => void (watchers.get(dir)?.close(), watchers.delete(dir));
  // Other repositories' files (issue 57): the first load waits for them.
  let [sources, stopSources] = [NO_SOURCES, noop];
  const index: WorkspaceIndex = createWorkspaceIndex(root, {
    beforeList: attach,
    afterDrop: detach,
    ...(options.log === undefined ? {} : { onLinkSkipped: linkNotices(options.log) }),
    // Texts of the on-disk index that cannot be read back: written again soon.
    ...(options.cache === undefined ? {} : { cache: { ...options.cache, onDamaged: () => scheduleSave(SAVE_EVERY_MS) } }),
    sources: () => sources,
  });

  // The on-disk index: written off the answer path, a moment after the load or a change (one timer at most, which never keeps the process alive).
  let saveTimer: NodeJS.Timeout | undefined;
  const scheduleSave = (ms: number) => {
    if (options.cache === undefined || closed || saveTimer !== undefined) return;
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      if (closed) return;
      // A write under way holds the state it started from: what changed since waits for the next one.
      if (saving) scheduleSave(SAVE_EVERY_MS);
      else void saveInSlices();
    }, ms);
    saveTimer.unref();
  };
  /** The write in slices, as the load: requests are answered between them. */
  let saving = false;
  const saveInSlices = async () => {
    if (saving) return;
    saving = true;
    try {
      const steps = index.saveCacheSteps();
      let sliceStart = performance.now();
      for (let step = steps.next(); step.done !== true; step = steps.next()) {
        if (performance.now() - sliceStart > SLICE_MS) {
          await nextTurn();
          sliceStart = performance.now();
        }
        if (closed) {
          steps.return(false);
          break;
        }
      }
    } catch (error) {
      // The index is a cache: a write that fails is one line, never the end of the server.
      options.log?.(`the on-disk index was not written: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      saving = false;
    }
  };

  // The trace sources' directories (TRACE §5), by absolute path: a change there marks the sources.
  const traceWatchers = new Map<string, FSWatcher>();
  const followTraces = () => {
    const dirs = new Set(index.traceDirectories());
    for (const [dir, watcher] of traceWatchers) if (!dirs.has(dir)) (watcher.close(), traceWatchers.delete(dir));
    if (mode !== 'watch' || closed) return;
    for (const dir of dirs) {
      if (traceWatchers.has(dir)) continue;
      try {
        const watcher = watch(dir, { persistent: options.persistent === true }, () => {
          events += 1;
          index.markTraces();
          scheduleSettle();
        });
        watcher.on('error', () => {
          watcher.close();
          traceWatchers.delete(dir);
          index.markTraces();
          scheduleSettle();
        });
        traceWatchers.set(dir, watcher);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOSPC' || code === 'EMFILE' || code === 'ENFILE' || code === 'ENOSYS' || code === 'EPERM') giveUpWatching(String(code));
      }
    }
  };

  const update = (changes: Changes) => {
    const before = index.workspace();
    const after = index.refresh(changes);
    followTraces();
    if (after === before) return;
    made += 1;
    scheduleSave(SAVE_EVERY_MS);
    const changedIds = index.changedIds();
    for (const listener of listeners) listener(before, after, changedIds);
  };

  /** Applies every change marked so far (for a request: everything on disk, where events are not trusted). */
  const flush = (reason: 'request' | 'settled') => {
    if (settleTimer !== undefined) clearTimeout(settleTimer);
    settleTimer = undefined;
    if (mode === 'poll') return update('all');
    if (!trustEvents && reason === 'request') {
      pending.clear();
      events = 0;
      return update('all');
    }
    if (pending.size === 0 && !index.tracesMarked()) return;
    const changes: Changes = events > EVENT_FLOOD ? 'all' : [...pending];
    pending.clear();
    events = 0;
    update(changes);
  };

  function scheduleSettle(): void {
    if (!isLoaded || closed) return;
    if (settleTimer !== undefined) clearTimeout(settleTimer);
    settleTimer = setTimeout(() => flush('settled'), settleMs);
    settleTimer.unref();
  }

  // The first `snapshot()` starts the load, whatever `startAfter` is waiting for (a failed
  // `startAfter` starts it too).
  let asked: () => void = () => {};
  const firstAsk = new Promise<void>((resolve) => (asked = resolve));
  const startSignal = options.startAfter === undefined ? undefined : Promise.race([options.startAfter.then(noop, noop), firstAsk]);
  const ready = (async () => {
    // Let the caller finish starting (the server wires its transport) before the first slice.
    await nextTurn();
    if (startSignal !== undefined) await startSignal;
    if (options.sources !== undefined) sources = await options.sources().catch((error: unknown) => (options.log?.(`the sources cannot be read (${String(error)}); serving this workspace alone`), NO_SOURCES));
    const steps = index.refreshSteps('all');
    let sliceStart = performance.now();
    for (;;) {
      const step = steps.next();
      if (step.done === true) break;
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
    isLoaded = true;
    made += 1;
    scheduleSave(SAVE_AFTER_LOAD_MS);
    if (mode === 'static') return;
    followTraces();
    if (options.sources !== undefined) stopSources = followSources(root, { sources, read: options.sources, apply: (next) => ((sources = next), update([])), persistent: options.persistent === true, log: options.log });
    // Changes during the load: apply them now.
    if (pending.size > 0) scheduleSettle();
  })();

  /** Every change complete on disk before now, applied, as one state of the disk (see the module comment). */
  async function snapshotNow(): Promise<Workspace> {
    // One turn of the event loop: watcher events queued before this request are delivered.
    await nextTurn();
    flush('request');
    // A snapshot made since the last check: one more turn delivers the events of what changed
    // while its refresh ran (a poll compares every stamp again); nothing new, and it stands.
    for (let turns = 0; made !== checked && turns < MAX_CHECK_TURNS && !closed; turns += 1) {
      const candidate = made;
      await nextTurn();
      flush('request');
      if (made === candidate) checked = candidate;
    }
    return index.workspace();
  }

  return {
    root,
    snapshot: async () => {
      asked();
      await ready;
      if (closed || mode === 'static') return index.workspace();
      return snapshotNow();
    },
    latest: () => (isLoaded ? index.workspace() : null),
    loaded: () => isLoaded,
    firstLoad: () => ready.then(() => index.workspace()),
    onUpdate: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    mode: () => mode,
    written: async (paths) => {
      asked();
      await ready;
      if (closed) return index.workspace();
      if (mode === 'static') {
        update(paths);
        return index.workspace();
      }
      for (const path of paths) pending.add(path);
      return snapshotNow();
    },
    close: () => {
      closed = true;
      if (settleTimer !== undefined) clearTimeout(settleTimer);
      if (saveTimer !== undefined) clearTimeout(saveTimer);
      for (const map of [watchers, traceWatchers]) (map.forEach((watcher) => watcher.close()), map.clear());
      stopSources();
    },
  };
}

const noop = (): void => {};

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
