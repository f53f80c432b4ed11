/**
 * A form a seventy-fifth round of held-out repositories wrote (D-560), modelled on the lines quoted: obsistemas/imobicalc at
 * 1889b78 (Spec Kit layout, Portuguese, ten features), specs/004-leads/tasks.md:7-9: tasks as list items with no box,
 * `- T300 Migration + Models: \`leads\`, \`leads_notas\` (tenant-scoped, …).`, `- T310 TDD: \`criar_lead\`. Casos: …` — none of the
 * 195 tasks was read, so `docugraph context 004-leads/T300` said "Cannot find document".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkspace, writeTaskState } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const TASKS = ['# Tasks — Feature 004: Gestão de Leads', '', 'Formato: `T3## [P?] [US?] descrição` — [P] = paralelizável.', '', '## Bloco A — Migration + Models', '- T300 Migration + Models: `leads`, `leads_notas` (tenant-scoped).', '', '## Bloco B — Service/Router de Leads', '- T310 TDD: `criar_lead`. Casos: `imovel_id` nulo aceito;', '  emite evento `lead_criado` (FR-001).', '- T330 [P] [US1] `LeadsListView.vue`: lista com filtro por estágio/origem.', '  - T331 a step nested in it', '', '## Dependências', '- T300 → T310', ''].join('\n');
const SPEC = ['# Feature 004', '', '### User Story 1 - Cadastrar lead (Priority: P1)', '', '- **FR-001**: O sistema DEVE emitir `lead_criado`.', ''].join('\n');

describe('a Spec Kit tasks.md whose tasks are list items with their id and no box', () => {
  const load = () => {
    const root = testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/004-leads/spec.md': SPEC, 'specs/004-leads/tasks.md': TASKS });
    return { root, ws: loadWorkspace(root) };
  };

  it('reads each item at the top of its list as its task, the first of an id only, with what it cites', () => {
    const { ws } = load();
    expect([...ws.ids].filter((id) => id.startsWith('004-leads/T'))).toEqual(['004-leads/T300', '004-leads/T310', '004-leads/T330']);
    expect(ws.nodes.get('004-leads/T300')!.title).toBe('Migration + Models: `leads`, `leads_notas` (tenant-scoped).');
    expect(ws.nodes.get('004-leads/T330')!.title).toBe('`LeadsListView.vue`: lista com filtro por estágio/origem.');
    expect((ws.relationsOut.get('004-leads/T310') ?? []).map((e) => `${e.relation} ${e.id}`)).toEqual(['implements 004-leads/FR-001']);
    expect((ws.relationsOut.get('004-leads/T330') ?? []).map((e) => `${e.relation} ${e.id}`)).toEqual(['implements 004-leads/US1']);
    expect(ws.diagnostics.filter((d) => d.code === 'ID_DUPLICATE')).toEqual([]);
  });

  it('a state it cannot set: `done` says the task has no box and writes nothing', () => {
    const { root, ws } = load();
    expect(() => writeTaskState(ws, '004-leads/T300', 'done')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('is a task written without a box (`specs/004-leads/tasks.md:6`)') }));
    expect(readFileSync(join(root, 'specs/004-leads/tasks.md'), 'utf8')).toBe(TASKS);
  });

  it('not a note on tasks above them (`- T001 → T002 → T004`), nor a file with boxes (`- E001: missing field` beside unnumbered boxes), nor one whose tasks are table rows (a review)', () => {
    const load1 = (tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-x/spec.md': '- **FR-001**: Validate input.\n- **FR-002**: Log errors.\n', 'specs/001-x/tasks.md': tasks }));
    const path = load1(['## Critical path', '- T001 → T002', '- T002 before T003', '', '## Phase 1', '- T001 Add input validation (FR-001)', '- T002 Add error logging (FR-002)', '- T003 – T005: Setup', ''].join('\n'));
    expect([...path.ids].filter((id) => id.includes('/T')).map((id) => `${id} ${path.nodes.get(id)!.title}`)).toEqual(['001-x/T001 Add input validation (FR-001)', '001-x/T002 Add error logging (FR-002)']);
    expect(path.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING')).toEqual([]);
    const boxes = load1(['## Phase 1', '', '- [ ] Add input validation (FR-001)', '- [ ] Add error logging (FR-002)', '', '## Error codes', '', '- E001: missing field', '- T900 reserved for later', '- T901 reserved too', ''].join('\n'));
    expect([...boxes.ids].filter((id) => id.includes('/T'))).toEqual(['001-x/T#1', '001-x/T#2']);
    const table = load1(['| ID | Task | Requirement |', '|----|------|-------------|', '| T001 | Add input validation | FR-001 |', '| T002 | Add error logging | FR-002 |', '', '## Dependencies', '', '- T001 must land first', '- T003 wires the CLI', ''].join('\n'));
    // The table's rows are the tasks (D-568), the list after them notes.
    expect([...table.ids].filter((id) => id.includes('/T'))).toEqual(['001-x/T001', '001-x/T002']);
    expect(table.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'COVERAGE_MISSING')).toEqual([]);
  });

  it('not one item alone, nor beside boxed tasks (`- T002 and T003 run in parallel` is a note)', () => {
    const one = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/004-leads/tasks.md': '# Tasks\n\n- T001 Only one\n' }));
    expect([...one.ids].filter((id) => id.includes('/T'))).toEqual([]);
    const boxed = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/004-leads/tasks.md': '- [ ] T001 Boxed\n\n## Notes\n\n- T002 and T003 run in parallel\n- T004 waits\n' }));
    expect([...boxed.ids].filter((id) => id.includes('/T'))).toEqual(['004-leads/T001']);
  });
});
