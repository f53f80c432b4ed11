/**
 * Typed relations and work state on a fixture workspace (test/fixtures/r24-relations, see its
 * EXPECTED.md): the QA-01 bundle set and reasons derived by hand, the bundle bytes read and
 * checked once by a person (regenerate only with UPDATE=1), and the states and findings.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildBundle, buildReport, listTasks, loadWorkspace } from '../../src/core/index.js';

const fixture = fileURLToPath(new URL('../fixtures/r24-relations/', import.meta.url));
const goldenPath = fileURLToPath(new URL('./QA-01.bundle.md', import.meta.url));

describe('r24-relations and the QA-01 gold standard', () => {
  const workspace = loadWorkspace(fixture);
  const bundle = buildBundle(workspace, { taskId: 'QA-01' });

  it('includes the hand-derived set, each reason naming its relation', () => {
    const lines = bundle.split('## Inclusion report\n')[1]!.split('\n\n')[0]!.trim().split('\n');
    expect(lines).toEqual([
      '- `QA-01` depth=0: requested task',
      '- `BE-02` depth=1: verified by `QA-01`',
      '- `BE-01` depth=2: required by `BE-02`',
      '- `DEC-2` depth=2: required by `BE-02`',
      '- `REQ-01` depth=2: implemented by `BE-02`',
      '- `EPIC-1` depth=3: refined by `REQ-01`',
    ]);
    expect(bundle).toContain('\n## Unresolved references\n- `REQ-99`: referenced by `BE-02`\n');
    expect([...bundle.matchAll(/^### (\S+) — /gm)].map((m) => m[1])).toEqual(['BE-01', 'DEC-2', 'EPIC-1', 'REQ-01', 'BE-02', 'QA-01']);
    for (const id of ['DEC-1', 'NOTE', 'BE-03']) expect(bundle).not.toContain(`### ${id} — `);
  });

  it('matches the golden bytes', () => {
    if (process.env['UPDATE'] === '1') writeFileSync(goldenPath, bundle);
    expect(bundle).toBe(readFileSync(goldenPath, 'utf8'));
  });

  it('states and findings as EXPECTED.md says', () => {
    const states = Object.fromEntries(listTasks(workspace).tasks.map((t) => [t.id, [t.state, t.blockedBy.map((b) => `${b.id} ${b.state}`), t.unblocks]]));
    expect(states).toEqual({
      'BE-01': ['done', [], 2],
      'BE-02': ['ready', [], 1],
      'BE-03': ['blocked', ['BE-02 ready', 'DEC-1 dropped'], 0],
      'DEC-1': ['dropped', [], 1],
      'DEC-2': ['done', [], 2],
      'EPIC-1': ['untracked', [], 0],
      NOTE: ['untracked', [], 0],
      'QA-01': ['ready', [], 0],
      'REQ-01': ['done', [], 0],
    });
    const report = buildReport(workspace);
    expect([...report.errors, ...report.warnings].map((d) => `${d.code} ${d.path}:${d.line}`)).toEqual(['LINK_BROKEN tasks/BE-02.md:7', 'DEPENDS_ON_DROPPED tasks/BE-03.md:6']);
    expect(report.relationCounts).toEqual({ depends_on: 4, implements: 1, verifies: 1, refines: 1, related: 2, supersedes: 1 });
  });
});
