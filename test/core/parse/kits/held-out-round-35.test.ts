/**
 * Forms a thirty-fifth round of public repositories wrote, judged by hand on 7ab405c before anything was changed
 * for them (113 reference findings, 1 false; five forms read wrong or not at all, most without a finding):
 * - studyzy/aicli (6082af1): OpenSpec delta specs whose sections are headed in Chinese, `## 修改需求` (MODIFIED)
 *   and `## 新增需求` (ADDED) (openspec/changes/add-i18n-support/specs/llm-prompt/spec.md line 3): the modified
 *   requirements, `### 需求:系统提示词国际化`, were read as new ones — 14 real problems unreported (the capabilities
 *   they modify have no spec yet).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('forms of a thirty-fifth round', () => {
  it('OpenSpec: a delta headed `## 修改需求` modifies the capability\'s requirement, `## 新增需求` adds one, `## 删除需求` removes one', () => {
    const delta = [
      '# 功能规范:LLM 提示词国际化',
      '',
      '## 修改需求',
      '',
      '### 需求:系统提示词国际化',
      '',
      '系统提示词必须根据用户语言生成对应语言的版本。',
      '',
      '## 新增需求',
      '',
      '### 需求:语言检测',
      '',
      '## 删除需求',
      '',
      '### 需求:旧提示词',
      '',
    ].join('\n');
    const spec = ['# llm-prompt', '', '### Requirement: 系统提示词国际化', '', '### Requirement: 旧提示词', ''].join('\n');
    const ws = loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [openspec]\n',
        'openspec/specs/llm-prompt/spec.md': spec,
        'openspec/changes/add-i18n/proposal.md': '# 提案\n',
        'openspec/changes/add-i18n/specs/llm-prompt/spec.md': delta,
        'openspec/changes/add-i18n/tasks.md': '## 1. 实现\n- [ ] 1.1 改提示词\n',
      }),
    );
    const requirements = [...ws.nodes.values()].filter((n) => n.type === 'requirement').map((n) => n.id).sort();
    expect(requirements).toEqual(['change/add-i18n/语言检测', 'llm-prompt/旧提示词', 'llm-prompt/系统提示词国际化']);
    const delta_ = [...ws.nodes.values()].find((n) => n.path.endsWith('add-i18n/specs/llm-prompt/spec.md') && n.item === undefined)!;
    expect(ws.relationsOut.get(delta_.id)!.filter((e) => e.relation === 'refines').map((e) => e.id).sort()).toEqual(['llm-prompt/旧提示词', 'llm-prompt/系统提示词国际化']);
    // A capability with no spec yet: the modified requirement names nothing there (as `## MODIFIED Requirements` does).
    const orphan = loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [openspec]\n',
        'openspec/changes/add-i18n/proposal.md': '# 提案\n',
        'openspec/changes/add-i18n/specs/llm-prompt/spec.md': delta,
        'openspec/changes/add-i18n/tasks.md': '## 1. 实现\n- [ ] 1.1 改提示词\n',
      }),
    );
    expect(orphan.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.line)).toEqual([5, 15]);
  });

  // A review of 9812cd5.
  const changed = (delta: string, spec: string | null): ReturnType<typeof loadWorkspace> =>
    loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [openspec]\n',
        ...(spec === null ? {} : { 'openspec/specs/cap/spec.md': spec }),
        'openspec/changes/c1/proposal.md': '# 提案\n',
        'openspec/changes/c1/specs/cap/spec.md': delta,
        'openspec/changes/c1/tasks.md': '## 1. 实现\n- [ ] 1.1 改\n',
      }),
    );
  const broken = (ws: ReturnType<typeof loadWorkspace>): (number | null)[] => ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.line);

  it('a Chinese sub-heading inside a requirement (`#### 删除需求`) is the team\'s own: the MODIFIED section goes on', () => {
    const delta = ['## 修改需求', '', '### 需求：需求编辑', '', '系统必须支持新增、修改、删除需求。', '', '#### 删除需求', '', '- 仅创建人可删除', '', '### 需求：需求导出', '', '系统必须支持导出为 CSV。', ''].join('\n');
    const ws = changed(delta, '# cap\n\n### 需求：需求编辑\n');
    expect([...ws.nodes.keys()].filter((id) => id.startsWith('change/c1/') && !id.includes('/T') && !id.endsWith('/proposal') && !id.endsWith('/tasks') && !id.endsWith('/spec'))).toEqual([]);
    expect(broken(ws)).toEqual([11]);
  });

  it('bilingual delta headings: `## 修改需求 (MODIFIED Requirements)`, `## MODIFIED Requirements（修改的需求）`, `## MODIFIED 需求`', () => {
    for (const heading of ['## 修改需求 (MODIFIED Requirements)', '## 修改需求（MODIFIED Requirements）', '## MODIFIED Requirements（修改的需求）', '## MODIFIED 需求']) {
      const ws = changed([heading, '', '### 需求：不存在', '', '系统必须。', ''].join('\n'), '# cap\n\n### 需求：存在\n');
      expect(broken(ws)).toEqual([3]);
    }
  });

  it('a rename written with full-width colons, `- FROM：`### 需求：旧名``, is followed', () => {
    const delta = ['## 重命名需求', '', '- FROM：`### 需求：旧名`', '- TO：`### 需求：新名`', '', '## 修改需求', '', '### 需求：新名', '', '系统必须。', ''].join('\n');
    expect(broken(changed(delta, '# cap\n\n### 需求：旧名\n'))).toEqual([]);
  });

  it('Kiro: `_Requirements: 9_` where the requirements.md numbers its sections (`### 9. 成功基準`) names that section, as `9.1` does: no error, no link; `10`, no section, stays broken', () => {
    // check5004/godot-first-game at 37a17bf, .kiro/specs/project-setup (the one false finding of the round).
    const requirements = ['# Requirements Document', '', '## Requirements', '', '### 1. ディレクトリ構造の構築', '', '#### 1.1 必須ディレクトリ', '', '- res://scripts', '', '### 9. 成功基準', '', '- 起動できる', ''].join('\n');
    const tasks = ['- [ ] 1. 構造', '  - _Requirements: 1.1_', '- [ ] 12. 検証', '  - [ ] 12.1 起動確認', '    - _Requirements: 9_', '  - [ ] 12.2 其他', '    - _Requirements: 10_', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/project-setup/requirements.md': requirements, '.kiro/specs/project-setup/tasks.md': tasks }));
    expect(ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => [d.nodeId, d.line])).toEqual([['project-setup/T12.2', 7]]);
    expect(ws.relationsOut.get('project-setup/T12.1')?.filter((e) => e.relation === 'implements') ?? []).toEqual([]);
  });
});
