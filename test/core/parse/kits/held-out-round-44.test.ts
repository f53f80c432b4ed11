/**
 * Forms a forty-fourth round of held-out repositories wrote (D-522):
 * - bohesocool/autoCeya at 7dd1a33, .kiro/specs/fix-ai-streaming/tasks.md:33: `  - _验证需求: 1.1, 1.2, 1.3, 1.4, 1.5_`
 *   under an implementation task, the file's only way of citing (its property tests write `**验证需求: 1.3**` bold):
 *   read as `verifies`, 29 of its 35 COVERAGE_MISSING were false.
 * - teknokomo/universo-platformo-csharp: a Spec Kit feature in `.specify/specs/001-initial-setup/` (where Spec Kit's README
 *   once drew them): `init` saw no kit and 446 tasks were not read.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { surveyKits } from '../../../../src/core/model/survey-kits.js';
import { kitDirectory } from '../../../../src/core/read/kit-paths.js';
import { testdir } from '../../../helpers/testdir.js';

const REQUIREMENTS = ['### Requirement 1: Streaming', '#### Acceptance Criteria', '1. WHEN a stream starts THEN the service SHALL parse SSE', '2. WHEN it ends THEN the service SHALL close', ''].join('\n');
const relations = (ws: ReturnType<typeof loadWorkspace>, id: string) => (ws.relationsOut.get(id) ?? []).map((e) => `${e.relation} ${e.id}`);

describe('forms of a forty-fourth round', () => {
  it('`_验证需求: 1.1_` in italics, as the `_Requirements:_` trailer is written, implements where the tasks cite no other way; bold or plain it verifies', () => {
    const tasks = ['- [x] 2. 重构 OpenAI 服务', '  - 实现流式请求的 SSE 解析', '  - _验证需求: 1.1, 1.2_', '- [x] 2.2 为 OpenAI 服务编写属性测试', '  - **属性 1: 流式响应完整性**', '  - **验证需求: 1.1**', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/s/requirements.md': REQUIREMENTS, '.kiro/specs/s/tasks.md': tasks }));
    expect(relations(ws, 's/T2')).toEqual(['implements s/R1.1', 'implements s/R1.2']);
    expect(relations(ws, 's/T2.2')).toEqual(['verifies s/R1.1', 'refines s/T2']);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING')).toEqual([]);
    // Where the tasks cite under `_需求:_`, the italic label is the test's, as before; a plain `- 验证需求:` line verifies (zsyh27/excel_matching).
    const both = ['- [x] 1. 实现', '  - _需求: 1.1_', '- [x] 2. 测试', '  - _验证需求: 1.2_', '- [x] 3. 端到端', '  - 验证需求: 1.1-1.2', ''].join('\n');
    const cited = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/s/requirements.md': REQUIREMENTS, '.kiro/specs/s/tasks.md': both }));
    expect([relations(cited, 's/T2'), relations(cited, 's/T3')]).toEqual([['verifies s/R1.2'], ['verifies s/R1.1', 'verifies s/R1.2']]);
    // Only where the file writes the label bold or plain too (its tests'): italic alone, on a test task, is still a test's citation (a review).
    const testsOnly = ['- [x] 1. 实现 A', '- [x] 2. 编写属性测试', '  - _验证需求: 1.1, 1.2_', ''].join('\n');
    const tested = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/s/requirements.md': REQUIREMENTS, '.kiro/specs/s/tasks.md': testsOnly }));
    expect(relations(tested, 's/T2')).toEqual(['verifies s/R1.1', 'verifies s/R1.2']);
    // The italics closed after the colon (`_验证需求:_ 1.1`) read as before, not dropped (a review).
    const closed = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/s/requirements.md': REQUIREMENTS, '.kiro/specs/s/tasks.md': tasks.replace('_验证需求: 1.1, 1.2_', '_验证需求:_ 1.1, 1.2') }));
    expect(relations(closed, 's/T2')).toEqual(['implements s/R1.1', 'implements s/R1.2']);
  });

  it('a Spec Kit feature kept in `.specify/specs/<feature>/` is read as one in `specs/` is, and `init` finds it; the rest of `.specify/` is not read', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [speckit]\n',
      '.specify/specs/001-initial-setup/spec.md': '# Spec\n\n- **FR-001**: The solution MUST build.\n',
      '.specify/specs/001-initial-setup/tasks.md': '- [ ] T001 Create `src/packages/` directory (FR-001)\n- [ ] T142.1 Add the readme\n',
      '.specify/specs/001-initial-setup/contracts/api.md': '# API\n',
      '.specify/specs/_template/tasks.md': '- [ ] T001 [Description]\n',
      '.specify/memory/constitution.md': '# Constitution\n',
      '.specify/templates/tasks-template.md': '- [ ] T001 [Description]\n',
    });
    const ws = loadWorkspace(root);
    expect([...ws.nodes.keys()].filter((id) => id.startsWith('001-initial-setup/')).sort()).toEqual(['001-initial-setup/FR-001', '001-initial-setup/T001', '001-initial-setup/T142.1', '001-initial-setup/contracts/api', '001-initial-setup/spec', '001-initial-setup/tasks']);
    expect(ws.relationsOut.get('001-initial-setup/T001')!.map((e) => e.id)).toEqual(['001-initial-setup/FR-001']);
    expect(ws.files.filter((path) => path.startsWith('.specify/')).sort()).toEqual(['.specify/memory/constitution.md', '.specify/specs/001-initial-setup/contracts/api.md', '.specify/specs/001-initial-setup/spec.md', '.specify/specs/001-initial-setup/tasks.md']);
    expect(surveyKits(root)).toEqual([{ kit: 'speckit', folders: ['.specify/specs/001-initial-setup'], count: 1 }]);
    const paths = ['.specify/specs', '.specify/specs/a', '.specify/specs/a/contracts', '.specify/specs/a/checklists', '.specify/specsX', '.specify/templates', '.specify/specs/.archive', '.specify/specs/_template', '.specify/specs/.archive/contracts'];
    expect(paths.map((path) => kitDirectory(path, ['speckit']))).toEqual(['enter', 'enter', 'enter', 'skip', 'skip', 'skip', 'skip', 'skip', 'skip']);
  });
});
