#!/usr/bin/env node
import { loadCli, loadServer } from './load-server.js';
import { processIo } from './process-io.js';

/** The command word of `argv` (skipping `-w/--workspace <dir>` and other options). */
function commandOf(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '-w' || arg === '--workspace') i += 1;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

// `docugraph mcp` is the server: it catches SIGINT/SIGTERM from the start (exit 0, MCP-G0 §2),
// as docugraph-mcp does. Other commands keep the default (Ctrl-C stops them).
const command = commandOf(process.argv.slice(2));
const io = processIo({ trapSignals: command === 'mcp' });
// A reader that stops early (`docugraph graph | head`) closes the pipe: the rest is not wanted.
// Leave quietly, as a program that SIGPIPE ends (128 + 13), not with an unhandled 'error' event.
// (`docugraph mcp` has its own: its stdout is the MCP channel.)
if (command !== 'mcp') {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(141);
    process.stderr.write(`docugraph: cannot write to stdout: ${error.message}\n`);
    process.exit(2);
  });
}
// The CLI is one CommonJS bundle compiled with V8's code cache (load-server.ts).
const { runCli } = loadCli();
const code = await runCli({ argv: io.argv, env: io.env, cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr }, (argv) => {
  // The MCP SDK is loaded only for `docugraph mcp`: the other commands start faster without it.
  loadServer().main({ ...io, argv });
});
if (code !== null) process.exitCode = code;
