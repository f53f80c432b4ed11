/**
 * The trace tags of a workspace's sources (TRACE §5), kept up to date like its documents: a
 * refresh lists the source directories again and reads only the files whose stamp (size, times,
 * inode) differs from the version read, so a tag added or removed shows in the next answer.
 */
import { join } from 'node:path';
import { currentStamp, sameStamp, type Stamp } from '../model/file-stamp.js';
import type { TraceScan } from '../check/check-traces.js';
import { parseTraceTags } from '../parse/trace-tags.js';
import type { TraceOptions } from '../shared/config-types.js';
import { compileSources, createSourceReader, listSources } from '../read/trace-sources.js';
import type { Trace } from '../shared/types.js';

export interface TraceIndex {
  /** Lists and reads again what changed; whether any trace or the set of files changed. */
  refresh(): boolean;
  /** The traces now (`null` when tracing is off). */
  scan(): TraceScan | null;
  /** The directories listed by the last refresh, relative to the link root. */
  dirs(): readonly string[];
}

interface Known {
  readonly stamp: Stamp | null;
  readonly traces: readonly Trace[];
}

const NONE: readonly Trace[] = Object.freeze([]);

/** An index of the sources `options.sources` names under `linkRoot`; `gitignore` as the configuration says. */
export function createTraceIndex(linkRoot: string, options: TraceOptions, gitignore: boolean, keepStamps = true): TraceIndex {
  if (options.sources.length === 0) return { refresh: () => false, scan: () => null, dirs: () => [] };
  const globs = compileSources(options.sources);
  const known = new Map<string, Known>();
  let files: readonly string[] = [];
  let dirs: readonly string[] = [];
  let current: TraceScan = { traces: NONE, files: 0, root: linkRoot };

  function refresh(): boolean {
    const listing = listSources(linkRoot, globs, gitignore);
    dirs = listing.dirs;
    let changed = listing.files.length !== files.length || listing.files.some((file, i) => file !== files[i]);
    const present = new Set(listing.files);
    for (const file of known.keys()) if (!present.has(file)) known.delete(file);
    const reader = createSourceReader(linkRoot);
    try {
      for (const file of listing.files) {
        const before = known.get(file);
        const stamp = keepStamps ? currentStamp(linkRoot, file) : null;
        if (before !== undefined && sameStamp(before.stamp, stamp)) continue;
        const traces = tracesOf(file, reader.read(file));
        if (before === undefined || !sameTraces(before.traces, traces)) changed = true;
        known.set(file, { stamp, traces });
      }
    } finally {
      reader.close();
    }
    files = listing.files;
    if (changed) {
      const all: Trace[] = [];
      for (const file of files) for (const trace of known.get(file)!.traces) all.push(trace);
      current = { traces: all, files: files.length, root: linkRoot };
    }
    return changed;
  }

  return { refresh, scan: () => current, dirs: () => dirs };
}

/** The traces of one file's text, by line, each tag's ids in the order written. */
function tracesOf(path: string, text: string | null): readonly Trace[] {
  if (text === null) return NONE;
  const traces: Trace[] = [];
  const seen = new Set<string>();
  for (const tag of parseTraceTags(text)) {
    for (const id of tag.ids) {
      // One line naming the same id twice for one relation (two tags) is one trace.
      const key = `${tag.line} ${tag.relation} ${id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      traces.push({ path, line: tag.line, relation: tag.relation, id });
    }
  }
  return traces;
}

function sameTraces(a: readonly Trace[], b: readonly Trace[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.line !== y.line || x.relation !== y.relation || x.id !== y.id) return false;
  }
  return true;
}

/**
 * The trace sources of a workspace index: their index under the configuration's link root, and
 * whether a change reported by a watcher may have touched them.
 */
export interface TraceFollower {
  /** A new configuration: a new index (read at the next refresh). */
  configure(linkRoot: string, workspaceDir: string, options: TraceOptions, gitignore: boolean, keepStamps: boolean): void;
  /** Paths a watcher reported (relative to the workspace root): marks the sources when one is in a source directory. */
  note(paths: readonly string[]): void;
  /** Marks the sources as changed. */
  mark(): void;
  /** Whether the sources are marked. */
  dirty(): boolean;
  /** Lists and reads again; whether a trace changed. */
  refresh(): boolean;
  scan(): TraceScan | null;
  /** The absolute paths of the source directories listed. */
  directories(): string[];
}

export function createTraceFollower(root: string): TraceFollower {
  let index = createTraceIndex(root, { sources: [] }, false);
  let linkRoot = root;
  let below = '';
  let marked = false;
  let dirs: ReadonlySet<string> = new Set();
  const inDirs = (path: string): boolean => {
    const slash = path.lastIndexOf('/');
    return dirs.has(path) || dirs.has(slash === -1 ? '' : path.slice(0, slash));
  };
  return {
    configure: (at, workspaceDir, options, gitignore, keepStamps) => {
      index = createTraceIndex(at, options, gitignore, keepStamps);
      linkRoot = at;
      below = workspaceDir;
      marked = true;
    },
    note: (paths) => {
      if (dirs.size > 0 && !marked) marked = paths.some((path) => inDirs(below === '' ? path : `${below}/${path}`));
    },
    mark: () => void (marked = true),
    dirty: () => marked,
    refresh: () => {
      marked = false;
      const changed = index.refresh();
      dirs = new Set(index.dirs());
      return changed;
    },
    scan: () => index.scan(),
    directories: () => [...dirs].map((dir) => (dir === '' ? linkRoot : join(linkRoot, dir))),
  };
}
