/**
 * Where the code is, in answers (TRACE §5): the `## Code references` section of a bundle
 * (order, the 20-location cap, escaped paths) and the code of an impact answer, on the
 * hand-derived workspace of test/helpers/trace-workspace.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeImpact, buildBundle, loadWorkspace } from '../../../src/core/index.js';
import { doc, testdir } from '../../helpers/testdir.js';
import { CONFIG, DOCS, SOURCES } from '../../helpers/trace-workspace.js';

describe('code references', () => {
  const workspace = loadWorkspace(testdir({ ...DOCS, ...SOURCES, 'docugraph.yml': CONFIG }));

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

});
