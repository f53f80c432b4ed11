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
import { fileURLToPath, pathToFileURL } from 'node:url';

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

// The first and the last session run as a user runs the Inspector, each in a Node process of
// its own (`ownProcess`); the others inside this process (see `runStep`).
const steps = [
  { name: 'tools/list', workspace: demo, args: ['--method', 'tools/list'], ownProcess: true },
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
  { name: 'resources/read of an unknown id (a JSON-RPC error, exit 1)', workspace: demo, args: ['--method', 'resources/read', '--uri', 'docugraph://docs/NOPE'], ownProcess: true },
];

// The Inspector CLI checks for `../package.json` relative to the current directory but imports
// it relative to its own file (upstream issue #834): run it from its own `build/` folder, where
// both name the package's manifest.
process.chdir(dirname(inspector));
const cliArgs = process.argv.slice(2);
const inspectorUrl = pathToFileURL(inspector).href;
/** Set when a session did not end within its time: no further session runs, and the run fails. */
let stuck = false;
/** How long a session may take. */
const SESSION_MS = 60_000;
/** The Inspector's command line for `step` (after `node`): its CLI client, then the server it spawns. */
const inspectorArgs = (step) => [inspector, process.execPath, server, '--workspace', step.workspace, ...step.args];

/**
 * Runs one Inspector session and collects what it printed. Two of them (`ownProcess`: the first
 * and the last, which must end with exit code 1) run the Inspector's CLI client as a user does,
 * in a Node process of its own. For the others, the session is the Inspector's own
 * `build/index.js`, evaluated afresh (a new module instance: its `main()` parses `process.argv`,
 * creates its SDK client and STDIO transport, spawns the server, calls the method, prints the
 * result and calls `process.exit`), inside this process rather than a Node process of its own:
 * the modules it imports (the SDK, zod, commander, spawn-rx) are then loaded once, not once per
 * session; that loading was about 0.7 s of CPU per session, two thirds of each session's cost.
 * What a session would do to this process is caught for its duration: `process.argv` is its
 * command line, `process.exit` ends the session with that exit code, what it writes to stdout and
 * stderr is its transcript, and the `uncaughtException` handler it installs is removed after it.
 * Sessions therefore run one at a time. Each still spawns its own server over STDIO and performs
 * the initialize handshake, and the Inspector closes that server before it exits, as it does when
 * run as `npx mcp-inspector-cli --cli …` (the `command` of each result). A session that has
 * not ended after `SESSION_MS` ends the run (one in a process of its own is killed then).
 */
function runStep(step, index) {
  return step.ownProcess === true ? runInOwnProcess(step) : runInThisProcess(step, index);
}

/** What one session printed, as a result: its output parsed when it is JSON. */
function resultOf(step, exitCode, stdout, stderr) {
  let output = stdout;
  try {
    output = JSON.parse(stdout);
  } catch {
    // Not JSON: keep the raw text.
  }
  const command = `npx mcp-inspector-cli --cli node dist/bin/docugraph-mcp.js --workspace ${step.workspace.slice(root.length)} ${step.args.join(' ')}`;
  return { step: step.name, command, exitCode, output, stderr };
}

/** Runs one Inspector session in a Node process of its own (killed after `SESSION_MS`). */
function runInOwnProcess(step) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, inspectorArgs(step), { timeout: SESSION_MS });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (exitCode, signal) => {
      // Killed at its time limit: the run fails, as for a session in this process.
      if (exitCode === null) {
        stuck = true;
        stderr += `(the session did not end within ${SESSION_MS / 1000} s: ${signal})\n`;
      }
      resolve(resultOf(step, exitCode, stdout, stderr));
    });
  });
}

/** Runs one Inspector session inside this process (see above). */
function runInThisProcess(step, index) {
  const saved = { argv: process.argv, exit: process.exit, stdout: process.stdout.write, stderr: process.stderr.write };
  const handlers = new Set(process.listeners('uncaughtException'));
  let stdout = '';
  let stderr = '';
  const capture = (append) => (chunk, encoding, callback) => {
    append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stuck = true;
      stderr += `(the session did not end within ${SESSION_MS / 1000} s)\n`;
      finish(null);
    }, SESSION_MS);
    let finished = false;
    const finish = (exitCode) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      process.argv = saved.argv;
      process.exit = saved.exit;
      process.stdout.write = saved.stdout;
      process.stderr.write = saved.stderr;
      for (const handler of process.listeners('uncaughtException')) if (!handlers.has(handler)) process.off('uncaughtException', handler);
      resolve(resultOf(step, exitCode, stdout, stderr));
    };
    process.argv = [process.execPath, ...inspectorArgs(step)];
    process.exit = (code) => finish(code ?? process.exitCode ?? 0);
    process.stdout.write = capture((text) => (stdout += text));
    process.stderr.write = capture((text) => (stderr += text));
    import(`${inspectorUrl}?session=${index}`).catch((error) => {
      stderr += `${error instanceof Error ? error.stack : String(error)}\n`;
      finish(1);
    });
  });
}

const results = [];
for (const [index, step] of steps.entries()) {
  results.push(await runStep(step, index));
  if (stuck) break;
}

if (cliArgs.includes('--json')) {
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
process.exitCode = !stuck && results.length === steps.length && expected.every(Boolean) ? 0 : 1;
// A stuck session would keep this process running.
if (stuck) process.exit();
