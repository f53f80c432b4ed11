/**
 * Forms a thirty-first round of public repositories wrote, judged by hand on 89bfba0 before anything
 * was changed for them (205 reference findings, 39 false):
 * - shinji-hayamizu/ReSave: Kiro requirements `### REQ-8: 型定義の追加` with criteria as headings `#### REQ-8.1:
 *   HomeCardsData 型の定義`, cited `_Requirements: 8.1_` (.kiro/specs/home-cache-optimization/requirements.md
 *   line 200: 37 false LINK_BROKEN);
 * - taemin6536/CoinAuto: Kiro's property-test line in Korean, `**검증: 요구사항 5.3**` (90 lines, no `verifies`);
 * - velosergio/Monolegal: Spanish success criteria `- **CE-001**: …` (criterio de éxito), unread in 5 features;
 * - hectoresen/ArenaCup26: OpenSpec requirements numbered, `## Requirement 1: Soporte multi-locale en la home`
 *   (openspec/specs/i18n/spec.md line 7: 123 unread), and change tasks `- [ ] 1. Migration Drizzle: …` (read by their
 *   place, `T#1`…, so `context …/T1` said no such id);
 * - VictorHugo1985/Escolastica: a story inserted later, `### User Story 1b - Escolástico crea sesión … (Priority: P1)`
 *   (specs/005-registro-asistencia/spec.md line 46: a second US1, ID_DUPLICATE, its five `[US1b]` tasks unlinked).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('forms of a thirty-first round', () => {
  it('Kiro: `### REQ-8:` is requirement 8 and `#### REQ-8.1:` its criterion 8.1', () => {
    const requirements = ['# Requirements Document', '', '## Requirements', '', '### REQ-8: 型定義の追加', '**優先度**: Medium', '', '#### REQ-8.1: HomeCardsData 型の定義', '`types/card.ts` に以下を追加', '', '#### REQ-8.2: キャッシュキー定数の追加', 'text', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/home/requirements.md': requirements, '.kiro/specs/home/tasks.md': '- [ ] 1.1 型\n  - _Requirements: 8.1, 8.2_\n' }));
    expect([...ws.nodes.values()].filter((n) => n.item !== undefined && n.type !== 'task').map((n) => [n.id, n.type, n.item!.line, n.title])).toEqual([
      ['home/R8', 'requirement', 5, '型定義の追加'],
      ['home/R8.1', 'acceptance-criterion', 8, 'HomeCardsData 型の定義'],
      ['home/R8.2', 'acceptance-criterion', 11, 'キャッシュキー定数の追加'],
    ]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('Kiro: `**검증: 요구사항 5.3**` (Korean) verifies, where the tasks cite under `_요구사항:_`', () => {
    const requirements = ['### 요구사항 5: 손절', '#### 인수 기준', '1. THE 시스템 SHALL a', '2. THE 시스템 SHALL b', '3. THE 시스템 SHALL c', ''].join('\n');
    const tasks = ['- [ ] 1. 손절', '  - _요구사항: 5.1, 5.2, 5.3_', '- [ ] 1.1 속성 테스트', '  - **속성 1: 손절**', '  - **검증: 요구사항 5.3**', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/stop/requirements.md': requirements, '.kiro/specs/stop/tasks.md': tasks }));
    expect(ws.relationsOut.get('stop/T1.1')!.filter((e) => e.relation === 'verifies')).toEqual([{ relation: 'verifies', id: 'stop/R5.3' }]);
  });

  it('Spec Kit: `- **CE-001**: …` (Spanish, criterio de éxito) is a success criterion, covered by a task citing it', () => {
    const spec = ['# Especificación', '', '## Criterios de Éxito', '', '- **CE-001**: El 100% de las transiciones producen un intento de envío', '- **CE-002**: Menos de 1 s', ''].join('\n');
    const tasks = ['- [ ] T012 Confirmar CE-001', '- [ ] T013 Medir CE-002', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/013-email/spec.md': spec, 'specs/013-email/tasks.md': tasks }));
    expect(['013-email/CE-001', '013-email/CE-002'].map((id) => ws.nodes.get(id)?.type)).toEqual(['success-criterion', 'success-criterion']);
    expect(ws.relationsOut.get('013-email/T012')!.filter((e) => e.relation === 'implements')).toEqual([{ relation: 'implements', id: '013-email/CE-001' }]);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING' || d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('OpenSpec: `## Requirement 1: Name` is a requirement; change tasks `- [ ] 1. Title` are T1, T2', () => {
    const spec = ['# Purpose', '', 'Servir la aplicación en cuatro idiomas.', '', '# Requirements', '', '## Requirement 1: Soporte multi-locale en la home', '', 'La página `/` se sirve en el idioma adecuado.', '', '### Scenario: Visitante con cookie', '', '- **Given** un visitante', ''].join('\n');
    const tasks = ['# Tasks — add-round-of-32-stage', '', '- [ ] 1. Migration Drizzle: añadir `round-of-32`', '- [x] 2. Actualizar `MatchStage`', '- [ ] Smoke build local', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/specs/i18n/spec.md': spec, 'openspec/changes/add-r32/proposal.md': '# Add round of 32\n', 'openspec/changes/add-r32/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.item !== undefined).map((n) => [n.id, n.type, n.item!.line])).toEqual([
      ['change/add-r32/T1', 'task', 3],
      ['change/add-r32/T2', 'task', 4],
      ['change/add-r32/T#1', 'task', 5],
      ['i18n/soporte-multi-locale-en-la-home', 'requirement', 7],
    ]);
  });

  it('Spec Kit: `### User Story 1b - … (Priority: P1)` is story US1b, which `[US1b]` names', () => {
    const spec = ['# Spec', '', '### User Story 1 - Toma asistencia (Priority: P1)', '', '### User Story 1b - Crea sesión en cualquier clase (Priority: P1)', ''].join('\n');
    const tasks = ['- [ ] T015 [US1b] Crear sesión', '- [ ] T016 [US1] Tomar asistencia', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/005-asistencia/spec.md': spec, 'specs/005-asistencia/tasks.md': tasks }));
    expect(ws.nodes.get('005-asistencia/US1b')?.title).toBe('Crea sesión en cualquier clase');
    expect(ws.relationsOut.get('005-asistencia/T015')).toEqual([{ relation: 'implements', id: '005-asistencia/US1b' }]);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE' || d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });
});
