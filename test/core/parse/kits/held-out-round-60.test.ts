/**
 * Forms a sixtieth round of held-out repositories wrote (D-540), modelled on the lines quoted:
 * - nuwannnz/workboard at af5c28f, specs/006-vercel-deploy-pipeline/tasks.md:93-141: Spec Kit tasks citing `(FR-001/6/9)`,
 *   `(FR-017/18/19, SC-006)`, `FR-006/7/8/9`, `FR-010/15` (a slash part stands for the first id's last digits; read as `FR-6`,
 *   `FR-7`…: 6 false LINK_BROKEN, 6 false COVERAGE_MISSING).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('forms of a sixtieth round', () => {
  it('a slash part shorter than the first id stands for its last digits', () => {
    const spec = ['# Feature Specification: Deploy', '', ...Array.from({ length: 19 }, (_, i) => `- **FR-${String(i + 1).padStart(3, '0')}**: System MUST do ${i + 1}`), '', '- **SC-006**: Deploys take 5 min', ''].join('\n');
    const tasks = ['# Tasks', '', '- [X] T011 [US1] Publish after the backend deploy (FR-001/6/9).', '- [X] T012 Notify (FR-017/18/19, SC-006)', '- [ ] T013 Roll back (FR-010/15), 5/10 retries (FR-002/FR-003)', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/006-deploy/spec.md': spec, 'specs/006-deploy/tasks.md': tasks }));
    const implemented = (id: string) => (ws.relationsOut.get(id) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id.slice('006-deploy/'.length));
    expect(implemented('006-deploy/T011')).toEqual(['FR-001', 'FR-006', 'FR-009']);
    expect(implemented('006-deploy/T012')).toEqual(['FR-017', 'FR-018', 'FR-019', 'SC-006']);
    expect(implemented('006-deploy/T013')).toEqual(['FR-002', 'FR-003', 'FR-010', 'FR-015']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });
});
