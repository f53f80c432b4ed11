/**
 * One real MCP client: the official MCP Inspector (CLI mode) drives the built server, through
 * the same script the README gives as the evidence command (`npm run evidence`).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../scripts/real-client-session.mjs', import.meta.url));
const golden = readFileSync(new URL('../golden/BE-02.bundle.md', import.meta.url), 'utf8');

interface Step {
  step: string;
  exitCode: number;
  output: { tools?: { name: string }[]; content?: { text: string }[]; isError?: boolean; structuredContent?: Record<string, unknown> };
}

describe('MCP Inspector CLI (real client)', () => {
  it('lists the tools, gets the BE-02 bundle, validates, and fails closed on a cycle', { timeout: 120_000 }, () => {
    const run = spawnSync(process.execPath, [script, '--json'], { encoding: 'utf8', timeout: 110_000 });
    expect(run.status, run.stderr).toBe(0);
    const { results } = JSON.parse(run.stdout) as { results: Step[] };
    const [list, bundle, validate, cycle] = results as [Step, Step, Step, Step];
    expect(results.every((r) => r.exitCode === 0)).toBe(true);
    expect(list.output.tools!.map((t) => t.name).sort()).toEqual(['get_task_context', 'validate_traceability']);
    expect(bundle.output.content![0]!.text).toBe(golden);
    expect(validate.output.structuredContent).toMatchObject({ nodeCount: 15, errors: [], valid: true });
    expect(cycle.output.isError).toBe(true);
    expect(JSON.parse(cycle.output.content![0]!.text)).toMatchObject({ code: 'GRAPH_CYCLE', cycle: ['CYC-A', 'CYC-B', 'CYC-C'] });
  });
});
