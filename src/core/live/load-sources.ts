/**
 * Issue 57: the other repositories `sources:` names, read for this workspace's graph — each
 * from its checkout's working tree through a workspace index of its own (its own
 * `docugraph.yml`, the same stages and safety rules, no sources of its own read), or at its
 * `rev` through git's plumbing (`loadRevision`); never written. A checkout is taken only as a
 * real folder outside this workspace (never through a symbolic link, and neither inside the
 * other). Its commit is compared with the pin in `docugraph.lock.json`: a source that moved is
 * read at the pinned commit too, to say what changed.
 */
import { createHash } from 'node:crypto';
import { lstatSync, realpathSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { FileResults } from '../model/assemble-workspace.js';
import type { FileAnalysis } from '../model/analyze-file.js';
import { fingerprintOf } from '../model/fingerprint.js';
import { sourceAnalysis, sourceEntry, type SourceView } from '../model/source-analyses.js';
import { NO_SOURCES, type LoadedSource, type LoadedSources, type SourceMove } from '../model/source-findings.js';
import { readConfig } from '../parse/config.js';
import { readLockFile } from '../parse/lock-file.js';
import { openRepository, resolveCommit, type GitOptions } from '../read/git.js';
import type { IndexCacheOptions } from '../store/index-cache.js';
import { CONFIG_FILE, type SourceSpec } from '../shared/config-types.js';
import { echo } from '../shared/errors.js';
import { shownValue } from '../shared/id-shape.js';
import { compareStrings } from '../shared/sort.js';
import type { Workspace } from '../shared/types.js';
import { loadRevision, revisionAnalyses } from './load-revision.js';
import { createWorkspaceIndex } from './workspace-index.js';

/** The longest a source's load holds the thread before it lets other work run. */
const SLICE_MS = 15;

export interface SourceOptions extends GitOptions {
  /** The on-disk index's options: a source read from its working tree keeps its own index (a warm start stays warm). */
  readonly cache?: IndexCacheOptions;
}

/** Reads the sources of the workspace at `root` (a real path). Never throws for a source: each problem is its finding. */
export async function loadSources(root: string, specs: readonly SourceSpec[], options: SourceOptions): Promise<LoadedSources> {
  if (specs.length === 0) return NO_SOURCES;
  const lock = readLockFile(root).state;
  const pins = lock.kind === 'ok' ? lock.lock.sources : new Map<string, string>();
  const sources: LoadedSource[] = [];
  const results = new Map<string, FileResults>();
  // Side by side: each reads its on-disk index on another thread, and runs git, while the others work (in slices).
  const reads = await Promise.all(specs.map((spec) => loadSource(root, spec, pins.get(spec.name) ?? null, options)));
  const key = createHash('sha256');
  let keyed = true;
  const taken: string[] = [];
  for (const read of reads) {
    // Two sources of one folder, or one inside the other, would give the same files twice: the second (by name) is refused.
    const { folder, spec } = read.source;
    const other = read.source.state === 'ok' ? taken.find((f) => f === folder || folder.startsWith(`${f}/`) || f.startsWith(`${folder}/`)) : undefined;
    if (other !== undefined) {
      const message = `the source \`${spec.name}\` at \`${shownValue(spec.path)}\` overlaps another source's folder (\`${shownValue(other)}\`): each folder is read as one source — remove one of them`;
      sources.push({ ...read.source, state: 'refused', commit: null, moved: null, fileCount: 0, nodeCount: 0, findings: [{ code: 'CONFIG_INVALID', message, nodeId: null, path: CONFIG_FILE, line: spec.line }] });
      continue;
    }
    if (read.source.state === 'ok') taken.push(folder);
    sources.push(read.source);
    for (const [path, analysis] of read.analyses) results.set(path, { analysis, links: null });
    if (read.key === null) keyed = false;
    else key.update(`${read.key}\0`);
  }
  return { sources, files: [...results.keys()].sort(compareStrings), results, key: keyed ? key.digest('hex') : null };
}

interface SourceRead {
  readonly source: LoadedSource;
  readonly analyses: ReadonlyMap<string, FileAnalysis>;
  /** What its analyses are made of, as one string (`null`: not known — a file read without its stamp). */
  readonly key: string | null;
}

async function loadSource(root: string, spec: SourceSpec, pinned: string | null, options: SourceOptions): Promise<SourceRead> {
  const dir = resolve(root, spec.path);
  const folder = relative(root, dir).split(sep).join('/') || '.';
  const base = { spec, folder, commit: null, pinned, moved: null, fileCount: 0, nodeCount: 0 };
  const finding = (code: 'SOURCE_MISSING' | 'CONFIG_INVALID', message: string): SourceRead => ({
    source: { ...base, state: code === 'CONFIG_INVALID' ? 'refused' : 'missing', findings: [{ code, message, nodeId: null, path: CONFIG_FILE, line: spec.line }] },
    analyses: new Map(),
    key: JSON.stringify([spec, 'not read']),
  });
  const where = `\`${shownValue(spec.path)}\``;
  let stats;
  try {
    stats = lstatSync(dir);
  } catch {
    const clone = spec.url === null ? 'clone it there' : `clone it there (\`git clone -- ${spec.url} ${shellWord(spec.path)}\`)`;
    return finding('SOURCE_MISSING', `the source \`${spec.name}\` is not at ${where}: ${clone}, or change \`sources.${spec.name}.path\`; meanwhile its ids are not checked`);
  }
  if (stats.isSymbolicLink()) return finding('CONFIG_INVALID', `the source \`${spec.name}\` at ${where} is a symbolic link, which DocuGraph never follows: give the path of the real folder`);
  if (!stats.isDirectory()) return finding('CONFIG_INVALID', `the source \`${spec.name}\` at ${where} is not a folder: give the folder of its checkout`);
  let real: string;
  try {
    real = realpathSync(dir);
  } catch (error) {
    return finding('SOURCE_MISSING', `the source \`${spec.name}\` at ${where} cannot be read: ${echo(String((error as Error).message))}`);
  }
  if (real !== dir) return finding('CONFIG_INVALID', `the path of the source \`${spec.name}\`, ${where}, goes through a symbolic link, which DocuGraph never follows: give the path of the real folder`);
  if (real === root || real.startsWith(root + sep)) return finding('CONFIG_INVALID', `the source \`${spec.name}\` at ${where} is inside this workspace, whose files are read already: list it under \`roots:\` if it is a package, or remove it from \`sources:\``);
  if (root.startsWith(real + sep)) return finding('CONFIG_INVALID', `the source \`${spec.name}\` at ${where} holds this workspace: a source is another repository beside this one`);

  const config = readConfig(real);
  const view: SourceView = { name: spec.name, folder, ownSources: ownSources(root, real, config.config.sources) };
  // What its analyses are made of: how it is seen from here, its configuration, and its commit or its files' stamps.
  let key: string | null = JSON.stringify([spec, folder, [...view.ownSources], config.config]);
  let commit: string | null = null;
  let repo = null;
  let gitDir: string | undefined;
  try {
    repo = await openRepository(real, options);
    commit = await resolveCommit(repo, spec.rev ?? 'HEAD');
    const dotGit = join(repo.top, '.git');
    if (lstatSync(dotGit, { throwIfNoEntry: false })?.isDirectory() === true) gitDir = dotGit;
  } catch (error) {
    // Without git (or a commit yet) a working tree is still read, unpinned; a `rev` needs one.
    if (spec.rev !== null) return finding('SOURCE_MISSING', `the source \`${spec.name}\` at ${where} cannot be read at \`${shownValue(spec.rev)}\`: ${echo(String((error as Error).message))}`);
  }
  let own: Workspace;
  let analyses: ReadonlyMap<string, FileAnalysis>;
  let directories: string[] | undefined;
  if (spec.rev !== null && commit !== null) {
    key += commit;
    own = (await loadRevision(real, commit, { env: options.env })).workspace;
    analyses = revisionAnalyses(own) ?? new Map();
  } else {
    const index = createWorkspaceIndex(real, { once: options.cache === undefined, ...(options.cache === undefined ? {} : { cache: options.cache }) });
    // In slices, as a live load: a server answers between them.
    const steps = index.refreshSteps('all');
    let slice = performance.now();
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done === true) {
        own = step.value;
        break;
      }
      if (performance.now() - slice > SLICE_MS) (await new Promise((resolve) => setImmediate(resolve)), (slice = performance.now()));
    }
    if (options.cache !== undefined) index.saveCache();
    directories = [...index.directories()];
    const made = new Map<string, FileAnalysis>();
    const stamps: unknown[] = [];
    for (const file of own.files) {
      const read = index.readOf(file);
      if (read === undefined) continue;
      made.set(file, read.analysis);
      if (read.stamp === null) key = null;
      else stamps.push(file, read.stamp.size, read.stamp.mtimeMs, read.stamp.ctimeMs, read.stamp.ino);
    }
    if (key !== null) key += JSON.stringify(stamps);
    analyses = made;
  }
  const seen = new Map<string, FileAnalysis>();
  for (const analysis of analyses.values()) {
    const shown = sourceAnalysis(view, analysis);
    seen.set(shown.path, shown);
  }
  const moved = pinned !== null && commit !== null && pinned !== commit ? await moveOf(real, view, own, pinned, options) : null;
  return { source: { ...base, state: 'ok', commit, moved, findings: [], fileCount: own.files.length, nodeCount: own.nodes.size, ...(directories === undefined ? {} : { directories }), ...(gitDir === undefined ? {} : { gitDir }) }, analyses: seen, key };
}

/** What changed in the source between `pinned` and `now` (its workspace as read). */
async function moveOf(real: string, view: SourceView, now: Workspace, pinned: string, options: GitOptions): Promise<SourceMove> {
  let then: Workspace;
  try {
    then = (await loadRevision(real, pinned, { env: options.env })).workspace;
  } catch (error) {
    return { pinned, added: [], removed: [], changed: [], unread: echo(String((error as Error).message)) };
  }
  const shown = (id: string): string => sourceEntry(view, id);
  const added: string[] = [];
  const removed: string[] = [];
  const changed: string[] = [];
  for (const [id, node] of now.nodes) {
    const old = then.nodes.get(id);
    if (old === undefined) added.push(shown(id));
    else if (fingerprintOf(old) !== fingerprintOf(node)) changed.push(shown(id));
  }
  for (const id of then.nodes.keys()) if (!now.nodes.has(id)) removed.push(shown(id));
  return { pinned, added: added.sort(compareStrings), removed: removed.sort(compareStrings), changed: changed.sort(compareStrings), unread: null };
}

/** `path` as one word of a command to copy into a shell: as written when no shell acts on its characters, else in single quotes (one line, at most 200 characters). */
function shellWord(path: string): string {
  return /^[A-Za-z0-9._/~@:+=-]+$/.test(path) ? path : `'${shownValue(path).replace(/'/g, "'\\''")}'`;
}

/** The names the source's own `sources:` give, each with whether it is this workspace (`root`). */
function ownSources(root: string, real: string, specs: readonly SourceSpec[]): Map<string, boolean> {
  const names = new Map<string, boolean>();
  for (const other of specs) {
    // This workspace only by its real path (a path through a link names it not).
    names.set(other.name, resolve(real, other.path) === root);
  }
  return names;
}
