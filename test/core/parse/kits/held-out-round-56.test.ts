/**
 * A form a fifty-sixth round of held-out repositories wrote (D-535), modelled on the lines quoted:
 * - zhuanggenhua/BoardGame (cfe0654), .kiro/specs/smashup-full-faction-audit/tasks.md:50-56: `### 任务组 5：D1 子项 — …`, its
 *   boxes `- [x] 5.1 …` to `- [x] 5.4 …`, then at their indentation `- _Requirements: 3_` — the group's one requirements line,
 *   which no task took (49 COVERAGE_MISSING of requirements 3 to 14).
 * - the same repository, .kiro/specs/dicethrone-ability-wiki-audit/requirements.md:87-104: under `#### 验收标准` of `### 需求 6`,
 *   `##### 6A：专属卡审计` over criteria 1-7 and `##### 6B：通用卡审计` over 1-6, cited `_Requirements: 6A.1, 6A.2_` (17 false
 *   LINK_BROKEN, 11 COVERAGE_MISSING: read R6.1-R6.13); smashup-phase3-remaining/requirements.md:75-98: `##### 5a. 海盗湾…` over 1-3,
 *   `##### 5b. 托尔图加…` over 4-6, cited `_Requirements: 5a.1, 5a.2, 5a.3_`, `5b.4` (dropped without a word: 47 COVERAGE_MISSING).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const REQUIREMENTS = ['# Requirements', '', ...[1, 2, 3].flatMap((r) => [`### 需求 ${r}：审计 ${r}`, '', '#### 验收标准', '', `1. WHEN 审计 THEN 系统 SHALL 输出 ${r}`, `2. WHEN 完成 THEN 系统 SHALL 记录 ${r}`, ''])].join('\n');
const load = (tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/audit/requirements.md': REQUIREMENTS, '.kiro/specs/audit/tasks.md': tasks }));
const implemented = (ws: ReturnType<typeof loadWorkspace>, id: string) => (ws.relationsOut.get(id) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id);

describe('a form of a fifty-sixth round', () => {
  it("a task group's one requirements line, after its boxes at their indentation, is each of the group's tasks'", () => {
    const ws = load(
      [
        '# 实施计划',
        '',
        '### 任务组 1：筛选范围审计',
        '',
        '- [x] 1.1 grep 所有实体收集操作',
        '  - 建立清单',
        '- [x] 1.2 输出审计矩阵',
        '- _Requirements: 1_',
        '- _Depends: 2.1_',
        '',
        '### 任务组 2：交互审计',
        '',
        '- [ ] 2.1 审计交互',
        '  - _Requirements: 2.1_',
        '- [ ] 2.2 审计提示',
        '- _Requirements: 2.2, 3_',
        '- [ ] 2.3 后来的任务',
        '',
      ].join('\n'),
    );
    expect(implemented(ws, 'audit/T1.1')).toEqual(['audit/R1']);
    expect(implemented(ws, 'audit/T1.2')).toEqual(['audit/R1']);
    // A group's dependency is no group's: `_Depends: 2.1_` of every task made cycles and false waits (a review).
    expect(ws.nodes.get('audit/T1.2')!.dependsOn).not.toContain('audit/T2.1');
    // A task that cites its own keeps its own; the line after the group is the others' (a task's own line written
    // unindented after it, the tasks before citing theirs); a task after the group's line is in no group.
    expect(implemented(ws, 'audit/T2.1')).toEqual(['audit/R2.1']);
    expect(implemented(ws, 'audit/T2.2')).toEqual(['audit/R2.2', 'audit/R3']);
    expect(implemented(ws, 'audit/T2.3')).toEqual([]);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING')).toEqual([]);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_CYCLE')).toEqual([]);
  });

  it('prose that names a label, a label away from the tasks, a long line: no group\'s (a review)', () => {
    const ws = load(
      [
        '## G',
        '',
        '- [ ] 1. A',
        '- [ ] 2. B',
        '- Requirements: 3.1 and 3.2 are deferred to phase 2',
        '',
        '## H',
        '',
        '- [ ] 3. C',
        '',
        'Some notes.',
        '',
        '- _Requirements: 3_',
        '',
        '## K',
        '',
        '- [ ] 4. D',
        `- _Requirements: ${'1.1, '.repeat(300)}1.2_`,
        '',
      ].join('\n'),
    );
    expect(['audit/T1', 'audit/T2', 'audit/T3', 'audit/T4'].map((id) => implemented(ws, id))).toEqual([[], [], [], []]);
  });

  it('a group\'s line counts toward its tasks\' room for references (a review: REFS_CAPPED on short tasks)', () => {
    // Fifteen ids for tasks of ten characters: five of them were cut (`the first 10 are read`), and 3.1 and 3.2 were missing.
    const ws = load(['## 任务组 1', '', '- [ ] 1. 甲', '- [ ] 2. 乙', '- _Requirements: 4.1, 4.2, 4.3, 5.1, 5.2, 5.3, 6.1, 6.2, 6.3, 1.1, 1.2, 2.1, 2.2, 3.1, 3.2_', ''].join('\n'));
    expect(ws.diagnostics.filter((d) => d.code === 'REFS_CAPPED')).toEqual([]);
    expect(implemented(ws, 'audit/T2')).toEqual(['audit/R1.1', 'audit/R1.2', 'audit/R2.1', 'audit/R2.2', 'audit/R3.1', 'audit/R3.2']);
  });

  it('a bullet under no heading, or before any task, is no group\'s', () => {
    const ws = load(['- [ ] 1. First', '- [ ] 2. Second', '- _Requirements: 1_', '', '## Notes', '', '- _Requirements: 2_', '- [ ] 3. Third', ''].join('\n'));
    expect(['audit/T1', 'audit/T2', 'audit/T3'].map((id) => implemented(ws, id))).toEqual([[], [], []]);
  });

  it('a lettered group of criteria keeps its letter, numbered anew or on, as its tasks cite it', () => {
    const requirements = [
      '# 需求文档',
      '',
      '### 需求 6：卡牌审计',
      '',
      '#### 验收标准',
      '',
      '##### 6A：专属卡审计',
      '',
      '1. WHEN 审计专属卡时，THE Audit_System SHALL 比对',
      '2. WHEN 发现费用不一致时，THE Audit_System SHALL 记录',
      '',
      '##### 6B：通用卡审计',
      '',
      '1. THE Audit_System SHALL 仅执行一次审计',
      '2. WHEN 审计通用卡时，THE Audit_System SHALL 比对',
      '',
      '### 需求 5：基地能力',
      '',
      '#### 验收标准',
      '',
      '1. THE BaseAbility SHALL 注册',
      '',
      '##### 5a. 海盗湾（Pirate Cove）— 计分后移动随从',
      '',
      '2. WHEN 海盗湾计分后, THE BaseAbility SHALL 生成 Prompt',
      '3. WHEN 玩家选择跳过, THE Prompt_System SHALL 不移动',
      '',
      '##### 5b. 托尔图加（Tortuga）',
      '',
      '4. WHEN 托尔图加计分后, THE BaseAbility SHALL 生成 Prompt',
      '',
      '##### 其他说明',
      '',
      '5. THE BaseAbility SHALL 记录日志',
      '',
    ].join('\n');
    const tasks = ['# 实施计划', '', '- [ ] 1. 专属卡', '  - _Requirements: 6A.1, 6A.2, 6B.2_', '- [ ] 2. 海盗湾', '  - _Requirements: 5.1, 5a.2, 5a.3, 5b.4, 5.5_', '- [ ] 3. 错误', '  - _Requirements: 6B.3, 5a.4_', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/audit/requirements.md': requirements, '.kiro/specs/audit/tasks.md': tasks }));
    const criteria = [...ws.nodes.values()].filter((n) => n.type === 'acceptance-criterion').map((n) => [n.id, ws.relationsOut.get(n.id)?.find((e) => e.relation === 'refines')?.id]);
    expect(criteria.sort()).toEqual([
      ['audit/R5.1', 'audit/R5'],
      ['audit/R5.5', 'audit/R5'],
      ['audit/R5a.2', 'audit/R5'],
      ['audit/R5a.3', 'audit/R5'],
      ['audit/R5b.4', 'audit/R5'],
      ['audit/R6A.1', 'audit/R6'],
      ['audit/R6A.2', 'audit/R6'],
      ['audit/R6B.1', 'audit/R6'],
      ['audit/R6B.2', 'audit/R6'],
    ]);
    expect(implemented(ws, 'audit/T1')).toEqual(['audit/R6A.1', 'audit/R6A.2', 'audit/R6B.2']);
    expect(implemented(ws, 'audit/T2')).toEqual(['audit/R5.1', 'audit/R5.5', 'audit/R5a.2', 'audit/R5a.3', 'audit/R5b.4']);
    // A letter no group has, or a number its group does not hold, is broken: said, not dropped.
    const broken = ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message.slice(0, d.message.indexOf(' (written')));
    expect(broken).toEqual(['audit/T3 implements `audit/R5a.4`', 'audit/T3 implements `audit/R6B.3`']);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING').map((d) => d.nodeId)).toEqual(['audit/R6B.1']);
  });

  it('lettered groups, as a review tried them: whole requirements, ranges, plain citations, headings that are no groups', () => {
    const requirements = [
      '# Requirements',
      '',
      '### Requirement 3: Rendering',
      '',
      '#### Acceptance Criteria',
      '',
      '##### 2D rendering',
      '',
      '1. THE renderer SHALL draw sprites',
      '2. THE renderer SHALL draw text',
      '',
      '##### 3D rendering',
      '',
      '3. THE renderer SHALL draw meshes',
      '',
      '### Requirement 4: Login',
      '',
      '#### Acceptance Criteria',
      '',
      '##### General',
      '',
      '1. THE system SHALL log in',
      '2. THE system SHALL log out',
      '',
      '##### 4a. Login',
      '',
      '1. WHEN the password is wrong THE system SHALL refuse',
      '2. WHEN it is right THE system SHALL admit',
      '',
      '##### Other',
      '',
      '1. THE system SHALL log out idle users',
      '',
      '### Requirement 5: Bases',
      '',
      '#### Acceptance Criteria',
      '',
      '##### 5a. Pirate Cove',
      '',
      '1. THE base SHALL prompt',
      '2. THE base SHALL move',
      '',
      '##### 5b. Tortuga',
      '',
      '3. THE base SHALL prompt the runner-up',
      '4. THE base SHALL move',
      '',
      '##### 5c: Wizard Academy',
      '',
      '5. THE base SHALL reorder',
      '',
      '### Requirement 6: Cards',
      '',
      '#### Acceptance Criteria',
      '',
      '##### 6A：专属卡审计',
      '',
      '1. THE audit SHALL compare',
      '',
      '##### 6C：skipped a letter',
      '',
      '2. THE audit SHALL record',
      '',
    ].join('\n');
    const tasks = [
      '# Tasks',
      '',
      '- [ ] 1. Whole requirements',
      '  - _Requirements: 5, 6_',
      '- [ ] 2. A range across requirements',
      '  - _Requirements: 3.3-5.2_',
      '- [ ] 3. Plain and lettered ranges',
      '  - _Requirements: 5.3, 5a.1-5a.2, 5b.3–5b.4_',
      '- [ ] 4. Prose before a lettered number',
      '  - _Requirements: 3.1, design 4a.2, 4_',
      '- [ ] 5. Wrong letters',
      '  - _Requirements: 5A.1, 5a.4_',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/audit/requirements.md': requirements, '.kiro/specs/audit/tasks.md': tasks }));
    const ids = [...ws.nodes.values()].filter((n) => n.type === 'acceptance-criterion').map((n) => n.id.slice(6));
    // `2D`, `3D`: no groups (no separator, and a group starts at a); `6C` after `6A`: none; criteria outside a group keep
    // the ids they had without it (the list's numbers repeat: by place in the whole list).
    expect(ids.sort()).toEqual(['R3.1', 'R3.2', 'R3.3', 'R4.1', 'R4.2', 'R4.5', 'R4a.1', 'R4a.2', 'R5a.1', 'R5a.2', 'R5b.3', 'R5b.4', 'R5c.5', 'R6.2', 'R6A.1']);
    expect(implemented(ws, 'audit/T2')).toEqual(['audit/R3.3', 'audit/R4.1', 'audit/R4.2', 'audit/R4.5', 'audit/R4a.1', 'audit/R4a.2', 'audit/R5a.1', 'audit/R5a.2']);
    expect(implemented(ws, 'audit/T3')).toEqual(['audit/R5a.1', 'audit/R5a.2', 'audit/R5b.3', 'audit/R5b.4']);
    // A word of prose before a lettered number makes it prose, and the whole numbers after it, as before a plain one (`design 4.2, 4`).
    expect(implemented(ws, 'audit/T4')).toEqual(['audit/R3.1']);
    // A whole requirement covers its groups' criteria: nothing of 5 or 6 is missing.
    const missing = ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING').map((d) => d.nodeId);
    expect(missing.filter((id) => /R[56]/.test(id!))).toEqual([]);
    // A wrong letter is said, with the group's criterion that has the number.
    const broken = ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message.replace(/ \(written[^)]*\)/, ''));
    expect(broken).toEqual([
      'audit/T5 implements `audit/R5A.1`, which does not exist; criterion 1 of requirement 5 is `audit/R5a.1`',
      'audit/T5 implements `audit/R5a.4`, which does not exist; criterion 4 of requirement 5 is `audit/R5b.4`',
    ]);
  });
});
