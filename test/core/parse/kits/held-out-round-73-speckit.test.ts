/**
 * Spec Kit forms a seventy-third round of held-out repositories wrote (D-558), modelled on the lines quoted:
 * - andreas-ludviksen/firstSpecKitProject at 5e49a94, specs/003-user-authentication/tasks.md:191: a phase's
 *   `**Purpose**: Cloudflare setup guide with screenshots per FR-032 to FR-036` over the guide's tasks (5 false
 *   COVERAGE_MISSING: only a list in parentheses at the line's end was read);
 * - the same file, :401-416, under `## Success Criteria Validation`: `- **SC-001** (Redirect < 1s): Validate in T038, T090`
 *   (7 false COVERAGE_MISSING); relateby/pattern-rs at 866810b, specs/009-foldable-instance/tasks.md:355, a checklist's
 *   `- [x] **SC-004**: Converting patterns … ✅ (verified by T016, T017)`, and specs/012-ord-trait/tasks.md:361
 *   `- **SC-005**: Deep patterns (200+ levels) without stack overflow → Verified by T014, T064`.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const SPEC = ['# Auth', '', '## Requirements', '', ...[32, 33, 34, 35, 36, 40].map((n) => `- **FR-0${n}**: Requirement ${n}`), '', '## Success Criteria', '', ...[1, 4, 5, 7].map((n) => `- **SC-00${n}**: Criterion ${n}`), ''].join('\n');
const load = (tasks: string) => loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/003-auth/spec.md': SPEC, 'specs/003-auth/tasks.md': tasks }));
const implemented = (ws: ReturnType<typeof load>, task: string) => (ws.relationsOut.get(`003-auth/${task}`) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id.replace('003-auth/', ''));

describe("a phase's purpose line ending with the ids it works `per`", () => {
  it("maps each task of the phase to them (`per FR-032 to FR-036`)", () => {
    const ws = load(['## Phase 6: Documentation & Deployment', '', '**Purpose**: Cloudflare setup guide with screenshots per FR-032 to FR-036', '', '- [x] T074 [P] Create docs/cloudflare-setup.md', '- [x] T075 [P] Document prerequisite requirements', ''].join('\n'));
    expect(implemented(ws, 'T074')).toEqual(['FR-032', 'FR-033', 'FR-034', 'FR-035', 'FR-036']);
    expect(implemented(ws, 'T075')).toEqual(['FR-032', 'FR-033', 'FR-034', 'FR-035', 'FR-036']);
  });

  it('not ids its prose names before other words, nor after a word that is no `per` (`unblock FR-040 work`, `before FR-040`)', () => {
    for (const purpose of ['**Purpose**: unblock FR-040 work in Phase 5', '**Purpose**: set up the project before FR-040', '**Purpose**: guide per FR-040 and the team']) {
      const ws = load(['## Phase 2', '', purpose, '', '- [ ] T010 Do the work', ''].join('\n'));
      expect(implemented(ws, 'T010'), purpose).toEqual([]);
    }
  });
});

describe("a requirement's line naming the tasks that verify it", () => {
  it('maps each task it names (`Validate in T038, T090`, `Validate in T068-T072`, `Validated in quickstart.md and T063`, `→ T024-T028 port gram-hs tests`)', () => {
    const more = load(['- [x] T024 Port tests', '- [x] T025 Port more tests', '- [x] T063 Validate quickstart.md', '', '- **SC-001** (first test in 5 mins): Validated in quickstart.md and T063', '- **SC-004**: 100% gram-hs test coverage → T024-T025 port gram-hs tests', ''].join('\n'));
    expect(implemented(more, 'T063')).toEqual(['SC-001']);
    expect(implemented(more, 'T024')).toEqual(['SC-004']);
    expect(implemented(more, 'T025')).toEqual(['SC-004']);
    const ws = load(['## Phase 3', '', '- [ ] T038 Test login redirect', '- [ ] T050 Test roles', '- [ ] T068 Test errors', '- [ ] T069 Test more errors', '- [ ] T090 Load test', '', '## Success Criteria Validation', '', 'Map tasks to success criteria from spec.md:', '', '- **SC-001** (Redirect < 1s): Validate in T038, T090', '- **SC-004** (Session persistence): Monitor in production', '- **SC-005** (Error display < 2s): Validate in T068-T069', '- **SC-007** (Role identification 100%): Validate in T050', ''].join('\n'));
    expect(implemented(ws, 'T038')).toEqual(['SC-001']);
    expect(implemented(ws, 'T090')).toEqual(['SC-001']);
    expect(implemented(ws, 'T068')).toEqual(['SC-005']);
    expect(implemented(ws, 'T069')).toEqual(['SC-005']);
    expect(implemented(ws, 'T050')).toEqual(['SC-007']);
    expect(ws.diagnostics.filter((d) => d.code === 'COVERAGE_MISSING').map((d) => d.message.match(/003-auth\/\S+/)?.[0])).not.toContain('003-auth/SC-001');
  });

  it("a checklist's box (`✅ (verified by T016, T017)`) and after an arrow (`→ Verified by T014`), not `(verified by design)` nor `(blocked until T003)`", () => {
    const ws = load(['- [x] T014 Deep test', '- [x] T016 Order test', '- [x] T017 Order test 2', '- [x] T003 Setup', '', '## Success Criteria Checklist', '', '- [x] **SC-004**: Converting patterns to collections preserves exact order ✅ (verified by T016, T017)', '- [x] **SC-001**: Fold use constant stack space (verified by design) ✅', '- **SC-005**: Deep patterns (200+ levels) without stack overflow → Verified by T014', '- **SC-007**: Runs on the service (blocked until T003)', ''].join('\n'));
    expect(implemented(ws, 'T016')).toEqual(['SC-004']);
    expect(implemented(ws, 'T017')).toEqual(['SC-004']);
    expect(implemented(ws, 'T014')).toEqual(['SC-005']);
    expect(implemented(ws, 'T003')).toEqual([]);
    expect([...ws.ids].filter((id) => id.startsWith('003-auth/T'))).toEqual(['003-auth/T003', '003-auth/T014', '003-auth/T016', '003-auth/T017']);
  });
});

describe('a review of D-558', () => {
  it('a mapping line with a note naming a verifying task maps its tasks as before (`- **FR-040**: T002, T003 (verified by T004)`)', () => {
    const ws = load(['- [ ] T001 Login', '- [ ] T002 Logout', '- [ ] T003 Session', '- [ ] T004 Tests', '', '## Requirement coverage', '', '- **FR-032**: T001 (tested by T010 in the next release)', '- **FR-040**: T002, T003 (verified by T004)', ''].join('\n'));
    expect(implemented(ws, 'T001')).toEqual(['FR-032']);
    expect(implemented(ws, 'T002')).toEqual(['FR-040']);
    expect(implemented(ws, 'T003')).toEqual(['FR-040']);
    expect(implemented(ws, 'T004')).toEqual([]);
  });

  it('not where words before them deny or defer it (`deferred per FR-040`, `Not covered by T003`)', () => {
    const ws = load(['## Phase 1: Setup', '', '**Purpose**: Scaffolding only; the JSON exporter is deferred per FR-040', '', '- [ ] T001 Create project skeleton', '- [ ] T003 Soak test', '', '## Gaps', '', '- **SC-004**: Not covered by T003 — needs a production soak test', ''].join('\n'));
    expect(implemented(ws, 'T001')).toEqual([]);
    expect(implemented(ws, 'T003')).toEqual([]);
  });
});
