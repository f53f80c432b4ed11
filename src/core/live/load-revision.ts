/**
 * TRACE §4: the workspace as it was at a git revision, loaded with that revision's own
 * `docugraph.yml` (or, when the caller gives one, today's: issue 53), ignore files and
 * `docugraph.lock.json`, through the same stages as a load
 * from disk — discovery, per-file analysis, link checks, assembly, reviews — over the tree's
 * listing and blobs (read/git.ts: one `ls-tree`, one `cat-file`). Only blobs under the
 * workspace are read, with the size limits of files on disk; symbolic links in the tree are
 * never followed. A workspace folder the revision does not have is an empty workspace.
 */
import { applyReviews } from '../check/check-reviews.js';
import { checkLinks } from '../check/check-links.js';
import { linkContexts, linkSetup } from '../check/link-context.js';
import { assembleWorkspace, createAssemblyCache, type LinkEntry } from '../model/assemble-workspace.js';
import type { FileAnalysis } from '../model/analyze-file.js';
import { analyzeBytes, MAX_FILE_BYTES } from '../model/read-files.js';
import { configFrom, MAX_CONFIG_BYTES, type ConfigResult } from '../parse/config.js';
import { lockFrom } from '../parse/lock-file.js';
import { candidateBlobs, discoverTree, treeBytes } from '../read/discover-tree.js';
import { IGNORE_FILE, ignoreRules, isMarkdownName, MAX_IGNORE_BYTES } from '../read/discover-files.js';
import { fillSizes, listTree, openRepository, readBlobs, resolveCommit, type GitOptions, type GitRepository, type TreeEntry } from '../read/git.js';
import { entryAt, indexTree, treeDiskView } from '../read/tree-view.js';
import { analysesOf, type Reusable } from './load-workspace.js';
import { sourceFileOnDisk } from './source-files.js';
import { createSourceMerge, NO_SOURCES, withSourceFindings, withSourcesNoted, type LoadedSources } from '../model/source-findings.js';
import { sameList } from '../shared/same-list.js';
import { CONFIG_FILE, LOCK_FILE } from '../shared/config-types.js';
import { NO_DIAGNOSTICS, NO_STRINGS } from '../shared/empty.js';
import { createPathSuggester } from '../shared/suggest.js';
import type { Diagnostic, Workspace } from '../shared/types.js';
import { linksKept } from './kept-links.js';

export type { GitOptions } from '../read/git.js';

/** A revision loaded: its commit and its workspace. */
export interface LoadedRevision {
  /** The revision as given, e.g. `origin/main`. */
  readonly revision: string;
  /** The commit it names (full object id). */
  readonly commit: string;
  readonly workspace: Workspace;
  /** The configuration it was read with: its own `docugraph.yml`, or the one given (`RevisionOptions.config`). */
  readonly config: ConfigResult;
  /**
   * Why it was read with the configuration given instead of its own: it has no `docugraph.yml`
   * (`absent`), or its own says something else (`different`); `null` when read with its own
   * (none given, or the one given means the same).
   */
  readonly replacedConfig: 'absent' | 'different' | null;
}

export interface RevisionOptions extends GitOptions {
  readonly cache?: RevisionCache;
  /**
   * Read the revision with this configuration (today's: the working tree's, or the head
   * revision's) when its own `docugraph.yml` is absent or says something else, so that a diff
   * compares documents, not configurations. Absent: with its own, whatever it says.
   */
  readonly config?: ConfigResult;
  /**
   * The working tree's workspace, loaded with `config` and `blobIds` (`diff` against the work
   * tree): a file whose blob at the revision is the one that load read (the load hashed the
   * bytes it analysed, as git names a blob; no git command looks at the work tree, whose
   * filters a repository may set) takes that load's analysis instead of being read and
   * analysed again — the same answers, at the cost of what changed.
   */
  readonly reuse?: Workspace;
  /** Other repositories' files (issue 57), joined to the revision's as to the working tree's (the same on both sides of a diff). */
  readonly sources?: LoadedSources;
}

/**
 * Loads the workspace at `root` (a real path, inside a git working tree) as it was at
 * `revision`. Throws `InvalidArgumentError` for a revision git does not have and when git
 * cannot be run here, with what to do.
 */
export async function loadRevision(root: string, revision: string, options: RevisionOptions): Promise<LoadedRevision> {
  const repo = await openRepository(root, options);
  const commit = await resolveCommit(repo, revision);
  // A commit never changes: with the same configuration given (or none), neither does its workspace.
  // With sources, what they hold too (a working tree's edits move no commit); unknown (no key): not kept.
  const sourcesKey = options.sources === undefined ? '' : options.sources.key;
  const key = `${root}\0${commit}\0${options.config === undefined ? '' : configKey(options.config)}\0${sourcesKey}`;
  const cached = sourcesKey === null ? undefined : options.cache?.get(key);
  if (cached !== undefined) return { revision, commit, ...cached };
  const loaded = await loadCommit(root, repo, commit, options.config, options.reuse === undefined ? undefined : analysesOf(options.reuse), options.sources ?? NO_SOURCES);
  if (sourcesKey !== null) options.cache?.set(key, loaded);
  return { revision, commit, ...loaded };
}

/** What a configuration means, as one string: two that give the same are read the same. */
function configKey(read: ConfigResult): string {
  return JSON.stringify([read.config, read.diagnostics.map((d) => [d.message, d.line])]);
}

/** The revision's own configuration, unless `given` is there and differs from it. */
function chooseConfig(own: ConfigResult, given: ConfigResult | undefined): Pick<LoadedRevision, 'config' | 'replacedConfig'> {
  if (given === undefined || configKey(own) === configKey(given)) return { config: own, replacedConfig: null };
  return { config: given, replacedConfig: own.found ? 'different' : 'absent' };
}

/**
 * The workspaces of the last few commits loaded (a commit never changes, so neither does its
 * workspace): a server asked `since: "HEAD"` again and again loads that commit once.
 */
export interface RevisionCache {
  get(key: string): RevisionWorkspace | undefined;
  set(key: string, loaded: RevisionWorkspace): void;
}

/** A commit's workspace and the configuration it was read with. */
export type RevisionWorkspace = Pick<LoadedRevision, 'workspace' | 'config' | 'replacedConfig'>;

/** A cache of the `size` commits loaded last (default 2). */
export function createRevisionCache(size = 2): RevisionCache {
  const entries = new Map<string, RevisionWorkspace>();
  return {
    get: (key) => {
      const loaded = entries.get(key);
      if (loaded !== undefined) {
        // Most recently used last.
        entries.delete(key);
        entries.set(key, loaded);
      }
      return loaded;
    },
    set: (key, loaded) => {
      entries.set(key, loaded);
      while (entries.size > size) entries.delete(entries.keys().next().value!);
    },
  };
}

async function loadCommit(root: string, repo: GitRepository, commit: string, given: ConfigResult | undefined, lent: Reusable | undefined, sources: LoadedSources): Promise<RevisionWorkspace> {
  const reuse = lent?.read;
  // Reusing the work tree's analyses, only the blobs that differ are read: their sizes are asked for then (`ls-tree -l` reads every object's header).
  const tree = await listTree(repo, commit, { sizes: reuse === undefined || given === undefined });
  const dirs = indexTree(tree);
  const base = repo.prefix.replace(/\/$/, '');
  const wsPath = (full: string): string => (base === '' ? full : full.slice(base.length + 1));
  // A file whose blob is the one the work tree's load read (the load hashed the bytes it analysed): not read again.
  const same = (entry: TreeEntry): boolean => reuse !== undefined && given !== undefined && reuse(wsPath(entry.path))?.blob === entry.oid;
  // One `cat-file` for every blob discovery may read (files too large are never read).
  const needed = candidateBlobs(dirs, base, [CONFIG_FILE, IGNORE_FILE, LOCK_FILE]).filter((entry) => !(same(entry) && isMarkdownName(entry.path)));
  await fillSizes(repo, commit, needed);
  const wanted = needed.filter((entry) => entry.size <= MAX_FILE_BYTES);
  const blobs = await readBlobs(repo, commit, [...new Set(wanted.map((entry) => entry.oid))]);
  const bytesOf = (path: string, maxBytes: number) => treeBytes(dirs, base, path, blobs, maxBytes);

  const chosen = chooseConfig(configFrom(bytesOf(CONFIG_FILE, MAX_CONFIG_BYTES)), given);
  const configRead = chosen.config;
  const config = configRead.config;
  const rules = ignoreRules(bytesOf(IGNORE_FILE, MAX_IGNORE_BYTES), config);
  const found = discoverTree(dirs, base, rules, bytesOf);
  // Reused only when the revision is read with the configuration the work tree was loaded with.
  const reusing = given !== undefined && configKey(configRead) === configKey(given);
  const kept = new Map<string, FileAnalysis>();
  const missing: string[] = [];
  const unread: TreeEntry[] = [];
  for (const file of found.files) {
    const entry = entryAt(dirs, base === '' ? file : `${base}/${file}`);
    if (entry === undefined) continue;
    if (reusing && same(entry)) kept.set(file, reuse!(file)!.analysis);
    else if (!blobs.has(entry.oid)) unread.push(entry);
  }
  // Blobs skipped above whose analysis could not be reused after all (another configuration).
  await fillSizes(repo, commit, unread);
  for (const entry of unread) if (entry.size <= MAX_FILE_BYTES) missing.push(entry.oid);
  for (const [oid, bytes] of await readBlobs(repo, commit, [...new Set(missing)])) blobs.set(oid, bytes);
  const analyses = new Map<string, FileAnalysis>();
  for (const file of found.files) analyses.set(file, kept.get(file) ?? analyzeBytes(file, bytesOf(file, MAX_FILE_BYTES), config));

  const setup = linkSetup(root, config.links);
  const aboveBase = setup.root.workspaceDir.length === 0 ? base : base.split('/').slice(0, -setup.root.workspaceDir.length).join('/');
  const contextFor = linkContexts(
    setup,
    {
      root,
      entries: found.entries,
      listed: (dir) => found.listings.get(dir),
      walked: (dir) => found.listings.has(dir),
      markdownOf: (file) => analyses.get(file)?.markdown(),
      suggestFile: createPathSuggester(found.files),
      sourceFile: (path) => sourceFileOnDisk(root, sources, path),
    },
    // Blobs are read only under the workspace: a link's fragment into Markdown above it is not checked.
    { inside: treeDiskView(dirs, base), above: treeDiskView(dirs, aboveBase), readAbove: () => null },
  );
  const context = contextFor(null);
  const perFile = new Map<string, { analysis: FileAnalysis; links: LinkEntry | null }>();
  // Whether the revision holds the work tree's Markdown files (then "did you mean" is the same, and its assembly can start from the work tree's).
  const sameFiles = reusing && lent !== undefined && sources.files.length === 0 && sameList(found.files, lent.files);
  // A file of the same bytes none of whose links' looked-at paths differ here keeps the work tree's verdict on them.
  const keeps = reusing && lent !== undefined ? linksKept(lent, found.entries, sameFiles, analyses, kept, dirs, base) : () => null;
  for (const [file, analysis] of analyses) {
    const links = keeps(file);
    if (links !== null) {
      perFile.set(file, { analysis, links });
      continue;
    }
    // `links.check: false`: no link finding.
    const markdown = analysis.mayLink && config.links.check ? analysis.markdown() : null;
    const diagnostics = markdown === null ? NO_DIAGNOSTICS : checkLinks(file, markdown, context);
    perFile.set(file, { analysis, links: { diagnostics, targets: NO_STRINGS } });
  }
  const discoveryDiagnostics: Diagnostic[] = [...configRead.diagnostics, ...rules.diagnostics];
  for (const listing of found.listings.values()) if (listing.gitignoreDiagnostic) discoveryDiagnostics.push(listing.gitignoreDiagnostic);
  // The same files as the work tree's load: its assembly, patched with the files whose results differ here (as a live edit is).
  const changed = new Set<string>();
  if (sameFiles) {
    for (const [file, results] of perFile) {
      const read = lent!.read(file);
      if (results.analysis !== read?.analysis || !sameFindings(results.links?.diagnostics, read?.links?.diagnostics)) changed.add(file);
    }
  }
  const files = sameFiles ? lent!.files : found.files;
  const cache = sameFiles ? lent!.assembly : createAssemblyCache(config.status);
  const workspace = assembleWorkspace(root, ...createSourceMerge(sources)({ files, entries: found.entries, diagnostics: discoveryDiagnostics }, perFile), cache, sameFiles ? changed : undefined);
  const reviewed = withSourcesNoted(applyReviews(withSourceFindings(workspace, sources), lockFrom(bytesOf(LOCK_FILE, MAX_FILE_BYTES)).state), sources);
  analysesAt.set(reviewed, analyses);
  return { workspace: reviewed, ...chosen };
}

/** Each file's analysis of a revision's workspace, by path (a source read at a revision takes them: issue 57). */
const analysesAt = new WeakMap<Workspace, ReadonlyMap<string, FileAnalysis>>();

/** The analysis of each file of a workspace `loadRevision` made, by path. */
export function revisionAnalyses(workspace: Workspace): ReadonlyMap<string, FileAnalysis> | undefined {
  return analysesAt.get(workspace);
}

/** Whether two files' link findings say the same (a file checked again often finds what the work tree's load found). */
function sameFindings(a: readonly Diagnostic[] | undefined, b: readonly Diagnostic[] | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  return a.every((d, i) => d.code === b[i]!.code && d.message === b[i]!.message && d.path === b[i]!.path && d.line === b[i]!.line && d.nodeId === b[i]!.nodeId);
}
