/**
 * A form a seventy-second round of held-out repositories wrote (D-556), modelled on the lines quoted:
 * monoharada/leonardo-learn at 5fac34a (Kiro, Japanese), .kiro/specs/demo-ts-refactor/tasks.md:30-36: `- [x] 1.3 状態管理モジュールを作成する`,
 * `  - **依存**: Task 1.1, 1.2（型と定数が必要）`, four lines of steps, then `  - _Requirements: 1.1, 1.2, 1.3, 1.4_`. The bold label closes
 * before its colon, yet its value was read to the next `*`: the requirements' numbers were read as tasks too (19 false LINK_BROKEN, 2 false
 * LINK_CYCLE, 2 STATUS_INCONSISTENT).
 */
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const REQUIREMENTS = ['### Requirement 1: 状態', '', '#### Acceptance Criteria', '', '1. THE app SHALL a', '2. THE app SHALL b', '3. THE app SHALL c', '4. THE app SHALL d', ''].join('\n');
const TASKS = [
  '- [x] 1.1 型を定義する', // 1
  '  - _Requirements: 1.1_', // 2
  '- [x] 1.2 定数を定義する', // 3
  '  - _Requirements: 1.2_', // 4
  '- [x] 1.3 状態管理モジュールを作成する', // 5
  '  - **依存**: Task 1.1, 1.2（型と定数が必要）', // 6
  '  - stateオブジェクトをシングルトンとしてエクスポート', // 7
  '  - _Requirements: 1.1, 1.2, 1.3, 1.4_', // 8
  '', // 9
].join('\n');

describe('a bold label that closes before its colon (`**依存**: Task 1.1, 1.2`)', () => {
  it('reads its own line only: the requirements written lines below are no dependencies', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/demo/requirements.md': REQUIREMENTS, '.kiro/specs/demo/tasks.md': TASKS }));
    expect(ws.relationsOut.get('demo/T1.3')!.map((e) => `${e.relation} ${e.id.slice('demo/'.length)}`)).toEqual(['implements R1.1', 'implements R1.2', 'implements R1.3', 'implements R1.4']);
    expect(ws.nodes.get('demo/T1.3')!.dependsOn).toEqual(['demo/T1.1', 'demo/T1.2']);
    const report = buildReport(ws);
    expect([...report.errors, ...report.warnings].map((f) => `${f.code} ${f.message}`)).toEqual([]);
  });

  it('its ids wrapped onto the lines right after it are its value still, as a formatter wraps them (a review)', () => {
    const tasks = ['- [ ] 1. One', '  - **Requirements**: 1.3, 2.1,', '    2.2', '- [ ] 2. Two', '  - **Depends on**: 1,', '    3', '  - **Requirements**:', '    1.1, 1.2', '- [ ] 3. Three', '  - **依存**: Task 1', '  - stuff 4.4', ''].join('\n');
    const requirements = `${REQUIREMENTS}\n### Requirement 2: 表示\n\n#### Acceptance Criteria\n\n1. THE app SHALL e\n2. THE app SHALL f\n`;
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/demo/requirements.md': requirements, '.kiro/specs/demo/tasks.md': tasks }));
    expect(ws.relationsOut.get('demo/T1')!.map((e) => e.id)).toEqual(['demo/R1.3', 'demo/R2.1', 'demo/R2.2']);
    expect(ws.relationsOut.get('demo/T2')!.map((e) => e.id)).toEqual(['demo/R1.1', 'demo/R1.2']);
    expect(ws.nodes.get('demo/T2')!.dependsOn).toEqual(['demo/T1', 'demo/T3']);
    expect(ws.nodes.get('demo/T3')!.dependsOn).toEqual(['demo/T1']);
  });

  it('a label whose marks hold its whole value (`_Depends: 1.1,` wrapped to `1.2_`) still reads to its closing mark', () => {
    const tasks = TASKS.replace('  - **依存**: Task 1.1, 1.2（型と定数が必要）', '  - _Depends: 1.1,\n    1.2_');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/demo/requirements.md': REQUIREMENTS, '.kiro/specs/demo/tasks.md': tasks }));
    expect(ws.nodes.get('demo/T1.3')!.dependsOn).toEqual(['demo/T1.1', 'demo/T1.2']);
  });
});
