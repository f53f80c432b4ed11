/**
 * Forms a sixtieth round of held-out repositories wrote (D-540), modelled on the lines quoted:
 * - nuwannnz/workboard at af5c28f, specs/006-vercel-deploy-pipeline/tasks.md:93-141: Spec Kit tasks citing `(FR-001/6/9)`,
 *   `(FR-017/18/19, SC-006)`, `FR-006/7/8/9`, `FR-010/15` (a slash part stands for the first id's last digits; read as `FR-6`,
 *   `FR-7`…: 6 false LINK_BROKEN, 6 false COVERAGE_MISSING).
 * - jey3dayo/pr-insights-labeler at ab285de, .kiro/specs/actions-summary-output/tasks.md:241-251 (`| Task | 対応要件 |` over
 *   `| 4.1-4.5 | 5.1-5.4, 7.1-7.4 |`), i18n-support/tasks.md:276-283 (`| Requirement | Summary | Covered by Tasks |`),
 *   code-complexity-analysis/tasks.md:273-282 (`| 要件カテゴリ | 対応タスク | ステータス |` over `| 要件2: PR全体の複雑度集計 | 4.1-4.3, 10.1 | 未着手 |`):
 *   a Kiro traceability table, not read (2 false COVERAGE_MISSING judged, 4 in all).
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

  it("a Kiro tasks.md's traceability table says what its rows' tasks implement, by its header's words, either way round", () => {
    const requirements = ['# Requirements Document', ...[1, 2, 5, 7].flatMap((n) => ['', `### Requirement ${n}`, '', '#### Acceptance Criteria', '', '1. WHEN a THEN the system SHALL b', '2. WHEN c THEN the system SHALL d', '3. WHEN e THEN the system SHALL f'])].join('\n');
    const tasks = [
      '# Implementation Plan', '', '- [ ] 1. Setup', '- [ ] 4. Output', '  - [ ] 4.1 Format', '  - [ ] 4.2 Write', '- [ ] 5. Summary', '  - [ ] 5.1 Render', '- [ ] 10. Docs', '- [ ] 11. 翻訳キー整合性テストの実装', '',
      '## Traceability', '', '| Task | 対応要件 |', '| ------- | ---------- |', '| 4.1-5.1 | 5.1-5.3, 7.1 |', '| 10 | All requirements |', '| 11 | 7.3 |', '',
      '| Requirement | Summary | Covered by Tasks |', '|---|---|---|', '| 1.2 | 翻訳リソース読み込み | 1, 10 |', '',
      '| 要件カテゴリ | 対応タスク | ステータス |', '|---|---|---|', '| 要件2: PR全体の複雑度集計 | 1, 10 | 未着手 |', '',
      // A table of tasks and estimates, counts or states is none (a review); nor a row in a fence, nor rows under no delimiter row.
      '| Task | Estimate |', '|---|---|', '| 1 | 2.5 |', '', '| Requirement | # Tasks |', '|---|---|', '| 7 | 2 |', '', '| Task ID | Requirements coverage % |', '|---|---|', '| 1 | 100 |', '',
      '| Requirement | Task status |', '|---|---|', '| 7 | 2/3 done |', '', '```', '| Task | Requirements |', '|---|---|', '| 1 | 7.2 |', '```', '', '| Task | 要件 |', '| 1 | 7.2 |', '',
      // An escaped pipe stays in its cell.
      '| Requirement | Summary | Covered by Tasks |', '|---|---|---|', '| 1.3 | a \\| b 3 | 1 |', '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/out/requirements.md': requirements, '.kiro/specs/out/tasks.md': tasks }));
    const implemented = (id: string) => (ws.relationsOut.get(`out/${id}`) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id.slice('out/'.length));
    // `4.1-5.1` runs across parents: the file's tasks from 4.1 to 5.1 (a review: the ends alone had been read).
    for (const task of ['T4.1', 'T4.2', 'T5', 'T5.1']) expect([task, implemented(task)]).toEqual([task, ['R5.1', 'R5.2', 'R5.3', 'R7.1']]);
    expect(implemented('T1')).toEqual(['R1.2', 'R1.3', 'R2']);
    expect(implemented('T10')).toEqual(['R1.2', 'R2']);
    // A test task's row verifies, as its own `**Validates:**` would (a review).
    expect(ws.relationsOut.get('out/T11')).toEqual([{ relation: 'verifies', id: 'out/R7.3' }]);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING').map((d) => d.nodeId)).toEqual(['out/R1.1', 'out/R7.2', 'out/R7.3']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });
});

