/**
 * A form a seventy-sixth round of held-out repositories wrote (D-561), modelled on the lines quoted: tkrrrrkt/ProcureERP-SDD at
 * a0eb45d (Kiro, Japanese), .kiro/specs/master-data/employee-master/requirements.md:9-33: `### Requirement 1: 社員一覧表示機能`, its
 * objective, then a second title pasted in, `# Employee Master Requirements`, groups of notes, and `#### Acceptance Criteria` over
 * criteria 1-5. The title closed the requirement, so none of its criteria was read: 42 false LINK_BROKEN (`_Requirements: 1.1_`).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const load = (requirements: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/employee/requirements.md': requirements, '.kiro/specs/employee/tasks.md': '- [ ] 1. List\n  - _Requirements: 1.1, 1.2, 2.1_\n' }));
const criteria = (ws: ReturnType<typeof load>) => [...ws.ids].filter((id) => ws.nodes.get(id)!.type === 'acceptance-criterion').map((id) => `${id} ${ws.nodes.get(id)!.item!.line}`);

describe('a title pasted inside a Kiro requirement', () => {
  it('leaves the requirement open when its criteria heading follows it', () => {
    const ws = load(['# Requirements Document', '', '## Requirements', '', '### Requirement 1: 社員一覧表示機能', '', '**Objective:** As a 管理者, I want 社員一覧を表示できること', '', '# Employee Master Requirements', '', '#### Validations (検証)', '1. When 保存した時, the System shall 検証する', '', '#### Acceptance Criteria', '', '1. When アクセスした時, the Service shall 一覧を表示する', '2. The Service shall 社員コードを表示する', '', '### Requirement 2: 社員詳細', '', '#### Acceptance Criteria', '', '1. When クリックした時, the Service shall 編集画面を開く', ''].join('\n'));
    expect(criteria(ws)).toEqual(['employee/R1.1 16', 'employee/R1.2 17', 'employee/R2.1 23']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('not the file\'s first title, nor one with no criteria heading before the next requirement (a new part of the file)', () => {
    const ws = load(['### Requirement 1: Intro', '', '# Requirements', '', '1. When x, the Service shall y', '', '### Requirement 2: Next', '', '#### Acceptance Criteria', '', '1. When a, the Service shall b', '', '# Appendix', '', '#### Notes', '', '1. A note', '', '## Glossary', '', '#### Acceptance Criteria', '', '1. Not a criterion of requirement 2', ''].join('\n'));
    expect(criteria(ws)).toEqual(['employee/R2.1 11']);
  });
});

/*
 * Forms a seventy-seventh round wrote (D-562), modelled on the lines quoted: zonbitamago/attendance-hub at 433786a (Spec Kit, Japanese),
 * specs/003-event-attendance-count/tasks.md:352-358 under `## 成功基準マッピング`: `- **SC-001**（1秒以内に確認）: T040、T082でテスト`
 * ("tested in"), 4 false COVERAGE_MISSING; danilo-ml/fit-assistant at f4760b8 (Kiro bugfix spec),
 * .kiro/specs/agent-tool-hallucination-fix/tasks.md:34 `_Requirements: Bugfix 2.1-2.6, Design — domain agent tools_`, 6 false.
 */
describe('a success-criteria map that names the tasks testing each criterion, ids first (`T040、T082でテスト`)', () => {
  const spec = ['# 仕様', '', '- **SC-001**: 1秒以内に確認できる', '- **SC-002**: 即座に把握できる', '- **SC-004**: 正確に集計する', ''].join('\n');
  const tasks = ['- [ ] T004 集計を実装', '- [ ] T005 集計を拡張', '- [ ] T040 表示', '- [ ] T059 通知', '', '## 成功基準マッピング', '', '- **SC-001**（1秒以内に確認）: T040でテスト', '- **SC-002**（即座に把握）: T059で検証', '- **SC-004**（正確な集計）: T004-T005でテスト', ''].join('\n');
  it('maps each task it lists to the criterion', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/003-count/spec.md': spec, 'specs/003-count/tasks.md': tasks }));
    const of = (task: string) => (ws.relationsOut.get(`003-count/${task}`) ?? []).map((e) => e.id.replace('003-count/', ''));
    expect([of('T040'), of('T059'), of('T004'), of('T005')]).toEqual([['SC-001'], ['SC-002'], ['SC-004'], ['SC-004']]);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING')).toEqual([]);
  });
});

describe('a Kiro citation of a bugfix spec\'s criteria after the word `Bugfix` (`_Requirements: Bugfix 2.1-2.6_`)', () => {
  it('names them', () => {
    const bugfix = ['# Bugfix Requirements', '', '## Expected Behavior', '', '### Requirement 2: Tools', '', '#### Acceptance Criteria', '', '1. WHEN an agent calls a tool THEN the system SHALL check it', '2. WHEN a tool is missing THEN the system SHALL refuse', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/fix/requirements.md': bugfix, '.kiro/specs/fix/tasks.md': '- [ ] 2. Domain tools\n  - _Requirements: Bugfix 2.1-2.2, Design — domain agent tools_\n' }));
    expect(ws.relationsOut.get('fix/T2')!.map((e) => e.id)).toEqual(['fix/R2.1', 'fix/R2.2']);
  });
});
