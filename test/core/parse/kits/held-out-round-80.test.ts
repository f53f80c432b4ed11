/**
 * Forms an eightieth round wrote (D-567), modelled on the lines quoted — no false finding came of them, but the tasks were not
 * readable by their numbers: LonelyYeezhiChicken/youtube_music_app at d195ffc (OpenSpec), openspec/changes/add-unit-tests/tasks.md:3
 * `- [ ] 1. **Dependency Setup:**` over `    - [ ] 1.1. Add \`mockito\` …` (six such tasks read by their places, T#1…);
 * abd-alaziz-almufti/dental-clinic-frontend-with-nextjs at a40b996 (Spec Kit folders, the team's own tasks),
 * specs/001-authentication/tasks.md:10 `- [x] **Task 1: Auth Service & API Layer**` (five tasks read as T#1…).
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/core/index.js';
import { testdir } from '../../../helpers/testdir.js';

const tasksOf = (ws: ReturnType<typeof loadWorkspace>) => [...ws.ids].filter((id) => ws.nodes.get(id)!.type === 'task').map((id) => [id, ws.nodes.get(id)!.title, ws.nodes.get(id)!.item!.line]);

describe('an OpenSpec box that writes a whole number', () => {
  const tasks = [
    '# Tasks for `add-unit-tests`',
    '',
    '- [ ] 1. **Dependency Setup:**',
    '    - [ ] 1.1. Add `mockito` to `dev_dependencies` in `pubspec.yaml`.',
    '',
    '- [ ] 2. **Unit Tests for `youtube_service.dart`:**',
    '    - [ ] 2.1. Create `test/services/youtube_service_test.dart`.',
    '    - [ ] 2.2. Write tests for `searchVideos()`:',
    '        - [ ] Test successful video search.',
    '',
  ].join('\n');

  it('is that task (`- [ ] 1. **Dependency Setup:**`), its sub-tasks in it', () => {
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/changes/add-unit-tests/tasks.md': tasks }));
    expect(tasksOf(ws)).toEqual([
      ['change/add-unit-tests/T#1', 'Test successful video search.', 9],
      ['change/add-unit-tests/T1', '**Dependency Setup:**', 3],
      ['change/add-unit-tests/T1.1', 'Add `mockito` to `dev_dependencies` in `pubspec.yaml`.', 4],
      ['change/add-unit-tests/T2', '**Unit Tests for `youtube_service.dart`:**', 6],
      ['change/add-unit-tests/T2.1', 'Create `test/services/youtube_service_test.dart`.', 7],
      ['change/add-unit-tests/T2.2', 'Write tests for `searchVideos()`:', 8],
    ]);
    expect(ws.relationsOut.get('change/add-unit-tests/T2.1')!.filter((e) => e.relation === 'refines').map((e) => e.id)).toEqual(['change/add-unit-tests/T2']);
  });

  it('not under a numbered section (its steps, by place), nor where two boxes write one number', () => {
    const sectioned = ['## 1. Setup', '', '- [ ] 1. Install', '- [ ] 2. Configure', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/changes/a/tasks.md': sectioned }));
    expect(tasksOf(ws).map(([id]) => id)).toEqual(['change/a/T1.1', 'change/a/T1.2']);
    // Numbered afresh under each plain heading (D-505's review): every box by its place.
    const twice = ['## Backend', '', '- [ ] 1. Install', '- [ ] 2. Migrate', '', '## Frontend', '', '- [ ] 1. Configure', ''].join('\n');
    expect(tasksOf(loadWorkspace(testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/changes/a/tasks.md': twice }))).map(([id]) => id)).toEqual(['change/a/T#1', 'change/a/T#2', 'change/a/T#3']);
    // A task's steps numbered in it, or under a task heading, are its steps.
    const steps = ['- [ ] 1.1 Build the API', '    - [ ] 1. Write the handler', '    - [ ] 2. Add the route', '', '### Task 2: Release', '', '- [ ] 1. Tag', '- [ ] 2. Publish', ''].join('\n');
    expect(tasksOf(loadWorkspace(testdir({ 'docugraph.yml': 'kits: [openspec]\n', 'openspec/changes/a/tasks.md': steps }))).map(([id]) => id)).toEqual(['change/a/T#1', 'change/a/T#2', 'change/a/T#3', 'change/a/T#4', 'change/a/T1.1', 'change/a/T2']);
  });
});

describe('a Spec Kit box whose bold runs over its task number and title', () => {
  it('is that task (`- [x] **Task 1: Auth Service & API Layer**`)', () => {
    const tasks = ['## Tasks', '', '- [x] **Task 1: Auth Service & API Layer**', '  - Create `src/services/authService.js`.', '', '- [ ] **Task 2: Auth Context & `useAuth` Hook**', ''].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-authentication/tasks.md': tasks }));
    expect(tasksOf(ws)).toEqual([
      ['001-authentication/T1', 'Auth Service & API Layer', 3],
      ['001-authentication/T2', 'Auth Context & `useAuth` Hook', 6],
    ]);
    expect(ws.nodes.get('001-authentication/T1')!.item!.box).toBe('x');
  });
});
