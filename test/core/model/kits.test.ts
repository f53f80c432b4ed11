/**
 * Spec kits in a workspace (KITS §1–5): what is read and where, items as nodes of the graph,
 * and every answer on them. Each expectation is written out by hand from the files below.
 */
import { describe, expect, it } from 'vitest';
import { buildBundle, buildReport, countMarkdown, diffWorkspaces, getAcceptanceCriteria, listTasks, loadWorkspace, noMarkdownMessage, type Workspace } from '../../../src/core/index.js';
import { frontmatterOf } from '../../../src/core/model/frontmatter-of.js';
import { doc, testdir, writeFiles } from '../../helpers/testdir.js';

const REQUIREMENTS = [
  '# Requirements', // 1
  '', // 2
  '### Requirement 1: Sign in', // 3
  '', // 4
  '#### Acceptance Criteria', // 5
  '', // 6
  '1. WHEN the form is sent THEN the system SHALL sign the user in', // 7
  '2. WHEN the password is wrong THEN the system SHALL say so', // 8
  '', // 9
  '### Requirement 2: Sign out', // 10
  '', // 11
  '#### Acceptance Criteria', // 12
  '', // 13
  '1. WHEN asked THEN the system SHALL end the session', // 14
  '',
].join('\n');

const TASKS = [
  '# Implementation Plan', // 1
  '', // 2
  '- [x] 1. Set up', // 3
  '  - _Requirements: 1.1_', // 4
  '- [ ] 2. Sign in', // 5
  '  - [ ] 2.1 Form', // 6
  '    - _Requirements: 1.1, 1.2_', // 7
  '  - [ ] 2.2 Handler', // 8
  '    - _Depends: 2.1_', // 9
  '    - _Requirements: 9.9_', // 10
  '',
].join('\n');

const kiro = (more: Record<string, string> = {}) =>
  testdir({
    'docugraph.yml': 'kits: [kiro]\n',
    '.kiro/specs/auth/requirements.md': REQUIREMENTS,
    '.kiro/specs/auth/design.md': '# Design\n\nCookies.\n',
    '.kiro/specs/auth/tasks.md': TASKS,
    '.kiro/steering/product.md': '# Product\n\nA notes app.\n',
    '.kiro/settings/notes.md': '# Settings\n\n[broken](nowhere.md)\n',
    ...more,
  });

const findings = (ws: Workspace) => ws.diagnostics.map((d) => `${d.code} ${d.path}:${d.line}`);

describe('a Kiro feature', () => {
  it('every kit file is a document, every requirement, criterion and task an item; steering a document of conventions; the rest of .kiro/ is not read', () => {
    const ws = loadWorkspace(kiro());
    expect(ws.files).toEqual(['.kiro/specs/auth/design.md', '.kiro/specs/auth/requirements.md', '.kiro/specs/auth/tasks.md', '.kiro/steering/product.md']);
    expect(ws.ids).toEqual([
      'auth/R1',
      'auth/R1.1',
      'auth/R1.2',
      'auth/R2',
      'auth/R2.1',
      'auth/T1',
      'auth/T2',
      'auth/T2.1',
      'auth/T2.2',
      'auth/design',
      'auth/requirements',
      'auth/tasks',
      'steering/product',
    ]);
    expect(ws.nodes.get('steering/product')).toMatchObject({ type: 'conventions', title: 'Product', path: '.kiro/steering/product.md' });
    const states = Object.fromEntries(ws.ids.map((id) => [id, ws.states.get(id)!.state]));
    expect(states).toMatchObject({ 'auth/R1': 'untracked', 'auth/T1': 'done', 'auth/T2': 'ready', 'auth/T2.1': 'ready', 'auth/T2.2': 'blocked', 'auth/design': 'untracked' });
    // Every task depends on the design (it exists); T2.2 also on T2.1.
    expect(ws.upstream.get('auth/T2.2')).toEqual(['auth/T2.1', 'auth/design']);
    expect(ws.upstream.get('auth/T1')).toEqual(['auth/design']);
    expect(ws.relationsOut.get('auth/T2.1')).toEqual([
      { relation: 'implements', id: 'auth/R1.1' },
      { relation: 'implements', id: 'auth/R1.2' },
      { relation: 'refines', id: 'auth/T2' },
    ]);
    expect(ws.relationsOut.get('auth/R2.1')).toEqual([{ relation: 'refines', id: 'auth/R2' }]);
    // No item is linked to the file that holds it.
    expect(ws.relationsIn.get('auth/tasks')).toBeUndefined();
    expect(ws.downstream.get('auth/requirements')).toEqual([]);
    expect(findings(ws)).toEqual(['COVERAGE_MISSING .kiro/specs/auth/requirements.md:14', 'LINK_BROKEN .kiro/specs/auth/tasks.md:10']);
    const broken = ws.diagnostics.find((d) => d.code === 'LINK_BROKEN')!;
    expect(broken.message).toBe('auth/T2.2 implements `auth/R9.9` (written `_Requirements: 9.9_`), which does not exist; did you mean `auth/R1.1`?');
    expect(buildReport(ws).coverage).toEqual([{ type: 'acceptance-criterion', relation: 'implements', covered: 2, total: 3 }]);
  });

  it('a task\'s bundle: the task, its parent, the criteria it implements with their requirement, the design — each item its own lines', () => {
    const bundle = buildBundle(loadWorkspace(kiro()), { taskId: 'auth/T2.1' });
    expect(bundle).toBe(
      [
        '# Context bundle: auth/T2.1',
        'maxDepth: 5',
        'truncated: false',
        '',
        '## Inclusion report',
        '- `auth/T2.1` depth=0: requested task',
        '- `auth/R1.1` depth=1: implemented by `auth/T2.1`',
        '- `auth/R1.2` depth=1: implemented by `auth/T2.1`',
        '- `auth/T2` depth=1: refined by `auth/T2.1`',
        '- `auth/design` depth=1: required by `auth/T2.1`',
        '- `auth/R1` depth=2: refined by `auth/R1.1`, `auth/R1.2`',
        '',
        '## Documents',
        '',
        '### auth/R1 — Sign in',
        'path: .kiro/specs/auth/requirements.md:3-5',
        '',
        '### Requirement 1: Sign in',
        '',
        '#### Acceptance Criteria',
        '',
        '### auth/R1.1 — WHEN the form is sent THEN the system SHALL sign the user in',
        'path: .kiro/specs/auth/requirements.md:7-7',
        '',
        '1. WHEN the form is sent THEN the system SHALL sign the user in',
        '',
        '### auth/R1.2 — WHEN the password is wrong THEN the system SHALL say so',
        'path: .kiro/specs/auth/requirements.md:8-8',
        '',
        '2. WHEN the password is wrong THEN the system SHALL say so',
        '',
        '### auth/design — Design',
        'path: .kiro/specs/auth/design.md',
        '',
        '# Design',
        '',
        'Cookies.',
        '',
        '### auth/T2 — Sign in',
        'path: .kiro/specs/auth/tasks.md:5-5',
        '',
        '- [ ] 2. Sign in',
        '',
        '### auth/T2.1 — Form',
        'path: .kiro/specs/auth/tasks.md:6-7',
        '',
        '  - [ ] 2.1 Form',
        '    - _Requirements: 1.1, 1.2_',
        '',
      ].join('\n'),
    );
  });

  it('without a design, no task depends on one; ready work in the tasks file\'s order at equal unblocks', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/auth/tasks.md': '- [ ] 10. Last by id, first in the file\n- [ ] 2. Second\n- [ ] 3. Third\n  - _Depends: 2_\n',
      'a.md': doc({ id: 'A', title: 'A document', status: 'todo' }),
    });
    const ws = loadWorkspace(root);
    expect(ws.upstream.get('auth/T10')).toEqual([]);
    // T2 unblocks T3; then A (by id before `auth/tasks`), then the file's tasks in its order.
    expect(listTasks(ws, { state: 'ready' }).tasks.map((t) => [t.id, t.line ?? null, t.unblocks])).toEqual([
      ['auth/T2', 2, 1],
      ['A', null, 0],
      ['auth/T10', 1, 0],
    ]);
    expect(listTasks(ws, { query: 'third' }).tasks).toEqual([
      { id: 'auth/T3', title: 'Third', type: 'task', status: 'todo', path: '.kiro/specs/auth/tasks.md', line: 3, dependsOn: ['auth/T2'], state: 'blocked', blockedBy: [{ id: 'auth/T2', state: 'ready' }], unblocks: 0 },
    ]);
  });

  it("a kit file's mapping is its document's; an item has none of its own", () => {
    const ws = loadWorkspace(kiro({ '.kiro/specs/auth/design.md': '---\nowner: web\n---\n# Design\n\nCookies.\n' }));
    expect(frontmatterOf(ws.nodes.get('auth/design')!)).toEqual({ owner: 'web' });
    expect(frontmatterOf(ws.nodes.get('auth/tasks')!)).toEqual({});
    expect(frontmatterOf(ws.nodes.get('auth/T2.1')!)).toEqual({});
  });

  it('acceptance criteria of a requirement are its criteria', () => {
    expect(getAcceptanceCriteria(loadWorkspace(kiro()), 'auth/R1')).toEqual({
      taskId: 'auth/R1',
      title: 'Sign in',
      path: '.kiro/specs/auth/requirements.md',
      source: 'items',
      criteria: [
        { text: 'WHEN the form is sent THEN the system SHALL sign the user in', done: null, line: 7 },
        { text: 'WHEN the password is wrong THEN the system SHALL say so', done: null, line: 8 },
      ],
    });
  });

  it('discovery: a kit folder is read past `include`, `exclude` still wins; without `kits` nothing of .kiro/ is read', () => {
    const root = kiro({ 'docugraph.yml': 'kits: [kiro]\ninclude: ["docs/**/*.md"]\nexclude: [".kiro/specs/auth/design.md"]\n', 'docs/a.md': doc({ id: 'A', title: 'A' }), 'other.md': '# not included\n' });
    expect(loadWorkspace(root).files).toEqual(['.kiro/specs/auth/requirements.md', '.kiro/specs/auth/tasks.md', '.kiro/steering/product.md', 'docs/a.md']);
    const plain = kiro({ 'docugraph.yml': '' });
    expect(loadWorkspace(plain).files).toEqual([]);
    // The message for a workspace with nothing to read says how to read a Kiro repository.
    expect(noMarkdownMessage(plain, countMarkdown(plain))).toContain('5 in dot-folders or node_modules, which are never read; 3 of them in .kiro/specs/, which `kits: [kiro]` in docugraph.yml reads');
  });

  it('a task number used twice: the first keeps it, the second is `T1#2` (D-512); a later task\'s `_Depends: 1_` names the first; a checked task on an open one is inconsistent', () => {
    const root = testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/x/tasks.md': '- [ ] 1. One\n- [x] 1. Again\n- [x] 2. Done\n  - _Depends: 1_\n' });
    const ws = loadWorkspace(root);
    expect(ws.nodes.get('x/T1')!.title).toBe('One');
    expect(ws.nodes.get('x/T1#2')!.title).toBe('Again');
    expect(ws.upstream.get('x/T2')).toEqual(['x/T1']);
    expect(findings(ws)).toEqual(['ID_DUPLICATE .kiro/specs/x/tasks.md:2', 'STATUS_INCONSISTENT .kiro/specs/x/tasks.md:4']);
  });

  it('a kit file with an `id` of its own is an ordinary document, its items still read; a status in frontmatter is its items\'', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\n',
      '.kiro/specs/x/requirements.md': '---\nid: REQ-X\ntitle: X requirements\nstatus: approved\n---\n### Requirement 1\n\n#### Acceptance Criteria\n\n1. WHEN a THEN b\n',
    });
    const ws = loadWorkspace(root);
    expect(ws.ids).toEqual(['REQ-X', 'x/R1', 'x/R1.1']);
    expect(ws.nodes.get('x/R1.1')).toMatchObject({ status: 'approved', path: '.kiro/specs/x/requirements.md', item: { line: 10, end: 10, file: 'REQ-X' } });
    expect(ws.states.get('x/R1.1')!.state).toBe('done');
  });
});

describe('Spec Kit and OpenSpec in one workspace', () => {
  const root = () =>
    testdir({
      'docugraph.yml': 'kits: [speckit, openspec]\n',
      'specs/001-a/spec.md': '# Spec\n\n### User Story 1 - See it (Priority: P1)\n\n1. **Given** x, **When** y, **Then** z\n\n- **FR-001**: MUST see\n- **FR-002**: MUST hide\n',
      'specs/001-a/plan.md': '# Plan\n',
      'specs/001-a/tasks.md': '- [ ] T001 [US1] Show it (FR-001)\n- [ ] T002 Hide it, FR-02\n',
      'openspec/specs/auth/spec.md': '## Requirements\n### Requirement: Login\nSHALL.\n#### Scenario: Valid\n- **WHEN** valid\n- **THEN** in\n',
      'openspec/changes/x/proposal.md': '# Why\n',
      'openspec/changes/x/tasks.md': '## 1. Do\n- [x] 1.1 Done\n- [ ] 1.2 Open\n',
      'openspec/changes/x/specs/auth/spec.md': '## MODIFIED Requirements\n### Requirement: Login\nNow with OTP.\n### Requirement: Logn\n',
      'openspec/changes/archive/old/tasks.md': '- [ ] 1.1 Archived\n',
    });

  it('items, relations and findings', () => {
    const ws = loadWorkspace(root());
    expect(ws.files).not.toContain('openspec/changes/archive/old/tasks.md');
    expect(ws.upstream.get('001-a/T001')).toEqual(['001-a/plan']);
    expect(ws.relationsOut.get('001-a/T001')).toEqual([
      { relation: 'implements', id: '001-a/FR-001' },
      { relation: 'implements', id: '001-a/US1' },
    ]);
    // The change's proposal and its delta spec (there is no design).
    expect(ws.upstream.get('change/x/T1.2')).toEqual(['change/x/proposal', 'change/x/specs/auth/spec']);
    expect(ws.relationsOut.get('change/x/specs/auth/spec')).toEqual([{ relation: 'refines', id: 'auth/login' }]);
    expect(findings(ws)).toEqual(['LINK_BROKEN openspec/changes/x/specs/auth/spec.md:4', 'COVERAGE_MISSING specs/001-a/spec.md:8', 'LINK_BROKEN specs/001-a/tasks.md:2']);
    expect(ws.diagnostics.find((d) => d.path === 'specs/001-a/tasks.md')!.message).toContain('did you mean `001-a/FR-002`?');
    expect(ws.diagnostics.find((d) => d.path.startsWith('openspec'))!.message).toContain('did you mean `auth/login`?');
  });

  it('criteria: an OpenSpec requirement\'s scenarios, a user story\'s acceptance scenarios', () => {
    const ws = loadWorkspace(root());
    expect(getAcceptanceCriteria(ws, 'auth/login')).toMatchObject({ source: 'scenarios', criteria: [{ text: 'Valid: **WHEN** valid **THEN** in', done: null, line: 4 }] });
    expect(getAcceptanceCriteria(ws, '001-a/US1')).toMatchObject({ source: 'scenarios', criteria: [{ text: '**Given** x, **When** y, **Then** z', done: null, line: 5 }] });
  });
});

describe('a diff of a kit (TRACE §4 on items)', () => {
  it('a checked box is a status change; an edited criterion is a changed item, with the tasks it reaches', () => {
    const root = kiro();
    const before = loadWorkspace(root);
    writeFiles(root, {
      '.kiro/specs/auth/tasks.md': TASKS.replace('- [ ] 2.1 Form', '- [x] 2.1 Form'),
      '.kiro/specs/auth/requirements.md': REQUIREMENTS.replace('say so', 'say so at once'),
    });
    const diff = diffWorkspaces(before, loadWorkspace(root), { base: { revision: 'HEAD', commit: null }, head: { revision: null, commit: null } });
    expect(diff.documents.statusChanged.items).toEqual([{ id: 'auth/T2.1', from: 'todo', to: 'done' }]);
    expect(diff.documents.changed.items.map((d) => d.id)).toEqual(['auth/R1.2', 'auth/requirements', 'auth/tasks']);
    expect(diff.impact.items.map((i) => [i.id, i.depth])).toEqual([['auth/T2.1', 1], ['auth/T2.2', 2]]);
  });
});

describe("an item's entries", () => {
  it('each id once per relation, in the order first written, with its line and words — past eight ids too, where a set takes over', () => {
    const criteria = ['1.1', '1.2', '1.3', '1.4', '1.5', '2.1', '2.2', '2.3', '2.4', '3.1'];
    const requirements = ['# Requirements', '', ...[1, 2, 3].flatMap((r) => [`### Requirement ${r}: R${r}`, '', '#### Acceptance Criteria', '', ...criteria.filter((c) => c.startsWith(`${r}.`)).map((c, i) => `${i + 1}. WHEN ${c} THEN the system SHALL work`), ''])];
    const ws = loadWorkspace(
      testdir({
        'docugraph.yml': 'kits: [kiro]\n',
        '.kiro/specs/f/requirements.md': `${requirements.join('\n')}\n`,
        // 16 citations of 10 criteria: 1.1 three times, 1.2, 2.2, 2.4 and 3.1 twice, on two lines (a set takes over from the ninth id).
        '.kiro/specs/f/tasks.md': ['- [ ] 1. Do it', '  - _Requirements: 1.1, 1.2, 1.1, 2.1, 1.3, 1.4, 1.5, 2.2_', '  - _Requirements: 2.3, 2.4, 1.1, 2.4, 3.1, 1.2, 2.2, 3.1_', ''].join('\n'),
      }),
    );
    const task = ws.nodes.get('f/T1')!;
    expect(task.relations?.implements).toEqual({
      ids: ['f/R1.1', 'f/R1.2', 'f/R2.1', 'f/R1.3', 'f/R1.4', 'f/R1.5', 'f/R2.2', 'f/R2.3', 'f/R2.4', 'f/R3.1'],
      lines: [2, 2, 2, 2, 2, 2, 2, 3, 3, 3],
      keys: Array.from({ length: 10 }, (_, i) => (i < 7 ? '_Requirements: 1.1, 1.2, 1.1, 2.1, 1.3, 1.4, 1.5, 2.2_' : '_Requirements: 2.3, 2.4, 1.1, 2.4, 3.1, 1.2, 2.2, 3.1_')),
    });
    expect(ws.relationCounts.implements).toBe(10);
  });
});
