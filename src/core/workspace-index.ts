/**
 * A workspace index that follows the disk. It keeps what discovery found per directory, and
 * per file its analysis and link findings with the stamp (size, times, inode) of the version
 * read. `refresh` re-lists only the directories and re-reads only the files that changed,
 * recomputes the cross-file stages (ids, graph, cycles) from the per-file results, and
 * re-checks the links of the files a change can affect. A full load is a fresh index refreshed
 * once, so the live index and `loadWorkspace` share every line of the pipeline.
 */
import type { FileAnalysis } from './analyze-file.js';
import { assembleWorkspace, createAssemblyCache, patchedIds, type LinkEntry } from './assemble-workspace.js';
import { checkLinks } from './check-links.js';
import { readConfig } from './config.js';
import { CONFIG_FILE, DEFAULT_CONFIG, type LinkOptions, type WorkspaceConfig } from './config-types.js';
import { GITIGNORE_FILE, IGNORE_FILE, listDirectory, loadIgnoreRules, type DirectoryListing, type GitignoreChain, type IgnoreRules } from './discover-files.js';
import { NO_DIAGNOSTICS, NO_STRINGS } from './empty.js';
import { linkContexts, linkSetup, readmeKeyOfEntry, type LinkSetup } from './link-context.js';
import { createFileReader, currentStamp, sameStamp, type Stamp } from './read-files.js';
import { sortStrings } from './sort.js';
import { createPathSuggester } from './suggest.js';
import type { Diagnostic, Workspace } from './types.js';

export interface IndexOptions {
  /** Called before a directory is listed: a watcher attached there sees every later change in it. */
  readonly beforeList?: (dir: string) => void;
  /** Called when a directory leaves the walk (deleted, renamed, now ignored). */
  readonly afterDrop?: (dir: string) => void;
  /** How links resolve (META-01 §8 `links`), over the workspace's `docugraph.yml`; default: the configuration's. */
  readonly links?: LinkOptions;
  /**
   * `true` for an index refreshed once and dropped (`loadWorkspace`): it does not keep, per
   * file, the paths its link checks looked at, which only a later refresh would need.
   */
  readonly once?: boolean;
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
  /**
   * What the refresh that made the current snapshot changed, when it is known to be small: the
   * ids whose node may differ from the snapshot before (the set of ids is then the same);
   * `null` when anything may have changed.
   */
  changedIds(): ReadonlySet<string> | null;
}

interface FileEntry {
  readonly analysis: FileAnalysis;
  readonly stamp: Stamp | null;
  /** Link findings (nodeId not set) and the targets they looked at; `null` until checked. */
  links: LinkEntry | null;
}

/** No files (shared, never written). */
const NO_FILES: ReadonlySet<string> = new Set();
/** The links record of a file without findings in an index refreshed once (which keeps no targets). */
const NOTHING_FOUND: LinkEntry = Object.freeze({ diagnostics: NO_DIAGNOSTICS, targets: NO_STRINGS });
/** The step a refresh yields after each directory it lists (no file read yet). */
const LISTING = Object.freeze({ done: 0, total: 0 });
/** The step a refresh yields while it checks links (no file read). */
const CHECKING = LISTING;
/** How many files' links are checked in one step. */
const CHECKS_PER_STEP = 64;
const NO_LISTING: DirectoryListing = { files: [], entries: [], subdirs: [], hidden: [], diagnostic: null };
/** How many times one refresh lists a directory again for files that vanished between its listing and their reading. */
const VANISHED_ROUNDS = 3;
/** Above this many reported paths in one refresh (a checkout), every directory is listed again. */
const FULL_REFRESH_OVER = 2000;

export function createWorkspaceIndex(root: string, options: IndexOptions = {}): WorkspaceIndex {
  let rules: IgnoreRules = { ignorer: null, diagnostics: [] };
  let config: WorkspaceConfig = DEFAULT_CONFIG;
  let configFindings: readonly Diagnostic[] = [];
  const listings = new Map<string, DirectoryListing>();
  const fileSet = new Set<string>();
  const entrySet = new Set<string>();
  const files = new Map<string, FileEntry>();
  /** For each link target, the files whose links looked at it (`null` until a partial refresh needs it). */
  let linkers: Map<string, Set<string>> | null = null;
  /** Files with an `MD_LINK_BROKEN` finding: its suggestion depends on the whole file list. */
  const brokenLinkers = new Set<string>();
  let sortedFiles: string[] = [];
  /** Whether the set of Markdown files changed since `sortedFiles` was made. */
  let filesMoved = false;
  /** Whether a directory's `.gitignore` finding appeared, went or changed since the last snapshot. */
  let findingsMoved = false;
  let current: Workspace = assembleWorkspace(root, { files: [], entries: new Set(), diagnostics: [] }, new Map());
  let loaded = false;
  const assembly = createAssemblyCache();
  /** "Did you mean" for missing files, rebuilt only when the set of files changes. */
  let suggestFile: ((missing: string) => string | null) | null = null;
  /** The link root and the repository's URLs, found at the first link check. */
  let links: LinkSetup | null = null;

  /** Lists `start` again and, through the queue, every directory whose listing it adds (`deep`: every one below). */
  function relist(start: string, deep: boolean, touched: Set<string>, candidates: Set<string>, visited?: Set<string>): void {
    for (const step of relistSteps(start, deep, touched, candidates, visited)) void step;
  }

  /**
   * `relist`, one directory per step (a full load lists thousands; a caller may pause between
   * them). `touched` and `candidates` are `null` in a first load, which needs neither: it
   * reads every file it lists and checks every link.
   */
  function* relistSteps(start: string, deep: boolean, touched: Set<string> | null, candidates: Set<string> | null, visited?: Set<string>): Generator<void, void, void> {
    const queue = [start];
    while (queue.length > 0) {
      const dir = queue.pop()!;
      visited?.add(dir);
      const old = listings.get(dir) ?? NO_LISTING;
      options.beforeList?.(dir);
      const listing = listDirectory(root, dir, rules, chainOf(dir));
      listings.set(dir, listing);
      if (old.entries.length > 0) {
        const newEntries = new Set(listing.entries);
        for (const entry of old.entries) if (!newEntries.has(entry)) (touched?.add(entry), entrySet.delete(entry));
      }
      for (const entry of listing.entries) if (!entrySet.has(entry)) (touched?.add(entry), entrySet.add(entry));
      if (!sameList(old.files, listing.files)) filesMoved = true;
      if (old.gitignoreDiagnostic?.message !== listing.gitignoreDiagnostic?.message) findingsMoved = true;
      for (const file of old.files) (candidates?.add(file), fileSet.delete(file));
      for (const file of listing.files) (candidates?.add(file), fileSet.add(file));
      if (old.subdirs.length === 0) {
        for (const sub of listing.subdirs) queue.push(sub);
      } else {
        const newSubdirs = new Set(listing.subdirs);
        const oldSubdirs = new Set(old.subdirs);
        for (const sub of old.subdirs) if (!newSubdirs.has(sub)) drop(sub, touched ?? new Set(), candidates ?? new Set());
        for (const sub of listing.subdirs) if (deep || !oldSubdirs.has(sub) || !listings.has(sub)) queue.push(sub);
      }
      yield;
    }
  }

  /** The `.gitignore` rules of `dir`'s ancestors, root first (they are listed before it). */
  function chainOf(dir: string): GitignoreChain {
    if (dir === '' || rules.gitignore !== true) return [];
    const chain: [string, NonNullable<DirectoryListing['gitignore']>][] = [];
    for (let at = parentOf(dir), done = false; !done; at = parentOf(at)) {
      const own = listings.get(at)?.gitignore;
      if (own) chain.push([at, own]);
      done = at === '';
    }
    return chain.reverse();
  }

  /**
   * Reads `docugraph.yml` again. A valid file replaces the configuration (when it differs, every
   * file is analysed again: field keys may have changed); an invalid one keeps the last valid
   * configuration, and its `CONFIG_INVALID` findings join the report until it is fixed.
   */
  function reloadConfig(): boolean {
    const read = readConfig(root);
    const findings = read.diagnostics.map((d) => d.message + String(d.line)).join('\n');
    const findingsChanged = findings !== configFindings.map((d) => d.message + String(d.line)).join('\n');
    configFindings = read.diagnostics;
    if (read.diagnostics.length > 0) return findingsChanged;
    if (JSON.stringify(read.config) === JSON.stringify(config)) return findingsChanged;
    config = read.config;
    links = null;
    files.clear();
    linkers = null;
    brokenLinkers.clear();
    return true;
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
      if (listing.gitignoreDiagnostic) findingsMoved = true;
      for (const file of listing.files) (candidates.add(file), fileSet.delete(file));
      for (const sub of listing.subdirs) stack.push(sub);
    }
  }

  function* refreshSteps(changes: Changes): Generator<{ done: number; total: number }, Workspace, void> {
    // It keeps no link targets, so a second refresh would miss the files to check again.
    if (options.once === true && loaded) throw new Error('an index made with `once` is refreshed only once');
    const touched = new Set<string>();
    const candidates = new Set<string>();
    const paths = changes === 'all' ? null : [...changes];
    const first = !loaded;
    let rulesChanged = false;
    const rulesTouched = paths === null || first || paths.some(isRulesFile);
    if (rulesTouched || paths.length > FULL_REFRESH_OVER) {
      if (rulesTouched) {
        rulesChanged = reloadConfig();
        const before = rules.diagnostics.map((d) => d.message).join('\n');
        rules = loadIgnoreRules(root, config);
        rulesChanged ||= rules.diagnostics.map((d) => d.message).join('\n') !== before;
      }
      const visited = new Set<string>();
      for (const step of relistSteps('', true, first ? null : touched, first ? null : candidates, visited)) yield (void step, LISTING);
      for (const dir of [...listings.keys()]) if (!visited.has(dir)) drop(dir, touched, candidates);
      if (!first) for (const file of fileSet) candidates.add(file);
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
    // Nothing known before (a first load, a new configuration): every file is read now.
    const allNew = files.size === 0;
    const reader = createFileReader(root, config);
    try {
      // A first load reads every file listed (there is nothing to forget or compare).
      let pending: Iterable<string> = first ? fileSet : candidates;
      for (let round = 0; ; round += 1) {
        const toRead: string[] = [];
        for (const file of pending) {
          if (!fileSet.has(file)) {
            if (files.delete(file)) changed.add(file);
            continue;
          }
          const known = files.get(file);
          if (known !== undefined && known.stamp !== null && sameStamp(known.stamp, currentStamp(root, file))) continue;
          toRead.push(file);
        }
        const vanished: string[] = [];
        for (let i = 0; i < toRead.length; ) {
          // Read several files at once (their texts decoded together), then take them one step each.
          for (const read of reader.readMany(toRead, i)) {
            const file = toRead[i]!;
            // An index refreshed once never compares stamps: not kept, they die young.
            files.set(file, { analysis: read.analysis, stamp: options.once === true ? null : read.stamp, links: null });
            // A first load checks and assembles everything: it needs no list of what changed.
            if (!first) changed.add(file);
            if (read.missing) vanished.push(file);
            i += 1;
            yield { done: i, total: toRead.length };
          }
        }
        // A file listed but gone when read (deleted or renamed meanwhile) would be a finding
        // about a state the disk never had: list its directory again and read what it holds
        // now (a few rounds at most; a file that keeps flapping stays a finding until the
        // watcher's next report).
        if (vanished.length === 0 || round === VANISHED_ROUNDS) break;
        const more = new Set<string>(vanished);
        for (const dir of new Set(vanished.map(parentOf))) {
          if (!listings.has(dir)) continue;
          relist(dir, false, touched, more);
          // The directory itself went away: its parent's listing drops it.
          if (listings.get(dir)?.diagnostic != null && dir !== '' && listings.has(parentOf(dir))) relist(parentOf(dir), false, touched, more);
        }
        pending = more;
      }
    } finally {
      reader.close();
    }
    if (!first && !rulesChanged && !findingsMoved && changed.size === 0 && touched.size === 0) return current;
    findingsMoved = false;

    const setChanged = touched.size > 0 || filesMoved;
    if (filesMoved) {
      sortedFiles = sortStrings(fileSet);
      suggestFile = null;
    }
    filesMoved = false;
    const rechecked = yield* recheckLinks(changed, touched, setChanged, allNew);
    for (const file of rechecked) changed.add(file);
    const discoveryDiagnostics: Diagnostic[] = [...configFindings, ...rules.diagnostics];
    for (const listing of listings.values()) {
      if (listing.diagnostic !== null) discoveryDiagnostics.push(listing.diagnostic);
      if (listing.gitignoreDiagnostic) discoveryDiagnostics.push(listing.gitignoreDiagnostic);
    }
    // `files` holds exactly the files of `sortedFiles`; `changed`, every file whose results differ.
    current = assembleWorkspace(root, { files: sortedFiles, entries: entrySet, diagnostics: discoveryDiagnostics }, files, assembly, first ? undefined : changed);
    return current;
  }

  /**
   * Re-checks the links of changed files, of files that looked at a changed path, and (when
   * the file set changed) of files with broken links; returns the files re-checked beyond
   * `changed`. `allNew`: every file was read in this refresh, so every file is checked.
   */
  function* recheckLinks(changed: ReadonlySet<string>, touched: ReadonlySet<string>, setChanged: boolean, allNew: boolean): Generator<typeof CHECKING, ReadonlySet<string>, void> {
    if (allNew) {
      yield* checkLinksOf(files);
      return NO_FILES;
    }
    const recheck = new Set<string>();
    for (const file of changed) if (files.has(file)) recheck.add(file);
    // The reverse index is needed from the second refresh on (a one-shot load never builds it).
    const index = linkers ?? (recheck.size === files.size ? null : reverseIndex());
    if (index !== null) {
      for (const set of [changed, touched]) for (const path of set) for (const source of index.get(path) ?? []) recheck.add(source);
      for (const path of touched) {
        const readme = readmeKeyOfEntry(path);
        if (readme !== null) for (const source of index.get(readme) ?? []) recheck.add(source);
      }
    }
    if (setChanged) for (const source of brokenLinkers) recheck.add(source);
    for (const file of changed) if (!files.has(file)) forgetLinks(file);
    if (recheck.size === 0) return recheck;
    const entries = new Map<string, FileEntry>();
    for (const source of recheck) {
      const entry = files.get(source);
      if (entry !== undefined) entries.set(source, entry);
    }
    yield* checkLinksOf(entries);
    return recheck;
  }

  /**
   * Checks the links of `sources` again, recording what each looked at (unless the index is
   * refreshed once); a step every `CHECKS_PER_STEP` files.
   */
  function* checkLinksOf(sources: ReadonlyMap<string, FileEntry>): Generator<typeof CHECKING, void, void> {
    suggestFile ??= createPathSuggester(sortedFiles);
    links ??= linkSetup(root, options.links ?? config.links);
    const contextFor = linkContexts(links, {
      root,
      entries: entrySet,
      listed: (dir) => {
        const listing = listings.get(dir);
        return listing === undefined || listing.diagnostic !== null ? undefined : listing;
      },
      markdownOf: (file) => files.get(file)?.analysis.markdown(),
      suggestFile,
    });
    let checked = 0;
    for (const [source, entry] of sources) {
      forgetLinks(source);
      const targets: string[] | null = options.once === true ? null : [];
      const context = contextFor(targets === null ? null : (path) => targets.push(path));
      const markdown = entry.analysis.mayLink ? entry.analysis.markdown() : null;
      const diagnostics = markdown === null ? NO_DIAGNOSTICS : checkLinks(source, markdown, context);
      // A file without findings in an index refreshed once: one shared record, not one per file.
      entry.links = targets === null && diagnostics.length === 0 ? NOTHING_FOUND : { diagnostics, targets: targets ?? NO_STRINGS };
      if (linkers !== null && targets !== null) addTargets(linkers, source, targets);
      if (diagnostics.some((d) => d.code === 'MD_LINK_BROKEN')) brokenLinkers.add(source);
      if (++checked % CHECKS_PER_STEP === 0) yield CHECKING;
    }
  }

  function forgetLinks(source: string): void {
    brokenLinkers.delete(source);
    if (linkers === null) return;
    const entry = files.get(source);
    for (const target of entry?.links?.targets ?? []) linkers.get(target)?.delete(source);
  }

  /** For each link target, the files whose links looked at it: built from the per-file findings when first needed. */
  function reverseIndex(): Map<string, Set<string>> {
    const index = new Map<string, Set<string>>();
    for (const [source, entry] of files) if (entry.links !== null) addTargets(index, source, entry.links.targets);
    linkers = index;
    return index;
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
        if (step.value !== LISTING) onProgress?.(step.value.done, step.value.total);
      }
    },
    directories: () => listings.keys(),
    changedIds: () => patchedIds(assembly),
  };
}

function addTargets(index: Map<string, Set<string>>, source: string, targets: readonly string[]): void {
  for (const target of targets) {
    let set = index.get(target);
    if (set === undefined) index.set(target, (set = new Set()));
    set.add(source);
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}

/** A change to one of these re-reads the rules and lists every directory again. */
function isRulesFile(path: string): boolean {
  return path === IGNORE_FILE || path === CONFIG_FILE || path === GITIGNORE_FILE || path.endsWith(`/${GITIGNORE_FILE}`);
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
