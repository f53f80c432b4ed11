/**
 * TRACE §4: the workspace as it was at a git revision, loaded with that revision's own
 * `docugraph.yml`, ignore files and `docugraph.lock.json`, through the same stages as a load
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
import { configFrom, MAX_CONFIG_BYTES } from '../parse/config.js';
import { lockFrom } from '../parse/lock-file.js';
import { candidateBlobs, discoverTree, treeBytes } from '../read/discover-tree.js';
import { IGNORE_FILE, ignoreRules, MAX_IGNORE_BYTES } from '../read/discover-files.js';
import { listTree, openRepository, readBlobs, resolveCommit, type GitOptions, type GitRepository } from '../read/git.js';
import { indexTree, treeDiskView } from '../read/tree-view.js';
import { CONFIG_FILE, LOCK_FILE } from '../shared/config-types.js';
import { NO_DIAGNOSTICS, NO_STRINGS } from '../shared/empty.js';
import { createPathSuggester } from '../shared/suggest.js';
import type { Diagnostic, Workspace } from '../shared/types.js';

export type { GitOptions } from '../read/git.js';

/** A revision loaded: its commit and its workspace. */
export interface LoadedRevision {
  /** The revision as given, e.g. `origin/main`. */
  readonly revision: string;
  /** The commit it names (full object id). */
  readonly commit: string;
  readonly workspace: Workspace;
}

/**
 * Loads the workspace at `root` (a real path, inside a git working tree) as it was at
 * `revision`. Throws `InvalidArgumentError` for a revision git does not have and when git
 * cannot be run here, with what to do.
 */
export async function loadRevision(root: string, revision: string, options: GitOptions & { readonly cache?: RevisionCache }): Promise<LoadedRevision> {
  const repo = await openRepository(root, options);
  const commit = await resolveCommit(repo, revision);
  const key = `${root}\0${commit}`;
  const cached = options.cache?.get(key);
  if (cached !== undefined) return { revision, commit, workspace: cached };
  const workspace = await loadCommit(root, repo, commit);
  options.cache?.set(key, workspace);
  return { revision, commit, workspace };
}

/**
 * The workspaces of the last few commits loaded (a commit never changes, so neither does its
 * workspace): a server asked `since: "HEAD"` again and again loads that commit once.
 */
export interface RevisionCache {
  get(key: string): Workspace | undefined;
  set(key: string, workspace: Workspace): void;
}

/** A cache of the `size` commits loaded last (default 2). */
export function createRevisionCache(size = 2): RevisionCache {
  const entries = new Map<string, Workspace>();
  return {
    get: (key) => {
      const workspace = entries.get(key);
      if (workspace !== undefined) {
        // Most recently used last.
        entries.delete(key);
        entries.set(key, workspace);
      }
      return workspace;
    },
    set: (key, workspace) => {
      entries.set(key, workspace);
      while (entries.size > size) entries.delete(entries.keys().next().value!);
    },
  };
}

async function loadCommit(root: string, repo: GitRepository, commit: string): Promise<Workspace> {
  const dirs = indexTree(await listTree(repo, commit));
  const base = repo.prefix.replace(/\/$/, '');
  // One `cat-file` for every blob discovery may read (files too large are never read).
  const wanted = candidateBlobs(dirs, base, [CONFIG_FILE, IGNORE_FILE, LOCK_FILE]).filter((entry) => entry.size <= MAX_FILE_BYTES);
  const blobs = await readBlobs(repo, commit, [...new Set(wanted.map((entry) => entry.oid))]);
  const bytesOf = (path: string, maxBytes: number) => treeBytes(dirs, base, path, blobs, maxBytes);

  const configRead = configFrom(bytesOf(CONFIG_FILE, MAX_CONFIG_BYTES));
  const config = configRead.config;
  const rules = ignoreRules(bytesOf(IGNORE_FILE, MAX_IGNORE_BYTES), config);
  const found = discoverTree(dirs, base, rules, bytesOf);
  const analyses = new Map<string, FileAnalysis>();
  for (const file of found.files) analyses.set(file, analyzeBytes(file, bytesOf(file, MAX_FILE_BYTES), config));

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
    },
    // Blobs are read only under the workspace: a link's fragment into Markdown above it is not checked.
    { inside: treeDiskView(dirs, base), above: treeDiskView(dirs, aboveBase), readAbove: () => null },
  );
  const context = contextFor(null);
  const perFile = new Map<string, { analysis: FileAnalysis; links: LinkEntry | null }>();
  for (const [file, analysis] of analyses) {
    // `links.check: false`: no link finding.
    const markdown = analysis.mayLink && config.links.check ? analysis.markdown() : null;
    const diagnostics = markdown === null ? NO_DIAGNOSTICS : checkLinks(file, markdown, context);
    perFile.set(file, { analysis, links: { diagnostics, targets: NO_STRINGS } });
  }
  const discoveryDiagnostics: Diagnostic[] = [...configRead.diagnostics, ...rules.diagnostics];
  for (const listing of found.listings.values()) if (listing.gitignoreDiagnostic) discoveryDiagnostics.push(listing.gitignoreDiagnostic);
  const workspace = assembleWorkspace(root, { files: found.files, entries: found.entries, diagnostics: discoveryDiagnostics }, perFile, createAssemblyCache());
  return applyReviews(workspace, lockFrom(bytesOf(LOCK_FILE, MAX_FILE_BYTES)).state);
}
