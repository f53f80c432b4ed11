/**
 * Forms a seventy-first round of held-out repositories wrote (D-555), modelled on the lines quoted:
 * omoch1-2357/Axiomind at 9edee65 (Kiro, English), .kiro/specs/system-and-cli/tasks.md:133-146: `- [x] 8. Implement analysis and
 * utility commands`, then ` - [x] 8.1 Create replay command functionality` (the box one space in) over `  - Implement ReplayCommand …`
 * and `  - _Requirements: 4.1_` (two spaces in: less than CommonMark nests under the box, so each line is an item beside it). Tasks
 * 2.1, 7.3 and 8.1–8.4 lost their citations: 5 false COVERAGE_MISSING.
 */
import { describe, expect, it } from 'vitest';
import { buildReport, loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const REQUIREMENTS = ['### Requirement 4: Analysis', '', '#### Acceptance Criteria', '', '1. THE CLI SHALL replay hands', '2. THE CLI SHALL compute statistics', ''].join('\n');
const load = (tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/cli/requirements.md': REQUIREMENTS, '.kiro/specs/cli/tasks.md': tasks }));
const edges = (ws: ReturnType<typeof load>, id: string) => (ws.relationsOut.get(`cli/${id}`) ?? []).map((e) => `${e.relation} ${e.id.slice('cli/'.length)}`);

describe('a task\'s lines written flat: less indented than CommonMark nests, right of its own box', () => {
  const TASKS = [
    '# Implementation Plan', // 1
    '', // 2
    '- [x] 8. Implement analysis and utility commands', // 3
    ' - [x] 8.1 Create replay command functionality', // 4
    '  - Implement ReplayCommand for hand history playback', // 5
    '  - Write integration tests for replay accuracy', // 6
    '  - _Requirements: 4.1_', // 7
    '', // 8
    ' - [x] 8.2 Implement statistics generation command', // 9
    '  - Create StatsCommand for hand history analysis', // 10
    '  - _Requirements: 4.2_', // 11
    '', // 12
    '- [ ] 9. Implement simulation commands', // 13
    '- Notes: the simulation waits for the engine', // 14
    '', // 15
  ].join('\n');

  it('are its lines: what they cite is the task\'s, and its text holds them; no finding', () => {
    const ws = load(TASKS);
    expect(edges(ws, 'T8.1')).toEqual(['implements R4.1', 'refines T8']);
    expect(edges(ws, 'T8.2')).toEqual(['implements R4.2', 'refines T8']);
    const task = ws.nodes.get('cli/T8.1')!;
    expect([task.item!.line, task.item!.end]).toEqual([4, 7]);
    const report = buildReport(ws);
    expect([...report.errors, ...report.warnings].map((f) => `${f.code} ${f.message}`)).toEqual([]);
  });

  it('an item at its box\'s column (or left of it) after a task is not its line, as before', () => {
    const ws = load(TASKS.replace('  - Create StatsCommand', ' - Create StatsCommand'));
    expect(edges(ws, 'T8.2')).toEqual(['refines T8']);
    expect(ws.nodes.get('cli/T8.2')!.item!.end).toBe(9);
    expect(load(TASKS).nodes.get('cli/T9')!.item!.end).toBe(13);
  });

  it('a flat line that cites is its task\'s alone, not the metadata of a group of tasks before it that cite nothing', () => {
    const tasks = ['## Tasks', '', '- [ ] 1. Plan the commands', '- [ ] 2. Build the replay', '  - _Requirements: 4.1_', ''].join('\n');
    const flat = load(tasks.replace('- [ ] 2. Build', ' - [ ] 2. Build'));
    expect(edges(flat, 'T1')).toEqual([]);
    expect(edges(flat, 'T2')).toEqual(['implements R4.1']);
  });
});
