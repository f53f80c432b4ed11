/**
 * A form a twenty-sixth round of public repositories wrote, judged by hand on f5ddea4 before
 * anything was changed for it (87 reference findings, none false): seanlee111/cwebp's Spec Kit tasks
 * with a dash before their number, in bold, `- [ ] **T-01** 初始化 Vite 项目：…` and `**T-45a**`
 * (specs/001-mvp/tasks.md line 7, specs/002-lossless-wasm/tasks.md line 76: 115 tasks read without
 * their ids, as unnumbered ones).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('a form of a twenty-sixth round', () => {
  it('Spec Kit: `**T-01**` and `**T-45a**` are tasks T-01 and T-45a', () => {
    const tasks = ['# Tasks — cwebp MVP 任务分解', '', '## Phase 4.0 脚手架', '', '- [ ] **T-01** 初始化 Vite 项目：`npm create vite@latest`', '- [x] **T-45a** 装依赖', '- [ ] T-HF02 修复', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-mvp/spec.md': '# Spec\n', 'specs/001-mvp/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.item!.line, n.status])).toEqual([
      ['001-mvp/T-01', 5, 'todo'],
      ['001-mvp/T-45a', 6, 'done'],
      ['001-mvp/T-HF02', 7, 'todo'],
    ]);
  });
});

// Modelled on TomGeorge6/Wood-ARK at the twenty-seventh round's commit (specs/001-ark-monitor/tasks.md line 358: 17 tasks' dependencies dropped;
// the round judged 37 reference findings on 133828e, none false).
describe('a form of a twenty-seventh round', () => {
  it('Spec Kit: `**依赖**: T002, T003` under a heading task names its dependencies; `依赖：无` none', () => {
    const tasks = ['### T001 初始化项目', '', '**依赖**: 无', '', '### T002 实现 src/utils.py - 配置加载', '', '**依赖**: T001', '', '### T008 实现 src/scheduler.py', '', '**依赖**：T001, T002。其余稍后', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-ark/spec.md': '# Spec\n', 'specs/001-ark/tasks.md': tasks }));
    const deps = (id: string) => ws.nodes.get(id)!.dependsOn.filter((d) => /\/T\d/.test(d));
    expect([deps('001-ark/T001'), deps('001-ark/T002'), deps('001-ark/T008')]).toEqual([[], ['001-ark/T001'], ['001-ark/T001', '001-ark/T002']]);
  });

  it('a review: the list ends at `。` and at a comma before words; `被依赖：`, `不依赖：` name nothing; `T-1 day before launch` is no task id', () => {
    const tasks = [
      '- [ ] T001 a',
      '- [ ] T002 b',
      '- [ ] T003 c',
      '- [ ] T010 d',
      '- [ ] T004 e **依赖**: T002、T003。另见 T010 的说明。',
      '- [ ] T005 f 依赖：T001 完成后，再与 T010 一起验证',
      '- [ ] T006 g 依存：T002とT003、その後T010を参照',
      '- [ ] T007 h 被依赖：T010',
      '- [ ] T008 i 本任务不依赖：T001 的输出',
      '- [ ] T009 j **依賴**：T001，T002',
      '',
      '## Launch',
      '- [ ] T-1 day before launch: notify users',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-a/spec.md': '# Spec\n', 'specs/001-a/tasks.md': tasks }));
    const deps = (id: string) => ws.nodes.get(id)!.dependsOn.filter((d) => /\/T\d/.test(d));
    expect(['T004', 'T005', 'T006', 'T007', 'T008', 'T009'].map((t) => deps(`001-a/${t}`))).toEqual([
      ['001-a/T002', '001-a/T003'],
      ['001-a/T001'],
      ['001-a/T002', '001-a/T003'],
      [],
      [],
      ['001-a/T001', '001-a/T002'],
    ]);
    expect(ws.nodes.has('001-a/T-1')).toBe(false);
  });
});

// Modelled on floresRicardozv/Mostrar-PlataformaRH at 8a2abd1 (.kiro/specs/dashboard-ui/tasks.md line 100: about 20
// property-test lines dropped; the twenty-eighth round judged 48 reference findings on 57cd4b2, none false).
describe('a form of a twenty-eighth round', () => {
  it('Kiro: `**Valida: Requisito 3.4**` (Spanish) verifies, as `**Validates: Requirements 3.4**` does', () => {
    const requirements = ['# Documento de Requisitos', '', '### Requisito 3: Tarjetas', '', '#### Criterios de Aceptación', '', '1. CUANDO x ENTONCES el sistema DEBERÁ a', '2. CUANDO y ENTONCES el sistema DEBERÁ b', '3. CUANDO z ENTONCES el sistema DEBERÁ c', '4. CUANDO w ENTONCES el sistema DEBERÁ d', ''].join('\n');
    const tasks = ['- [x] 4.2 Crear RequestCard', '  - _Requisitos: 3.3, 3.4_', '', '- [ ]* 4.3 Escribir test de propiedad para RequestCard', '  - **Propiedad 1: RequestCard muestra datos correctamente**', '  - **Valida: Requisito 3.4**', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/dash/requirements.md': requirements, '.kiro/specs/dash/tasks.md': tasks }));
    expect(ws.relationsOut.get('dash/T4.3')).toEqual([{ relation: 'verifies', id: 'dash/R3.4' }]);
  });
});

// Modelled on luanalves/realestate_backend at the twenty-ninth round's commit (specs/008-tenant-lease-sale-api/tasks.md
// line 56: 23 false COVERAGE_MISSING; specs/005-rbac-user-profiles/tasks.md line 270: 15 false ID_DUPLICATE).
describe('forms of a twenty-ninth round', () => {
  it('Spec Kit: a phase’s `**FRs covered**: FR-001, FR-002` maps its tasks; `T024.A` is a task of its own', () => {
    const spec = '- **FR-001**: a\n- **FR-002**: b\n';
    const tasks = ['## Phase 3: User Story 1 — Tenant CRUD', '', '**FRs covered**: FR-001, FR-002', '', '- [X] T007 [US1] Add `active` field', '- [X] T024 [US1] Write E2E tests', '- [X] T024.A [US1] E2E Test: Owner logs in', '- [X] T024.B [US1] E2E Test: Owner can CRUD', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/008-a/spec.md': spec, 'specs/008-a/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => n.id)).toEqual(['008-a/T007', '008-a/T024', '008-a/T024.A', '008-a/T024.B']);
    expect(ws.relationsOut.get('008-a/T007')!.filter((e) => e.relation === 'implements').map((e) => e.id)).toEqual(['008-a/FR-001', '008-a/FR-002']);
    expect(ws.diagnostics.filter((d) => ['ID_DUPLICATE', 'COVERAGE_MISSING', 'LINK_BROKEN'].includes(d.code))).toEqual([]);
  });
});
