#!/usr/bin/env node
/**
 * `npm run demo`: spawns the built docugraph-mcp over STDIO with the official MCP SDK client,
 * against the bundled demo workspace, and shows each step of a session: the BE-02 bundle (with
 * where the code of its documents is: the demo's src/ and test/ carry trace tags), the report,
 * its coverage table, and the fail-closed answer on a cycle.
 *
 *   npm run demo             # the BE-02 bundle abridged to its report and document list
 *   npm run demo -- --full   # the whole bundle
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = 'dist/bin/docugraph-mcp.js';
const full = process.argv.includes('--full');
const bold = (text) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[1m${text}\x1b[22m` : text);
const say = (text = '') => process.stdout.write(`${text}\n`);
const indent = (text, by = '    ') => text.replace(/\n$/, '').split('\n').map((line) => `${by}${line}`).join('\n');

async function open(workspace) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [server, '--workspace', workspace], cwd: root, stderr: 'pipe' });
  let log = '';
  transport.stderr?.on('data', (chunk) => (log += chunk));
  const client = new Client({ name: 'docugraph-demo', version: '1.0.0' });
  await client.connect(transport);
  return { client, log: () => log.trim() };
}

const textOf = (result) => result.content.map((item) => item.text).join('\n');

async function main() {
  say(bold('DocuGraph demo: docugraph-mcp over STDIO, driven by the official MCP TypeScript SDK client'));
  say();
  say(bold('1. Handshake'));
  say(`    $ node ${server} --workspace examples/demo-repo`);
  const demo = await open('examples/demo-repo');
  const info = demo.client.getServerVersion();
  say(`    server:       ${info.name} ${info.version}`);
  say(`    protocol:     ${demo.client.getNegotiatedProtocolVersion()}`);
  say(`    capabilities: ${Object.keys(demo.client.getServerCapabilities() ?? {}).join(', ')}`);
  say(`    server log:   ${demo.log()}`);
  say();

  say(bold('2. tools/list'));
  const { tools } = await demo.client.listTools();
  for (const tool of tools) {
    const props = Object.entries(tool.inputSchema.properties ?? {}).map(([name, schema]) => {
      const required = (tool.inputSchema.required ?? []).includes(name) ? '' : '?';
      // A type list (`["string", "number"]`: an id) as `string|number`.
      return `${name}${required}: ${[schema.type].flat().join('|')}`;
    });
    const hints = Object.entries(tool.annotations ?? {}).filter(([, v]) => v === true).map(([k]) => k);
    say(`    - ${tool.name} (${props.join(', ')}) "${tool.title}"${tool.outputSchema ? ', with outputSchema' : ''}; ${hints.join(', ')}`);
  }
  say();

  say(bold('3. tools/call get_task_context { "taskId": "BE-02" }'));
  const bundle = textOf(await demo.client.callTool({ name: 'get_task_context', arguments: { taskId: 'BE-02' } }));
  if (full) {
    say(indent(bundle));
  } else {
    const [head] = bundle.split('\n## Documents\n');
    say(indent(head));
    say();
    say('    ## Documents (dependency-first; each file included whole)');
    for (const match of bundle.matchAll(/^### (.+)\npath: (.+)$/gm)) say(`    ### ${match[1]}   (${match[2]})`);
    say(`    … ${bundle.split('\n').length} lines, ${Buffer.byteLength(bundle)} bytes in all; \`npm run demo -- --full\` prints the whole bundle.`);
  }
  say();

  say(bold('4. tools/call validate_traceability {}'));
  const report = await demo.client.callTool({ name: 'validate_traceability', arguments: {} });
  say(indent(textOf(report)));
  say();

  say(bold('5. Coverage (coverage: in the demo\'s docugraph.yml; the report\'s coverage rows as a table)'));
  const rows = [['TYPE', 'RELATION', 'COVERED', 'TOTAL'], ...(report.structuredContent.coverage ?? []).map((r) => [r.type, r.relation, String(r.covered), String(r.total)])];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) say(`    ${row.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd()}`);
  await demo.client.close();
  say();

  say(bold('6. Fail-closed on a cycle: the negative fixture test/fixtures/cycle'));
  say(`    $ node ${server} --workspace test/fixtures/cycle`);
  const cyclic = await open('test/fixtures/cycle');
  const failed = await cyclic.client.callTool({ name: 'get_task_context', arguments: { taskId: 'CYC-TASK' } });
  say(`    get_task_context { "taskId": "CYC-TASK" } -> isError: ${failed.isError === true}`);
  say(indent(textOf(failed)));
  const audit = await cyclic.client.callTool({ name: 'validate_traceability', arguments: {} });
  for (const error of audit.structuredContent.errors) say(`    validate_traceability -> ${error.code} ${error.path}:${error.line}  ${error.message}`);
  await cyclic.client.close();
  say();
  say(`Done. Workspace: ${relative(process.cwd(), fileURLToPath(new URL('../examples/demo-repo', import.meta.url))) || '.'}`);
}

main().catch((error) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
