/**
 * Forms a sixty-first round of held-out repositories wrote (D-541), modelled on the lines quoted:
 * - morgothx/cubeforge-api at 7fd885c (cc-sdd), .kiro/specs/authentication/requirements.md:107-135: under `## Requirements`,
 *   `### 1. Credential establishment` over criteria written as bullets with their number in bold, `- **1.1** When a platform
 *   operator requests credential setup …, the Authentication Service shall …` (no `#### Acceptance Criteria`): no requirement and
 *   no criterion read in four features, and 203 false LINK_BROKEN for the tasks' `_Requirements: 1.1, 4.1, 7.1_`.
 * - BarryYin/Contract_Review2026 at ddb6c00, .kiro/specs/batch-compare/tasks.md:3-9: `- [ ] T-BC-01: 后端：批量上传API + 批量审查调度
 *   [priority:high]` (31 tasks in five features read by their place, `T#1`…, not by their ids).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
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
});

