/**
 * `npm run demo` (after the build) runs the whole session and shows every step.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../scripts/demo.mjs', import.meta.url));

describe('demo script', () => {
  it('shows the handshake, the tools, the BE-02 bundle, the report and the fail-closed answer', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1' } });
    expect(run.status, run.stderr).toBe(0);
    const out = run.stdout;
    expect(out).toContain('1. Handshake');
    expect(out).toMatch(/protocol: +2025-11-25/);
    expect(out).toContain('- get_task_context (taskId: string, maxDepth?: integer, maxTokens?: integer)');
    expect(out).toContain('- `GATE-0` depth=3: required by `ARCH-01`');
    expect(out).toContain('"valid": true');
    expect(out).toContain('"code": "GRAPH_CYCLE"');
    expect(out).toContain('LINK_CYCLE cyc-a.md:7');
  });
});
