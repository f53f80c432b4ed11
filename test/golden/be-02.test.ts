/**
 * The demo's gold standard (MCP-G0 §6): the BE-02 bundle set, derived by hand, and the bundle
 * bytes, read and checked once by a person. Regenerate the bytes only with UPDATE=1.
 *
 * BE-02.bundle.md is META-01's bundle: the demo's documents without its `docugraph.yml` (no
 * `trace` or `coverage` key), byte for byte as before tracing existed. BE-02.code.bundle.md is
 * the demo as shipped, with its trace tags (TRACE §5): the same bytes plus the
 * `## Code references` section.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildBundle, buildReport, loadWorkspace } from '../../src/core/index.js';
import { testdir } from '../helpers/testdir.js';

const demo = fileURLToPath(new URL('../../examples/demo-repo/', import.meta.url));
const goldenPath = fileURLToPath(new URL('./BE-02.bundle.md', import.meta.url));
const codeGoldenPath = fileURLToPath(new URL('./BE-02.code.bundle.md', import.meta.url));

/** A copy of the demo without its docugraph.yml: no trace sources, no coverage rules. */
function untracedDemo(): string {
  const copy = testdir({});
  cpSync(demo, copy, { recursive: true });
  rmSync(join(copy, 'docugraph.yml'));
  return copy;
}
const expected = JSON.parse(readFileSync(new URL('./BE-02.expected.json', import.meta.url), 'utf8')) as {
  truncated: boolean;
  included: { id: string; depth: number; reason: string }[];
  documentOrder: string[];
  excluded: Record<string, string[]>;
};

describe('demo workspace and BE-02 gold standard', () => {
  const workspace = loadWorkspace(demo);
  const traced = buildBundle(workspace, { taskId: 'BE-02' });
  const bundle = buildBundle(loadWorkspace(untracedDemo()), { taskId: 'BE-02' });

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

  it('with its trace tags: the same bytes plus where the code of BE-02 and REQ-01 is (TRACE §5)', () => {
    if (process.env['UPDATE'] === '1') writeFileSync(codeGoldenPath, traced);
    expect(traced).toBe(readFileSync(codeGoldenPath, 'utf8'));
    const section =
      '\n## Code references\n' +
      '- `BE-02`: implemented in `src/api/projects.ts:24`; verified in `test/projects-api.test.ts:11`; verified in `test/projects-api.test.ts:15`\n' +
      '- `REQ-01`: implemented in `src/api/projects.ts:35`; implemented in `src/domain/project-name.ts:2`; verified in `test/project-name.test.ts:4`; verified in `test/projects-api.test.ts:15`\n';
    expect(traced).toBe(bundle.replace('\n## Documents\n', `${section}\n## Documents\n`));
  });

  it('the coverage of its one requirement is whole', () => {
    expect(buildReport(workspace).coverage).toEqual([
      { type: 'requirement', relation: 'implements', covered: 1, total: 1 },
      { type: 'requirement', relation: 'verifies', covered: 1, total: 1 },
    ]);
  });
});
