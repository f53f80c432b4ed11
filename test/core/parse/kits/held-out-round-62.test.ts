/**
 * Forms a sixty-second round of held-out repositories wrote (D-543), modelled on the lines quoted:
 * - No-Country-simulation/S07-26-Team-26 at 1af459e, .kiro/specs/company/tasks.md:3-13,35: `## Status Legend` over `- [ ] Pendiente`,
 *   `- [x] Completado`, `- [-] En progreso` (18 boxes read as tasks in six features), and tasks that cite in parentheses by the team's
 *   `REQ-` ids, `- [ ] Crear tabla \`companies\` … (REQ-1.6, REQ-5.1)`, `(REQ-1, REQ-4, REQ-5)`, `(REQ-1.6, 1.7)` (252 lines read by no one:
 *   every feature "not traced").
 * - HeltonFraga01/cortexx (round 49), .kiro/specs/chat-api-realtime-migration/tasks.md:9: `  - _Requisitos: REQ-1.1, REQ-4.1_` under
 *   criteria headed `#### REQ-1.1: Canais de Realtime` (two features whose citations were not read).
 * - MaximilianLS98/personal-finance-app at eaf22d5, .kiro/specs/budget-management/tasks.md:115-125: `- [⏭️] 6. Build budget alert and
 *   notification system **[SKIPPED - Not Priority]**`, `    - [⏭️] 6.1 Implement budget threshold monitoring **[SKIPPED]**` (three
 *   tasks unread, their `_Requirements: 6.1, 6.2_` with them: six COVERAGE_MISSING that did not say why).
 * - abdouz19/atelier at e0a5105, specs/002-stock-management/tasks.md:33-39: seven boxes numbered `T00` one after the other,
 *   `- [x] T00 Create \`electron/db/schema/stock_item.ts\` — \`stockItems\` table (id, name, type, …)`, `- [x] T00 [P] Create
 *   \`electron/db/schema/stock_transaction.ts\` — \`stockTransactions\` table (id, stock_item_id FK, type, …)`: the second taken for a
 *   recap of the first (their words alike), and lost without a finding.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const requirements = [
  '# Requirements — Company', '', '## Requirements', '', '### Requirement 1 — Manual Company Registration', '',
  '**User Story:** As an Admin, I want to register a company manually, so that I can invite its Operator.', '', '#### Acceptance Criteria', '',
  '1. The system MUST accept at minimum: company name, industry, country.', '2. The system MUST validate and normalize the operator email.', '',
  '### Requirement 5 — Status', '', '#### Acceptance Criteria', '', '1. The system MUST keep a status history.', '2. The system MUST refuse invalid transitions.', '',
].join('\n');

describe('forms of a sixty-second round', () => {
  it("a legend's boxes are no tasks; `(REQ-1.2, 5.1)` in a task's text cites the kit's requirements", () => {
    const tasks = [
      '# Tasks — Company', '', '## Status Legend', '- [ ] Pendiente', '- [x] Completado', '- [-] En progreso', '', '---', '', '## Backend', '',
      '- [ ] Crear entidad `Company` con JPA (REQ-1, REQ-5)',
      '- [ ] Crear tabla `companies` con todos los estados del pipeline (REQ-1.2, 5.1)',
      '- [ ] Implementar bloqueo de transiciones de estado inválidas (REQ-5.2)',
      '- [ ] Revisar (REQ-5 queda fuera de alcance)', '- [ ] Validar el lote (REQ-9.9)', '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/company/requirements.md': requirements, '.kiro/specs/company/tasks.md': tasks }));
    const found = [...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.relations?.implements?.ids ?? []]);
    expect(found).toEqual([
      ['company/T#1', ['company/R1', 'company/R5']],
      ['company/T#2', ['company/R1.2', 'company/R5.1']],
      ['company/T#3', ['company/R5.2']],
      ['company/T#4', []],
      ['company/T#5', ['company/R9.9']],
    ]);
    // The one that does not exist is broken; a task that implements a whole requirement covers its criteria.
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message.split(', which')[0])).toEqual(['company/T#5 implements `company/R9.9` (written `(REQ-9.9)`)']);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING').map((d) => d.nodeId)).toEqual([]);
  });

  it('`_Requisitos: REQ-1.1, REQ-4.1_` names criteria 1.1 and 4.1; `REQ-SEC-01` stays a tag and `REQ-001` an id of the team', () => {
    const tasks = ['# Tasks', '', '- [x] 1.1 Configurar Supabase Realtime', '  - _Requisitos: REQ-1.1, REQ-5.2_', '- [ ] 1.2 Auditar', '  - _Requisitos: REQ-SEC-01, REQ-001_', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/company/requirements.md': requirements, '.kiro/specs/company/tasks.md': tasks }));
    expect(ws.nodes.get('company/T1.1')!.relations!.implements!.ids).toEqual(['company/R1.1', 'company/R5.2']);
    expect(ws.nodes.get('company/T1.2')!.relations?.implements?.ids ?? []).not.toContain('company/R1');
  });

  it('a heading that names a legend among other words keeps its tasks, and so do the tasks after a legend under its heading (reviews)', () => {
    const kiro = (tasks: string) => [...loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/map/tasks.md': tasks })).nodes.values()].filter((n) => n.type === 'task').map((n) => n.title);
    expect(kiro('# Tasks\n\n## Map legend\n- [ ] Add the legend toggle\n- [x] Draw the swatches\n')).toEqual(['Add the legend toggle', 'Draw the swatches']);
    expect(kiro('# Tasks\n\n## Tasks (legend: [x] done)\n- [ ] Crear tabla\n- [x] Crear API\n')).toEqual(['Crear tabla', 'Crear API']);
    expect(kiro('# Tasks\n\n## Status Legend\n- [ ] Pendiente\n- [x] Completado\n\n---\n\n- [ ] Crear entidad `Company` con JPA\n- [x] Crear API REST\n')).toEqual(['Crear entidad `Company` con JPA', 'Crear API REST']);
    // Spec Kit's and OpenSpec's boxes read by their place alike.
    const sk = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit, openspec]\n', 'specs/001-a/spec.md': '# Feature Specification: A\n', 'specs/001-a/tasks.md': '# Tasks\n\n## Legend\n- [ ] Pending\n- [x] Done\n\n## Work\n- [ ] Build the form\n', 'openspec/changes/c/proposal.md': '# C\n', 'openspec/changes/c/tasks.md': '## Legend\n- [ ] Pending\n- [x] Done\n\n## 1. Work\n- [ ] 1.1 Build the form\n' }));
    expect([...sk.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.title]).sort()).toEqual([
      ['001-a/T#1', 'Build the form'],
      ['change/c/T1.1', 'Build the form'],
    ]);
  });

  it('`REQ-2024-001` is an id of the team, not requirements 2024 and 1 (a review)', () => {
    const tasks = ['# Tasks', '', '- [ ] 1. Audit (REQ-2024-001)', '  - _Requirements: REQ-2024-001, REQ-1.1_', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/company/requirements.md': requirements, '.kiro/specs/company/tasks.md': tasks }));
    expect(ws.nodes.get('company/T1')!.relations!.implements!.ids).toEqual(['company/R1.1']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('a box with the skip sign `[⏭️]` is a dropped task; the criteria only it cites are not covered, and the finding says why', () => {
    const tasks = ['# Implementation Plan', '', '- [x] 5. Build budgets', '  - _Requirements: 1.1, 1.2, 5.2_', '', '- [⏭️] 6. Build budget alert and notification system **[SKIPPED - Not Priority]**', '', '    - [⏭️] 6.1 Implement budget threshold monitoring **[SKIPPED]**', '        - ⏭️ Create background service to monitor budget spending', '        - _Requirements: 5.1_', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/company/requirements.md': requirements, '.kiro/specs/company/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.status])).toEqual([
      ['company/T5', 'done'],
      ['company/T6', 'dropped'],
      ['company/T6.1', 'dropped'],
    ]);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING').map((d) => d.message)).toEqual([
      'company/R5.1 has nothing that implements it (coverage: acceptance-criterion needs implements); `company/T6.1`, which implements it, is dropped',
    ]);
  });

  it('boxes numbered alike one after the other are copies with their finding, not recaps of the first (a task was lost)', () => {
    const tasks = [
      '# Tasks', '', '## Phase 2: Foundational', '',
      '- [x] T00 Create `electron/db/schema/stock_item.ts` — `stockItems` table (id, name, type, unit, color, created_at, updated_at) per data-model.md',
      '- [x] T00 [P] Create `electron/db/schema/stock_transaction.ts` — `stockTransactions` table (id, stock_item_id FK, type, color, created_at, updated_at) per data-model.md',
      '- [x] T00 Register `stockItems` and `stockTransactions` tables in `electron/db/index.ts`', '',
      '## Pending', '', '- [x] T00 Create `electron/db/schema/stock_item.ts` (done)', '- [x] T00 [P] Create `electron/db/schema/stock_transaction.ts` (done)', '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/002-stock/spec.md': '# Feature Specification: Stock\n', 'specs/002-stock/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.item!.line])).toEqual([
      ['002-stock/T00', 5],
      ['002-stock/T00#2', 6],
      ['002-stock/T00#3', 7],
    ]);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE').map((d) => d.line)).toEqual([6, 7]);
  });
});
