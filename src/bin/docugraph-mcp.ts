#!/usr/bin/env node
import { main } from '../mcp/main.js';

main({
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
});
