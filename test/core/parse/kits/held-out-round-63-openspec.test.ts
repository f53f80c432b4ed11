/**
 * Forms a sixty-third round of held-out repositories wrote (D-544 left them; read since D-550), modelled on the lines quoted:
 * randybias/k0rdent-mcp-server at 380aee8 (OpenSpec):
 * - openspec/changes/add-cluster-service-removal/tasks.md:5: `1. [x] Add service removal types in \`internal/k0rdent/api/services.go\``,
 *   the list numbered on through `### Phase 1: API Layer Implementation` … `### Phase 4` (tasks 1–10; read by their place, `T#1`);
 * - openspec/changes/add-prometheus-metrics/tasks.md:1: `- [ ] T1 Add prometheus/client_golang and promhttp dependencies` (103 such
 *   boxes in 13 changes, read by their place too, `T1` in their titles).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const tasksOf = (text: string) => {
  const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/changes/add-removal/tasks.md': text }));
  return [...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => `${n.id.slice('change/add-removal/'.length)} ${n.item!.line} ${n.status} ${n.title}`);
};

describe('OpenSpec tasks numbered as written by a list or a T', () => {
  it('boxes of an ordered list numbered on through phase headings take the list\'s numbers (`1. [x] …` is T1)', () => {
    const text = [
      '## Tasks', // 1
      '', // 2
      '### Phase 1: API Layer Implementation', // 3
      '', // 4
      '1. [x] Add service removal types in `internal/k0rdent/api/services.go`', // 5
      '   - Define `RemoveClusterServiceOptions` struct', // 6
      '', // 7
      '2. [x] Implement `RemoveClusterService` function', // 8
      '', // 9
      '### Phase 2: Unit Tests for API Layer', // 10
      '', // 11
      '3. [ ] Create removal tests in `internal/k0rdent/api/services_test.go`', // 12
      '', // 13
    ].join('\n');
    expect(tasksOf(text)).toEqual([
      'T1 5 done Add service removal types in `internal/k0rdent/api/services.go`',
      'T2 8 done Implement `RemoveClusterService` function',
      'T3 12 todo Create removal tests in `internal/k0rdent/api/services_test.go`',
    ]);
  });

  it('a list numbered again under each heading, and one under a numbered section, keep their places (no two tasks of one id)', () => {
    const again = ['### Phase 1', '', '1. [x] One', '2. [x] Two', '', '### Phase 2', '', '1. [ ] Three', ''].join('\n');
    expect(tasksOf(again)).toEqual(['T#1 3 done One', 'T#2 4 done Two', 'T#3 8 todo Three']);
    const sectioned = ['## 2. Backend', '', '1. [ ] One', '2. [ ] Two', ''].join('\n');
    expect(tasksOf(sectioned)).toEqual(['T2.1 3 todo One', 'T2.2 4 todo Two']);
  });

  it('`- [ ] T1 Add …` is task T1 in a file of three or more such ids, none twice; fewer, or one twice, are read by place', () => {
    const three = ['- [ ] T1 Add prometheus/client_golang and promhttp dependencies', '- [ ] T2 Create internal/metrics package', '- [x] T3 Add METRICS_ENABLED config flag', ''].join('\n');
    expect(tasksOf(three)).toEqual(['T1 1 todo Add prometheus/client_golang and promhttp dependencies', 'T2 2 todo Create internal/metrics package', 'T3 3 done Add METRICS_ENABLED config flag']);
    expect(tasksOf(['- [ ] T1 Add a flag', '- [ ] T2 Test it', ''].join('\n'))).toEqual(['T#1 1 todo T1 Add a flag', 'T#2 2 todo T2 Test it']);
    expect(tasksOf(['- [ ] T1 Add a flag', '- [ ] T2 Test it', '- [ ] T2 Test it again', ''].join('\n'))).toEqual(['T#1 1 todo T1 Add a flag', 'T#2 2 todo T2 Test it', 'T#3 3 todo T2 Test it again']);
  });

  it('a review\'s forms: `T1` boxes beside numbered sections, numbered tasks or task headings, and ordered steps under a task heading, keep their places', () => {
    // A checklist of test names beside numbered tasks (`T1 passes …` is no task id there).
    expect(tasksOf(['- [ ] 1.1 Add parser', '- [ ] 1.2 Add CLI', '', '## 2. Verification', '', '- [ ] T1 passes (empty input)', '- [ ] T2 passes (one file)', '- [ ] T3 passes (two files)', ''].join('\n'))).toEqual([
      'T1.1 1 todo Add parser',
      'T1.2 2 todo Add CLI',
      'T2.1 6 todo T1 passes (empty input)',
      'T2.2 7 todo T2 passes (one file)',
      'T2.3 8 todo T3 passes (two files)',
    ]);
    // Steps written `T1 …` under `### Task 1:` headings: the headings are the tasks, the boxes their steps, by place.
    const headed = tasksOf(['### Task 1: Metrics', '', '- [ ] T1 Add deps', '- [ ] T2 Create pkg', '- [ ] T3 Add flag', '', '### Task 2: Docs', '', '- [ ] Write README', ''].join('\n'));
    expect(headed.filter((line) => !line.startsWith('T#'))).toEqual(['T1 1 todo Metrics', 'T2 7 todo Docs']);
    expect(headed.filter((line) => line.startsWith('T#'))).toHaveLength(4);
    // Ordered steps under a task heading keep their places (`T1`, `T2` would look like tasks 1 and 2).
    expect(tasksOf(['### Task 5: Release', '', '1. [ ] Tag', '2. [ ] Publish', ''].join('\n'))).toEqual(['T5 1 todo Release', 'T#1 3 todo Tag', 'T#2 4 todo Publish']);
    // A bold id closes after the title: the title is the words.
    expect(tasksOf(['- [ ] **T1 Add deps**', '- [ ] **T2 Create pkg**', '- [ ] **T3** Add flag', ''].join('\n'))).toEqual(['T1 1 todo Add deps', 'T2 2 todo Create pkg', 'T3 3 todo Add flag']);
  });
});
