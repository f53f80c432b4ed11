#!/usr/bin/env node
import { runCli } from '../cli/main.js';
import { processIo } from './process-io.js';

const io = processIo();
const code = await runCli({ argv: io.argv, env: io.env, cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr }, (argv) => {
  // The MCP SDK is loaded only for `docugraph mcp`: the other commands start faster without it.
  void import('../mcp/main.js').then(({ main }) => main({ ...io, argv }));
});
if (code !== null) process.exitCode = code;
