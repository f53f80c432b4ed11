/**
 * Forms a forty-sixth round of held-out repositories wrote (D-523), each case modelled on the lines quoted:
 * - 1CE-YY/Aetheris, specs/001-rag-recommendation-system/spec.md:162, 189: `- **FR-017（可选增强）**：系统可支持…`,
 *   `- **SC-001（目标）**：在指定测试环境…` (a full-width parenthesis inside the bold): no item, 10 false LINK_BROKEN; and its
 *   tasks.md:845 `- **FR-012**：T011、T041、T049（关键参数可配置）` under `### 功能需求（FR）映射`: a mapping read as nothing.
 * - jnroesch/juggerhub, specs/030-structured-locations/spec.md:141: `- **FR-019 (was: outage degradation) — N/A**: …`: no item.
 * - lucasfontinele/flora-white-label, specs/005-organization-crud/tasks.md:35: `| Dependencies: T001 | Acceptance: … | Tests:
 *   covered by T021` read T021 as a dependency, and 008's `; dependencies: T001; acceptance: tests fail before entity exists
 *   and pass after T017.` T017: 8 false LINK_CYCLE errors.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { dependencies } from '../../../../src/core/parse/kits/speckit-ids.js';
import { testdir } from '../../../helpers/testdir.js';

const findings = (ws: ReturnType<typeof loadWorkspace>) => ws.diagnostics.map((d) => `${d.code} ${d.nodeId}`);

describe('forms of a forty-sixth round', () => {
  it('a requirement whose bold holds a note in parentheses after its id — `（目标）` — is that requirement; a note after a dash is none (a review)', () => {
    const spec = [
      '### Functional Requirements',
      '',
      '- **FR-016**：系统必须构建轻量用户画像',
      '- **FR-017（可选增强）**：系统可支持在画像计算中加入点击/收藏行为权重',
      '- **FR-019 (was: outage degradation) — N/A**: no external dependency to degrade.',
      '- **FR-020 and FR-021**: both at once',
      '',
      '## Success Criteria',
      '',
      '- **SC-001（目标）**：在指定测试环境与默认参数下，单个中小型文档的入库流程可完成',
      '',
    ].join('\n');
    const tasks = ['- [ ] T017 [US1] 实现引用结构（SC-001、FR-016）', '- [ ] T068 点击权重（FR-017）', '- [ ] T070 Degrade per FR-019', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-rag/spec.md': spec, 'specs/001-rag/tasks.md': tasks }));
    expect([...ws.nodes.keys()].filter((id) => /\/(FR|SC)-/.test(id))).toEqual(['001-rag/FR-016', '001-rag/FR-017', '001-rag/SC-001']);
    expect(ws.nodes.get('001-rag/FR-017')!.title).toBe('系统可支持在画像计算中加入点击/收藏行为权重');
    // `— N/A` after a dash marks one withdrawn (juggerhub): read as an item it lost the mark and was held to coverage, and a dash's
    // other notes are titles (`**FR-001 – Login**`) or ranges (`**FR-001 - 003**`): a review. Its citation stays LINK_BROKEN (left).
    expect(findings(ws)).toEqual(['LINK_BROKEN 001-rag/T070']);
  });

  it('`- **FR-012**：T011、T041、T049（…）`, a requirement mapped to tasks the other way round, says what those tasks implement', () => {
    const spec = ['- **FR-003**: A', '- **FR-004**: B', '- **FR-012**: C', ''].join('\n');
    const tasks = [
      '- [ ] T011 Config loader',
      '- [ ] T028 Behaviour log',
      '- [ ] T041 Chunking',
      '- [ ] T042 Tick',
      '',
      '### 功能需求（FR）映射',
      '',
      '- **FR-003/004**：T028（行为记录）',
      '- **FR-012**：T011 (partial)、T041 and T028（关键参数可配置）',
      // Prose is no mapping, whatever task it names (a review).
      '- **FR-004**: MUST log T099 events',
      '- **FR-003**: logs once per tick T042',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-rag/spec.md': spec, 'specs/001-rag/tasks.md': tasks }));
    const implemented = (id: string) => (ws.relationsOut.get(id) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id);
    expect(['T011', 'T028', 'T041', 'T042'].map((t) => implemented(`001-rag/${t}`))).toEqual([['001-rag/FR-012'], ['001-rag/FR-003', '001-rag/FR-004', '001-rag/FR-012'], ['001-rag/FR-012'], []]);
    expect(findings(ws)).toEqual([]);
  });

  it('a line written as fields: its `Dependencies:` field names its dependencies, not its `Tests:` or `acceptance:` field', () => {
    // Each task once, as an item's references keep them (a label and a phrase may name the same one).
    const ids = (text: string) => [...new Set([...dependencies(text)].flatMap((d) => d.ids))];
    expect(ids('- [x] T004 [P] Review `Cnpj` | Objective: normalize | Dependencies: T001 | Acceptance: no duplicate | Tests: covered by T021')).toEqual(['T001']);
    expect(ids('- [X] T011 [P] [US1] Add domain tests; objective: cover `name`; dependencies: T001; acceptance: tests fail before entity exists and pass after T017.')).toEqual(['T001']);
    // A `;` in a line of prose, or a field of no dependency's line, leaves its phrases as they were (jnroesch/juggerhub, 12349331/AgriWaterSmartCalc: a review of the first version).
    expect(ids('- [X] T050 [US3] Compose the modules (main column: activity; rail: snapshots) into `dashboard.component` — depends on T046, T047')).toEqual(['T046', 'T047']);
    expect(ids('- [ ] **T031** Create the store with state: bill; actions: fetchPricing, reset (depends on T029, T030)')).toEqual(['T029', 'T030']);
    // Only `after` is read as its field's: a phrase that can only mean a dependency is one in any field, and so is `after` in a field of
    // prerequisites (a review); a full-width `｜` ends a field too.
    expect(ids('- [ ] T005 Five | Dependencies: T001 | Notes: also depends on T003 (schema)')).toEqual(['T001', 'T003']);
    expect(ids('- [ ] T005 Five | Dependencies: T001 | Prerequisites: run after T003')).toEqual(['T001', 'T003']);
    expect(ids('- [ ] T010 导出 ｜ 依赖：T001 ｜ 测试：after T017')).toEqual(['T001']);
    // A field of prerequisites names them as a dependencies field does (a review: `Prerequisites: T003` had named nothing).
    expect(ids('- [ ] T005 Five | Prerequisites: T003 | Tests: pass after T004')).toEqual(['T003']);
    expect(ids('- [ ] T006 Six ｜ 前置条件：T001 ｜ 测试：after T002')).toEqual(['T001']);
    // A `|` between two tasks is no field's end.
    expect(ids('- [ ] T005 Five (Depends on: T001 | T002)')).toEqual(['T001', 'T002']);
    const tasks = [
      '- [x] T001 Setup',
      '- [x] T004 [P] Review `Cnpj` | Objective: normalize | Dependencies: T001 | Acceptance: no duplicate | Tests: covered by T021',
      '- [x] T021 [P] [US1] Add CNPJ unit tests | Objective: verify reuse | Dependencies: T004 | Acceptance: tests prove storage | Tests: run with `pnpm test:api`',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/005-org/spec.md': '# Spec\n', 'specs/005-org/tasks.md': tasks }));
    expect(ws.nodes.get('005-org/T004')!.dependsOn).toEqual(['005-org/T001']);
    expect(findings(ws).filter((f) => f.startsWith('LINK_CYCLE'))).toEqual([]);
  });
});
