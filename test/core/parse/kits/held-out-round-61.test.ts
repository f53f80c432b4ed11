/**
 * Forms a sixty-first round of held-out repositories wrote (D-541), modelled on the lines quoted:
 * - morgothx/cubeforge-api at 7fd885c (cc-sdd), .kiro/specs/authentication/requirements.md:107-135: under `## Requirements`,
 *   `### 1. Credential establishment` over criteria written as bullets with their number in bold, `- **1.1** When a platform
 *   operator requests credential setup …, the Authentication Service shall …` (no `#### Acceptance Criteria`): no requirement and
 *   no criterion read in four features, and 203 false LINK_BROKEN for the tasks' `_Requirements: 1.1, 4.1, 7.1_`.
 * - BarryYin/Contract_Review2026 at ddb6c00, .kiro/specs/batch-compare/tasks.md:3-9: `- [ ] T-BC-01: 后端：批量上传API + 批量审查调度
 *   [priority:high]` (31 tasks in five features read by their place, `T#1`…, not by their ids).
 * - rengotaku/obsidian-importer at its round-61 commit, specs/061-github-actions-lint/tasks.md:100: `- [SKIP] T027 Commit and push
 *   changes to feature branch (requires user action)`, and legout/parallel-requests, openspec/changes/add-logging/tasks.md:20:
 *   `- [deferred] 1.4 Add logging configuration to client.py (in add-client-api phase)` (six tasks unread: D-542); the same word
 *   boxes in earlier rounds, `- [N/A] T037 [EXECUTOR: technical-writer] …` (maslennikov-ig/Symancy, round 51) and `- [N/A] 17.
 *   迁移极客派系（Geeks）` (zhuanggenhua/BoardGame, round 56).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { spliceBox } from '../../../../src/core/parse/kits/box-splice.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeTaskState } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('forms of a sixty-first round', () => {
  it('a criterion as a bullet with its number in bold before an EARS clause is read; a value in bold is not', () => {
    const requirements = [
      '# Requirements — authentication', '', '## Requirements', '', '### 1. Credential establishment', '',
      'A password belongs to a person, and only a platform operator may set one in motion.', '',
      '- **1.1** When a platform operator requests credential setup for a person by their',
      '  platform-wide identifier, the Authentication Service shall issue a single-use token.',
      '- **1.2** If a setup token is presented after being redeemed, the Authentication Service shall reject it.',
      '- **1.3** The Authentication Service shall accept passwords of at least 12 characters.', '',
      '### 2. Limits', '', '- **2.5** MB maximum file size', '- **2.6** seconds between retries', '',
    ].join('\n');
    const tasks = ['# Implementation Plan', '', '- [ ] 1. Set up credentials', '  - _Requirements: 1.1, 1.2, 1.3_', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/authentication/requirements.md': requirements, '.kiro/specs/authentication/tasks.md': tasks }));
    const items = [...ws.nodes.values()].filter((n) => n.item !== undefined && n.type !== 'task').map((n) => [n.id, n.type]);
    expect(items).toEqual([
      ['authentication/R1', 'requirement'],
      ['authentication/R1.1', 'acceptance-criterion'],
      ['authentication/R1.2', 'acceptance-criterion'],
      ['authentication/R1.3', 'acceptance-criterion'],
    ]);
    expect(ws.nodes.get('authentication/R1.1')!.title).toBe('When a platform operator requests credential setup for a person by their platform-wide identifier, the Authentication Service shall issue a single-use token.');
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('a bold-numbered bullet under another sub-heading of the requirement is no criterion (a review)', () => {
    const requirements = ['## Requirements', '', '### 1. Tokens', '', '- **1.1** When a token expires, the service shall refuse it.', '', '#### Out of scope', '', '- **1.3** The legacy token format is not supported.', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/auth/requirements.md': requirements, '.kiro/specs/auth/tasks.md': '- [ ] 1. Tokens\n  - _Requirements: 1.1_\n' }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'acceptance-criterion').map((n) => n.id)).toEqual(['auth/R1.1']);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it("Kiro tasks written `T-BC-01` (a part's code in the id) are tasks by their ids", () => {
    const tasks = ['# Tasks: batch-compare', '', '- [ ] T-BC-01: 后端：批量上传API + 批量审查调度 [priority:high]', '- [ ] T-BC-02: 前端：批量上传组件 [priority:high] [depends:T-BC-01]', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/batch-compare/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => n.id)).toEqual(['batch-compare/T-BC-01', 'batch-compare/T-BC-02']);
  });

  it('a box that says the task will not be done (`[SKIP]`, `[deferred]`, `[N/A]`) is a dropped task, and `done` sets its box', () => {
    const speckit = [
      '# Tasks', '', '- [x] T026 Add the lint job',
      '- [SKIP] T027 Commit and push changes to feature branch (requires user action)',
      '- [N/A] T037 [EXECUTOR: technical-writer] [PARALLEL-GROUP-5] Create `.env.local.example` for frontend',
      '- [ ] T038 Run type-check (depends on T027)', '- [Story] T039 is the template\'s legend, not a box', '',
    ].join('\n');
    const openspec = [
      '## 1. Logging', '', '- [x] 1.3 Export logging module in utils/__init__.py', '',
      '- [deferred] 1.4 Add logging configuration to client.py (in add-client-api phase)', '  > DEFERRED: Being addressed in the integrate-logging-client proposal', '',
    ].join('\n');
    const kiro = ['# Implementation Plan', '', '- [x] 16. 迁移植物派系', '', '- [N/A] 17. 迁移极客派系（Geeks）', '  - 该派系文件不存在，跳过', ''].join('\n');
    const ws = loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [speckit, openspec, kiro]\n',
        'specs/061-lint/spec.md': '# Feature Specification: Lint\n',
        'specs/061-lint/tasks.md': speckit,
        'openspec/changes/add-logging/proposal.md': '# Add logging\n',
        'openspec/changes/add-logging/tasks.md': openspec,
        '.kiro/specs/migration/tasks.md': kiro,
      }),
    );
    const tasks = [...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.title, n.status, ws.states.get(n.id)!.state]).sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
    expect(tasks).toEqual([
      ['migration/T16', '迁移植物派系', 'done', 'done'],
      ['migration/T17', '迁移极客派系（Geeks）', 'dropped', 'dropped'],
      ['061-lint/T026', 'Add the lint job', 'done', 'done'],
      ['061-lint/T027', 'Commit and push changes to feature branch (requires user action)', 'dropped', 'dropped'],
      ['061-lint/T037', '[EXECUTOR: technical-writer] [PARALLEL-GROUP-5] Create `.env.local.example` for frontend', 'dropped', 'dropped'],
      ['061-lint/T038', 'Run type-check (depends on T027)', 'todo', 'blocked'],
      ['change/add-logging/T1.3', 'Export logging module in utils/__init__.py', 'done', 'done'],
      ['change/add-logging/T1.4', 'Add logging configuration to client.py (in add-client-api phase)', 'dropped', 'dropped'],
    ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)));
    // A dependency on a dropped task blocks, with TRACE's DEPENDS_ON_DROPPED warning, as for a document.
    expect(ws.diagnostics.filter((d) => d.nodeId === '061-lint/T038').map((d) => d.code)).toEqual(['DEPENDS_ON_DROPPED']);
    // `done` (and `reopen`) replace the word with the box's one character; nothing else on the line moves.
    const done = spliceBox(speckit, 4, 'x');
    expect(done.ok && done.text.split('\n')[3]).toBe('- [x] T027 Commit and push changes to feature branch (requires user action)');
    const reopened = spliceBox(openspec, 5, ' ');
    expect(reopened.ok && reopened.text.split('\n')[4]).toBe('- [ ] 1.4 Add logging configuration to client.py (in add-client-api phase)');
    // A review's fingerprint reads the word as it reads any mark: as `[ ]` (dropping a task is no change to review).
    const open = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/061-lint/spec.md': '# Feature Specification: Lint\n', 'specs/061-lint/tasks.md': speckit.replace('[SKIP]', '[ ]') }));
    expect(ws.nodes.get('061-lint/T027')!.body).toBe(open.nodes.get('061-lint/T027')!.body);
  });

  it("a heading task's steps that will not be done hold no work open", () => {
    const tasks = ['# Implementation Plan', '', '### Task 1: Set up CI', '- [x] Add the workflow', '- [SKIP] Push the branch (requires user action)', '', '### Task 2: Docs', '- [SKIP] Write the guide', '', '### Task 3: Tests', '- [ ] Write them', '- [SKIP] Skip one', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/ci/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.status])).toEqual([
      ['ci/T1', 'done'],
      ['ci/T2', 'dropped'],
      ['ci/T3', 'todo'],
    ]);
  });

  it('a dropped task covers nothing; `done` and `start` write a word box on a CRLF file, byte for byte (reviews)', () => {
    const spec = '# Feature Specification: A\n\n- **FR-001**: System MUST log in.\n- **FR-002**: System MUST log out.\n';
    const tasks = '# Tasks\r\n\r\n- [x] T001 Log in (FR-001)\r\n- [N/A] T002 Log out (FR-002)\r\n- [Skipped] T003 Lint\r\n- [CANCELLED] T004 Ship\r\n';
    const root = testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-a/spec.md': spec, 'specs/001-a/tasks.md': tasks });
    const ws = loadWorkspace(root);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING').map((d) => d.nodeId)).toEqual(['001-a/FR-002']);
    expect(['001-a/T003', '001-a/T004'].map((id) => ws.states.get(id)!.state)).toEqual(['dropped', 'dropped']);
    expect(writeTaskState(ws, '001-a/T002', 'done')).toMatchObject({ changed: true, from: 'dropped', to: 'done' });
    expect(readFileSync(join(root, 'specs/001-a/tasks.md'), 'latin1')).toBe(tasks.replace('[N/A]', '[x]'));
    writeTaskState(loadWorkspace(root), '001-a/T003', 'in_progress');
    expect(readFileSync(join(root, 'specs/001-a/tasks.md'), 'latin1')).toBe(tasks.replace('[N/A]', '[x]').replace('[Skipped]', '[-]'));
  });

  it("a heading task's fingerprint is as before when its title names a word in brackets; a word box in a heading is no box (reviews)", () => {
    const tasks = ['# Tasks', '', '## Task 1: Handle [deferred] jobs', '- [x] Add the queue', '- [x] Retry', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/q/tasks.md': tasks }));
    expect(ws.nodes.get('q/T1')!.body).toBe('## Task 1: Handle [deferred] jobs\n- [ ] Add the queue\n- [x] Retry');
    const speckit = ['# Tasks', '', '### - [x] T001 [US1] Log in', '', '### - [SKIP] T002 [US1] Push', ''].join('\n');
    const sk = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-a/spec.md': '# Feature Specification: A\n', 'specs/001-a/tasks.md': speckit }));
    expect([...sk.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.status])).toEqual([['001-a/T001', 'done']]);
  });
});
