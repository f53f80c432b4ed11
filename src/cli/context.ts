/**
 * What every CLI command receives: the process's streams and environment, and a way to load
 * the workspace (with progress on a terminal). Commands never touch `process` themselves.
 */
import { dirname, resolve } from 'node:path';
import { lstatSync } from 'node:fs';
import { CONFIG_FILE, InvalidArgumentError, linkNotices, loadIndexed, loadSources, loadWorkspace, NO_SOURCES, readConfig, resolveWorkspaceRoot, type IndexCacheOptions, type LoadedSources, type Workspace } from '../core/index.js';
import { cacheDirOf, userCacheDir } from '../common/cache-dir.js';
import { cacheVersion } from '../common/version.js';
import type { CliIo, Output } from './io.js';
import { LARGE_FOLDER_FILES, watchLargeFolder } from './large-folder.js';
import { createProgress } from './progress.js';
import { safeBlock, safeInline, safeJson } from './render/safe-text.js';

export type { CliIo, Output } from './io.js';

/** The global options a command sees (`optsWithGlobals`). */
/** Failures that are the caller's to fix (exit 2); any other is a finding about the workspace (exit 1). */
const USAGE_CODES: ReadonlySet<string> = new Set(['INVALID_ARGUMENT', 'WORKSPACE_NOT_FOUND', 'PATH_NOT_ALLOWED', 'WRITE_REFUSED']);

/** The exit code of a command that failed with the core's `code`. */
export function exitCodeOf(code: string): 1 | 2 {
  return USAGE_CODES.has(code) ? 2 : 1;
}

export interface GlobalOptions {
  readonly workspace?: string | undefined;
  /** `false` with `--no-cache`: no on-disk index read or written. */
  readonly cache?: boolean | undefined;
}

export interface CliContext {
  readonly io: CliIo;
  /** Loads the workspace the options name (`--workspace`, `DOCUGRAPH_WORKSPACE`, else the current directory). */
  /** Loads the workspace; `blobIds`: keep each file's git blob id, for a `diff` against the work tree (`loadRevision`'s `reuse`). */
  readonly load: (options: GlobalOptions, dir?: string, more?: { readonly blobIds?: boolean }) => Promise<Workspace>;
  /** The other repositories the workspace's `sources:` names, read (issue 57), and the workspace's real root. */
  readonly sources: (options: GlobalOptions, dir?: string) => Promise<{ readonly root: string; readonly loaded: LoadedSources }>;
  /** The on-disk index for the workspace at `root` (a real path), unless `--no-cache`, `DOCUGRAPH_NO_CACHE` or `cache: false` turn it off. */
  readonly cacheOptions: (options: GlobalOptions, root: string) => IndexCacheOptions | undefined;
  /** Writes the on-disk indexes of what the command loaded: after its answer is out (never on its way). */
  readonly finish: () => void;
  /** The absolute path of the workspace the options name (not yet checked). */
  readonly workspacePath: (options: { workspace?: string | undefined }, dir?: string) => string;
  /** Sets the process exit code (the highest wins). */
  readonly fail: (code: number) => void;
  /** Whether to colour output for this stream: `FORCE_COLOR` as Node reads it, else a terminal without `NO_COLOR`. */
  readonly color: (stream: Output) => boolean;
  /**
   * Writes an answer that may carry document text verbatim to stdout. JSON (`kind: 'json'`)
   * always with the characters a terminal or a CI runner acts on escaped as `\uHHHH` (the same
   * value for any parser); text (a bundle, a Mermaid or DOT graph) as its exact bytes to a pipe
   * or a file, and on a terminal with control characters made visible (line breaks and tabs kept).
   */
  readonly print: (text: string, kind: 'text' | 'json') => void;
}

/** Limits a test may lower. */
export interface ContextLimits {
  /** More Markdown files to read than this, in a folder without docugraph.yml, is said first (default `LARGE_FOLDER_FILES`). */
  readonly largeFolder?: number;
}

export function createContext(io: CliIo, fail: (code: number) => void, limits: ContextLimits = {}): CliContext {
  const workspacePath = (options: { workspace?: string | undefined }, dir?: string) => {
    const given = dir ?? options.workspace ?? (io.env['DOCUGRAPH_WORKSPACE'] || undefined);
    return given === undefined ? nearestConfigured(io.cwd) : resolve(io.cwd, given);
  };
  const log = (line: string) => void io.stderr.write(`docugraph: ${safeInline(line)}\n`);
  const cacheOptions = (options: GlobalOptions, root: string): IndexCacheOptions | undefined => {
    if (options.cache === false) return undefined;
    const dir = cacheDirOf(root, readConfig(root).config, io.env);
    return dir === null ? undefined : { dir, version: cacheVersion(), log, secretDir: userCacheDir(io.env) };
  };
  const saves: (() => boolean)[] = [];
  const sources = async (options: GlobalOptions, dir?: string) => {
    const root = checkedRoot(workspacePath(options, dir));
    const { sources: specs } = readConfig(root).config;
    const cache = specs.length === 0 ? undefined : cacheOptions(options, root);
    return { root, loaded: specs.length === 0 ? NO_SOURCES : await loadSources(root, specs, { env: io.env, ...(cache === undefined ? {} : { cache }) }) };
  };
  return {
    workspacePath,
    cacheOptions,
    sources,
    finish: () => {
      for (const save of saves.splice(0)) {
        try {
          save();
        } catch (error) {
          log(`the index could not be written (${error instanceof Error ? error.message : String(error)}); the next start reads every file`);
        }
      }
    },
    io,
    fail,
    color: (stream) => wantsColor(stream.isTTY === true, io.env),
    print: (text, kind) => {
      if (kind === 'json') io.stdout.write(safeJson(text));
      else io.stdout.write(io.stdout.isTTY === true ? safeBlock(text) : text);
    },
    load: async (options, dir, more) => {
      // Other repositories (`sources:`, issue 57) are read first, each with its own on-disk index.
      const { root, loaded } = await sources(options, dir);
      const given = { blobIds: more?.blobIds === true, ...(loaded === NO_SOURCES ? {} : { sources: loaded }) };
      const progress = createProgress(io.stderr, 'Loading');
      const say = (line: string) => {
        progress.done();
        io.stderr.write(`docugraph: ${line}\n`);
      };
      const large = watchLargeFolder(root, readConfig(root).found, limits.largeFolder ?? LARGE_FOLDER_FILES, say);
      const onProgress = (done: number, total: number) => {
        large.onTotal(total);
        progress.update(done, total);
      };
      try {
        const onLinkSkipped = linkNotices((line) => say(safeInline(line)));
        const cache = cacheOptions(options, root);
        if (cache === undefined) return loadWorkspace(root, { ...given, onProgress, onLinkSkipped });
        const { workspace, saveIndex } = loadIndexed(root, { ...given, onProgress, onLinkSkipped, cache });
        if (!large.skipIndex(workspace)) saves.push(saveIndex);
        return workspace;
      } finally {
        progress.done();
      }
    },
  };
}

/**
 * Colour as Node itself decides it: `FORCE_COLOR` set to anything but `0` or `false` colours
 * even a pipe (CI logs), `0`/`false` never; unset, a terminal colours unless `NO_COLOR` is set.
 */
export function wantsColor(tty: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return tty && (env['NO_COLOR'] ?? '') === '';
}

/**
 * With no workspace given, the CLI uses the nearest directory at or above `cwd` that holds a
 * `docugraph.yml` (META-01 §8), else `cwd` itself.
 */
export function nearestConfigured(cwd: string): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    try {
      if (lstatSync(resolve(dir, CONFIG_FILE)).isFile()) return dir;
    } catch {
      // None here: look one level up.
    }
    if (dirname(dir) === dir) return resolve(cwd);
  }
}

/**
 * The workspace's real root, with its configuration checked first: an invalid `docugraph.yml`
 * is a usage error (exit 2) that names the file and line.
 */
export function checkedRoot(path: string): string {
  const root = resolveWorkspaceRoot(path);
  const problems = readConfig(root).diagnostics;
  if (problems.length > 0) {
    throw new InvalidArgumentError(problems.map((d) => `${CONFIG_FILE}${d.line === null ? '' : `:${d.line}`}: ${d.message}`).join('; '));
  }
  return root;
}
