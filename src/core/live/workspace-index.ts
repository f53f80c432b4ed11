/**
 * A workspace index that follows the disk. It keeps what discovery found per directory, and per file its
 * analysis and link findings with the stamp (size, times, inode) of the version read. `refresh` re-lists
 * only the directories and re-reads only the files that changed, recomputes the cross-file stages (ids,
 * graph, cycles) from the per-file results, and re-checks the links of the files a change can affect. A
 * full load is a fresh index refreshed once, so the live index and `loadWorkspace` share every line.
 */
import { assembleSteps, assembleWorkspace, createAssemblyCache, keptStagesOf, patchedIds } from '../model/assemble-workspace.js';
import { createSourceMerge, NO_SOURCES, withSourceFindings, withSourcesNoted } from '../model/source-findings.js';
import { sourceFileOnDisk } from './source-files.js';
import { asSteps, finish } from '../shared/steps.js';
import { applyReviews } from '../check/check-reviews.js';
import { applyTraces, withContext } from '../check/check-traces.js';
import { findLinkRoot } from '../read/link-root.js';
import { createTraceFollower } from './trace-index.js';
import { readConfig } from '../parse/config.js';
import { NO_LOCK, readLockFile, sameLockRead, type LockRead } from '../parse/lock-file.js';
import { DEFAULT_CONFIG, LOCK_FILE, type WorkspaceConfig } from '../shared/config-types.js';
import { isRulesFile, loadIgnoreRules, type IgnoreRules } from '../read/discover-files.js';
import { createFileReader, readersFor, type StartedReaders } from '../model/read-files.js';
import { currentStamp, sameStamp } from '../model/file-stamp.js';
import { sortStrings } from '../shared/sort.js';
import { createDirectoryWalk, depth, parentOf } from './directory-walk.js';
import { createLinkChecks, NO_PROGRESS, type FileEntry } from '../check/link-checks.js';
import { createIndexCache, walkedNamesOf } from '../store/index-cache.js';
import { memoOf, sameSources, seedSuggestions, seedWorkspace } from '../store/index-memo.js';
import { indexState } from './warm-patch.js';
import type { Changes, IndexOptions, WorkspaceIndex } from './workspace-index-types.js';
import type { Diagnostic, Workspace } from '../shared/types.js';

export type { Changes, IndexOptions, WorkspaceIndex } from './workspace-index-types.js';

/** The step a refresh yields after each directory it lists (no file read yet). */
const LISTING = NO_PROGRESS;
/** How many times one refresh lists a directory again for files that vanished between its listing and their reading. */
const VANISHED_ROUNDS = 3;
/** Above this many reported paths in one refresh (a checkout), every directory is listed again. */
const FULL_REFRESH_OVER = 2000;

export function createWorkspaceIndex(root: string, options: IndexOptions = {}): WorkspaceIndex {
  let rules: IgnoreRules = { ignorer: null, diagnostics: [] };
  let config: WorkspaceConfig = DEFAULT_CONFIG;
  let configFindings: readonly Diagnostic[] = [];
  // Other repositories' files (issue 57), as the caller last read them (asked at each refresh), joined to every assembly.
  let [sources, merged] = [NO_SOURCES, createSourceMerge(NO_SOURCES)];
  // Texts of the on-disk index that cannot be read back (the documents' are read meanwhile): it is written again.
  const cache = options.cache === undefined ? null : createIndexCache(root, { ...options.cache, onDamaged: () => ((unsaved = true), options.cache?.onDamaged?.()) });
  const walk = createDirectoryWalk(root, () => rules, { beforeList: options.beforeList, afterDrop: options.afterDrop, onLinkSkipped: options.onLinkSkipped, now: cache?.now });
  const { listings, files: fileSet, entries: entrySet } = walk;
  const files = new Map<string, FileEntry>();
  let sortedFiles: string[] = [];
  let current: Workspace = assembleWorkspace(root, { files: [], entries: new Set(), diagnostics: [] }, new Map());
  // The last assembly, before the lock file's reviews (TRACE §3) are applied to it.
  let assembled: Workspace = current;
  let lock: LockRead = { state: NO_LOCK, text: null };
  // Whether the last refresh changed only what the lock file says (no node differs), or the traces.
  let overlayOnly: 'reviews' | 'traces' | null = null;
  const traces = createTraceFollower(root);
  let loaded = false;
  let assembly = createAssemblyCache(config.status);
  // Kept for the on-disk index even by an index refreshed once, and for `diff` (blob ids: D-447): stamps and the paths links looked at.
  const once = options.once === true && cache === null && options.blobIds !== true;
  // Whether files were read since the on-disk index was last written (or found whole).
  let unsaved = false;
  let fromCache = 0; // How many files the first load took from the on-disk index.
  // Whether the last assembly is of the files as `files` holds them now (no refresh under way).
  let assembledNow = false;
  const linkChecks = createLinkChecks({
    root,
    once,
    files,
    entries: entrySet,
    listings,
    sortedFiles: () => sortedFiles,
    linkOptions: () => options.links ?? config.links,
    sourceFile: (path) => sourceFileOnDisk(root, sources, path),
  });

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
    // The workspace's own configuration says where its sources are (`options.links` is for link checks).
    const linkRoot = findLinkRoot(root, config.links.root);
    traces.configure(linkRoot.path, linkRoot.workspaceDir.join('/'), config.trace, config.gitignore, options.once !== true);
    assembly = createAssemblyCache(config.status);
    files.clear();
    linkChecks.reset();
    return true;
  }

  /** Reads `docugraph.lock.json` again; whether what it says changed. */
  const reloadLock = (): boolean => !sameLockRead(lock, (lock = readLockFile(root)));

  function* refreshSteps(changes: Changes): Generator<{ done: number; total: number }, Workspace, void> {
    // It keeps no link targets, so a second refresh would miss the files to check again.
    if (options.once === true && loaded) throw new Error('an index made with `once` is refreshed only once');
    const touched = new Set<string>();
    const candidates = new Set<string>();
    const paths = changes === 'all' ? null : [...changes];
    const first = !loaded;
    // Sources read again (a change in their working trees): every file is assembled, and its links checked, again.
    const next = options.sources?.() ?? sources;
    const sourcesMoved = next !== sources;
    if (sourcesMoved) merged = createSourceMerge((sources = next));
    assembledNow = false;
    let rulesChanged = false;
    const rulesTouched = paths === null || first || paths.some(isRulesFile);
    let workers: StartedReaders | null | undefined;
    const lockChanged = (paths === null || first || paths.includes(LOCK_FILE)) && reloadLock();
    if (paths !== null) traces.note(paths);
    // A first load with an on-disk index reads it on another thread while it lists the folders.
    if (first) cache?.prefetch();
    if (rulesTouched || paths.length > FULL_REFRESH_OVER) {
      if (rulesTouched) {
        rulesChanged = reloadConfig();
        const before = rules.diagnostics.map((d) => d.message).join('\n');
        rules = loadIgnoreRules(root, config);
        rulesChanged ||= rules.diagnostics.map((d) => d.message).join('\n') !== before;
      }
      const visited = new Set<string>();
      // A first load takes the listings the on-disk index kept of folders whose key is the same.
      [walk.reuse, walk.taken] = [first ? (cache?.listings(config, options.links ?? config.links) ?? null) : null, 0];
      for (const step of walk.relistSteps('', true, first ? null : touched, first ? null : candidates, visited)) {
        if (first && walk.reuse === null && workers === undefined) workers = readersFor(root, fileSet.size);
        yield (void step, LISTING);
      }
      walk.reuse = null;
      for (const dir of [...listings.keys()]) if (!visited.has(dir)) walk.drop(dir, touched, candidates);
      if (!first) for (const file of fileSet) candidates.add(file);
    } else {
      const dirs = new Set<string>();
      for (const path of paths) {
        candidates.add(path);
        dirs.add(parentOf(path));
        if (listings.has(path)) dirs.add(path);
      }
      // Parents first: a directory dropped by its parent's new listing is not listed again.
      for (const dir of [...dirs].sort((a, b) => depth(a) - depth(b))) if (listings.has(dir)) walk.relist(dir, false, touched, candidates);
    }
    loaded = true;
    const tracesChanged = (paths === null || traces.dirty()) && traces.refresh();
    // A first load with an on-disk index: what it holds of files unchanged since, as if read (and the files listed, sorted, while the walk stays as it was).
    const walked = walk.version;
    const warm = first && cache !== null ? yield* cache.restoreSteps(config, options.links ?? config.links, fileSet, listings) : null;
    const tracking = !first || warm !== null;
    const started = cache?.now() ?? 0;
    // Content: read what is new or whose stamp differs; forget what left the walk.
    const changed = new Set<string>();
    if (warm !== null) {
      fromCache = warm.paths.length;
      seedSuggestions(assembly.suggestions, warm.memo);
      // Every file listed taken from the index, none gone, its sources' as they were: the analyses the kept stages were made from (sources moved: kept again).
      if (warm.toRead.length === 0 && warm.changed.size === 0) [assembly.kept, unsaved] = sameSources(warm.memo, sources.key) ? [warm.memo.stages ?? undefined, unsaved] : [undefined, true];
      for (let i = 0; i < warm.paths.length; i += 1) files.set(warm.paths[i]!, warm.entries[i]!);
      for (const path of warm.changed) changed.add(path);
      for (const path of warm.touched) touched.add(path);
      linkChecks.restored();
    }
    // Nothing known before (a first load, a new configuration): every file is read now. Links into sources that changed since the on-disk index (or since the last refresh) are checked again, with all the others.
    const allNew = files.size === 0 || (sourcesMoved && !first) || (warm !== null && !sameSources(warm.memo, sources.key));
    const reader = createFileReader(root, config, { blobIds: options.blobIds === true, ...(workers ? { started: workers } : {}) });
    try {
      // A first load reads every file listed (there is nothing to forget or compare); a warm one, what the on-disk index did not hold.
      let pending: Iterable<string> = warm !== null ? warm.toRead : first ? fileSet : candidates;
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
            const entry: FileEntry = cache === null ? { analysis: read.analysis, stamp: once ? null : read.stamp, links: null } : { analysis: read.analysis, stamp: read.stamp, links: null, readAt: started };
            files.set(file, read.blob === undefined ? entry : { ...entry, blob: read.blob });
            unsaved ||= cache !== null;
            // A first load checks and assembles everything: it needs no list of what changed.
            if (tracking) changed.add(file);
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
          walk.relist(dir, false, touched, more);
          // The directory itself went away: its parent's listing drops it.
          if (listings.get(dir)?.diagnostic != null && dir !== '' && listings.has(parentOf(dir))) walk.relist(parentOf(dir), false, touched, more);
        }
        pending = more;
      }
    } finally {
      reader.close();
    }
    if (!first && !rulesChanged && !walk.findingsMoved && !sourcesMoved && changed.size === 0 && touched.size === 0) {
      if (lockChanged || tracesChanged) {
        current = overlay();
        overlayOnly = tracesChanged ? 'traces' : 'reviews';
      }
      assembledNow = true;
      return current;
    }
    walk.findingsMoved = false;

    // A warm start listed every directory afresh: only what differs from the index moved (an ignore rule dropped: a file more, no entry more).
    const setChanged = touched.size > 0 || (walk.filesMoved && (warm === null || warm.filesMoved));
    // Files gone or entries moved since the on-disk index: it is out of date even if nothing was read.
    unsaved ||= warm !== null && (warm.touched.size > 0 || warm.changed.size > 0);
    if (walk.filesMoved) {
      sortedFiles = warm !== null && walk.version === walked ? [...warm.sorted] : sortStrings(fileSet);
      linkChecks.filesMoved();
    }
    walk.filesMoved = false;
    const rechecked = yield* linkChecks.recheck(changed, touched, setChanged, allNew, warm?.recheck);
    for (const file of rechecked) changed.add(file);
    const discoveryDiagnostics: Diagnostic[] = [...configFindings, ...rules.diagnostics];
    for (const listing of listings.values()) {
      if (listing.diagnostic !== null) discoveryDiagnostics.push(listing.diagnostic);
      if (listing.gitignoreDiagnostic) discoveryDiagnostics.push(listing.gitignoreDiagnostic);
    }
    const discovery = { files: sortedFiles, entries: entrySet, diagnostics: discoveryDiagnostics };
    // Files edited since the on-disk index that keep the graph's inputs: its own state first, with its kept stages, then the edits as a live edit.
    const before = warm === null || sources.files.length > 0 || !sameSources(warm.memo, sources.key) ? null : indexState(warm, files, fileSet);
    if (before !== null) assembly.kept = before.stages;
    if (before !== null) yield* asSteps(assembleSteps(root, ...merged(discovery, before.perFile), assembly), LISTING);
    // `files` holds exactly the files of `sortedFiles` (and the sources' theirs); `changed`, every file whose results differ.
    assembled = yield* asSteps(assembleSteps(root, ...merged(discovery, files), assembly, first && before === null ? undefined : changed), LISTING);
    current = overlay();
    if (warm !== null) seedWorkspace(current, warm.memo);
    overlayOnly = null;
    assembledNow = true;
    return current;
  }

  /** The on-disk index of the current state, a step at a time (see `WorkspaceIndex.saveCacheSteps`). */
  function* saveCacheSteps(): Generator<void, boolean, void> {
    if (cache === null || !unsaved || !loaded) return false;
    unsaved = false;
    // Everything written is taken in this step (a refresh may run between the next ones): the files, the walk's names, the kept answers and stages.
    const memo = memoOf(assembly.suggestions, current, assembledNow ? keptStagesOf(assembly) : null, sources.key);
    return yield* cache.saveSteps(config, options.links ?? config.links, sortedFiles.map((file) => [file, files.get(file)!] as const), walkedNamesOf(listings, new Set(entrySet)), memo, [...listings]);
  }

  /** The assembly with its sources' findings (issue 57), the lock file's reviews (TRACE §3), the traces and coverage (TRACE §5), and how its bundles cut documents (CONTEXT §1). */
  function overlay(): Workspace {
    return withSourcesNoted(withContext(applyTraces(applyReviews(withSourceFindings(assembled, sources), lock.state), traces.scan(), config.coverage), config.context), sources);
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
    readOf: (path) => files.get(path),
    entries: () => entrySet,
    assembly: () => assembly,
    markTraces: () => traces.mark(),
    tracesMarked: () => traces.dirty(),
    traceDirectories: () => traces.directories(),
    saveCacheSteps,
    fromCache: () => fromCache,
    listingsFromCache: () => walk.taken,
    saveCache: () => finish(saveCacheSteps()),
    changedIds: () => (overlayOnly === 'reviews' ? NO_IDS : overlayOnly === 'traces' ? null : patchedIds(assembly)),
  };
}

const NO_IDS: ReadonlySet<string> = new Set();
