/**
 * CONTEXT §2 and §3 in a kit task's bundle: the tasks it builds on (earlier tasks naming its
 * code names or matching its words, test tasks naming them, tasks named by number) and the
 * kit's conventions (their best-matching sections; Kiro's `inclusion` followed) — each with a
 * reason that is true of the bytes it stands beside. Files written here, read by hand.
 */
import { describe, expect, it } from 'vitest';
import { buildBundle, loadWorkspace } from '../../../src/core/index.js';
import { testdir } from '../../helpers/testdir.js';

/** The inclusion report's lines of a bundle, by id. */
function report(bundle: string): Map<string, string> {
  const out = new Map<string, string>();
  const part = bundle.slice(bundle.indexOf('## Inclusion report'), bundle.indexOf('\n## Documents'));
  for (const line of part.split('\n')) {
    const match = /^- `([^`]+)` depth=\d+: (.*)$/.exec(line);
    if (match !== null) out.set(match[1]!, match[2]!);
  }
  return out;
}

const TASKS = [
  '# Tasks', // 1
  '', // 2
  '- [x] T001 Create the `aegis-common` module with its build file', // 3
  '- [ ] T002 [P] Write the project README', // 4
  '- [ ] T003 Create `AegisException` in aegis-common/src/main/java/com/aegis/common/AegisException.java', // 5
  '- [ ] T004 Create `RegisterUserUseCase` inbound port interface', // 6
  '- [ ] T005 Implement `RegisterUserService` (the use case implementation), laid out like T002', // 7
  '- [ ] T006 Write `RegisterUserServiceTest` unit tests for `RegisterUserService`', // 8
  '- [ ] T007 Style the landing page', // 9
  '',
].join('\n');

const CONSTITUTION = [
  '# Aegis Constitution', // 1
  '', // 2
  '## I. Domain purity', // 3
  '', // 4
  'The domain layer depends on no framework.', // 5
  '', // 6
  '## II. Errors', // 7
  '', // 8
  'Every exception extends AegisException and carries a code.', // 9
  '', // 10
  '## III. Releases', // 11
  '', // 12
  'Releases are tagged on Fridays.', // 13
  '',
].join('\n');

const speckit = () =>
  testdir({
    'docugraph.yml': 'kits: [speckit]\n',
    'specs/001-registration/spec.md': '# Registration\n\n- **FR-001**: System MUST register users\n',
    'specs/001-registration/tasks.md': TASKS,
    '.specify/memory/constitution.md': CONSTITUTION,
    '.specify/templates/tasks-template.md': '# Tasks template\n\n- [ ] T001 Create AegisException\n',
  });

describe('the tasks a task builds on', () => {
  const ws = loadWorkspace(speckit());

  it('an earlier task that names the same module; not a later one, not an unrelated one', () => {
    const lines = report(buildBundle(ws, { taskId: '001-registration/T003' }));
    expect(lines.get('001-registration/T001')).toBe("an earlier task naming `aegis-common`, as this one does");
    expect(lines.has('001-registration/T002')).toBe(false);
    expect(lines.has('001-registration/T004')).toBe(false);
    expect(lines.has('001-registration/T007')).toBe(false);
  });

  it('an earlier task matching its words (CamelCase split), one it names by number, and a test task naming it', () => {
    const lines = report(buildBundle(ws, { taskId: '001-registration/T005' }));
    expect(lines.get('001-registration/T004')).toMatch(/^an earlier task matching the task's words: .*\buse\b.*/);
    expect(lines.get('001-registration/T002')).toBe("named in the task's lines (T002)");
    expect(lines.get('001-registration/T006')).toBe("a test task naming `RegisterUserService`, as this one does");
    expect(lines.has('001-registration/T007')).toBe(false);
    // Each reason is true of both tasks' lines.
    expect(ws.nodes.get('001-registration/T006')!.text).toContain('RegisterUserService');
    expect(ws.nodes.get('001-registration/T005')!.text).toContain('RegisterUserService');
    expect(ws.nodes.get('001-registration/T005')!.text).toContain('T002');
  });

  it('sections: "all" gives the bundle without the work around it', () => {
    const lines = report(buildBundle(ws, { taskId: '001-registration/T005', sections: 'all' }));
    expect([...lines.keys()].filter((id) => id.includes('/T0'))).toEqual(['001-registration/T005']);
  });
});

describe("the kit's conventions", () => {
  it('Spec Kit: the constitution is a document of conventions; its section that matches the task joins, the others are named as left out', () => {
    const ws = loadWorkspace(speckit());
    expect(ws.nodes.get('memory/constitution')).toMatchObject({ type: 'conventions', title: 'Aegis Constitution', path: '.specify/memory/constitution.md' });
    // Nothing else of .specify/ is read.
    expect(ws.files.filter((f) => f.startsWith('.specify/'))).toEqual(['.specify/memory/constitution.md']);
    const bundle = buildBundle(ws, { taskId: '001-registration/T003' });
    expect(report(bundle).get('memory/constitution')).toBe("the kit's conventions (.specify/memory/constitution.md, inclusion: always) — 1 of 4 sections (≈19 tokens)");
    const part = bundle.slice(bundle.indexOf('### memory/constitution'));
    expect(part).toContain('#### ## II. Errors (lines 7-9) — matches the task\'s words: aegisexception, aegis, exception');
    expect(part).toContain('Every exception extends AegisException and carries a code.');
    expect(part).not.toContain('Releases are tagged');
    expect(part).toContain('Left out (heading (lines, ≈tokens)): Opening (1, ≈5); I. Domain purity (3-5, ≈16); III. Releases (11-13, ≈13)');
    // A task whose words no section matches: no conventions.
    expect(report(buildBundle(ws, { taskId: '001-registration/T007' })).has('memory/constitution')).toBe(false);
  });

  it('Kiro steering: inclusion always, auto and fileMatch (when the task names a matching path) join; manual never', () => {
    const steering = (front: string, body: string) => `---\n${front}\n---\n\n# Steering\n\n## Rules\n\n${body}\n\n## Other\n\nNothing else.\n`;
    const ws = loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [kiro]\n',
        '.kiro/specs/cost/tasks.md': '# Tasks\n\n- [ ] 1. Compute the warband cost in `src/backend/services/CostEngine.ts`\n',
        '.kiro/steering/always.md': steering('inclusion: always', 'Warband cost values come from the ConfigurationManager.'),
        '.kiro/steering/backend.md': steering('inclusion: fileMatch\nfileMatchPattern: "src/backend/**"', 'Backend cost code never throws.'),
        '.kiro/steering/frontend.md': steering('inclusion: fileMatch\nfileMatchPattern: "src/frontend/**"', 'Frontend cost widgets use tokens.'),
        '.kiro/steering/manual.md': steering('inclusion: manual', 'Warband cost deployment notes.'),
      }),
    );
    const lines = report(buildBundle(ws, { taskId: 'cost/T1' }));
    expect(lines.get('steering/always')).toMatch(/^the kit's conventions \(\.kiro\/steering\/always\.md, inclusion: always\)/);
    expect(lines.get('steering/backend')).toMatch(/^the kit's conventions \(\.kiro\/steering\/backend\.md: the task names `src\/backend\/services\/CostEngine\.ts`, which src\/backend\/\*\* matches\)/);
    expect(lines.has('steering/frontend')).toBe(false);
    expect(lines.has('steering/manual')).toBe(false);
    // Kiro's `auto` (the agent includes it when relevant): its matching sections, under the mode as written.
    const auto = loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [kiro]\n',
        '.kiro/specs/cost/tasks.md': '# Tasks\n\n- [ ] 1. Compute the warband cost\n',
        '.kiro/steering/auto.md': steering('inclusion: auto\ndescription: cost rules', 'Warband cost rounding goes up.'),
      }),
    );
    expect(report(buildBundle(auto, { taskId: 'cost/T1' })).get('steering/auto')).toMatch(/^the kit's conventions \(\.kiro\/steering\/auto\.md, inclusion: auto\)/);
  });
});

describe('OpenSpec: other changes to the same requirement', () => {
  const delta = (title: string, body: string) => `## MODIFIED Requirements\n\n### Requirement: ${title}\n\n${body}\n\n#### Scenario: it holds\n\n- **WHEN** asked\n- **THEN** it holds\n`;
  const root = () =>
    testdir({
      'docugraph.yml': 'kits: [openspec]\n',
      'openspec/specs/auth/spec.md': '# Auth\n\n## Requirements\n\n### Requirement: Session timeout\n\nSessions end after 30 minutes.\n\n#### Scenario: idle\n\n- **WHEN** idle\n- **THEN** signed out\n',
      'openspec/changes/shorter-sessions/specs/auth/spec.md': delta('Session timeout', 'Sessions end after 15 minutes.'),
      'openspec/changes/shorter-sessions/tasks.md': '## 1. Sessions\n\n- [ ] 1.1 Lower the idle limit to 15 minutes\n',
      'openspec/changes/remember-me/specs/auth/spec.md': delta('Session timeout', 'A remembered session never ends.'),
      'openspec/changes/remember-me/tasks.md': '## 1. Remember me\n\n- [ ] 1.1 Keep a remembered session past the session timeout\n- [ ] 1.2 Add the checkbox\n',
      'openspec/changes/dark-mode/specs/ui/spec.md': delta('Session timeout', 'Another capability, the same name.'),
      'openspec/changes/dark-mode/tasks.md': '## 1. UI\n\n- [ ] 1.1 Show the session timeout\n',
      'openspec/changes/audit/specs/auth/spec.md': '## ADDED Requirements\n\n### Requirement: Session timeout\n\nAn added one of the same name.\n\n#### Scenario: s\n\n- **WHEN** a\n- **THEN** b\n',
    });

  it("the other change's delta of the same capability and requirement, and its tasks that name it; not another capability's", () => {
    const ws = loadWorkspace(root());
    const lines = report(buildBundle(ws, { taskId: 'change/shorter-sessions/T1.1' }));
    // Both MODIFY the capability's requirement: the other delta spec is what shows it.
    expect(lines.get('change/remember-me/specs/auth/spec')).toBe('also changed by change/remember-me: the requirement auth/session-timeout');
    expect(lines.get('change/remember-me/T1.1')).toBe('a task of change/remember-me that names the requirement auth/session-timeout');
    expect(lines.has('change/remember-me/T1.2')).toBe(false);
    expect(lines.has('change/dark-mode/specs/ui/spec')).toBe(false);
    expect(ws.nodes.get('change/remember-me/T1.1')!.text.toLowerCase()).toContain('session timeout');
    // A change that ADDS a requirement of the same capability and name: its requirement item.
    expect(lines.get('change/audit/session-timeout')).toBe('also changed by change/audit: the requirement auth/session-timeout');
  });
});

describe('an item its file already gives', () => {
  it('is listed with its reason, and its entry says where its lines are instead of repeating them', () => {
    const ws = loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [openspec]\n',
        'openspec/changes/idle/specs/auth/spec.md': '## ADDED Requirements\n\n### Requirement: Idle limit\n\nThe system SHALL end an idle session after 15 minutes.\n\n#### Scenario: idle\n\n- **WHEN** a session is idle for 15 minutes\n- **THEN** it ends\n',
        'openspec/changes/idle/tasks.md': '## 1. Sessions\n\n- [ ] 1.1 Lower the idle session limit\n',
      }),
    );
    const bundle = buildBundle(ws, { taskId: 'change/idle/T1.1' });
    expect(report(bundle).get('change/idle/idle-limit')).toMatch(/^matches the task's words: .*\(not cited\)$/);
    // The delta spec is in the bundle whole; the requirement's entry points to it.
    expect(bundle).toContain(`path: openspec/changes/idle/specs/auth/spec.md\n\n${ws.nodes.get('change/idle/specs/auth/spec')!.text.replace(/\n+$/, '')}\n`);
    expect(bundle).toContain('### change/idle/idle-limit — Idle limit\npath: openspec/changes/idle/specs/auth/spec.md:3-10\n\nIts lines are in `change/idle/specs/auth/spec` in this bundle.\n');
    expect(bundle.split('The system SHALL end an idle session after 15 minutes.')).toHaveLength(2);
  });
});

describe("the feature spec's prose", () => {
  it('a section of the spec that holds no item and matches the task joins as that section only; one about other things does not', () => {
    const spec = [
      '# Registration', // 1
      '', // 2
      '## Requirements', // 3
      '', // 4
      '- **FR-001**: System MUST register users with an email', // 5
      '', // 6
      '## Edge Cases', // 7
      '', // 8
      '- An email written with capitals is the same email: compare emails in lower case.', // 9
      '', // 10
      '## Release', // 11
      '', // 12
      '- Ship on Fridays.', // 13
      '',
    ].join('\n');
    const ws = loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [speckit]\n',
        'specs/001-registration/spec.md': spec,
        'specs/001-registration/tasks.md': '# Tasks\n\n## Phase 1\n\nCompare emails with care.\n\n- [ ] T001 Normalise the email before the uniqueness check\n',
      }),
    );
    const bundle = buildBundle(ws, { taskId: '001-registration/T001' });
    expect(report(bundle).get('001-registration/spec')).toMatch(/^the feature's spec: its prose that matches the task's words — 1 of \d+ sections/);
    const part = bundle.slice(bundle.indexOf('### 001-registration/spec'));
    expect(part).toContain("#### ## Edge Cases (lines 7-9) — matches the task's words: email");
    expect(part).toContain('compare emails in lower case.');
    expect(part).not.toContain('Ship on Fridays');
    // The section with an item is not prose: FR-001 joins as an item, or not at all, never as this file's section.
    expect(part).not.toContain('#### ## Requirements');
    // A tasks file's prose is not the spec's.
    expect(report(bundle).has('001-registration/tasks')).toBe(false);
  });
});

describe('uncited matches', () => {
  it('take at most one story: a story is long, and a task serves one', () => {
    const spec = [
      '# Feature',
      '',
      '### User Story 1 - Export the report as PDF (Priority: P1)',
      '',
      'As a manager I want to export the monthly report as PDF.',
      '',
      '### User Story 2 - Export the report as CSV (Priority: P2)',
      '',
      'As an analyst I want to export the monthly report as CSV.',
      '',
      '## Requirements',
      '',
      '- **FR-001**: System MUST export the monthly report',
      '',
    ].join('\n');
    const ws = loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [speckit]\n',
        'specs/001-report/spec.md': spec,
        'specs/001-report/tasks.md': '# Tasks\n\n- [ ] T001 Export the monthly report\n',
      }),
    );
    const lines = report(buildBundle(ws, { taskId: '001-report/T001' }));
    const stories = [...lines.keys()].filter((id) => /\/US\d$/.test(id));
    expect(stories).toHaveLength(1);
    expect(lines.get(stories[0]!)).toMatch(/^matches the task's words: .*\(not cited\)$/);
    expect(lines.get('001-report/FR-001')).toMatch(/^matches the task's words: /);
  });

  // Modelled on AlexAlvarezGallardo-GitHub/Aegis at 3b8e288 (specs/001-user-registration: T006 cites
  // nothing; SC-007 shared only `and`, `in` with it and joined as "matches the task's words: and, in").
  it('share a word other than the common ones: an item sharing only `and`, `in` does not join', () => {
    const spec = [
      '# Feature',
      '',
      '## Requirements',
      '',
      '- **FR-007**: System MUST assign a UUID v7 to each new account',
      '- **FR-008**: System MUST record the time of registration',
      '',
      '## Success Criteria',
      '',
      '- **SC-007**: Passwords are never stored in plaintext and never appear in logs',
      '',
    ].join('\n');
    const ws = loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [speckit]\n',
        'specs/001-reg/spec.md': spec,
        'specs/001-reg/tasks.md': '# Tasks\n\n- [ ] T006 Implement `AegisException` and `UuidV7Generator` in aegis-common\n',
      }),
    );
    const lines = report(buildBundle(ws, { taskId: '001-reg/T006' }));
    expect(lines.has('001-reg/SC-007')).toBe(false);
    expect(lines.has('001-reg/FR-008')).toBe(false);
  });
});

describe("words most of a file's tasks write", () => {
  // Modelled on eliascoelho911/Listify at 8fcdc89 (specs/004-listify-core/tasks.md, Portuguese: most tasks say `em src/…`)
  // and mixseek/mixseek-core at 7b7e0f5 (Japanese: `テスト作成`, cut into `テス`, `スト`).
  const tasks = [
    '# Tarefas',
    '',
    '- [ ] T001 Criar átomo NavigationTab em src/atoms/NavigationTab',
    '- [ ] T002 Criar átomo Fab em src/atoms/Fab',
    '- [ ] T003 Criar organismo Bottombar em src/organisms/Bottombar',
    '- [ ] T004 Configurar rotas em src/app/routes',
    '- [ ] T005 Criar tela Inbox em src/screens/Inbox',
    '- [ ] T006 Criar tela Listas em src/screens/Listas',
    '- [ ] T007 Criar tela Notas em src/screens/Notas',
    '- [ ] T008 Adicionar testes de navegação em src/tests/navigation',
    '- [ ] T009 Documentar o fluxo de navegação',
    '- [ ] T010 Criar tela Configurações em src/screens/Configuracoes',
    '',
  ].join('\n');
  const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/004-core/spec.md': '# Core\n', 'specs/004-core/tasks.md': tasks }));

  it('tie no task to another (`criar`, `em`, `src` are in most of them); a rarer shared word still does', () => {
    const lines = report(buildBundle(ws, { taskId: '004-core/T010' }));
    const words = [...lines].filter(([, reason]) => reason.startsWith("an earlier task matching the task's words"));
    // `tela` (screen) is in four of ten tasks: over a quarter, common too; nothing else is shared.
    expect(words).toEqual([]);
    const navigation = report(buildBundle(ws, { taskId: '004-core/T009' }));
    // `de` is in two of the ten tasks: rare enough by this file's count (a language's stop words are not listed).
    expect(navigation.get('004-core/T008')).toBe("an earlier task matching the task's words: de, navegação");
  });
});

describe('a lone character of a script written without spaces', () => {
  // Modelled on 2ue/ccman at 3d53e66 (openspec/changes/add-openclaw-support/tasks.md lines 3-16): most
  // tasks open with `在` ("in", before a code path), a lone Han character between backticks.
  const tasks = [
    '## 1. Core',
    '- [x] 1.1 在 `core/paths` 增加 路径解析',
    '- [x] 1.2 新增 presets 与 writer（基于模板直接覆盖写入两份目标文件）',
    '- [x] 1.3 为 writer 增加测试（包含覆盖写入与关键字段断言）',
    '- [x] 1.4 将 `aicoding` 增加 平台',
    '- [x] 1.5 在 `aicoding` 中实现 覆盖优先规则',
    '',
  ].join('\n');
  const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/changes/add-x/proposal.md': '# Add X\n', 'openspec/changes/add-x/tasks.md': tasks }));

  it('ties no task by itself (`在` is a particle); a code name and a pair of characters still do', () => {
    const lines = report(buildBundle(ws, { taskId: 'change/add-x/T1.5' }));
    expect(lines.has('change/add-x/T1.1')).toBe(false);
    expect(lines.get('change/add-x/T1.4')).toBe("an earlier task matching the task's words: aicoding");
    // A pair of characters is a word: `覆盖` ("overwrite") ties T1.2 to a task that writes it beside `写入`.
    const writer = report(buildBundle(ws, { taskId: 'change/add-x/T1.3' }));
    expect(writer.get('change/add-x/T1.2')).toMatch(/^an earlier task matching the task's words: .*覆盖/);
  });
});

describe('a Japanese pair of characters that holds hiragana or a small katakana', () => {
  // Modelled on kaze-jp/kusa at 1286eb2 (.kiro/specs/edit-split-mode/tasks.md lines 60 and 68) and 108yen/task-orchestrator-mcp
  // (a fifty-second round): tasks that shared only `への`, `ドを`, `後に`, `前に` — particles and endings glued to a neighbour —
  // or `ラッ` (of `ラッパー` and of `ドラッグ`) were "an earlier task matching the task's words" of each other.
  const tasks = [
    '- [x] 1. 表示',
    '- [x] 1.1 一覧 への切替',
    '  - 保存後に 確認',
    '- [x] 1.2 編集 への復帰',
    '  - 終了前に 更新',
    '- [x] 1.3 検索 画面を作る',
    '- [x] 1.4 検索 結果を並べる',
    '- [x] 1.5 ラッパー サービス',
    '- [x] 1.6 ドラッグ 操作',
    '- [x] 1.7 キャッシュ 構築',
    '- [x] 1.8 キャッシュ 無効化',
    '- [x] 1.9 お気に入り 一覧',
    '- [x] 1.10 お気に入り 削除',
    '',
  ].join('\n');
  const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/edit/tasks.md': tasks }));
  const tie = (id: string, earlier: string) => report(buildBundle(ws, { taskId: `edit/${id}` })).get(`edit/${earlier}`);

  it('alone, ties no task; a pair of kanji still does', () => {
    expect(tie('T1.2', 'T1.1')).toBeUndefined();
    expect(tie('T1.6', 'T1.5')).toBeUndefined();
    expect(tie('T1.4', 'T1.3')).toMatch(/^an earlier task matching the task's words: .*検索/);
  });

  it('pairs that run on into each other are a word (`キャッシュ`, `お気に入り`: a review)', () => {
    expect(tie('T1.8', 'T1.7')).toMatch(/^an earlier task matching the task's words: .*キャ/);
    expect(tie('T1.10', 'T1.9')).toMatch(/^an earlier task matching the task's words: .*お気/);
  });
});
