/**
 * Traces against documents, and coverage (TRACE §5), on hand-derived workspaces: TRACE_BROKEN
 * with "did you mean", coverage counted from documents and traces alike with dropped documents
 * exempt, the `## Code references` section of a bundle (order, cap, escaping) and the code of
 * an impact answer; and a workspace without `trace` or `coverage` keys answers as before.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeImpact, buildBundle, buildReport, loadWorkspace } from '../../../src/core/index.js';
import { doc, testdir } from '../../helpers/testdir.js';

const DOCS = {
  'req1.md': doc({ id: 'REQ-01', title: 'One', type: 'requirement', status: 'approved' }),
  'req2.md': doc({ id: 'REQ-02', title: 'Two', type: 'Requirement' }),
  'req3.md': doc({ id: 'REQ-03', title: 'Three', type: 'requirement', status: 'dropped' }),
  'req4.md': doc({ id: 'REQ-04', title: 'Four', type: 'requirement', status: 'approved' }),
  'be.md': doc({ id: 'BE-02', title: 'Endpoint', type: 'task', status: 'todo', depends_on: ['REQ-01'], implements: ['REQ-04'] }),
  'qa.md': doc({ id: 'QA-01', title: 'Tests', type: 'task', verifies: ['REQ-04'] }),
};
const CONFIG = 'trace:\n  sources: ["src/**", "test/**"]\ncoverage:\n  requirement: [implements, verifies]\n  task: depends_on\n';
const SOURCES = {
  'src/api.ts': '// docugraph: implements REQ-01\nexport {};\n/* docugraph: implements REQ-01, BE-02 */\n',
  'src/b.ts': '// docugraph: implements REQ-01\n// docugraph: implements REQ-O1\n// docugraph: refines REQ-01\n',
  'test/api.test.ts': '\n// docugraph: verifies REQ-02, REQ-03\n// docugraph: verifies NOPE\n',
};

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

  it('bundles list the code of the included documents between the unresolved references and the documents', () => {
    const bundle = buildBundle(workspace, { taskId: 'BE-02' });
    expect(bundle.split('\n## Documents\n')[0]).toBe(
      '# Context bundle: BE-02\nmaxDepth: 5\ntruncated: false\n\n## Inclusion report\n' +
        '- `BE-02` depth=0: requested task\n- `REQ-01` depth=1: required by `BE-02`\n- `REQ-04` depth=1: implemented by `BE-02`\n' +
        '\n## Code references\n' +
        '- `BE-02`: implemented in `src/api.ts:3`\n' +
        '- `REQ-01`: implemented in `src/api.ts:1`; implemented in `src/api.ts:3`; implemented in `src/b.ts:1`; refined in `src/b.ts:3`\n',
    );
    // A document with no traces in its bundle gets no section.
    expect(buildBundle(workspace, { taskId: 'REQ-04' })).not.toContain('## Code references');
  });

  it('analyze_impact lists the code of the node and of everything it impacts, by path and line', () => {
    expect(analyzeImpact(workspace, 'REQ-01').code).toEqual([
      { id: 'REQ-01', path: 'src/api.ts', line: 1, relation: 'implements' },
      { id: 'BE-02', path: 'src/api.ts', line: 3, relation: 'implements' },
      { id: 'REQ-01', path: 'src/api.ts', line: 3, relation: 'implements' },
      { id: 'REQ-01', path: 'src/b.ts', line: 1, relation: 'implements' },
      { id: 'REQ-01', path: 'src/b.ts', line: 3, relation: 'refines' },
    ]);
    expect(analyzeImpact(workspace, 'QA-01').code).toEqual([]);
  });

  it('a bundle shows at most 20 locations per document, and paths that could break out of a code span escaped', () => {
    const many = testdir({ 'req.md': doc({ id: 'R', title: 'R' }), 'docugraph.yml': 'trace:\n  sources: [src/]\n', 'src/many.ts': '// docugraph: implements R\n'.repeat(23) });
    writeFileSync(join(many, 'src', 'a`b.ts'), '// docugraph: verifies R\n');
    const line = buildBundle(loadWorkspace(many), { taskId: 'R' }).split('\n').find((l) => l.startsWith('- `R`: '))!;
    const shown = Array.from({ length: 20 }, (_, i) => `implemented in \`src/many.ts:${i + 1}\``).join('; ');
    expect(line).toBe(`- \`R\`: ${shown}; and 4 more`);
    const one = testdir({ 'req.md': doc({ id: 'R', title: 'R' }), 'docugraph.yml': 'trace:\n  sources: [src/]\n' });
    mkdirSync(join(one, 'src'));
    writeFileSync(join(one, 'src', 'a`b.ts'), '// docugraph: verifies R\n');
    expect(buildBundle(loadWorkspace(one), { taskId: 'R' })).toContain('- `R`: verified in `"src/a\\u0060b.ts":1`\n');
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
