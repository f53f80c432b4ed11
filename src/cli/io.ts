/**
 * What the command line reads and writes: the process's argv, environment, working directory
 * and streams, passed in by bin/docugraph.ts (tests pass their own). No module of the CLI
 * touches `process` itself.
 */

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
