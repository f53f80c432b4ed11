/**
 * `context:` of docugraph.yml (CONTEXT §1): `sections: auto` cuts a kit item's large documents,
 * and outside kits gives a document the budget would leave out as its best sections when they
 * fit (a bundle that fits is byte-identical to before); `always` cuts every large document;
 * `never` gives documents whole; `wholeUnder`, `matchFloor` and `documentShare` move the cut.
 */
import { describe, expect, it } from 'vitest';
import { buildBundle, loadWorkspace } from '../../../src/core/index.js';
import { doc, testdir } from '../../helpers/testdir.js';

const filler = (topic: string, n = 60) => Array.from({ length: n }, (_, i) => `Line ${i} about ${topic}, written at length so that this part of the design is large.`).join('\n');

/** A frontmatter workspace: task T depends on a large design whose one section is about its session store. */
function plain(config = ''): string {
  return testdir({
    'docugraph.yml': config,
    'T.md': doc({ id: 'T', title: 'Store sessions', depends_on: ['D'] }, 'Create the `SessionStore` that keeps each session with its expiry.\n'),
    'D.md': doc({ id: 'D', title: 'Design' }, `Overview.\n\n## Palette\n\n${filler('colours')}\n\n## SessionStore\n\nThe \`SessionStore\` keeps each session in Redis with its expiry.\n\n## Deployment\n\n${filler('hosting')}\n`),
  });
}

describe('context.sections', () => {
  it('auto, outside kits: whole while the budget holds it (as before); over the budget, its opening and the sections that name or match the task instead of nothing', () => {
    const ws = loadWorkspace(plain());
    const free = buildBundle(ws, { taskId: 'T' });
    expect(free).toContain(`path: D.md\n\n${ws.nodes.get('D')!.text.replace(/\n+$/, '')}\n`);
    expect(free).not.toContain('sections: ');
    const tight = buildBundle(ws, { taskId: 'T', maxTokens: 1_000 });
    expect(tight).toContain('truncated: false');
    expect(tight).toMatch(/- `D` depth=1: required by `T` — 2 of 4 sections \(≈\d+ tokens\)/);
    expect(tight).toContain('#### ## SessionStore (lines ');
    expect(tight).toContain('The `SessionStore` keeps each session in Redis with its expiry.');
    expect(tight).not.toContain('Line 3 about colours');
    expect(tight).not.toContain('## Omitted to fit the budget');
    // A budget its sections do not fit either: omitted, as before.
    expect(buildBundle(ws, { taskId: 'T', maxTokens: 20 })).toContain('## Omitted to fit the budget\n- `D` ≈');
  });

  it('always: every large document as sections, budget or none; never: whole, and a kit task without the work around it', () => {
    const always = buildBundle(loadWorkspace(plain('context:\n  sections: always\n')), { taskId: 'T' });
    expect(always).toMatch(/- `D` depth=1: required by `T` — 2 of 4 sections/);
    const never = buildBundle(loadWorkspace(plain('context:\n  sections: never\n')), { taskId: 'T', maxTokens: 1_000 });
    expect(never).toContain('## Omitted to fit the budget\n- `D` ≈');
    const kit = testdir({
      'docugraph.yml': 'kits: [kiro]\ncontext: { sections: never }\n',
      '.kiro/specs/a/design.md': `# Design\n\n## Palette\n\n${filler('colours')}\n\n## Store\n\nThe \`SessionStore\`.\n`,
      '.kiro/specs/a/tasks.md': '# Tasks\n\n- [ ] 1. Make the `SessionStore` module\n- [ ] 2. Use the `SessionStore` module\n',
    });
    const bundle = buildBundle(loadWorkspace(kit), { taskId: 'a/T2' });
    expect(bundle).not.toContain('sections: ');
    expect(bundle).not.toContain('`a/T1`');
  });

  it('wholeUnder: a document under it is whole; matchFloor and documentShare: how many matching sections join', () => {
    const big = buildBundle(loadWorkspace(plain('context:\n  sections: always\n  wholeUnder: 100000\n')), { taskId: 'T' });
    expect(big).not.toContain('sections: ');
    // With no share of the budget for matches, only the opening and the section that names `SessionStore`.
    const none = buildBundle(loadWorkspace(plain('context:\n  sections: always\n  documentShare: 0\n')), { taskId: 'T' });
    expect([...none.matchAll(/^#### (.*) \(lines/gm)].map((m) => m[1])).toEqual(['Opening', '## SessionStore']);
    // A floor of 0 lets every section with a shared word match (up to three).
    const low = buildBundle(loadWorkspace(plain('context:\n  sections: always\n  matchFloor: 0\n')), { taskId: 'T' });
    expect([...low.matchAll(/^#### (.*) \(lines/gm)].length).toBeGreaterThan(2);
  });
});
