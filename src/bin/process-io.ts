import type { ProcessIo } from '../mcp/main.js';

/** The real process, as the server's `main` and the CLI see it. */
export function processIo(): ProcessIo {
  return {
    argv: process.argv.slice(2),
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    exit: (code) => {
      // Let stdout and stderr flush, then leave with `code`.
      process.exitCode = code;
      process.stdin.destroy();
      setTimeout(() => process.exit(code), 200).unref();
    },
    onSignal: (signal, handler) => void process.on(signal, handler),
  };
}
