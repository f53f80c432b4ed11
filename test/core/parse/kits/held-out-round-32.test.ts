/**
 * Forms a thirty-second round of public repositories wrote, judged by hand on 4c36ff3 before anything
 * was changed for them (126 reference findings, 40 false, all of one form):
 * - Gilmore369/SISTEMA_BOUTIQUE: Kiro requirements in Spanish spelled `### Requerimiento 4: Gestión de Baja de
 *   Clientes` (supa/.kiro/specs/client-management-crm/requirements.md line 83: 15 requirements and 95 criteria
 *   unread, 234 false LINK_BROKEN);
 * - 5rbit/mxrc: Spec Kit tasks written as headings with a box, `### - [x] T001 [US1] CMake 빌드 설정 업데이트`
 *   (docs/specs/022-fix-architecture-issues/tasks.md line 40: 35 tasks, only a 12-line recap checklist
 *   `- [ ] T001: CMake libsystemd 추가` read, T013–T035 missing, nine done tasks read as todo).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('forms of a thirty-second round', () => {
  it('Kiro: `### Requerimiento 4: …` is requirement 4, its criteria 4.1, …', () => {
    const requirements = ['# Documento de Requerimientos', '', '### Requerimiento 4: Gestión de Baja de Clientes', '', '#### Criterios de Aceptación', '', '1. CUANDO el usuario da de baja ENTONCES el sistema DEBE archivar', '2. CUANDO archiva ENTONCES el sistema DEBE registrar el motivo', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/crm/requirements.md': requirements, '.kiro/specs/crm/tasks.md': '- [ ] 1. Baja\n  - _Requirements: 4.1, 4.2_\n' }));
    expect([...ws.nodes.values()].filter((n) => n.item !== undefined && n.type !== 'task').map((n) => [n.id, n.item!.line])).toEqual([
      ['crm/R4', 3],
      ['crm/R4.1', 7],
      ['crm/R4.2', 8],
    ]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('Spec Kit: `### - [x] T001 [US1] Title` is task T001, done; a recap box naming it later is no second task', () => {
    const tasks = [
      '## MVP 체크리스트',
      '',
      '- [ ] T001: CMake libsystemd 추가',
      '- [ ] T002: VersionedData 헤더 생성',
      '',
      '## Phase 0: Setup',
      '',
      '### - [x] T001 [US1] CMake 빌드 설정 업데이트',
      '**파일**: `CMakeLists.txt`',
      '',
      '### - [ ] T002 [P] [US2] VersionedData 헤더 파일 생성',
      '- [x] 헤더 작성',
      '- [ ] 테스트',
      '',
      '### - [ ] T013 [US3] EventPriority',
      '',
    ].join('\n');
    const spec = ['# Spec', '', '### User Story 1 - Build (Priority: P1)', '', '### User Story 2 - Data (Priority: P1)', '', '### User Story 3 - Events (Priority: P2)', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/022-fix/spec.md': spec, 'specs/022-fix/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.item!.line, n.status, n.title])).toEqual([
      ['022-fix/T001', 8, 'done', 'CMake 빌드 설정 업데이트'],
      ['022-fix/T002', 11, 'in-progress', 'VersionedData 헤더 파일 생성'],
      ['022-fix/T013', 15, 'todo', 'EventPriority'],
    ]);
    expect(ws.relationsOut.get('022-fix/T013')).toEqual([{ relation: 'implements', id: '022-fix/US3' }]);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE' || d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });
});
