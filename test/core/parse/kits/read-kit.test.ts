/**
 * The kit readers (KITS §2–3), each rule on a small file whose items, lines and references
 * are written out by hand below.
 */
import { describe, expect, it } from 'vitest';
import { readKitFile } from '../../../../src/core/parse/kits/read-kit.js';
import { kitPlaceOf, type KitPlace } from '../../../../src/core/read/kit-paths.js';

const place = (path: string): KitPlace => kitPlaceOf(path, ['kiro', 'speckit', 'openspec'])!;
/** Each item as `id type "title" line-end [box]`, and its references as `relation id @line`. */
const read = (path: string, text: string, bodyLine = 1) => {
  const { read: found } = readKitFile(text, bodyLine, place(path));
  return {
    items: found.items.map((i) => `${i.id} ${i.type} "${i.title}" ${i.line}-${i.end}${i.box === null ? '' : ` [${i.box}]`}`),
    refs: found.items.flatMap((i) => i.refs.map((r) => `${i.id} ${r.relation} ${r.id} @${r.line}`)),
    context: [...new Set(found.items.flatMap((i) => i.context))],
    documentRefs: found.documentRefs.map((r) => `${r.relation} ${r.id} @${r.line} (${r.written})`),
  };
};

describe('kit places (KITS §1)', () => {
  it('each kit file by its folder; scopes, stems; nothing else', () => {
    const kits = ['kiro', 'speckit', 'openspec'] as const;
    const of = (path: string) => {
      const p = kitPlaceOf(path, kits);
      return p === null ? null : `${p.kit} ${p.scope} ${p.stem}`;
    };
    expect(of('.kiro/specs/auth/requirements.md')).toBe('kiro auth requirements');
    expect(of('.kiro/specs/auth/bugfix.md')).toBe('kiro auth bugfix');
    expect(of('.kiro/specs/auth/notes.md')).toBeNull();
    // The kits' conventions (CONTEXT §3): documents of type `conventions`, no items.
    expect(of('.kiro/steering/product.md')).toBe('kiro steering product');
    expect(kitPlaceOf('.kiro/steering/product.md', kits)?.conventions).toBe(true);
    expect(of('.kiro/steering/deep/product.md')).toBeNull();
    expect(of('.kiro/settings/mcp.md')).toBeNull();
    expect(of('.specify/memory/constitution.md')).toBe('speckit memory constitution');
    expect(of('.specify/templates/plan-template.md')).toBeNull();
    expect(of('openspec/project.md')).toBe('openspec openspec project');
    expect(of('openspec/AGENTS.md')).toBeNull();
    expect(kitPlaceOf('specs/001-albums/spec.md', kits)?.conventions).toBeUndefined();
    expect(of('specs/001-albums/spec.md')).toBe('speckit 001-albums spec');
    expect(of('specs/001-albums/data-model.md')).toBe('speckit 001-albums data-model');
    expect(of('specs/001-albums/contracts/api.md')).toBe('speckit 001-albums contracts/api');
    expect(of('specs/001-albums/checklists/requirements.md')).toBeNull();
    expect(of('docs/specs/001-albums/spec.md')).toBeNull();
    expect(of('openspec/specs/auth/spec.md')).toBe('openspec auth spec');
    expect(of('openspec/changes/add-2fa/proposal.md')).toBe('openspec change/add-2fa proposal');
    expect(of('openspec/changes/add-2fa/specs/auth/spec.md')).toBe('openspec change/add-2fa specs/auth/spec');
    expect(of('openspec/changes/archive/2025-01-01-x/tasks.md')).toBeNull();

    // Only the kits asked for.
    expect(kitPlaceOf('specs/001-albums/spec.md', ['kiro'])).toBeNull();
  });
});

describe('Kiro', () => {
  it('requirements: a heading each, criteria numbered as written under their heading (KITS §7), lines that never overlap', () => {
    const text = [
      '# Requirements Document', // 1
      '', // 2
      '### Requirement 1', // 3
      '', // 4
      '**User Story:** As a *user*, I want to sign in, so that I see my data', // 5
      '', // 6
      '#### Acceptance Criteria', // 7
      '', // 8
      '1. WHEN the form is sent THEN the system SHALL', // 9
      '   check the password', // 10
      '3. IF it is wrong THEN the system SHALL say so', // 11
      '   - a detail, part of this criterion', // 12
      '', // 13
      '```text', // 14
      '1. not a criterion', // 15
      '```', // 16
      '', // 17
      '### Requirement 2: Sign out', // 18
      '', // 19
      '#### Acceptance Criteria', // 20
      '<!-- 1. hidden -->', // 21
      '1. WHEN asked THEN the system SHALL end the session', // 22
      '', // 23
      '## Glossary', // 24
      '1. not under a requirement', // 25
    ].join('\n');
    expect(read('.kiro/specs/auth/requirements.md', text)).toEqual({
      items: [
        'auth/R1 requirement "As a user, I want to sign in, so that I see my data" 3-7',
        'auth/R1.1 acceptance-criterion "WHEN the form is sent THEN the system SHALL check the password" 9-10',
        // Its list item ends at line 12: the fence after the list belongs to no criterion.
        // Its written number, 3 (revision 1 numbered it by place: R1.2).
        'auth/R1.3 acceptance-criterion "IF it is wrong THEN the system SHALL say so" 11-12',
        'auth/R2 requirement "Sign out" 18-21',
        'auth/R2.1 acceptance-criterion "WHEN asked THEN the system SHALL end the session" 22-22',
      ],
      refs: ['auth/R1.1 refines auth/R1 @9', 'auth/R1.3 refines auth/R1 @11', 'auth/R2.1 refines auth/R2 @22'],
      context: [],
      documentRefs: [],
    });
  });

  it('tasks: boxes, numbers, nesting, what they cite, and lines that stop at the first sub-task', () => {
    const text = [
      '# Implementation Plan', // 1
      '', // 2
      '- [x] 1. Set up the project', // 3
      '  - Create folders', // 4
      '  - _Requirements: 1.1, 2_', // 5
      '', // 6
      '- [ ] 2. Sign-in', // 7
      '  - [-] 2.1 Write the form', // 8
      '    - _Requirements: 1.1–1.3, 3.1-3.2_', // 9
      '  - [~] 2.2 Write the handler', // 10
      '    - _Depends: 2.1_', // 11
      '    - Requirements: all of them, in prose', // 12
      '- [X] **2.3** Store the session', // 13
      '- [ ]* 3. Property test', // 14
      '  - **Validates: Requirements 1.2**', // 15
      '', // 16
      'A closing paragraph.', // 17
      '', // 18
      '<!--', // 19
      '- [ ] 9. commented out', // 20
      '-->', // 21
      '- [ ] Write docs (no number: no task)', // 22
    ].join('\n');
    expect(read('.kiro/specs/auth/tasks.md', text)).toEqual({
      items: [
        'auth/T1 task "Set up the project" 3-5 [x]',
        'auth/T2 task "Sign-in" 7-7 [ ]',
        'auth/T2.1 task "Write the form" 8-9 [-]',
        'auth/T2.2 task "Write the handler" 10-12 [-]',
        'auth/T2.3 task "Store the session" 13-13 [x]',
        'auth/T3 task "Property test" 14-15 [ ]',
      ],
      refs: [
        'auth/T1 implements auth/R1.1 @5',
        'auth/T1 implements auth/R2 @5',
        'auth/T2.1 refines auth/T2 @8',
        'auth/T2.1 implements auth/R1.1 @9',
        'auth/T2.1 implements auth/R1.2 @9',
        'auth/T2.1 implements auth/R1.3 @9',
        'auth/T2.1 implements auth/R3.1 @9',
        'auth/T2.1 implements auth/R3.2 @9',
        'auth/T2.2 refines auth/T2 @10',
        'auth/T2.2 depends_on auth/T2.1 @11',
        // Not nested in `2.`, yet numbered under it.
        'auth/T2.3 refines auth/T2 @13',
        'auth/T3 verifies auth/R1.2 @15',
      ],
      context: ['auth/design'],
      documentRefs: [],
    });
  });

  it('cc-sdd\'s other ways: `**Objective:**`, an em dash, Japanese headings', () => {
    const text = ['### Requirement 1', '**Objective:** As an admin, I want', 'a report', '#### Acceptance Criteria', '1. WHEN a THEN b', '### Requirement 2 — Export', '### 要件3: 検索', '**ユーザーストーリー：** 利用者として検索したい', '#### 受け入れ基準', '1. WHEN c THEN d'].join('\n');
    expect(read('.kiro/specs/x/requirements.md', text).items).toEqual([
      'x/R1 requirement "As an admin, I want a report" 1-4',
      'x/R1.1 acceptance-criterion "WHEN a THEN b" 5-5',
      'x/R2 requirement "Export" 6-6',
      'x/R3 requirement "検索" 7-9',
      'x/R3.1 acceptance-criterion "WHEN c THEN d" 10-10',
    ]);
  });

  it('lines are the file\'s: a body after frontmatter starts at its own line', () => {
    expect(read('.kiro/specs/auth/tasks.md', '- [ ] 1. One\n', 5).items).toEqual(['auth/T1 task "One" 5-5 [ ]']);
  });
});

describe('Spec Kit', () => {
  it('spec: stories and FR-/SC- requirements', () => {
    const text = [
      '# Feature Specification: Albums', // 1
      '### User Story 1 - Browse albums (Priority: P1)', // 2
      'A user sees albums.', // 3
      '', // 4
      '1. **Given** albums, **When** opened, **Then** shown', // 5
      '### User Story 2 – Make one', // 6
      '## Requirements', // 7
      '- **FR-001**: System MUST list albums', // 8
      '- **FR-002:** System MUST', // 9
      '  create albums', // 10
      '- FR-003: not bold, not an item', // 11
      '- **SC-001** Users find one in 5 s', // 12
    ].join('\n');
    expect(read('specs/001-albums/spec.md', text)).toEqual({
      items: [
        '001-albums/US1 user-story "Browse albums" 2-5',
        '001-albums/US2 user-story "Make one" 6-6',
        '001-albums/FR-001 functional-requirement "System MUST list albums" 8-8',
        // Line 11 is a list item of its own (not an item of the kit): not in FR-002's lines.
        '001-albums/FR-002 functional-requirement "System MUST create albums" 9-10',
        '001-albums/SC-001 success-criterion "Users find one in 5 s" 12-12',
      ],
      refs: [],
      context: [],
      documentRefs: [],
    });
  });

  it('tasks: ids, marks, stories, requirements and dependencies named in the text; comments and fences hold none', () => {
    const text = [
      '# Tasks', // 1
      '<!--', // 2
      '- [ ] T900 sample', // 3
      '-->', // 4
      '- [x] T001 Create the project', // 5
      '- [ ] T002 [P] [US1] Album model (FR-001, SC-001) in src/album.ts', // 6
      '- [ ] T003 [US1] List view, depends on T002 and T001', // 7
      '- [X] **T004** [Story: US2] Create (after T003)', // 8
      '- [ ] TXXX placeholder', // 9: a placeholder id: the fifth task box, T005 (D-462)
      '```', // 10
      '- [ ] T800 fenced', // 11
      '```', // 12
    ].join('\n');
    expect(read('specs/001-albums/tasks.md', text)).toEqual({
      items: [
        '001-albums/T001 task "Create the project" 5-5 [x]',
        '001-albums/T002 task "Album model (FR-001, SC-001) in src/album.ts" 6-6 [ ]',
        '001-albums/T003 task "List view, depends on T002 and T001" 7-7 [ ]',
        '001-albums/T004 task "Create (after T003)" 8-8 [x]',
        '001-albums/T005 task "placeholder" 9-9 [ ]',
      ],
      refs: [
        '001-albums/T002 implements 001-albums/US1 @6',
        '001-albums/T002 implements 001-albums/FR-001 @6',
        '001-albums/T002 implements 001-albums/SC-001 @6',
        '001-albums/T003 implements 001-albums/US1 @7',
        '001-albums/T003 depends_on 001-albums/T002 @7',
        '001-albums/T003 depends_on 001-albums/T001 @7',
        '001-albums/T004 implements 001-albums/US2 @8',
        '001-albums/T004 depends_on 001-albums/T003 @8',
      ],
      context: ['001-albums/plan', '001-albums/data-model', '001-albums/research'],
      documentRefs: [],
    });
  });
});

describe('OpenSpec', () => {
  it('a capability: a requirement per heading, its scenarios in its lines', () => {
    const text = ['# auth', '## Requirements', '### Requirement: User Authentication', 'SHALL.', '#### Scenario: Valid', '- **WHEN** x', '### Requirement: Session Expiry', 'One hour.', ''].join('\n');
    expect(read('openspec/specs/auth/spec.md', text).items).toEqual(['auth/user-authentication requirement "User Authentication" 3-6', 'auth/session-expiry requirement "Session Expiry" 7-8']);
  });

  it('a delta spec: ADDED requirements are the change\'s; MODIFIED and REMOVED refine the capability\'s, as does RENAMED\'s old name (D-474)', () => {
    const text = [
      '## ADDED Requirements', // 1
      '### Requirement: Two-Factor Authentication', // 2
      'MUST.', // 3
      '## MODIFIED Requirements', // 4
      '### Requirement: User Authentication', // 5
      '## REMOVED Requirements', // 6
      '### Requirement: Remember Me', // 7
      '## RENAMED Requirements', // 8
      '- FROM: `### Requirement: Login`', // 9
      '- TO: `### Requirement: Sign In`', // 10
    ].join('\n');
    expect(read('openspec/changes/add-2fa/specs/auth/spec.md', text)).toEqual({
      items: ['change/add-2fa/two-factor-authentication requirement "Two-Factor Authentication" 2-3'],
      refs: [],
      context: [],
      documentRefs: ['refines auth/login @9 (RENAMED Requirement: Login)', 'refines auth/user-authentication @5 (MODIFIED Requirement: User Authentication)', 'refines auth/remember-me @7 (REMOVED Requirement: Remember Me)'],
    });
  });

  it('a change\'s tasks: numbered N.M under group headings, on the proposal, the design and the delta specs', () => {
    const text = ['## 1. Database', '- [x] 1.1 Add a column', '  - [ ] 1.1.1 Backfill it', '- [-] 1.2 Migrate', '## 2. API', '- [ ] 2 Not N.M: a task by its place', '- [ ] 2.1 Endpoint'].join('\n');
    expect(read('openspec/changes/add-2fa/tasks.md', text)).toEqual({
      items: [
        'change/add-2fa/T1.1 task "Add a column" 2-2 [x]',
        'change/add-2fa/T1.1.1 task "Backfill it" 3-3 [ ]',
        'change/add-2fa/T1.2 task "Migrate" 4-4 [-]',
        // Revision 2: an unnumbered box is a task, by its place in its section, never taking a number a task writes.
        'change/add-2fa/T2.2 task "2 Not N.M: a task by its place" 6-6 [ ]',
        'change/add-2fa/T2.1 task "Endpoint" 7-7 [ ]',
      ],
      refs: ['change/add-2fa/T1.1.1 refines change/add-2fa/T1.1 @3'],
      // `specs/`: every delta spec of the change (model/kit-context.ts).
      context: ['change/add-2fa/proposal', 'change/add-2fa/design', 'change/add-2fa/specs/'],
      documentRefs: [],
    });
  });
});
