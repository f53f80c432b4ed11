/**
 * What every CLI command receives: the process's streams and environment, and a way to load
 * the workspace (with progress on a terminal). Commands never touch `process` themselves.
 */
import { resolve } from 'node:path';
import { loadWorkspace, type Workspace } from '../core/index.js';
import { createProgress } from './progress.js';
import { safeBlock, safeJson } from './render/safe-text.js';

/** An output stream; `isTTY` decides colour and progress. */
export interface Output {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

export interface CliIo {
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly stdout: Output;
  readonly stderr: Output;
  /** Ends long-running commands (`validate --watch`) when aborted; without it they run until the process is stopped. */
  readonly signal?: AbortSignal;
}

export interface CliContext {
  readonly io: CliIo;
  /** Loads the workspace the options name (`--workspace`, `DOCUGRAPH_WORKSPACE`, else the current directory). */
  readonly load: (options: { workspace?: string | undefined }, dir?: string) => Workspace;
  /** The absolute path of the workspace the options name (not yet checked). */
  readonly workspacePath: (options: { workspace?: string | undefined }, dir?: string) => string;
  /** Sets the process exit code (the highest wins). */
  readonly fail: (code: number) => void;
  /** Whether to colour output for this stream: a terminal, and `NO_COLOR` unset. */
  readonly color: (stream: Output) => boolean;
  /**
   * Writes an answer that may carry document text verbatim (a bundle, a graph, JSON) to
   * stdout: the exact bytes to a pipe or a file; on a terminal, with control characters made
   * visible (`kind` says how: `text` keeps line breaks and tabs, `json` uses `\uHHHH`).
   */
  readonly print: (text: string, kind: 'text' | 'json') => void;
}

export function createContext(io: CliIo, fail: (code: number) => void): CliContext {
  const workspacePath = (options: { workspace?: string | undefined }, dir?: string) =>
    resolve(io.cwd, dir ?? options.workspace ?? (io.env['DOCUGRAPH_WORKSPACE'] || undefined) ?? '.');
  return {
    workspacePath,
    io,
    fail,
    color: (stream) => stream.isTTY === true && (io.env['NO_COLOR'] ?? '') === '',
    print: (text, kind) => {
      if (io.stdout.isTTY !== true) io.stdout.write(text);
      else io.stdout.write(kind === 'json' ? safeJson(text) : safeBlock(text));
    },
    load: (options, dir) => {
      const progress = createProgress(io.stderr, 'Loading');
      try {
        return loadWorkspace(workspacePath(options, dir), { onProgress: progress.update });
      } finally {
        progress.done();
      }
    },
  };
}
