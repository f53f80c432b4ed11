/**
 * One real MCP client: the official MCP Inspector (CLI mode) drives the built server, through
 * the same script the README gives as the evidence command (`npm run evidence`).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getAcceptanceCriteria, listTasks, loadWorkspace } from '../../src/core/index.js';
import { withVersions } from '../../src/mcp/tools/list-tasks.js';
import { DEMO, TOOL_NAMES } from '../helpers/paths.js';

const script = fileURLToPath(new URL('../../scripts/real-client-session.mjs', import.meta.url));
const golden = readFileSync(new URL('../golden/BE-02.code.bundle.md', import.meta.url), 'utf8');

interface Output {
  tools?: { name: string }[];
  content?: { text: string }[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  resources?: { uri: string; name: string }[];
  resourceTemplates?: { uriTemplate: string }[];
  contents?: { uri: string; text: string; mimeType: string }[];
  prompts?: { name: string }[];
  messages?: { role: string; content: { text: string } }[];
}
interface Step {
  step: string;
  exitCode: number;
  output: Output;
  stderr: string;
}

describe('MCP Inspector CLI (real client)', () => {
  it('drives every tool, resource and prompt; fails closed on a cycle', { timeout: 180_000 }, () => {
    const run = spawnSync(process.execPath, [script, '--json'], { encoding: 'utf8', timeout: 170_000 });
    expect(run.status, run.stderr + run.stdout.slice(-2000)).toBe(0);
    const steps = new Map((JSON.parse(run.stdout) as { results: Step[] }).results.map((r) => [r.step, r]));
    const out = (name: string) => steps.get(name)!.output;
    const workspace = loadWorkspace(DEMO);

    expect(out('tools/list').tools!.map((t) => t.name).sort()).toEqual(TOOL_NAMES);
    expect(out('get_task_context BE-02').content![0]!.text).toBe(golden);
    expect(out('validate_traceability').structuredContent).toMatchObject({ nodeCount: 15, errors: [], valid: true });
    const cycle = out('get_task_context CYC-TASK on the cyclic fixture (fail-closed)');
    expect(cycle.isError).toBe(true);
    expect(JSON.parse(cycle.content![0]!.text)).toMatchObject({ code: 'GRAPH_CYCLE', cycle: ['CYC-A', 'CYC-B', 'CYC-C'] });

    expect(out('list_tasks type=task status=todo').structuredContent).toEqual({ tasks: withVersions(workspace, listTasks(workspace, { type: 'task', status: 'todo' }).tasks) });
    expect(out('get_acceptance_criteria BE-02').structuredContent).toEqual(getAcceptanceCriteria(workspace, 'BE-02'));
    expect(out('analyze_impact DEC-002').structuredContent).toMatchObject({ nodeId: 'DEC-002', truncated: false });
    expect(out('get_dependency_graph BE-02 upstream as Mermaid').content![0]!.text).toMatch(/^flowchart TD\n/);
    expect(out('resources/list').resources!.filter((r) => r.uri.startsWith('docugraph://docs/')).map((r) => r.name)).toEqual(workspace.ids);
    expect(out('resources/templates/list').resourceTemplates!.map((t) => t.uriTemplate)).toContain('docugraph://docs/{id}');
    expect(out('resources/read docugraph://docs/BE-02').contents![0]!.text).toBe(workspace.nodes.get('BE-02')!.text);
    expect(JSON.parse(out('resources/read docugraph://validation').contents![0]!.text)).toMatchObject({ valid: true });
    expect(out('prompts/list').prompts!.map((p) => p.name).sort()).toEqual(['prompt_audit_traceability', 'prompt_implement_task']);
    expect(out('prompts/get prompt_implement_task BE-02').messages![0]!.content.text).toContain(golden);
    expect(out('prompts/get prompt_audit_traceability').messages![0]!.content.text).toContain('fix plan');

    const unknown = steps.get('resources/read of an unknown id (a JSON-RPC error, exit 1)')!;
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain('-32602');
  });
});
