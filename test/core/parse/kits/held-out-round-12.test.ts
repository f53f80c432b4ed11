/**
 * Forms a twelfth round of public repositories wrote, judged by hand before anything was changed
 * for them (held out); each case is modelled on the lines quoted, its items and references
 * worked out by hand:
 * - KamiJeong/taste_spec_kit at 9788c62: Spec Kit task ids with a part's prefix (`- [x] BE-T000 …`:
 *   specs/02-email-auth-backend/tasks.md lines 18-19, 39), requirements written without the bold
 *   and with a part's letters (`- FR-BE-001: …`: spec.md lines 189-191), and a "Traceability Rules"
 *   list mapping tasks to requirements (`- T009~T011, T015~T017 -> FR-001, FR-003, FR-005, FR-006`:
 *   specs/01-design-system/tasks.md lines 26-33);
 * - studyzy/imewlconverter at 192fd20: OpenSpec specs written in Chinese (`### 需求：…`,
 *   `#### 场景：…`: openspec/specs/cmd-args-parsing/spec.md lines 1-11);
 * - 30675137/Cinema_Bussiness_Center_Platform at da04e53: beside bold requirements, a list that
 *   cites one without the bold (`- FR-003: 明确使用…`: specs/U003-wechat-miniapp-login/spec.md line 197).
 */
import { describe, expect, it } from 'vitest';
import { readKitFile } from '../../../../src/core/parse/kits/read-kit.js';
import { kitPlaceOf } from '../../../../src/core/read/kit-paths.js';
import { getAcceptanceCriteria, loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

/** Each item as `id type "title" line-end`, then its references other than its parent as `relation id @line`. */
const read = (path: string, text: string) => {
  const { read: found } = readKitFile(text, 1, kitPlaceOf(path, ['speckit', 'openspec'])!);
  return {
    items: found.items.map((i) => `${i.id} ${i.type} "${i.title}" ${i.line}-${i.end}`),
    refs: found.items.flatMap((i) => i.refs.filter((r) => r.written !== 'nested under').map((r) => `${i.id} ${r.relation} ${r.id} @${r.line}`)),
  };
};

describe('Spec Kit ids of a team that names its parts (taste_spec_kit)', () => {
  it('`- [x] BE-T000 …` is task BE-T000, and `(FR-BE-015)` in its text the requirement FR-BE-015', () => {
    const text = [
      '- [x] BE-T000 루트 워크스페이스 파일 검증 (`package.json`)', // 1
      '- [x] BE-T001 백엔드 앱 골격 검증', // 2
      '- [x] BE-T036 응답 Envelope/헤더 계약 고정 (FR-BE-015)', // 3
    ].join('\n');
    expect(read('specs/02-email-auth-backend/tasks.md', text)).toEqual({
      items: [
        '02-email-auth-backend/BE-T000 task "루트 워크스페이스 파일 검증 (`package.json`)" 1-1',
        '02-email-auth-backend/BE-T001 task "백엔드 앱 골격 검증" 2-2',
        '02-email-auth-backend/BE-T036 task "응답 Envelope/헤더 계약 고정 (FR-BE-015)" 3-3',
      ],
      refs: ['02-email-auth-backend/BE-T036 implements 02-email-auth-backend/FR-BE-015 @3'],
    });
  });

  it('`- FR-BE-001: …` without the bold is a requirement in a spec.md that writes none in bold; beside bold ones it is a citation', () => {
    const plain = ['## Requirements', '- FR-BE-001: 비밀번호는 Argon2id로 해시 저장', '- FR-BE-002: 이메일 인증 전 로그인 차단', '- NFR-BE-001: 로그인 요청 P95 500ms 이내', '- FR-003 is prose without its colon'].join('\n');
    expect(read('specs/02-email-auth-backend/spec.md', plain).items).toEqual([
      '02-email-auth-backend/FR-BE-001 functional-requirement "비밀번호는 Argon2id로 해시 저장" 2-2',
      '02-email-auth-backend/FR-BE-002 functional-requirement "이메일 인증 전 로그인 차단" 3-3',
      '02-email-auth-backend/NFR-BE-001 non-functional-requirement "로그인 요청 P95 500ms 이내" 4-4',
    ]);
    const bold = ['- **FR-003**: 系统必须在后端根据openid查找用户记录', '', '**影响的规格部分**:', '- FR-003: 明确使用Supabase Auth的auth.users表'].join('\n');
    expect(read('specs/U003-wechat-miniapp-login/spec.md', bold).items).toEqual(['U003-wechat-miniapp-login/FR-003 functional-requirement "系统必须在后端根据openid查找用户记录" 1-1']);
  });

  it('a mapping list `- T009~T011, T015~T017 -> FR-001, FR-003` says what those tasks implement; a phase order or a box with an arrow maps nothing', () => {
    const text = [
      '## Traceability Rules', // 1
      '', // 2
      '- T009~T011, T015 -> FR-001, FR-003', // 3
      '- T012 -> FR-004 및 SC-005~SC-006 안정화', // 4
      '- Gate 순서 준수: `Phase 0 -> 1 -> 2`', // 5
      '', // 6
      '## Phase 1', // 7
      '', // 8
      '- [x] T009 Enforce UI source-only path', // 9
      '- [x] T010 Add tokens', // 10
      '- [ ] T012 Stabilize -> FR-009', // 11
      '- [ ] T015 Document it', // 12
    ].join('\n');
    const scope = '01-design-system';
    expect(read('specs/01-design-system/tasks.md', text).refs).toEqual([
      ...['FR-001', 'FR-003'].map((id) => `${scope}/T009 implements ${scope}/${id} @3`),
      ...['FR-001', 'FR-003'].map((id) => `${scope}/T010 implements ${scope}/${id} @3`),
      ...['FR-004', 'SC-005', 'SC-006'].map((id) => `${scope}/T012 implements ${scope}/${id} @4`),
      `${scope}/T012 implements ${scope}/FR-009 @11`,
      ...['FR-001', 'FR-003'].map((id) => `${scope}/T015 implements ${scope}/${id} @3`),
    ]);
  });
});

describe('OpenSpec written in Chinese (imewlconverter)', () => {
  const spec = [
    '# cmd-args-parsing 规范', // 1
    '', // 2
    '## 需求', // 3
    '### 需求：系统必须支持 GNU 风格的长选项格式', // 4
    '系统必须接受 `--option-name value` 格式的参数。', // 5
    '', // 6
    '#### 场景：使用长选项指定输入格式', // 7
    '- **当** 用户执行 `imewlconverter --input-format scel input.scel`', // 8
    '- **那么** 系统必须识别输入格式为 `scel`', // 9
  ].join('\n');

  it('`### 需求：…` is a requirement, and its `#### 场景：…` sections its acceptance criteria', () => {
    expect(read('openspec/specs/cmd-args-parsing/spec.md', spec).items).toEqual(['cmd-args-parsing/系统必须支持-gnu-风格的长选项格式 requirement "系统必须支持 GNU 风格的长选项格式" 4-9']);
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/specs/cmd-args-parsing/spec.md': `${spec}\n` }));
    const criteria = getAcceptanceCriteria(ws, 'cmd-args-parsing/系统必须支持-gnu-风格的长选项格式');
    expect(criteria.source).toBe('scenarios');
    expect(criteria.criteria.map((c) => `${c.line} ${c.text}`)).toEqual(['7 使用长选项指定输入格式: **当** 用户执行 `imewlconverter --input-format scel input.scel` **那么** 系统必须识别输入格式为 `scel`']);
  });
});
