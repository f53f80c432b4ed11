/**
 * A workspace index that follows the disk. It keeps what discovery found per directory, and
 * per file its analysis and link findings with the stamp (size, times, inode) of the version
 * read. `refresh` re-lists only the directories and re-reads only the files that changed,
 * recomputes the cross-file stages (ids, graph, cycles) from the per-file results, and
 * re-checks the links of the files a change can affect. A full load is a fresh index refreshed
 * once, so the live index and `loadWorkspace` share every line of the pipeline.
 */
import type { FileAnalysis } from './analyze-file.js';
import { assembleWorkspace, type LinkEntry } from './assemble-workspace.js';
import { checkLinks, indexAnchors, type Anchors, type LinkContext } from './check-links.js';
import { IGNORE_FILE, listDirectory, loadIgnoreRules, type DirectoryListing, type IgnoreRules } from './discover-files.js';
import { existenceOracle } from './existence.js';
import { currentStamp, readFile, sameStamp, type Stamp } from './read-files.js';
import { sortStrings } from './sort.js';
import { createPathSuggester } from './suggest.js';
import type { Diagnostic, Workspace } from './types.js';

export interface IndexOptions {
  /** Called before a directory is listed: a watcher attached there sees every later change in it. */
  readonly beforeList?: (dir: string) => void;
  /** Called when a directory leaves the walk (deleted, renamed, now ignored). */
  readonly afterDrop?: (dir: string) => void;
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
}

interface FileEntry {
  readonly analysis: FileAnalysis;
  readonly stamp: Stamp | null;
  /** Link findings (nodeId not set) and the targets they looked at; `null` until checked. */
  links: LinkEntry | null;
}

const NO_LISTING: DirectoryListing = { files: [], entries: [], subdirs: [], diagnostic: null };
/** Above this many reported paths in one refresh (a checkout), every directory is listed again. */
const FULL_REFRESH_OVER = 2000;

export function createWorkspaceIndex(root: string, options: IndexOptions = {}): WorkspaceIndex {
  let rules: IgnoreRules = { ignorer: null, diagnostics: [] };
  const listings = new Map<string, DirectoryListing>();
  const fileSet = new Set<string>();
  /** Every entry the walk sees, mapped to itself: the link checks keep and compare these strings. */
  const entrySet = new Map<string, string>();
  const files = new Map<string, FileEntry>();
  /**
   * For each link target, the files whose links looked at it: made from the files' `targets`
   * the first time a refresh needs it (a full load re-checks every file and never does), then
   * kept up to date.
   */
  let linkers: Map<string, Set<string>> | null = null;
  /** Files with an `MD_LINK_BROKEN` finding: its suggestion depends on the whole file list. */
  const brokenLinkers = new Set<string>();
  let sortedFiles: string[] = [];
  /** Whether the set of Markdown files changed since `sortedFiles` was made. */
  let filesMoved = false;
  let current: Workspace = assembleWorkspace(root, { files: [], entries: new Map(), diagnostics: [] }, new Map());
  let loaded = false;

  /** Lists `start` again and, through the queue, every directory whose listing it adds (`deep`: every one below). */
  function relist(start: string, deep: boolean, touched: Set<string>, candidates: Set<string>, visited?: Set<string>): void {
    const queue = [start];
    while (queue.length > 0) {
      const dir = queue.pop()!;
      visited?.add(dir);
      const old = listings.get(dir) ?? NO_LISTING;
      options.beforeList?.(dir);
      const listing = listDirectory(root, dir, rules.ignorer);
      listings.set(dir, listing);
      const newEntries = new Set(listing.entries);
      for (const entry of old.entries) if (!newEntries.has(entry)) (touched.add(entry), entrySet.delete(entry));
      for (const entry of listing.entries) if (!entrySet.has(entry)) (touched.add(entry), entrySet.set(entry, entry));
      if (!sameList(old.files, listing.files)) filesMoved = true;
      for (const file of old.files) (candidates.add(file), fileSet.delete(file));
      for (const file of listing.files) (candidates.add(file), fileSet.add(file));
      const newSubdirs = new Set(listing.subdirs);
      const oldSubdirs = new Set(old.subdirs);
      for (const sub of old.subdirs) if (!newSubdirs.has(sub)) drop(sub, touched, candidates);
      for (const sub of listing.subdirs) if (deep || !oldSubdirs.has(sub) || !listings.has(sub)) queue.push(sub);
    }
  }

  /** Removes `start` and everything below it from the walk. */
  function drop(start: string, touched: Set<string>, candidates: Set<string>): void {
    const stack = [start];
    while (stack.length > 0) {
      const dir = stack.pop()!;
      const listing = listings.get(dir);
      if (listing === undefined) continue;
      listings.delete(dir);
      options.afterDrop?.(dir);
      for (const entry of listing.entries) (touched.add(entry), entrySet.delete(entry));
      if (listing.files.length > 0) filesMoved = true;
      for (const file of listing.files) (candidates.add(file), fileSet.delete(file));
      for (const sub of listing.subdirs) stack.push(sub);
    }
  }

  function* refreshSteps(changes: Changes): Generator<{ done: number; total: number }, Workspace, void> {
    const touched = new Set<string>();
    const candidates = new Set<string>();
    const paths = changes === 'all' ? null : [...changes];
    const first = !loaded;
    let rulesChanged = false;
    if (paths === null || first || paths.length > FULL_REFRESH_OVER || paths.includes(IGNORE_FILE)) {
      if (paths === null || first || paths.includes(IGNORE_FILE)) {
        const before = rules.diagnostics.map((d) => d.message).join('\n');
        rules = loadIgnoreRules(root);
        rulesChanged = rules.diagnostics.map((d) => d.message).join('\n') !== before;
      }
      const visited = new Set<string>();
      relist('', true, touched, candidates, visited);
      for (const dir of [...listings.keys()]) if (!visited.has(dir)) drop(dir, touched, candidates);
      for (const file of fileSet) candidates.add(file);
    } else {
      const dirs = new Set<string>();
      for (const path of paths) {
        candidates.add(path);
        dirs.add(parentOf(path));
        if (listings.has(path)) dirs.add(path);
      }
      // Parents first: a directory dropped by its parent's new listing is not listed again.
      for (const dir of [...dirs].sort((a, b) => depth(a) - depth(b))) if (listings.has(dir)) relist(dir, false, touched, candidates);
    }
    loaded = true;

    // Content: read what is new or whose stamp differs; forget what left the walk.
    const changed = new Set<string>();
    const toRead: string[] = [];
    for (const file of candidates) {
      if (!fileSet.has(file)) {
        if (files.delete(file)) changed.add(file);
        continue;
      }
      const known = files.get(file);
      if (known !== undefined && known.stamp !== null && sameStamp(known.stamp, currentStamp(root, file))) continue;
      toRead.push(file);
    }
    for (let i = 0; i < toRead.length; i += 1) {
      const file = toRead[i]!;
      const read = readFile(root, file);
      files.set(file, { analysis: read.analysis, stamp: read.stamp, links: null });
      changed.add(file);
      yield { done: i + 1, total: toRead.length };
    }
    if (!first && !rulesChanged && changed.size === 0 && touched.size === 0) return current;

    const setChanged = touched.size > 0 || filesMoved;
    if (filesMoved) sortedFiles = sortStrings(fileSet);
    filesMoved = false;
    recheckLinks(changed, touched, setChanged);
    const discoveryDiagnostics: Diagnostic[] = [...rules.diagnostics];
    for (const listing of listings.values()) if (listing.diagnostic !== null) discoveryDiagnostics.push(listing.diagnostic);
    // `files` holds exactly the files of `sortedFiles`: it is the per-file map the assembly reads.
    current = assembleWorkspace(root, { files: sortedFiles, entries: entrySet, diagnostics: discoveryDiagnostics }, files);
    return current;
  }

  /** Re-checks the links of changed files, of files that looked at a changed path, and (when the file set changed) of files with broken links. */
  function recheckLinks(changed: ReadonlySet<string>, touched: ReadonlySet<string>, setChanged: boolean): void {
    const recheck = new Set<string>();
    for (const file of changed) if (files.has(file)) recheck.add(file);
    if (recheck.size < files.size) {
      const index = linkersIndex();
      for (const set of [changed, touched]) for (const path of set) for (const source of index.get(path) ?? []) recheck.add(source);
    }
    if (setChanged) for (const source of brokenLinkers) recheck.add(source);
    for (const file of changed) if (!files.has(file)) forgetLinks(file);
    if (recheck.size === 0) return;

    const anchors = new Map<string, Anchors | null>();
    const oracle = existenceOracle(root, entrySet);
    const suggestFile = createPathSuggester(sortedFiles);
    for (const source of recheck) {
      const entry = files.get(source);
      if (entry === undefined) continue;
      forgetLinks(source);
      const targets: string[] = [];
      const context: LinkContext = {
        files: fileSet,
        existing: (path) => {
          const found = oracle(path);
          targets.push(found ?? path);
          return found;
        },
        anchorsOf: (file) => {
          // A link with a fragment asked `existing` for the same file just before.
          if (targets[targets.length - 1] !== file) targets.push(file);
          let found = anchors.get(file);
          if (found === undefined) {
            const markdown = files.get(file)?.analysis.markdown() ?? null;
            anchors.set(file, (found = markdown === null ? null : indexAnchors(markdown)));
          }
          return found;
        },
        nodeIdOf: () => null,
        suggestFile,
      };
      const markdown = entry.analysis.mayLink ? entry.analysis.markdown() : null;
      const diagnostics = markdown === null ? [] : checkLinks(source, markdown, context);
      entry.links = { diagnostics, targets };
      if (linkers !== null) addLinker(linkers, source, targets);
      if (diagnostics.some((d) => d.code === 'MD_LINK_BROKEN')) brokenLinkers.add(source);
    }
  }

  function forgetLinks(source: string): void {
    brokenLinkers.delete(source);
    const entry = files.get(source);
    if (linkers !== null) for (const target of entry?.links?.targets ?? []) linkers.get(target)?.delete(source);
  }

  function linkersIndex(): Map<string, Set<string>> {
    if (linkers === null) {
      linkers = new Map();
      for (const [source, entry] of files) if (entry.links !== null) addLinker(linkers, source, entry.links.targets);
    }
    return linkers;
  }

  return {
    root,
    workspace: () => current,
    refreshSteps,
    refresh: (changes, onProgress) => {
      const steps = refreshSteps(changes);
      for (;;) {
        const step = steps.next();
        if (step.done === true) return step.value;
        onProgress?.(step.value.done, step.value.total);
      }
    },
    directories: () => listings.keys(),
  };
}

/** Records that `source`'s links looked at each of `targets`. */
function addLinker(linkers: Map<string, Set<string>>, source: string, targets: readonly string[]): void {
  for (const target of targets) {
    let set = linkers.get(target);
    if (set === undefined) linkers.set(target, (set = new Set()));
    set.add(source);
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

function depth(path: string): number {
  let count = path === '' ? 0 : 1;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) count += 1;
  return count;
}
