import type { ProcessIo } from '../mcp/main.js';

type Signal = 'SIGINT' | 'SIGTERM';

/**
 * The real process, as the server's `main` and the CLI see it. With `trapSignals`, SIGINT and
 * SIGTERM are caught from this call on (before the server's modules are even loaded); one
 * that arrives before `main` listens is handed to the first handler `main` registers.
 */
export function processIo(options: { readonly trapSignals?: boolean } = {}): ProcessIo {
  const handlers = new Map<Signal, (() => void)[]>();
  const early = new Set<Signal>();
  const listen = (signal: Signal) => {
    if (handlers.has(signal)) return;
    handlers.set(signal, []);
    process.on(signal, () => {
      const list = handlers.get(signal) ?? [];
      if (list.length === 0) early.add(signal);
      for (const handler of list) handler();
    });
  };
  if (options.trapSignals === true) {
    listen('SIGINT');
    listen('SIGTERM');
  }
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
    onSignal: (signal, handler) => {
      listen(signal);
      handlers.get(signal)!.push(handler);
      if (early.delete(signal)) handler();
    },
  };
}
