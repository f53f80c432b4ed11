#!/usr/bin/env node
import { runCli } from '../cli/main.js';
import { main as serve } from '../mcp/main.js';
import { processIo } from './process-io.js';

const io = processIo();
const code = await runCli({ argv: io.argv, env: io.env, cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr }, (argv) =>
  serve({ ...io, argv }),
);
if (code !== null) process.exitCode = code;
