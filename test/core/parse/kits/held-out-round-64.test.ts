/**
 * Forms a sixty-fourth round of held-out repositories wrote (D-545), modelled on the lines quoted:
 * - dphyfe/point_of_sale, a Spec Kit tasks.md: `(FR-001/-005/-006)`, `(FR-016/-017)` (a slash list whose parts keep their dash:
 *   only the first id read, 4 false COVERAGE_MISSING).
 * - goldmustachesc/gold-mustache-web at 8eadbb8, .kiro/specs/codebase-hardening/requirements.md:9-13: `### Requisito 1 — Strings não
 * localizadas` over `1. \`floating-booking-button.tsx:36\` — \`"Agendar"\` hardcoded SHALL usar chave i18n` (no criteria heading or
 * label: 84 criteria unread in four features, and 9 false LINK_BROKEN for the tasks' `_Requirements: 1.1, 1.2, 1.3_`).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('forms of a sixty-fourth round', () => {
  it("a list right under a requirement's heading whose first item is an EARS clause is its criteria", () => {
    const requirements = [
      '# Documento de Requisitos', '', '## Requisitos', '', '### Requisito 1 — Strings não localizadas', '',
      '1. `floating-booking-button.tsx:36` — `"Agendar"` hardcoded SHALL usar chave i18n',
      '2. `share-button.tsx:37` — `aria-label="Share"` SHALL usar chave i18n localizada', '',
      '### Requisito 2 — Notas', '', 'Contexto do requisito:', '', '1. o componente atual usa cores fixas', '2. a auditoria listou três arquivos', '',
    ].join('\n');
    const tasks = ['# Tarefas', '', '- [x] 1. Localizar strings', '  _Requirements: 1.1, 1.2_', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/hardening/requirements.md': requirements, '.kiro/specs/hardening/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.item !== undefined && n.type !== 'task').map((n) => [n.id, n.type])).toEqual([
      ['hardening/R1', 'requirement'],
      ['hardening/R1.1', 'acceptance-criterion'],
      ['hardening/R1.2', 'acceptance-criterion'],
      ['hardening/R2', 'requirement'],
    ]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('a slash list whose parts keep their dash (`FR-001/-005/-006`) names each', () => {
    const spec = ['# Feature Specification: POS', '', '## Requirements', '', ...['001', '005', '006', '016', '017'].map((n) => `- **FR-${n}**: System MUST do ${n}.`), ''].join('\n');
    const tasks = ['# Tasks', '', '- [ ] T001 Build the sale screen (FR-001/-005/-006)', '- [ ] T002 Build receipts (FR-016/-017)', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-pos/spec.md': spec, 'specs/001-pos/tasks.md': tasks }));
    expect(ws.nodes.get('001-pos/T001')!.relations!.implements!.ids).toEqual(['001-pos/FR-001', '001-pos/FR-005', '001-pos/FR-006']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it("such a list counts only where the requirement has no other criteria, and only the one list right under its heading (a review)", () => {
    const read = (lines: string[]) => {
      const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/f/requirements.md': lines.join('\n') }));
      return { ids: [...ws.nodes.values()].filter((n) => n.item !== undefined).map((n) => n.id), codes: ws.diagnostics.map((d) => d.code), title: (id: string) => ws.nodes.get(id)?.title };
    };
    const criteria = ['#### Acceptance Criteria', '', '1. WHEN a THEN the system SHALL b', '2. WHEN c THEN the system SHALL d', ''];
    const renumbered = read(['# Requirements', '', '### Requirement 1: Login', '', 'Constraints:', '', '1. Passwords SHALL NOT be logged', '', ...criteria]);
    expect(renumbered.ids).toEqual(['f/R1', 'f/R1.1', 'f/R1.2']);
    expect(renumbered.title('f/R1.1')).toBe('WHEN a THEN the system SHALL b');
    expect(read(['# Requirements', '', '#### Requirement 13: Login', '', '1. The page SHALL exist', '', ...criteria]).ids).toEqual(['f/R13', 'f/R13.1', 'f/R13.2']);
    expect(read(['# Requirements', '', '### Requirement 1: Login', '', '1. The page SHALL exist', '', '#### Acceptance Criteria', '', '- 1.1 WHEN a THEN b SHALL c', '- 1.2 WHEN d THEN e SHALL f', '']).codes).not.toContain('ID_DUPLICATE');
    expect(read(['# Requirements', '', '### Requirement 1: Login', '', '1. The form has two fields', '2. The form SHALL validate', '']).ids).toEqual(['f/R1']);
    const notes = read(['# Requirements', '', '### Requirement 1: Login', '', '1. The form SHALL validate', '', '#### Design notes', '', '1. Use React', '']);
    expect(notes.ids).toEqual(['f/R1', 'f/R1.1']);
    expect(notes.title('f/R1.1')).toBe('The form SHALL validate');
    expect(read(['# Spec', '', '## 1. Introduction', '', '1. This document SHALL describe the login', '', '## 2. Scope', '', 'Text.', '']).ids).toEqual([]);
  });

  it('dependencies on tasks by their ids as written: `[depends:T-CE-01]`, `**依赖**：T02～T03`, `T01-T02`', () => {
    const hyphens = ['# Tasks', '', '- [ ] T-CE-01: 创建 rules.yaml [priority:high]', '- [ ] T-CE-02: 创建 rule_engine.py [priority:high] [depends:T-CE-01]', '- [ ] T-CE-04: 双轨合并 [depends:T-CE-01,T-CE-02]', ''].join('\n');
    const headings = ['# 实现任务', '', '### T01：更新依赖包', '', '### T02：迁移 Button', '**依赖**：T01', '', '### T03：迁移 Label', '**依赖**：T01-T02', '', '### T04：收尾', '**依赖**：T02～T03（所有组件迁移完成）', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/ce/tasks.md': hyphens, '.kiro/specs/ui/tasks.md': headings }));
    expect(ws.nodes.get('ce/T-CE-02')!.dependsOn).toEqual(['ce/T-CE-01']);
    expect(ws.nodes.get('ce/T-CE-04')!.dependsOn).toEqual(['ce/T-CE-01', 'ce/T-CE-02']);
    expect(ws.nodes.get('ui/T03')!.dependsOn).toEqual(['ui/T01', 'ui/T02']);
    expect(ws.nodes.get('ui/T04')!.dependsOn).toEqual(['ui/T02', 'ui/T03']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_CYCLE')).toEqual([]);
  });
});
