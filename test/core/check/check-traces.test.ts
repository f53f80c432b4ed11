/**
 * Traces against documents, and coverage (TRACE §5), on a hand-derived workspace
 * (test/helpers/trace-workspace.ts): TRACE_BROKEN with "did you mean", coverage counted from
 * documents and traces alike with dropped documents exempt; and a workspace without `trace` or
 * `coverage` keys answers as before.
 */
import { describe, expect, it } from 'vitest';
import { analyzeImpact, buildBundle, buildReport, loadWorkspace } from '../../../src/core/index.js';
import { testdir } from '../../helpers/testdir.js';
import { CONFIG, DOCS, SOURCES } from '../../helpers/trace-workspace.js';

describe('traces and coverage', () => {
  const root = testdir({ ...DOCS, ...SOURCES, 'docugraph.yml': CONFIG });
  const workspace = loadWorkspace(root);
  const report = buildReport(workspace);

  it('a trace naming no document is TRACE_BROKEN on its source line, with did-you-mean', () => {
    const broken = report.warnings.filter((d) => d.code === 'TRACE_BROKEN');
    expect(broken).toEqual([
      { code: 'TRACE_BROKEN', message: '`docugraph: implements` names `REQ-O1`, but no document has that id; did you mean `REQ-01`?', nodeId: null, path: 'src/b.ts', line: 2 },
      { code: 'TRACE_BROKEN', message: '`docugraph: verifies` names `NOPE`, but no document has that id; fix the id or add the missing document', nodeId: null, path: 'test/api.test.ts', line: 3 },
    ]);
    expect(report.valid).toBe(true);
  });

  it('coverage counts documents and traces alike, dropped documents exempt (derived by hand)', () => {
    // requirement, not dropped: REQ-01, REQ-02 (type in normal form), REQ-04. implements: REQ-01
    // (traces), REQ-04 (BE-02's frontmatter); verifies: REQ-02 (trace), REQ-04 (QA-01).
    // task: BE-02 and QA-01; depends_on: nothing depends on either.
    expect(report.coverage).toEqual([
      { type: 'requirement', relation: 'implements', covered: 2, total: 3 },
      { type: 'requirement', relation: 'verifies', covered: 2, total: 3 },
      { type: 'task', relation: 'depends_on', covered: 0, total: 2 },
    ]);
    expect(report.warnings.filter((d) => d.code === 'COVERAGE_MISSING').map((d) => `${d.path} ${d.message}`)).toEqual([
      'be.md BE-02 has nothing that depends on it (coverage: task needs depends_on)',
      'qa.md QA-01 has nothing that depends on it (coverage: task needs depends_on)',
      'req1.md REQ-01 has nothing that verifies it (coverage: requirement needs implements, verifies)',
      'req2.md REQ-02 has nothing that implements it (coverage: requirement needs implements, verifies)',
    ]);
    expect(Object.keys(report).slice(6)).toEqual(['relationCounts', 'coverage']);
    expect(workspace.coverage!.missing.map((g) => `${g.id} ${g.relation}`)).toEqual(['BE-02 depends_on', 'QA-01 depends_on', 'REQ-01 verifies', 'REQ-02 implements']);
  });

  it('without trace and coverage keys, the same files answer exactly as before', () => {
    const plain = loadWorkspace(testdir({ ...DOCS, ...SOURCES }));
    expect(plain.traces.enabled).toBe(false);
    expect(plain.coverage).toBeNull();
    const before = buildReport(plain);
    expect(Object.keys(before)).toEqual(['workspacePath', 'nodeCount', 'edgeCount', 'errors', 'warnings', 'valid', 'relationCounts']);
    expect(before.warnings).toEqual([]);
    expect(Object.keys(analyzeImpact(plain, 'REQ-01'))).toEqual(['nodeId', 'impacted', 'truncated']);
    expect(buildBundle(plain, { taskId: 'BE-02' })).toBe(buildBundle(workspace, { taskId: 'BE-02' }).replace(/\n## Code references\n(?:- .*\n)*/, ''));
  });
});
