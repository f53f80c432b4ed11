/**
 * Which files' links a refresh of the workspace index checks again, and the checking itself:
 * every file on a first load; after a change, the files that changed, the files whose links
 * looked at a path that changed (a reverse index from each target to the files that looked at
 * it, built on the second refresh), and, when the set of files changed, the files with a
 * broken link (their "did you mean" may differ). One step every 64 files, so that a caller can
 * let the event loop run between them.
 */
import type { SourceFile } from '../model/source-findings.js';
import type { FileAnalysis } from '../model/analyze-file.js';
import type { LinkEntry } from '../model/assemble-workspace.js';
import type { Stamp } from '../model/file-stamp.js';
import { checkLinks } from './check-links.js';
import { linkContexts, linkSetup, type LinkSetup } from './link-context.js';
import { keysOfEntry } from './target-keys.js';
import type { DirectoryListing } from '../read/discover-files.js';
import type { LinkOptions } from '../shared/config-types.js';
import { NO_DIAGNOSTICS, NO_STRINGS } from '../shared/empty.js';
import { createPathSuggester } from '../shared/suggest.js';

/** What the index keeps of a file. */
export interface FileEntry {
  readonly analysis: FileAnalysis;
  readonly stamp: Stamp | null;
  /** Link findings (nodeId not set) and the targets they looked at; `null` until checked. */
  links: LinkEntry | null;
  /** When the refresh that read the file began (ms since the epoch), for the on-disk index's racy check; absent without one. */
  readonly readAt?: number;
  /** The git blob id of the bytes read, when the index keeps them (`IndexOptions.blobIds`). */
  readonly blob?: string;
}

/** A step of a refresh that read no file (listing a directory, checking links). */
export const NO_PROGRESS = Object.freeze({ done: 0, total: 0 });

/** What the link checks read of the index (the index owns it and keeps it current). */
export interface IndexView {
  readonly root: string;
  /** An index refreshed once keeps no targets (it never refreshes again). */
  readonly once: boolean;
  readonly files: ReadonlyMap<string, FileEntry>;
  readonly entries: ReadonlySet<string>;
  readonly listings: ReadonlyMap<string, DirectoryListing>;
  readonly sortedFiles: () => readonly string[];
  readonly linkOptions: () => LinkOptions;
  /** What a path above the workspace is in a source's checkout (issue 57); absent: no sources. */
  readonly sourceFile?: (path: string) => SourceFile;
}

export interface LinkChecks {
  /**
   * Re-checks the links of changed files, of files that looked at a changed path, and (when
   * the file set changed) of files with broken links; returns the files re-checked beyond
   * `changed`. `allNew`: every file was read in this refresh, so every file is checked.
   */
  recheck(changed: ReadonlySet<string>, touched: ReadonlySet<string>, setChanged: boolean, allNew: boolean, also?: ReadonlySet<string>): Generator<typeof NO_PROGRESS, ReadonlySet<string>, void>;
  /** The set of files changed: "did you mean" for missing files is made again at the next check. */
  filesMoved(): void;
  /** The configuration changed: the link setup is found again and every record is forgotten. */
  reset(): void;
  /** Entries came from the on-disk index, checked before: the files among them with a broken link are known again. */
  restored(): void;
}

/** No files (shared, never written). */
const NO_FILES: ReadonlySet<string> = new Set();
/** The links record of a file without findings in an index refreshed once (which keeps no targets). */
const NOTHING_FOUND: LinkEntry = Object.freeze({ diagnostics: NO_DIAGNOSTICS, targets: NO_STRINGS });
/** How many files' links are checked in one step. */
const CHECKS_PER_STEP = 64;
const CHECKING = NO_PROGRESS;

export function createLinkChecks(state: IndexView): LinkChecks {
  /** For each link target, the files whose links looked at it (`null` until a partial refresh needs it). */
  let linkers: Map<string, Set<string>> | null = null;
  /** Files with an `MD_LINK_BROKEN` finding: its suggestion depends on the whole file list. */
  const brokenLinkers = new Set<string>();
  /** "Did you mean" for missing files, rebuilt only when the set of files changes. */
  let suggestFile: ((missing: string) => string | null) | null = null;
  /** The link root and the repository's URLs, found at the first link check. */
  let links: LinkSetup | null = null;
  /** Whether a refresh looked for the files that link to a path by scanning every file's targets (once, before the reverse index). */
  let scanned = false;

  /**
   * Re-checks the links of changed files, of files that looked at a changed path, and (when
   * the file set changed) of files with broken links; returns the files re-checked beyond
   * `changed`. `allNew`: every file was read in this refresh, so every file is checked.
   */
  function* recheckLinks(changed: ReadonlySet<string>, touched: ReadonlySet<string>, setChanged: boolean, allNew: boolean, also: ReadonlySet<string> = NO_FILES): Generator<typeof CHECKING, ReadonlySet<string>, void> {
    if (allNew) {
      yield* checkLinksOf(state.files);
      return NO_FILES;
    }
    const recheck = new Set<string>(also);
    for (const file of changed) if (state.files.has(file)) recheck.add(file);
    // The paths whose lookers are checked again: what changed, and an entry that appeared or left
    // changes its directory's listing (and maybe its README).
    const looked = new Set<string>([...changed, ...touched]);
    for (const path of touched) for (const key of keysOfEntry(path)) looked.add(key);
    // Needed only when something changed that other files' links may have looked at (a one-shot load never is).
    if (recheck.size < state.files.size && looked.size > 0) {
      if (linkers === null && !scanned) {
        // The first time, the targets are scanned for these paths: building the reverse index
        // costs some 20 times as much (2 s at 100,000 files), and a warm start with a few files
        // edited needs it once. It is built at the next refresh that needs it.
        scanned = true;
        for (const [source, entry] of state.files) if (entry.links !== null && entry.links.targets.some((target) => looked.has(target))) recheck.add(source);
      } else {
        const index = linkers ?? reverseIndex();
        for (const path of looked) for (const source of index.get(path) ?? []) recheck.add(source);
      }
    }
    if (setChanged) for (const source of brokenLinkers) recheck.add(source);
    for (const file of changed) if (!state.files.has(file)) forgetLinks(file);
    if (recheck.size === 0) return recheck;
    const entries = new Map<string, FileEntry>();
    for (const source of recheck) {
      const entry = state.files.get(source);
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
    if (!state.linkOptions().check) {
      // `links.check: false`: no link finding, nothing looked at (not even the link root).
      for (const [source, entry] of sources) (forgetLinks(source), (entry.links = NOTHING_FOUND));
      return;
    }
    suggestFile ??= createPathSuggester(state.sortedFiles());
    links ??= linkSetup(state.root, state.linkOptions());
    const contextFor = linkContexts(links, {
      root: state.root,
      entries: state.entries,
      listed: (dir) => {
        const listing = state.listings.get(dir);
        return listing === undefined || listing.diagnostic !== null ? undefined : listing;
      },
      walked: (dir) => state.listings.has(dir),
      markdownOf: (file) => state.files.get(file)?.analysis.markdown(),
      suggestFile,
      ...(state.sourceFile === undefined ? {} : { sourceFile: state.sourceFile }),
    });
    let checked = 0;
    for (const [source, entry] of sources) {
      forgetLinks(source);
      const targets: string[] | null = state.once ? null : [];
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
    const entry = state.files.get(source);
    for (const target of entry?.links?.targets ?? []) linkers.get(target)?.delete(source);
  }

  /** For each link target, the files whose links looked at it: built from the per-file findings when first needed. */
  function reverseIndex(): Map<string, Set<string>> {
    const index = new Map<string, Set<string>>();
    for (const [source, entry] of state.files) if (entry.links !== null) addTargets(index, source, entry.links.targets);
    linkers = index;
    return index;
  }

  return {
    recheck: recheckLinks,
    filesMoved: () => void (suggestFile = null),
    reset: () => {
      links = null;
      linkers = null;
      scanned = false;
      brokenLinkers.clear();
    },
    restored: () => {
      for (const [source, entry] of state.files) if (entry.links?.diagnostics.some((d) => d.code === 'MD_LINK_BROKEN')) brokenLinkers.add(source);
    },
  };
}

function addTargets(index: Map<string, Set<string>>, source: string, targets: readonly string[]): void {
for (const target of targets) {
  let set = index.get(target);
  if (set === undefined) index.set(target, (set = new Set()));
  set.add(source);
}
}
