#!/usr/bin/env node
/**
 * Real-client evidence (MCP-G0 §5): drives the built docugraph-mcp with the official MCP
 * Inspector in CLI mode (@modelcontextprotocol/inspector-cli 1.0, a devDependency: the
 * Inspector's own CLI package, which runs on Node 20, unlike the `@modelcontextprotocol/inspector`
 * package around it, which asks for Node 22) against the demo workspace: tools/list, get_task_context BE-02, validate_traceability, the fail-closed
 * call on the cyclic fixture, then every other tool, the resources and the prompts. Each
 * Inspector run spawns the server over STDIO and performs the MCP initialize handshake
 * first. (The Inspector CLI has no completion method; the SDK-client tests cover completion.)
 *
 *   npm run evidence            # readable session on stdout
 *   npm run evidence -- --json  # the same as JSON (used by the test suite)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const manifestPath = require.resolve('@modelcontextprotocol/inspector-cli/package.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
// The Inspector's CLI client, `build/index.js` beside the package's executable: the executable
// (`npx mcp-inspector-cli --cli …`) only starts `node build/index.js` with the same arguments,
// one Node process more per session.
const inspector = join(dirname(manifestPath), dirname(manifest.bin['mcp-inspector-cli']), 'index.js');
const server = join(root, 'dist', 'bin', 'docugraph-mcp.js');
const demo = join(root, 'examples', 'demo-repo');
const cyclic = join(root, 'test', 'fixtures', 'cycle');

const steps = [
  { name: 'tools/list', workspace: demo, args: ['--method', 'tools/list'] },
  { name: 'get_task_context BE-02', workspace: demo, args: ['--method', 'tools/call', '--tool-name', 'get_task_context', '--tool-arg', 'taskId=BE-02'] },
  { name: 'validate_traceability', workspace: demo, args: ['--method', 'tools/call', '--tool-name', 'validate_traceability'] },
  { name: 'get_task_context CYC-TASK on the cyclic fixture (fail-closed)', workspace: cyclic, args: ['--method', 'tools/call', '--tool-name', 'get_task_context', '--tool-arg', 'taskId=CYC-TASK'] },
  { name: 'list_tasks type=task status=todo', workspace: demo, args: ['--method', 'tools/call', '--tool-name', 'list_tasks', '--tool-arg', 'type=task', 'status=todo'] },
  { name: 'get_acceptance_criteria BE-02', workspace: demo, args: ['--method', 'tools/call', '--tool-name', 'get_acceptance_criteria', '--tool-arg', 'taskId=BE-02'] },
  { name: 'analyze_impact DEC-002', workspace: demo, args: ['--method', 'tools/call', '--tool-name', 'analyze_impact', '--tool-arg', 'nodeId=DEC-002'] },
  { name: 'get_dependency_graph BE-02 upstream as Mermaid', workspace: demo, args: ['--method', 'tools/call', '--tool-name', 'get_dependency_graph', '--tool-arg', 'rootId=BE-02', 'format=mermaid'] },
  { name: 'resources/list', workspace: demo, args: ['--method', 'resources/list'] },
  { name: 'resources/templates/list', workspace: demo, args: ['--method', 'resources/templates/list'] },
  { name: 'resources/read docugraph://docs/BE-02', workspace: demo, args: ['--method', 'resources/read', '--uri', 'docugraph://docs/BE-02'] },
  { name: 'resources/read docugraph://validation', workspace: demo, args: ['--method', 'resources/read', '--uri', 'docugraph://validation'] },
  { name: 'prompts/list', workspace: demo, args: ['--method', 'prompts/list'] },
  { name: 'prompts/get prompt_implement_task BE-02', workspace: demo, args: ['--method', 'prompts/get', '--prompt-name', 'prompt_implement_task', '--prompt-args', 'taskId=BE-02'] },
  { name: 'prompts/get prompt_audit_traceability', workspace: demo, args: ['--method', 'prompts/get', '--prompt-name', 'prompt_audit_traceability'] },
  { name: 'resources/read of an unknown id (a JSON-RPC error, exit 1)', workspace: demo, args: ['--method', 'resources/read', '--uri', 'docugraph://docs/NOPE'] },
];

// The Inspector CLI checks for `../package.json` relative to the current directory but imports
// it relative to its own file (upstream issue #834): run it from its own `build/` folder, where
// both name the package's manifest.
const cwd = dirname(inspector);
/** Runs one Inspector session and collects what it printed. */
function runStep(step) {
  const argv = [inspector, process.execPath, server, '--workspace', step.workspace, ...step.args];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, { cwd, timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (exitCode) => {
      let output = stdout;
      try {
        output = JSON.parse(stdout);
      } catch {
        // Not JSON: keep the raw text.
      }
      const command = `npx mcp-inspector-cli --cli node dist/bin/docugraph-mcp.js --workspace ${step.workspace.slice(root.length)} ${step.args.join(' ')}`;
      resolve({ step: step.name, command, exitCode, output, stderr });
    });
  });
}

// Sessions are independent: run a few at a time, report them in order.
const results = new Array(steps.length);
let next = 0;
const worker = async () => {
  while (next < steps.length) {
    const index = next++;
    results[index] = await runStep(steps[index]);
  }
};
await Promise.all([worker(), worker(), worker()]);

if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify({ client: `MCP Inspector CLI ${manifest.version}`, node: process.version, results }, null, 2)}\n`);
} else {
  for (const r of results) {
    process.stdout.write(`\n=== ${r.step}\n$ ${r.command}\n(exit ${r.exitCode})\n`);
    const out = r.output;
    if (typeof out === 'object' && out !== null && Array.isArray(out.content)) {
      for (const item of out.content) process.stdout.write(`${out.isError ? '[isError] ' : ''}${item.text}\n`);
    } else if (typeof out === 'object' && out !== null && Array.isArray(out.messages)) {
      for (const message of out.messages) process.stdout.write(`[${message.role}] ${message.content.text}\n`);
    } else {
      process.stdout.write(`${typeof out === 'string' ? out : JSON.stringify(out, null, 2)}\n`);
    }
    if (r.exitCode !== 0) process.stdout.write(`stderr: ${r.stderr.trim()}\n`);
  }
}
// Every session succeeds except the last, which must fail with a JSON-RPC error.
const expected = results.map((r, i) => (i === results.length - 1 ? r.exitCode !== 0 : r.exitCode === 0));
process.exitCode = expected.every(Boolean) ? 0 : 1;
