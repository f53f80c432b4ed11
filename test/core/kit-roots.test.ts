/**
 * Issue 57, kit roots anywhere in the workspace: a monorepo's packages keep their own kit
 * folders; `roots:` in docugraph.yml reads them as the root's are, each package's ids starting
 * with its name (`api:auth/T2`), so that one feature name in two packages never collides, and
 * references cross packages. The fixture (test/fixtures/monorepo) and every expectation here
 * are written by hand.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildBundle, listTasks, loadWorkspace, writeTaskState } from '../../src/core/index.js';
import { parseConfig } from '../../src/core/parse/config.js';
import { surveyRepository } from '../../src/core/model/survey-repository.js';
import { proposeConfig } from '../../src/core/answer/propose-config.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';
import { testdir } from '../helpers/testdir.js';
import { connectInMemory } from '../helpers/in-memory.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/monorepo', import.meta.url));

describe('a monorepo with kit folders in its packages', () => {
  const ws = loadWorkspace(FIXTURE);

  it('reads every package’s kit folders under its name: one feature name in two packages, two sets of ids', () => {
    expect(ws.diagnostics).toEqual([]);
    expect(ws.ids).toEqual([
      'BILL-1',
      'REL-1',
      'api:auth/R1',
      'api:auth/R1.1',
      'api:auth/R1.2',
      'api:auth/T1',
      'api:auth/T2',
      'api:auth/requirements',
      'api:auth/tasks',
      'api:steering/tech',
      'web:auth/FR-001',
      'web:auth/T001',
      'web:auth/T002',
      'web:auth/US1',
      'web:auth/spec',
      'web:auth/tasks',
    ]);
    expect(ws.nodes.get('api:steering/tech')?.type).toBe('conventions');
    expect(ws.nodes.get('web:auth/T001')?.path).toBe('packages/web/specs/auth/tasks.md');
  });

  it('relations stay inside their package; frontmatter documents depend across packages', () => {
    const typed = (id: string) => (ws.relationsOut.get(id) ?? []).filter((e) => e.relation === 'implements').map((e) => e.id);
    expect(typed('api:auth/T1')).toEqual(['api:auth/R1.1']);
    expect(typed('web:auth/T001')).toEqual(['web:auth/FR-001', 'web:auth/US1']);
    expect(ws.upstream.get('api:auth/T2')).toContain('api:auth/T1');
    expect(ws.upstream.get('web:auth/T002')).toContain('web:auth/T001');
    expect(ws.upstream.get('BILL-1')).toEqual(['api:auth/T2']);
    expect(ws.upstream.get('REL-1')).toEqual(['BILL-1', 'api:auth/T2', 'web:auth/T002']);
  });

  it('a bundle crosses packages, and a task’s bundle holds its own package’s conventions', () => {
    const release = buildBundle(ws, { taskId: 'REL-1' });
    for (const id of ['api:auth/T2', 'web:auth/T002', 'BILL-1', 'api:auth/T1', 'web:auth/T001']) expect(release).toContain(`\`${id}\``);
    const refresh = buildBundle(ws, { taskId: 'api:auth/T2' });
    expect(refresh).toContain("- `api:steering/tech` depth=1: the kit's conventions (packages/api/.kiro/steering/tech.md, inclusion: always)");
  });

  it('a reference to an id another package has is broken in its own, with a suggestion from it', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\nroots: [packages/api, packages/web]\n',
      'packages/api/.kiro/specs/auth/requirements.md': '### Requirement 1\n#### Acceptance Criteria\n1. A\n2. B\n',
      'packages/web/.kiro/specs/auth/requirements.md': '### Requirement 1\n#### Acceptance Criteria\n1. C\n',
      'packages/web/.kiro/specs/auth/tasks.md': '- [ ] 1. Uses both\n  - _Requirements: 1.1, 1.2_\n',
    });
    expect(loadWorkspace(root).diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message)).toEqual([
      'web:auth/T1 implements `web:auth/R1.2` (written `_Requirements: 1.1, 1.2_`), which does not exist; did you mean `web:auth/R1.1`?',
    ]);
  });

  it('list_tasks by root: a package\'s items, or (root "") what no package holds', () => {
    expect(listTasks(ws, { root: 'web' }).tasks.map((t) => t.id)).toEqual(['web:auth/FR-001', 'web:auth/T001', 'web:auth/T002', 'web:auth/US1', 'web:auth/spec', 'web:auth/tasks']);
    expect(listTasks(ws, { root: 'api', state: 'ready' }).tasks.map((t) => t.id)).toEqual(['api:auth/T2']);
    expect(listTasks(ws, { root: '' }).tasks.map((t) => t.id)).toEqual(['BILL-1', 'REL-1']);
    expect(listTasks(ws, { root: 'nowhere' }).tasks.length).toBe(0);
  });

  it('list_tasks takes `root` over MCP', async () => {
    const { client } = await connectInMemory(ws);
    const first = await client.callTool({ name: 'list_tasks', arguments: { root: 'api', type: 'task' } });
    expect((first.structuredContent as { tasks: { id: string }[] }).tasks.map((t) => t.id)).toEqual(['api:auth/T1', 'api:auth/T2']);
    await client.close();
  });

  it('`done` writes the box of a package’s task', () => {
    const root = testdir({});
    cpSync(FIXTURE, root, { recursive: true });
    writeTaskState(loadWorkspace(root), 'api:auth/T2', 'done');
    expect(readFileSync(join(root, 'packages/api/.kiro/specs/auth/tasks.md'), 'utf8')).toBe('# Implementation Plan\n\n- [x] 1. Token expiry\n  - _Requirements: 1.1_\n- [x] 2. Token refresh\n  - _Requirements: 1.2_\n  - _Depends: 1_\n');
  });

  it('a folder that is no root keeps its kit-shaped folders unread (`.kiro/` inside it is not entered)', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [kiro]\nroots: [packages/api]\n',
      'packages/api/.kiro/specs/a/tasks.md': '- [ ] 1. A\n',
      'packages/other/.kiro/specs/b/tasks.md': '- [ ] 1. B\n',
    });
    expect(loadWorkspace(root).ids).toEqual(['api:a/T1', 'api:a/tasks']);
  });

  it('OpenSpec under a root: a delta refines its own root’s capability', () => {
    const root = testdir({
      'docugraph.yml': 'kits: [openspec]\nroots: [services/auth]\n',
      'services/auth/openspec/specs/login/spec.md': '# login\n\n## Requirements\n\n### Requirement: Lockout\nThe system SHALL lock.\n\n#### Scenario: five\n- **WHEN** five fail\n- **THEN** lock\n',
      'services/auth/openspec/changes/longer/proposal.md': '# Longer lockout\n',
      'services/auth/openspec/changes/longer/tasks.md': '## 1. Lockout\n- [ ] 1.1 Lengthen it\n',
      'services/auth/openspec/changes/longer/specs/login/spec.md': '## MODIFIED Requirements\n\n### Requirement: Lockout\nThe system SHALL lock for an hour.\n',
    });
    const w = loadWorkspace(root);
    expect(w.diagnostics).toEqual([]);
    expect((w.relationsOut.get('auth:change/longer/specs/login/spec') ?? []).map((e) => `${e.relation} ${e.id}`)).toEqual(['refines auth:login/lockout']);
  });
});

describe('`roots:` in docugraph.yml', () => {
  const problems = (text: string) => parseConfig(text).diagnostics.map((d) => `${d.line}: ${d.message}`);

  it('reads paths and names, sorted by path', () => {
    expect(parseConfig('kits: [kiro]\nroots: [packages/web/, ./packages/api, { path: services/api, name: svc }]\n').config.kitRoots).toEqual([
      { name: 'api', path: 'packages/api' },
      { name: 'web', path: 'packages/web' },
      { name: 'svc', path: 'services/api' },
    ]);
  });

  it('two roots of one name, a path out of the workspace, a name that cannot start an id, roots without kits: each a problem at its line', () => {
    expect(problems('kits: [kiro]\nroots:\n  - packages/api\n  - services/api\n')).toEqual([
      '4: two kit roots are named `api`: `packages/api` and `services/api`; their ids would collide — name one of them, e.g. `{ path: services/api, name: api-2 }`',
    ]);
    expect(problems('kits: [kiro]\nroots: [../other]\n')).toEqual([
      '2: an entry of `roots` must be a folder inside the workspace, relative to its root, without `.` or `..` (`packages/api`), or `{ path: packages/api, name: api }`',
    ]);
    expect(problems('kits: [kiro]\nroots: [{ path: packages/api, name: "a:b" }]\n')).toEqual([
      '2: the kit root `packages/api` would be named `a:b`, which cannot start an id: give it a name of letters, digits, `.`, `_` and `-`, starting with a letter or digit, e.g. `{ path: packages/api, name: pkg }`',
    ]);
    expect(problems('roots: [packages/api]\n')).toEqual(['1: `roots` lists folders whose kit folders are read, but no kit is named: add `kits:` too, e.g. `kits: [kiro, speckit, openspec]`']);
  });
});

describe('`init` finds the kit roots', () => {
  it('proposes each package with kit folders, naming two of one folder name by their paths', () => {
    const root = testdir({
      'packages/api/.kiro/specs/a/tasks.md': '- [ ] 1. A\n',
      'services/api/specs/001-x/spec.md': '# X\n',
      'apps/web/openspec/specs/login/spec.md': '# login\n',
      'apps/web/openspec/changes/c/specs/login/spec.md': '## ADDED Requirements\n',
      'apps/web/openspec/changes/archive/2025-01-01-old/tasks.md': '- [x] 1.1 Done\n',
      'README.md': '# Readme\n',
    });
    const proposed = proposeConfig(surveyRepository(root)).text!;
    // A root's OpenSpec archive is never read: nothing to exclude.
    expect(proposed).not.toContain('exclude:');
    expect(proposed).toContain('kits: [kiro, speckit, openspec]\n');
    expect(proposed).toContain('#   apps/web: openspec (2 folders)\n#   packages/api: kiro (1 folder)\n#   services/api: speckit (1 folder)\nroots: [web, { path: packages/api, name: packages-api }, { path: services/api, name: services-api }]'.replace('[web,', '[apps/web,'));
    const read = parseConfig(proposed);
    expect(read.diagnostics).toEqual([]);
    expect(read.config.kitRoots.map((r) => r.name)).toEqual(['web', 'packages-api', 'services-api']);
  });
});

describe('near-linear in the number of roots', () => {
  it('n packages of one small kit each: discovery and load', () => {
    const workspace = (n: number) => {
      const files: Record<string, string> = {};
      const roots: string[] = [];
      for (let i = 0; i < n; i += 1) {
        const pkg = `packages/p${String(i).padStart(5, '0')}`;
        roots.push(pkg);
        files[`${pkg}/.kiro/specs/auth/requirements.md`] = '### Requirement 1\n#### Acceptance Criteria\n1. A\n';
        files[`${pkg}/.kiro/specs/auth/tasks.md`] = '- [ ] 1. A\n  - _Requirements: 1.1_\n';
      }
      files['docugraph.yml'] = `kits: [kiro]\nroots: [${roots.join(', ')}]\n`;
      return testdir(files);
    };
    const r = measureRatio(workspace, (root) => {
      expect(loadWorkspace(root).diagnostics).toEqual([]);
    }, { start: 50, max: 800 });
    expect(nearLinear(r), r.summary).toBe(true);
  });
});
