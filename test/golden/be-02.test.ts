/**
 * The demo's gold standard (MCP-G0 §6): the BE-02 bundle set, derived by hand, and the bundle
 * bytes, read and checked once by a person. Regenerate the bytes only with UPDATE=1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildBundle, buildReport, loadWorkspace } from '../../src/core/index.js';

const demo = fileURLToPath(new URL('../../examples/demo-repo/', import.meta.url));
const goldenPath = fileURLToPath(new URL('./BE-02.bundle.md', import.meta.url));
const expected = JSON.parse(readFileSync(new URL('./BE-02.expected.json', import.meta.url), 'utf8')) as {
  truncated: boolean;
  included: { id: string; depth: number; reason: string }[];
  documentOrder: string[];
  excluded: Record<string, string[]>;
};

describe('demo workspace and BE-02 gold standard', () => {
  const workspace = loadWorkspace(demo);
  const bundle = buildBundle(workspace, { taskId: 'BE-02' });

  it('the demo is valid, with no warnings either', () => {
    const report = buildReport(workspace);
    expect({ errors: report.errors, warnings: report.warnings, valid: report.valid }).toEqual({ errors: [], warnings: [], valid: true });
    expect(report.nodeCount).toBeGreaterThanOrEqual(12);
  });

  it('includes exactly the hand-derived set, with depths and reasons', () => {
    const lines = bundle.split('## Inclusion report\n')[1]!.split('\n\n')[0]!.trim().split('\n');
    const included = lines.map((line) => {
      const match = /^- `([^`]+)` depth=(\d+): (.*)$/.exec(line);
      if (match === null) throw new Error(`unexpected inclusion line: ${line}`);
      return { id: match[1], depth: Number(match[2]), reason: match[3] };
    });
    expect(included).toEqual(expected.included);
    expect(bundle).toContain(`truncated: ${expected.truncated}\n`);
    expect(Math.max(...included.map((i) => i.depth))).toBeGreaterThanOrEqual(2);
  });

  it('orders documents dependencies first and leaves out downstream and unrelated documents', () => {
    expect([...bundle.matchAll(/^### (\S+) — /gm)].map((m) => m[1])).toEqual(expected.documentOrder);
    for (const id of Object.values(expected.excluded).flat()) {
      expect(workspace.nodes.has(id)).toBe(true);
      expect(bundle).not.toContain(`### ${id} — `);
    }
  });

  it('matches the golden bytes', () => {
    if (process.env['UPDATE'] === '1') writeFileSync(goldenPath, bundle);
    expect(bundle).toBe(readFileSync(goldenPath, 'utf8'));
  });
});
