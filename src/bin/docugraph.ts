#!/usr/bin/env node
import { runCli } from '../cli/main.js';
import { loadServer } from './load-server.js';
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
const io = processIo({ trapSignals: commandOf(process.argv.slice(2)) === 'mcp' });
const code = await runCli({ argv: io.argv, env: io.env, cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr }, (argv) => {
  // The MCP SDK is loaded only for `docugraph mcp`: the other commands start faster without it.
  loadServer().main({ ...io, argv });
});
if (code !== null) process.exitCode = code;
