/**
 * Forms a thirteenth round of public Kiro repositories wrote, judged by hand before anything was
 * changed for them (held out: 4 false of 196 reference findings); each case is modelled on the
 * lines quoted, its items and references worked out by hand:
 * - bigballgis/Workflow-Station---sun at 19e9cf0: user stories written as headings, `### US-1: …`,
 *   named by a task's `**Requirements**: US-1` (.kiro/specs/task-detail-access-fix/requirements.md
 *   line 20, tasks.md line 10);
 * - mathgallina/wiki-veloz at 1ba44dc: the team's template folder `.kiro/specs/_template/`, and
 *   reference lists in brackets, `_Requirements: [1.1, 1.2]_` (documents-corporativos/tasks.md line 25);
 * - lostguk/vedma at 3a7e26b: Kiro in Russian, `### Требование 1`, `#### Критерии приемки`,
 *   `_Требования: 1.1, 2.2_` (.kiro/specs/user-authentication/requirements.md lines 18-27, tasks.md line 7).
 */
import { describe, expect, it } from 'vitest';
import { readKitFile } from '../../../../src/core/parse/kits/read-kit.js';
import { kitPlaceOf } from '../../../../src/core/read/kit-paths.js';
import { loadWorkspace } from '../../../../src/core/index.js';
import { surveyKits } from '../../../../src/core/model/survey-kits.js';
import { testdir } from '../../../helpers/testdir.js';

const read = (path: string, text: string) => {
  const { read: found } = readKitFile(text, 1, kitPlaceOf(path, ['kiro'])!);
  return {
    items: found.items.map((i) => `${i.id} ${i.type} "${i.title}"`),
    refs: found.items.flatMap((i) => i.refs.filter((r) => r.written !== 'nested under').map((r) => `${i.id} ${r.relation} ${r.id}`)),
  };
};

describe('Kiro as a thirteenth round writes it', () => {
  it('`### US-1: …` in requirements.md is story US1, which `**Requirements**: US-1` names (Workflow-Station---sun)', () => {
    const requirements = ['## User Stories', '', '### US-1: Proper Error Responses from workflow-engine-core', 'As a developer, I want proper HTTP status codes.', '', '**Acceptance Criteria:**', '- [ ] 404 is returned when a task is not found', '', '### US-2: Better Error Messages in Frontend', 'As a user, I want clear messages.'].join('\n');
    expect(read('.kiro/specs/task-detail-access-fix/requirements.md', requirements).items).toEqual([
      'task-detail-access-fix/US1 user-story "Proper Error Responses from workflow-engine-core"',
      'task-detail-access-fix/US2 user-story "Better Error Messages in Frontend"',
    ]);
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/task-detail-access-fix/requirements.md': `${requirements}\n`, '.kiro/specs/task-detail-access-fix/tasks.md': '- [x] 1. Add `@ControllerAdvice` annotation\n  **Requirements**: US-1\n' }));
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
    expect(ws.relationsOut.get('task-detail-access-fix/T1')).toEqual([{ relation: 'implements', id: 'task-detail-access-fix/US1' }]);
  });

  it('Russian: `### Требование 1`, `#### Критерии приемки`, and a task\'s `_Требования: 1.1, 2.2_` (vedma)', () => {
    const requirements = ['## Требования', '', '### Требование 1', '', '**Пользовательская история:** Как новый пользователь, я хочу зарегистрироваться', '', '#### Критерии приемки', '', '1. WHEN пользователь отправляет данные, THE Authentication_System SHALL создать нового User', '2. THE Authentication_System SHALL проверить уникальность email адреса'].join('\n');
    expect(read('.kiro/specs/user-authentication/requirements.md', requirements).items).toEqual([
      'user-authentication/R1 requirement "Как новый пользователь, я хочу зарегистрироваться"',
      'user-authentication/R1.1 acceptance-criterion "WHEN пользователь отправляет данные, THE Authentication_System SHALL создать нового User"',
      'user-authentication/R1.2 acceptance-criterion "THE Authentication_System SHALL проверить уникальность email адреса"',
    ]);
    expect(read('.kiro/specs/user-authentication/tasks.md', '- [ ] 1. Настроить базовую структуру\n  - _Требования: 1.1, 2.2_\n').refs).toEqual(['user-authentication/T1 implements user-authentication/R1.1', 'user-authentication/T1 implements user-authentication/R2.2']);
  });

  it('`_Requirements: [1.1, 1.2]_`, a list in brackets, names 1.1 and 1.2 (wiki-veloz)', () => {
    expect(read('.kiro/specs/documentos/tasks.md', '- [x] 1.1 Setup base structure\n  - [x] Setup module structure\n  - _Requirements: [1.1, 1.2]_\n').refs).toEqual(['documentos/T1.1 implements documentos/R1.1', 'documentos/T1.1 implements documentos/R1.2']);
  });

  it('a feature folder whose name opens with `_` is the team\'s template: no items, no ID_INVALID, and `init` does not list it (wiki-veloz)', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro, speckit]\n',
      '.kiro/specs/_template/requirements.md': '# Requirements - [Feature Name]\n\n### Requirement 1: [Name]\n',
      '.kiro/specs/payments/requirements.md': '### Requirement 1: Pay\n#### Acceptance Criteria\n1. WHEN x THEN y SHALL z\n',
      'specs/_template/spec.md': '# Feature Specification: [FEATURE NAME]\n',
    });
    const ws = loadWorkspace(root);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_INVALID')).toEqual([]);
    expect([...ws.nodes.keys()].filter((id) => id.includes('template'))).toEqual([]);
    expect(surveyKits(root).map((k) => `${k.kit}: ${k.folders.join(', ')}`)).toEqual(['kiro: .kiro/specs/payments']);
  });
});
