/**
 * Forms a ninth round of public repositories wrote, judged by hand before anything was changed
 * for them (held out); each case is modelled on the lines quoted, its items and references
 * worked out by hand:
 * - npressoworks/quizeum at d06d2ff: Kiro criteria grouped under bold labels, numbered on across
 *   the groups (.kiro/specs/quizeum-moderation-governance-ui/requirements.md lines 86-100), and a
 *   criteria heading with a remark in parentheses (quizeum-auth-profile-ui/requirements.md line 103);
 * - LuChangQiu/kiro-spec-engine at 384832c: Kiro tasks numbered without the dot
 *   (.kiro/specs/40-00-scene-scaffold-command/tasks.md lines 1-20); requirements.md files that
 *   number their own sections, cited by number (02-00-project-adoption-and-upgrade:
 *   requirements.md lines 241-250, tasks.md lines 30-35; 08-00-document-lifecycle-management:
 *   `**AC 3.2.1**:`); a requirements line labelled `**验证**:` (96-00-agent-orchestrator/tasks.md
 *   line 82);
 * - 30675137/Cinema_Bussiness_Center_Platform at da04e53: Spec Kit tasks inserted later as
 *   `T007.1` (specs/O003-beverage-order/tasks.md lines 33-34);
 * - Tomvaz11/iabank at e3c8d85: `**NFR-003 (Observabilidade)**:` (specs/002-f-10-fundacao/spec.md
 *   line 125), a range `SC-001..SC-005` and a placeholder `@SC-00x` (tasks.md lines 153, 156).
 */
import { describe, expect, it } from 'vitest';
import { readKitFile } from '../../../../src/core/parse/kits/read-kit.js';
import { kitPlaceOf } from '../../../../src/core/read/kit-paths.js';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

/** Each item as `id "title" line-end [box]`, then its references other than its parent as `relation id @line`. */
const read = (path: string, text: string) => {
  const { read: found } = readKitFile(text, 1, kitPlaceOf(path, ['kiro', 'speckit'])!);
  return {
    items: found.items.map((i) => `${i.id} "${i.title}" ${i.line}-${i.end}${i.box === null ? '' : ` [${i.box}]`}`),
    refs: found.items.flatMap((i) => i.refs.filter((r) => r.written !== 'nested under').map((r) => `${i.id} ${r.relation} ${r.id} @${r.line}`)),
  };
};

describe('Kiro criteria grouped under bold labels (quizeum)', () => {
  it('`**Label**` then `4. When …` (a paragraph to CommonMark): criteria 4 and 5 as written, after 1 and 2 of the list above', () => {
    const text = [
      '### Requirement 6: モデレーション関連画面の非同期表示最適化', // 1
      '', // 2
      '#### 受け入れ基準', // 3
      '', // 4
      '**管理者モデレーション審査画面における非同期表示最適化**', // 5
      '1. When [管理者が通報審査画面にアクセスしたとき], the [UI] shall [スケルトンを表示する]', // 6
      '2. While [ロード中である間], the [UI] shall [専用スケルトンを表示する]', // 7
      '', // 8
      '**タグ/ジャンルマージリクエスト画面における非同期表示最適化**', // 9
      '4. When [モデレータがマージリクエスト画面にアクセスしたとき], the [UI] shall [スケルトンを表示する]', // 10
      '5. While [ロード中である間], the [UI] shall [投票一覧タブを隠す]', // 11
      '', // 12
      '### Requirement 7: 次', // 13
      '', // 14
      '**Notes**', // 15
      '3. Not under a criteria heading: no criterion', // 16
    ].join('\n');
    expect(read('.kiro/specs/moderation/requirements.md', text).items).toEqual([
      'moderation/R6 "モデレーション関連画面の非同期表示最適化" 1-5',
      'moderation/R6.1 "When [管理者が通報審査画面にアクセスしたとき], the [UI] shall [スケルトンを表示する]" 6-6',
      'moderation/R6.2 "While [ロード中である間], the [UI] shall [専用スケルトンを表示する]" 7-7',
      'moderation/R6.4 "When [モデレータがマージリクエスト画面にアクセスしたとき], the [UI] shall [スケルトンを表示する]" 10-10',
      'moderation/R6.5 "While [ロード中である間], the [UI] shall [投票一覧タブを隠す]" 11-11',
      'moderation/R7 "次" 13-16',
    ]);
  });

  it('a criteria heading with a remark in parentheses (`#### 受け入れ基準（レガシー・メンテナンス対象外）`) opens the criteria', () => {
    // In a file whose other requirements name the heading plainly (so it is not found by structure).
    const text = [
      '### 要件 5: プロフィール', // 1
      '#### 受け入れ基準', // 2
      '1. The [Auth Profile UI] shall [表示する]', // 3
      '### 要件 6: リアクション履歴画面', // 4
      '#### 受け入れ基準（レガシー・メンテナンス対象外）', // 5
      '1. The [Auth Profile UI] shall [導線を出さない]', // 6
      '2. Where [ルートが存続している場合], the [UI] may [表示する]', // 7
    ].join('\n');
    expect(read('.kiro/specs/auth/requirements.md', text).items).toEqual([
      'auth/R5 "プロフィール" 1-2',
      'auth/R5.1 "The [Auth Profile UI] shall [表示する]" 3-3',
      'auth/R6 "リアクション履歴画面" 4-5',
      'auth/R6.1 "The [Auth Profile UI] shall [導線を出さない]" 6-6',
      'auth/R6.2 "Where [ルートが存続している場合], the [UI] may [表示する]" 7-7',
    ]);
  });
});

describe('Kiro tasks numbered without the dot (kiro-spec-engine)', () => {
  it('`- [x] 1 Add …`, `- [x] 2 …`: tasks T1, T2 while each number is one more than the last; a list that starts again at 1 is prose', () => {
    const text = [
      '# Implementation Plan: Scene Scaffold Command', // 1
      '', // 2
      '## Tasks', // 3
      '', // 4
      '- [x] 1 Add `scene scaffold` CLI command and option normalization', // 5
      '  - Implemented in `lib/commands/scene.js`.', // 6
      '', // 7
      '- [ ] 2 Add scaffold validation and output guardrails', // 8
      '  - _Requirements: 1.2_', // 9
      '', // 10
      '## KSE Status Markers', // 11
      '', // 12
      '- [x] 1 Legacy spec baseline reconciled', // 13
      '- [x] 2 Core capability outcomes validated', // 14
    ].join('\n');
    expect(read('.kiro/specs/40-00-scene/tasks.md', text)).toEqual({
      items: ['40-00-scene/T1 "Add `scene scaffold` CLI command and option normalization" 5-6 [x]', '40-00-scene/T2 "Add scaffold validation and output guardrails" 8-9 [ ]'],
      refs: ['40-00-scene/T2 implements 40-00-scene/R1.2 @9'],
    });
  });

  it('a lone whole number stays prose (`- [ ] 4 barriers render`), and a file with numbered tasks keeps only those', () => {
    // Since D-513 a Kiro file of boxes with no task number reads each by its place (not `T4`, `T5`).
    expect(read('.kiro/specs/a/tasks.md', ['- [ ] 4 barriers render', '- [ ] 5 more'].join('\n')).items).toEqual(['a/T#1 "4 barriers render" 1-1 [ ]', 'a/T#2 "5 more" 2-2 [ ]']);
    expect(read('.kiro/specs/a/tasks.md', ['- [ ] 1. First', '- [ ] 2 hours of work'].join('\n')).items).toEqual(['a/T1 "First" 1-1 [ ]']);
  });
});

describe('Spec Kit forms of a ninth round', () => {
  it('`- [x] T007.1 [P] …` is task T007.1, not a second T007 (Cinema_Bussiness_Center_Platform)', () => {
    const text = ['- [x] T007 Configure backend environment variables ✅', "- [x] T007.1 [P] Create Supabase Storage bucket 'beverage-images' ✅ 2025-12-28", '- [ ] T008. Dotted end'].join('\n');
    expect(read('specs/O003-beverage-order/tasks.md', text).items).toEqual([
      'O003-beverage-order/T007 "Configure backend environment variables ✅" 1-1 [x]',
      "O003-beverage-order/T007.1 \"Create Supabase Storage bucket 'beverage-images' ✅ 2025-12-28\" 2-2 [x]",
      'O003-beverage-order/T008 "Dotted end" 3-3 [ ]',
    ]);
  });

  it('`**NFR-003 (Observabilidade)**:` is requirement NFR-003 (iabank)', () => {
    const text = ['- **NFR-002**: UX deve manter LCP p95 < 2.5 s', '- **NFR-003 (Observabilidade)**: Spans OTEL do cliente devem cobrir >90% das interacoes criticas'].join('\n');
    expect(read('specs/002-f-10-fundacao/spec.md', text).items).toEqual([
      '002-f-10-fundacao/NFR-002 "UX deve manter LCP p95 < 2.5 s" 1-1',
      '002-f-10-fundacao/NFR-003 "Spans OTEL do cliente devem cobrir >90% das interacoes criticas" 2-2',
    ]);
  });

  it('`SC-001..SC-005` names the five; `@SC-00x` is a placeholder, no reference; `FR-007a` is still one (iabank)', () => {
    const text = [
      '- [X] T061 [FOUND] Dashboard SC-001..SC-005 (arquivo: `observabilidade/dashboards/frontend-foundation.json`)', // 1
      '- [X] T063 [FOUND] Garantir tags `@SC-00x` em testes e PRs', // 2
      '- [ ] T064 Implement FR-007a', // 3
    ].join('\n');
    expect(read('specs/002-f-10-fundacao/tasks.md', text).refs.filter((r) => !/ depends_on /.test(r))).toEqual([
      ...['SC-001', 'SC-002', 'SC-003', 'SC-004', 'SC-005'].map((id) => `002-f-10-fundacao/T061 implements 002-f-10-fundacao/${id} @1`),
      '002-f-10-fundacao/T064 implements 002-f-10-fundacao/FR-007a @3',
    ]);
  });
});

describe('Kiro requirements.md files that number their own sections (kiro-spec-engine)', () => {
  const files = {
    'docugraph.yml': 'kits: [kiro]\n',
    '.kiro/specs/02-00-adoption/requirements.md': [
      '# Requirements: Project Adoption and Upgrade System',
      '## 5. Non-Functional Requirements',
      '### 5.1 Safety',
      '- All destructive operations require confirmation',
      '### 5.2 Performance',
      '- Adoption should complete in < 10 seconds',
      '### 3.2 Root Directory Cleanup',
      '**AC 3.2.1**: 清理根目录临时文档',
      '',
    ].join('\n'),
    '.kiro/specs/02-00-adoption/tasks.md': ['- [x] 1.2 Implement file system utilities', '  - _Requirements: 5.1, 3.2.1, 5.9_', ''].join('\n'),
  };

  it('`_Requirements: 5.1_` names the section `### 5.1 Safety`, and `3.2.1` the criterion labelled `**AC 3.2.1**`: no error, no link; `5.9`, which is no section, stays broken', () => {
    const ws = loadWorkspace(testdir(files));
    expect(ws.relationsOut.get('02-00-adoption/T1.2')).toBeUndefined();
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message.replace(/;.*$/, ''))).toEqual([
      '02-00-adoption/T1.2 implements `02-00-adoption/R5.9` (written `_Requirements: 5.1, 3.2.1, 5.9_`), which does not exist',
    ]);
  });

  it('a feature whose requirements.md gives Kiro\'s requirements keeps its references as they are', () => {
    const ws = loadWorkspace(testdir({ ...files, '.kiro/specs/02-00-adoption/requirements.md': `### Requirement 1: Adopt\n#### Acceptance Criteria\n1. WHEN x THEN y SHALL z\n${files['.kiro/specs/02-00-adoption/requirements.md']}` }));
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').length).toBe(3);
  });

  it('`- **验证**: Requirements 4.1, 4.2` on an implementation task cites what it implements, as `_Requirements:_` does (the team writes no other requirements line)', () => {
    const text = ['- [x] 4.1 创建 `lib/orchestrator/status-monitor.js`', '  - 无效 JSON 优雅处理（不抛异常）', '  - **验证**: Requirements 4.1, 4.2'].join('\n');
    expect(read('.kiro/specs/96-00-agent-orchestrator/tasks.md', text).refs).toEqual(['96-00-agent-orchestrator/T4.1 implements 96-00-agent-orchestrator/R4.1 @3', '96-00-agent-orchestrator/T4.1 implements 96-00-agent-orchestrator/R4.2 @3']);
  });
});
