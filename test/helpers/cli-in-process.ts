/**
 * The command line in-process (`runCli`) with a fake IO: argv, environment, working directory,
 * and the two streams captured (a terminal or not). A test that would start the server fails.
 */
import { runCli } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';

export interface FakeIoOptions {
  /** Both streams are terminals (colour, progress). Default: pipes. */
  readonly tty?: boolean;
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd: string;
}

/** A fake IO for `argv`; `out()` and `err()` give what was written so far. */
export function fakeIo(argv: readonly string[], options: FakeIoOptions): { io: CliIo; out: () => string; err: () => string } {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    argv,
    env: options.env ?? {},
    cwd: options.cwd,
    stdout: { write: (text: string) => (stdout += text), isTTY: options.tty ?? false },
    stderr: { write: (text: string) => (stderr += text), isTTY: options.tty ?? false },
  };
  return { io, out: () => stdout, err: () => stderr };
}

/** Never called by the commands under test: only `docugraph mcp` starts the server. */
export const noServer = (): never => {
  throw new Error('not expected to serve');
};

/** Runs `argv` to its end: the exit code and both streams. */
export async function runInProcess(argv: readonly string[], options: FakeIoOptions): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const fake = fakeIo(argv, options);
  const code = await runCli(fake.io, noServer);
  return { code, stdout: fake.out(), stderr: fake.err() };
}
