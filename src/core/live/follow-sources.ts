/**
 * Issue 57: a live workspace follows its sources' working trees too. Each source read from its
 * working tree (not at a `rev`) is watched as one tree; after a change there settles, every
 * source is read again (through its own on-disk index: only what changed is read) and the
 * result is handed to the workspace, which assembles its graph again. A change while a read is
 * under way reads them once more after it. A source that cannot be watched is read as it was
 * at the start (one log line says so).
 */
import { watch, type FSWatcher } from 'node:fs';
import { resolve } from 'node:path';
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
}

/** Follows the working trees of `following.sources` under `root`; returns what stops it. */
export function followSources(root: string, following: SourceFollowing): () => void {
  const watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  let reading = false;
  let again = false;
  let closed = false;
  const settle = following.settleMs ?? 200;
  const readAgain = async (): Promise<void> => {
    if (reading) return void (again = true);
    reading = true;
    try {
      const next = await following.read();
      if (!closed) following.apply(next);
    } catch (error) {
      following.log?.(`the sources could not be read again (${error instanceof Error ? error.message : String(error)}); serving them as they were`);
    } finally {
      reading = false;
      if (again && !closed) (again = false), schedule();
    }
  };
  const schedule = (): void => {
    if (closed) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => void readAgain(), settle);
    timer.unref();
  };
  for (const source of following.sources.sources) {
    if (source.state !== 'ok' || source.spec.rev !== null) continue;
    try {
      const watcher = watch(resolve(root, source.spec.path), { recursive: true, persistent: following.persistent }, schedule);
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
    } catch (error) {
      following.log?.(`cannot watch the source \`${source.spec.name}\` (${(error as NodeJS.ErrnoException).code ?? String(error)}); a change there needs a restart`);
    }
  }
  return () => {
    closed = true;
    if (timer !== undefined) clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}
