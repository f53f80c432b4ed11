#!/usr/bin/env node
/**
 * Real-client evidence (MCP-G0 §5): drives the built docugraph-mcp with the official MCP
 * Inspector in CLI mode (@modelcontextprotocol/inspector 0.17, a devDependency) against the
 * demo workspace: tools/list, get_task_context BE-02, validate_traceability, and the
 * fail-closed call on the cyclic fixture. Each Inspector run spawns the server over STDIO
 * and performs the MCP initialize handshake first.
 *
 *   npm run evidence            # readable session on stdout
 *   npm run evidence -- --json  # the same as JSON (used by the test suite)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const inspector = join(dirname(require.resolve('@modelcontextprotocol/inspector/package.json')), 'cli', 'build', 'cli.js');
const server = join(root, 'dist', 'bin', 'docugraph-mcp.js');
const demo = join(root, 'examples', 'demo-repo');
const cyclic = join(root, 'test', 'fixtures', 'cycle');

const steps = [
  { name: 'tools/list', workspace: demo, args: ['--method', 'tools/list'] },
  { name: 'get_task_context BE-02', workspace: demo, args: ['--method', 'tools/call', '--tool-name', 'get_task_context', '--tool-arg', 'taskId=BE-02'] },
  { name: 'validate_traceability', workspace: demo, args: ['--method', 'tools/call', '--tool-name', 'validate_traceability'] },
  { name: 'get_task_context CYC-TASK on the cyclic fixture (fail-closed)', workspace: cyclic, args: ['--method', 'tools/call', '--tool-name', 'get_task_context', '--tool-arg', 'taskId=CYC-TASK'] },
];

// Inspector 0.17 reads `../package.json` relative to the current directory (upstream issue
// #834); run it from an empty directory whose parent has no package.json.
const scratch = mkdtempSync(join(tmpdir(), 'docugraph-inspector-'));
const cwd = join(scratch, 'run');
mkdirSync(cwd);
const results = [];
try {
  for (const step of steps) {
    const argv = [inspector, '--cli', process.execPath, server, '--workspace', step.workspace, ...step.args];
    const run = spawnSync(process.execPath, argv, { cwd, encoding: 'utf8', timeout: 60_000 });
    let output = run.stdout;
    try {
      output = JSON.parse(run.stdout);
    } catch {
      // Not JSON: keep the raw text.
    }
    results.push({ step: step.name, command: `npx mcp-inspector --cli node dist/bin/docugraph-mcp.js --workspace ${step.workspace.slice(root.length)} ${step.args.join(' ')}`, exitCode: run.status, output, stderr: run.stderr });
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify({ client: 'MCP Inspector CLI 0.17', node: process.version, results }, null, 2)}\n`);
} else {
  for (const r of results) {
    process.stdout.write(`\n=== ${r.step}\n$ ${r.command}\n(exit ${r.exitCode})\n`);
    const out = r.output;
    if (typeof out === 'object' && out !== null && Array.isArray(out.content)) {
      for (const item of out.content) process.stdout.write(`${out.isError ? '[isError] ' : ''}${item.text}\n`);
    } else {
      process.stdout.write(`${typeof out === 'string' ? out : JSON.stringify(out, null, 2)}\n`);
    }
    if (r.exitCode !== 0) process.stdout.write(`stderr: ${r.stderr}\n`);
  }
}
process.exitCode = results.every((r) => r.exitCode === 0) ? 0 : 1;
