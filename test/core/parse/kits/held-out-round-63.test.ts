/**
 * Forms a sixty-third round of held-out repositories wrote (D-544), modelled on the lines quoted:
 * - ma-pony/saas-template at 65232e9, .kiro/specs/ui-shadcn-migration/tasks.md:11-12: `### T01：更新依赖包` over
 *   `**优先级**：P0 | **需求映射**：FR-01、FR-10` (a feature's 37 tasks unread, though the no-task hint names `### T001: …`).
 * - hachian/itzpapa at 9b40053, .kiro/specs/site-performance/tasks.md:85: `- [ ]*5.2 rehype-task-statusプラグインのユニットテストを追加`.
 * - justdick/hms at d1d648d, .kiro/specs/flexible-medication-scheduling/tasks.md:120-131: `- [x] 5-R. Create API controllers and
 *   routes (NEW APPROACH)`, `- [x] 5-R.1 Create MedicationScheduleController with new endpoints` (a revision of task 5: 15 tasks
 *   and their `_Requirements:` unread).
 * - emtabiraobarias/fridge-planner at 4a16997, specs/002-authentication/spec.md:84 and tasks.md:24: `- **FR-D-001**: System MUST
 *   require a valid OAuth 2.0 / OIDC Bearer access token …`, `- [x] T008 [P] [US2] Add public \`app/api/health/route.ts\` … — FR-D-006.`
 *   (ids with a one-letter part code: no item, and citations dropped).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const tasksOf = (ws: ReturnType<typeof loadWorkspace>) => [...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.title, n.status]);

describe('forms of a sixty-third round', () => {
  it('Kiro task headings by id with a colon (`### T01：…`) are tasks, and `**需求映射**：FR-01、FR-10` their requirements', () => {
    const requirements = ['# 需求文档', '', '## 功能需求', '', '### FR-01：安装 Shadcn UI 依赖', '', '安装依赖。', '', '### FR-10：移除 BaseUI', '', '移除旧依赖。', ''].join('\n');
    const tasks = [
      '# 实现任务', '', '## 第一阶段：环境准备', '', '### T01：更新依赖包', '**优先级**：P0 | **需求映射**：FR-01、FR-10', '', '**实现步骤**：', '1. 运行 `bun install`', '',
      '### T02: Migrate the Button component', '**Requirements**: FR-01', '', '### T1 mobile layout notes', '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/ui/requirements.md': requirements, '.kiro/specs/ui/tasks.md': tasks }));
    expect(tasksOf(ws)).toEqual([
      ['ui/T01', '更新依赖包', 'todo'],
      ['ui/T02', 'Migrate the Button component', 'todo'],
    ]);
    expect(ws.nodes.get('ui/T01')!.relations!.implements!.ids).toEqual(['ui/FR-01', 'ui/FR-10']);
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('an optional task with no space after its star (`- [ ]*5.2`), and revision-numbered tasks (`5-R.`, `5-R.1`), are tasks', () => {
    const tasks = [
      '# Implementation Plan', '', '- [x] 5. Create API controllers and routes (OLD APPROACH - DEPRECATED)', '  - _Requirements: 1.1_', '',
      '- [x] 5-R. Create API controllers and routes (NEW APPROACH)', '', '- [x] 5-R.1 Create MedicationScheduleController with new endpoints', '  - _Requirements: 1.2_', '',
      '- [ ] 5.1 Write the old tests', '- [ ]*5.2 rehype-task-statusプラグインのユニットテストを追加', '',
    ].join('\n');
    const requirements = ['# Requirements', '', '### Requirement 1: Schedules', '', '#### Acceptance Criteria', '', '1. WHEN a nurse configures THEN the system SHALL save', '2. WHEN a nurse adjusts THEN the system SHALL log', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/meds/requirements.md': requirements, '.kiro/specs/meds/tasks.md': tasks }));
    expect(tasksOf(ws)).toEqual([
      ['meds/T5', 'Create API controllers and routes (OLD APPROACH - DEPRECATED)', 'done'],
      ['meds/T5-R', 'Create API controllers and routes (NEW APPROACH)', 'done'],
      ['meds/T5-R.1', 'Create MedicationScheduleController with new endpoints', 'done'],
      ['meds/T5.1', 'Write the old tests', 'todo'],
      ['meds/T5.2', 'rehype-task-statusプラグインのユニットテストを追加', 'todo'],
    ]);
    expect(ws.nodes.get('meds/T5-R.1')!.relations!.implements!.ids).toEqual(['meds/R1.2']);
    expect(ws.relationsOut.get('meds/T5-R.1')!.find((e) => e.relation === 'refines')!.id).toBe('meds/T5-R');
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('Spec Kit ids with a one-letter part code (`FR-D-001`, `SC-D-001`) are items, and cited', () => {
    const spec = ['# Feature Specification: Authentication', '', '## Requirements', '', '- **FR-D-001**: System MUST require a valid OAuth 2.0 / OIDC Bearer access token on every resource endpoint.', '- **FR-D-006**: System MUST keep a public health endpoint.', '', '## Success Criteria', '', '- **SC-D-001**: 100% of requests lacking a valid token are rejected.', ''].join('\n');
    const tasks = ['# Tasks', '', '- [x] T004 [US2] **(RED)** Write `tests/server/unit/auth.test.ts` (FR-D-001, SC-D-001)', '- [x] T008 [P] [US2] Add public `app/api/health/route.ts` (`{status:\'ok\'}`) — FR-D-006.', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/002-auth/spec.md': spec, 'specs/002-auth/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.item !== undefined && n.type !== 'task').map((n) => [n.id, n.type])).toEqual([
      ['002-auth/FR-D-001', 'functional-requirement'],
      ['002-auth/FR-D-006', 'functional-requirement'],
      ['002-auth/SC-D-001', 'success-criterion'],
    ]);
    expect(ws.nodes.get('002-auth/T008')!.relations!.implements!.ids).toContain('002-auth/FR-D-006');
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('test-case headings `### T1: Login works` are no tasks; `RF-X-10` in an English feature is prose, as `RF-433` is (reviews)', () => {
    const tasks = ['# Tasks', '', '- [ ] Write the login form', '- [ ] Ship it', '', '## Test cases', '', '### T1: Login works', 'Steps…', '', '### T2: Logout works', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/f/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => n.id)).not.toContain('f/T1');
    const spec = ['# Feature Specification: Radio', '', '## Requirements', '', '- **FR-001**: System MUST tune.', ''].join('\n');
    const sk = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-radio/spec.md': spec, 'specs/001-radio/tasks.md': '# Tasks\n\n- [ ] T001 Solder the RF-X-10 part and the RF-433 antenna (FR-001)\n' }));
    expect(sk.diagnostics.filter((d) => d.code === 'LINK_BROKEN')).toEqual([]);
  });

  it('a line of pairs `FR-D-001→T007 · FR-D-002→T004/T005` maps each requirement to its tasks (a review: 32 COVERAGE_MISSING)', () => {
    const spec = ['# Feature Specification: Authentication', '', '## Requirements', '', '- **FR-D-001**: System MUST require a token.', '- **FR-D-002**: System MUST validate it.', '- **FR-D-004**: System MUST isolate users.', '', '## Success Criteria', '', '- **SC-D-003**: Keys are cached.', ''].join('\n');
    const tasks = [
      '# Tasks', '', '- [x] T004 [US2] Write the failing test', '- [x] T005 [US2] Validate the token', '- [x] T007 [US2] Guard every route', '- [x] T009 [US2] Isolate users', '',
      '## Traceability', 'FR-D-001→T007 · FR-D-002→T004/T005 · FR-D-004(FR-036)→T009 · **SC-D-003→design (JWKS caching)** · the rest→later', '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/002-auth/spec.md': spec, 'specs/002-auth/tasks.md': tasks }));
    const implemented = (id: string) => (ws.nodes.get(id)!.relations?.implements?.ids ?? []).filter((target) => !target.endsWith('/US2'));
    expect(['002-auth/T004', '002-auth/T005', '002-auth/T007', '002-auth/T009'].map(implemented)).toEqual([['002-auth/FR-D-002'], ['002-auth/FR-D-002'], ['002-auth/FR-D-001'], ['002-auth/FR-D-004']]);
    // SC-D-003 maps to no task (`→design`: no success criterion is cited, none held to coverage); the note `(FR-036)` names nothing.
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING').map((d) => d.nodeId)).toEqual([]);
  });
});
