/**
 * TRACE §4: reading a revision from git, safely. `git` runs as a child process with an
 * argument array (never a shell), only the plumbing commands `rev-parse`, `ls-tree` and
 * `cat-file --batch` — one `ls-tree` and one `cat-file` per revision — with no pager,
 * `core.fsmonitor` off, no transport (a partial clone never fetches), optional locks off, no
 * prompt, no system configuration, and none of the caller's `GIT_*` variables. None of these
 * commands runs hooks, aliases, pagers, diff or merge drivers, filters or an fsmonitor, so a
 * hostile repository's configuration cannot make DocuGraph run anything. Every failure is an
 * `InvalidArgumentError` that says what to do.
 */
import { spawn } from 'node:child_process';
import { InvalidArgumentError, echo } from '../shared/errors.js';

/** What runs `git`: the environment it starts from (the caller's; its `GIT_*` variables are dropped). */
export interface GitOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The repository around a directory. */
export interface GitRepository {
  /** Absolute path of the working tree's top level, as git gives it. */
  readonly top: string;
  /** The directory below the top level, `/`-separated, with a final `/` (`''`: the top level itself). */
  readonly prefix: string;
  /** Whether the clone is shallow (some history is not there). */
  readonly shallow: boolean;
  /** The environment every command runs with. */
  readonly env: Readonly<Record<string, string>>;
}

/** One entry of a tree, listed recursively. */
export interface TreeEntry {
  /** Path from the top level, `/`-separated. */
  readonly path: string;
  readonly kind: 'file' | 'directory' | 'link' | 'other';
  /** The object id. */
  readonly oid: string;
  /** Size in bytes (blobs; 0 for the others); `NaN` until asked for (`listTree` without sizes, then `withSizes`). */
  readonly size: number;
}

/** Configuration every command gets, whatever the repository's own says. */
const SAFE_CONFIG = ['--no-pager', '-c', 'core.fsmonitor=false', '-c', 'protocol.allow=never', '-c', 'core.hooksPath=/dev/null'];

/** The most bytes one command may print (a tree listing or the blobs asked for, which are capped by the caller). */
const MAX_OUTPUT = 2 * 1024 * 1024 * 1024 - 1;

/** The repository around `dir` (a real path). */
export async function openRepository(dir: string, options: GitOptions): Promise<GitRepository> {
  const env = gitEnvironment(options.env);
  const result = await runGit(dir, env, ['rev-parse', '--show-toplevel', '--show-prefix', '--is-shallow-repository']);
  if (result.code !== 0) {
    const reason = firstLine(result.stderr);
    if (/not a git repository/i.test(reason)) throw new InvalidArgumentError(`\`${echo(dir)}\` is not inside a git repository; run this in a clone, or pass --workspace with a folder of one.`);
    throw new InvalidArgumentError(`git cannot read the repository around \`${echo(dir)}\`: ${echo(reason)}`);
  }
  const [top, prefix, shallow] = result.stdout.toString('utf8').split('\n');
  if (top === undefined || prefix === undefined || (shallow !== 'true' && shallow !== 'false')) throw new InvalidArgumentError(`git gave an answer DocuGraph cannot read for the repository around \`${echo(dir)}\`.`);
  return { top, prefix, shallow: shallow === 'true', env };
}

/**
 * The commit `revision` names (any revision git accepts: a branch, tag, commit, `HEAD~3`,
 * `origin/main`). One that starts with `-` is refused before git sees it.
 */
export async function resolveCommit(repo: GitRepository, revision: string): Promise<string> {
  if (revision === '' || revision.startsWith('-') || /[\0\n\r]/.test(revision)) {
    throw new InvalidArgumentError(`\`${echo(revision)}\` is not a revision: a revision is a branch, tag or commit such as \`main\` or \`HEAD~1\`, and never starts with \`-\`.`, { argument: 'revision' });
  }
  const commit = await runGit(repo.top, repo.env, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`]);
  const oid = commit.stdout.toString('utf8').trim();
  if (commit.code === 0 && /^[0-9a-f]{40,64}$/.test(oid)) return oid;
  const any = await runGit(repo.top, repo.env, ['rev-parse', '--verify', '--quiet', '--end-of-options', revision]);
  if (any.code === 0) throw new InvalidArgumentError(`\`${echo(revision)}\` is not a commit; pass a branch, tag or commit.`, { argument: 'revision' });
  if (repo.shallow) {
    throw new InvalidArgumentError(
      `\`${echo(revision)}\` is not in this shallow clone: fetch more history (\`git fetch --unshallow\`, or \`fetch-depth: 0\` on actions/checkout in GitHub Actions).`,
      { argument: 'revision' },
    );
  }
  // A repository whose branch has no commit yet knows no revision at all: fetching is no help.
  const head = await runGit(repo.top, repo.env, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  if (head.code !== 0) {
    throw new InvalidArgumentError(
      `the repository has no commit yet, so \`${echo(revision)}\` names nothing to compare with: commit the documents first (\`git add -A && git commit\`), then compare with that commit.`,
      { argument: 'revision' },
    );
  }
  throw new InvalidArgumentError(`git does not know the revision \`${echo(revision)}\`: check its name, or fetch it first (e.g. \`git fetch origin main\`).`, { argument: 'revision' });
}

/**
 * Every entry of the commit's tree, directories included, in git's order (one `ls-tree`). With
 * `sizes: false`, blobs' sizes are left `NaN` (git reads every object's header for them: 0.7 s
 * of 0.8 at 64,000 files), for `withSizes` to fill in for the few blobs that will be read.
 */
export async function listTree(repo: GitRepository, commit: string, options: { readonly sizes?: boolean } = {}): Promise<TreeEntry[]> {
  const sizes = options.sizes !== false;
  const result = await runGit(repo.top, repo.env, ['ls-tree', '-r', '-t', '-z', ...(sizes ? ['-l'] : []), '--full-tree', commit]);
  if (result.code !== 0) throw missingObjects(repo, commit, firstLine(result.stderr));
  const out = result.stdout;
  const entries: TreeEntry[] = [];
  for (let start = 0; start < out.length; ) {
    let end = out.indexOf(0, start);
    if (end === -1) end = out.length;
    const record = out.toString('utf8', start, end);
    start = end + 1;
    // `<mode> <type> <object> <size>\t<path>` (size right-aligned, `-` for trees and submodules; no size without -l).
    const tab = record.indexOf('\t');
    const fields = record.slice(0, tab).split(/ +/);
    if (tab === -1 || fields.length !== (sizes ? 4 : 3)) continue;
    const [mode, type, oid, size] = fields as [string, string, string, string | undefined];
    const kind = mode === '040000' ? 'directory' : mode === '120000' ? 'link' : mode === '100644' || mode === '100755' ? 'file' : 'other';
    entries.push({ path: record.slice(tab + 1), kind, oid, size: size === undefined ? (type === 'blob' ? Number.NaN : 0) : size === '-' ? 0 : Number(size) });
  }
  return entries;
}

/**
 * Fills in every unknown size (`NaN`) of `entries`, as `listTree` made them, by one
 * `cat-file --batch-check` of their blobs. In place: the entries are `listTree`'s own, and the
 * tree's index holds them.
 */
export async function fillSizes(repo: GitRepository, commit: string, entries: readonly TreeEntry[]): Promise<void> {
  const unknown = [...new Set(entries.filter((entry) => Number.isNaN(entry.size)).map((entry) => entry.oid))];
  if (unknown.length === 0) return;
  const result = await runGit(repo.top, repo.env, ['cat-file', '--batch-check'], `${unknown.join('\n')}\n`);
  if (result.code !== 0) throw missingObjects(repo, commit, firstLine(result.stderr));
  const sizes = new Map<string, number>();
  for (const line of result.stdout.toString('utf8').split('\n')) {
    // `<oid> <type> <size>`, or `<oid> missing`.
    const [oid, type, size] = line.split(' ');
    if (type === 'missing') throw missingObjects(repo, commit, `object ${oid} is missing`);
    if (oid !== undefined && size !== undefined && Number.isSafeInteger(Number(size))) sizes.set(oid, Number(size));
  }
  for (const entry of entries) {
    if (!Number.isNaN(entry.size)) continue;
    const size = sizes.get(entry.oid);
    if (size === undefined) throw new InvalidArgumentError('git gave an answer DocuGraph cannot read while reading files of a revision.');
    (entry as { size: number }).size = size;
  }
}

/** The blobs `oids` names (one `cat-file --batch`), by id. */
export async function readBlobs(repo: GitRepository, commit: string, oids: readonly string[]): Promise<Map<string, Uint8Array>> {
  const blobs = new Map<string, Uint8Array>();
  if (oids.length === 0) return blobs;
  const result = await runGit(repo.top, repo.env, ['cat-file', '--batch'], `${oids.join('\n')}\n`);
  if (result.code !== 0) throw missingObjects(repo, commit, firstLine(result.stderr));
  const out = result.stdout;
  for (let at = 0; at < out.length; ) {
    const eol = out.indexOf(0x0a, at);
    if (eol === -1) break;
    // `<oid> <type> <size>` then the bytes and a line feed, or `<oid> missing`.
    const header = out.toString('utf8', at, eol).split(' ');
    at = eol + 1;
    if (header[1] === 'missing') throw missingObjects(repo, commit, `object ${header[0]} is missing`);
    const size = Number(header[2]);
    if (header.length !== 3 || !Number.isSafeInteger(size) || at + size > out.length) throw new InvalidArgumentError('git gave an answer DocuGraph cannot read while reading files of a revision.');
    if (header[1] === 'blob') blobs.set(header[0]!, out.subarray(at, at + size));
    at += size + 1;
  }
  return blobs;
}

function missingObjects(repo: GitRepository, commit: string, reason: string): InvalidArgumentError {
  const fix = repo.shallow ? ' (a shallow clone: fetch more history with `git fetch --unshallow`, or `fetch-depth: 0` on actions/checkout)' : '';
  return new InvalidArgumentError(`git cannot read the files of ${commit.slice(0, 12)}: ${echo(reason)}${fix}.`, { argument: 'revision' });
}

/** The caller's environment without its `GIT_*` variables (which could point git at another repository or program), and the safe settings. */
function gitEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && !key.toUpperCase().startsWith('GIT_')) out[key] = value;
  return { ...out, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_NO_LAZY_FETCH: '1', GIT_PAGER: 'cat', PAGER: 'cat', LC_ALL: 'C' };
}

interface GitResult {
  readonly code: number;
  readonly stdout: Buffer;
  readonly stderr: string;
}

/** Runs `git <safe config> <args>` in `cwd` (no shell), with `input` on its standard input. */
function runGit(cwd: string, env: Readonly<Record<string, string>>, args: readonly string[], input?: string): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...SAFE_CONFIG, ...args], { cwd, env, shell: false, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    const chunks: Buffer[] = [];
    let bytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_OUTPUT) child.kill();
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') reject(new InvalidArgumentError('git is not installed (or not on PATH): DocuGraph reads revisions with it; install git.'));
      else reject(new InvalidArgumentError(`git cannot be started (${error.code ?? error.message}).`));
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(chunks, Math.min(bytes, MAX_OUTPUT)), stderr }));
    child.stdin.on('error', () => {
      // git stopped reading (it failed): its exit code and message say why.
    });
    child.stdin.end(input ?? '');
  });
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? 'no message';
  return line.replace(/^fatal: /, '').trim();
}
