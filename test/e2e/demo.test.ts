/**
 * `npm run demo` (after the build) runs the whole session and shows every step.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../scripts/demo.mjs', import.meta.url));

describe('demo script', () => {
  it('shows the handshake, the tools, the BE-02 bundle with its code references, the report, the coverage table and the fail-closed answer', () => {
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1' } });
    expect(run.status, run.stderr).toBe(0);
    const out = run.stdout;
    expect(out).toContain('1. Handshake');
    expect(out).toMatch(/protocol: +2025-11-25/);
    expect(out).toContain('- get_task_context (taskId: string|number, maxDepth?: integer, maxTokens?: integer, sections?: string)');
    expect(out).toContain('- `GATE-0` depth=3: required by `ARCH-01`');
    expect(out).toContain('"valid": true');
    // Where the code of BE-02's documents is (the demo's trace tags), and its coverage table.
    expect(out).toContain('    ## Code references\n    - `BE-02`: implemented in `src/api/projects.ts:24`;');
    expect(out).toContain('    TYPE         RELATION    COVERED  TOTAL\n    requirement  implements  1        1\n    requirement  verifies    1        1\n');
    expect(out).toContain('"code": "GRAPH_CYCLE"');
    expect(out).toContain('LINK_CYCLE cyc-a.md:7');
  });
});
