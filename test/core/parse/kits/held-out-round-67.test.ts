/**
 * Forms a sixty-seventh round of held-out repositories wrote (D-548), modelled on the lines quoted:
 * - DaniyalAneeq/Physical-AI-Robotic-Book at ec9c800 (Spec Kit), specs/001-better-auth/tasks.md:57: `- [ ] [TASK-001] [P1] [SETUP] Create
 *   backend project structure at \`backend/\` …` (116 tasks read by their place, `T#65`, not by the id written: `context
 *   001-better-auth/TASK-065` said no such id).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

describe('forms of a sixty-seventh round', () => {
  it('a Spec Kit task id in brackets, `[TASK-001]`, is the task\'s id, as `[T001]` is', () => {
    const tasks = [
      '# Tasks', // 1
      '', // 2
      '- [x] [TASK-001] [P1] [SETUP] Create backend project structure at `backend/` with directory layout from plan.md:285', // 3
      '- [ ] [TASK-002] [P1] [SETUP] Add dependencies (FR-005)', // 4
      '- [ ] [T003] Write the README', // 5
      '- [ ] [TASK-004x] Not an id the file can name', // 6
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-better-auth/spec.md': '# Spec\n\n- **FR-005**: System MUST install its dependencies.\n', 'specs/001-better-auth/tasks.md': tasks }));
    expect([...ws.nodes.values()].filter((n) => n.type === 'task').map((n) => `${n.id.slice('001-better-auth/'.length)} ${n.status} ${n.title}`)).toEqual([
      'TASK-001 done [SETUP] Create backend project structure at `backend/` with directory layout from plan.md:285',
      'TASK-002 todo [SETUP] Add dependencies (FR-005)',
      'T003 todo Write the README',
    ]);
    expect(ws.relationsOut.get('001-better-auth/TASK-002')!.map((e) => e.id)).toEqual(['001-better-auth/FR-005']);
  });
});
