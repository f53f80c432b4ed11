/**
 * Forms a sixty-first round of held-out repositories wrote (D-541), modelled on the lines quoted:
 * - morgothx/cubeforge-api at 7fd885c (cc-sdd), .kiro/specs/authentication/requirements.md:107-135: under `## Requirements`,
 *   `### 1. Credential establishment` over criteria written as bullets with their number in bold, `- **1.1** When a platform
 *   operator requests credential setup …, the Authentication Service shall …` (no `#### Acceptance Criteria`): no requirement and
 *   no criterion read in four features, and 203 false LINK_BROKEN for the tasks' `_Requirements: 1.1, 4.1, 7.1_`.
 * - netease-lcap/wave-agent at 33383dc, specs/019-prompt-cache-control/tasks.md:61, 111-132: `- [X] T004 [P] Extend usage tracking
 *   types in packages/agent-sdk/src/types/core.ts …`, then under `## Detailed Task Specifications`, `#### T004: Extend Usage Tracking
 *   Types` over a code block (4 such headings; rengotaku/obsidian-importer, sk-wang/table-chat alike in Japanese and Chinese): a
 *   second task T004 and an ID_DUPLICATE error (10 judged false).
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

  it("a heading that details a box task in its words is that task's lines, not a second task; one in other words stays a duplicate", () => {
    const tasks = [
      '# Implementation Tasks: Prompt Cache Optimization', '', '## Phase 2: Foundational Infrastructure', '', '### Tasks', '',
      '- [X] T004 [P] Extend usage tracking types in packages/agent-sdk/src/types/core.ts with ClaudeUsage interface',
      '- [ ] T005 [P] Model detection utility in packages/agent-sdk/src/utils/model.ts', '',
      '## Detailed Task Specifications', '', '### Task Implementation Guidelines', '',
      '#### T004: Extend Usage Tracking Types', '```typescript', 'export interface ClaudeUsage extends CompletionUsage {}', '```', 'Covers FR-002.', '',
      '#### T005: Rewrite the billing exporter', 'Unrelated work under a reused number.', '',
    ].join('\n');
    const spec = '# Feature Specification: Cache\n\n- **FR-001**: cache the system message\n- **FR-002**: report cache usage\n';
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/019-cache/spec.md': spec, 'specs/019-cache/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => [n.id, n.item!.line, n.status])).toEqual([
      ['019-cache/T004', 7, 'done'],
      ['019-cache/T005', 8, 'todo'],
    ]);
    // What the detail cites is the box task's.
    expect(ws.relationsOut.get('019-cache/T004')).toEqual([{ relation: 'implements', id: '019-cache/FR-002' }]);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE').map((d) => d.line)).toEqual([20]);
  });
});

