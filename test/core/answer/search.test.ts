/**
 * CONTEXT §4: `search` — words to the tasks, requirements, stories and sections that match
 * them, best first; a task ranks up by what it implements, an open task before a done one at
 * equal score, an id first; filters; any script; the same bytes for the same input; the MCP
 * tool's pages and the command line's table.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { loadWorkspace, search } from '../../../src/core/index.js';
import { createServer } from '../../../src/mcp/create-server.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { testdir } from '../../helpers/testdir.js';

function speckit(): string {
  return testdir({
    'docugraph.yml': 'kits: [speckit]\n',
    'specs/001-auth/spec.md':
      '# Feature Specification: Auth\n\n## User Scenarios & Testing\n\n### User Story 1 - Sign in (Priority: P1)\n\nA user signs in with a password.\n\n## Requirements\n\n### Functional Requirements\n\n- **FR-001**: System MUST lock the account after five failed logins\n- **FR-002**: System MUST remember the chosen colour theme\n',
    'specs/001-auth/tasks.md':
      '# Tasks\n\n- [ ] T001 [US1] Implement FR-001 in src/lockout.ts\n- [x] T002 Write the lockout counter store\n- [ ] T003 Write the lockout counter store\n- [ ] T004 Add the theme picker for FR-002\n',
    'docs/notes.md': '---\nid: NOTES\ntitle: Notes\n---\n# Notes\n\n## Lockout\n\nFailed logins are counted per account.\n\n## 設定\n\n写入配置文件的规则。\n',
  });
}

describe('search', () => {
  it('ranks what matches the words first, a task up by what it implements, and gives id, place, state, snippet', () => {
    const ws = loadWorkspace(speckit());
    const hits = search(ws, { query: 'lock the account after failed logins' });
    expect(hits[0]).toMatchObject({ id: '001-auth/FR-001', kind: 'requirement', place: 'specs/001-auth/spec.md:13-13' });
    const task = hits.find((h) => h.id === '001-auth/T001')!;
    expect(task).toMatchObject({ kind: 'task', state: 'ready', snippet: '- [ ] T001 [US1] Implement FR-001 in src/lockout.ts' });
    // T001's own words match little; what it implements (FR-001) lifts it above the theme task.
    expect(hits.findIndex((h) => h.id === '001-auth/T001')).toBeLessThan(hits.findIndex((h) => h.id === '001-auth/T004') === -1 ? Infinity : hits.findIndex((h) => h.id === '001-auth/T004'));
    const section = hits.find((h) => h.kind === 'section')!;
    expect(section).toMatchObject({ id: 'NOTES', heading: '## Lockout', place: 'docs/notes.md:7-9', snippet: 'Failed logins are counted per account.' });
    expect(section.matched).toEqual(expect.arrayContaining(['failed', 'login', 'account']));
  });

  it('puts an open task before a done one at equal score, and an id asked for first', () => {
    const ws = loadWorkspace(speckit());
    const store = search(ws, { query: 'lockout counter store' }).filter((h) => h.kind === 'task');
    expect(store.map((h) => [h.id, h.state])[0]).toEqual(['001-auth/T003', 'ready']);
    expect(search(ws, { query: 'T004' })[0]!.id).toBe('001-auth/T004');
    expect(search(ws, { query: '001-auth/FR-002' })[0]!.id).toBe('001-auth/FR-002');
  });

  // Modelled on RockyBoyRC/SpaceWeirdos at 1666df8 (the context benchmark's dev task 4.2: its request ranked the
  // task sixth, under one-line tasks that share `for`, `and`, `with` with it).
  it('looks for the words that ask for something: a task sharing only common words and two names ranks below the one the request names', () => {
    const tasks = [
      '- [ ] 1. Add the editor for the leader and for the trooper, with and without the ability, and for the others',
      '- [ ] 2. Write a property test that equipment counts are capped',
      '- [ ] 3. Write a property test of equipment weights',
      '- [ ] 4. Write a property test of equipment names',
      '',
    ].join('\n');
    const ws = loadWorkspace(testdir({ 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/rules/tasks.md': tasks }));
    const hits = search(ws, { query: 'a property test that equipment counts are capped, for the leader and for the trooper, with and without it' });
    expect(hits.map((h) => h.id).slice(0, 2)).toEqual(['rules/T2', 'rules/T1']);
    expect(hits[0]!.matched).toEqual(['property', 'test', 'equipment', 'count', 'capped']);
    // A query of common words only is still looked for.
    expect(search(ws, { query: 'for the' }).map((h) => h.id)).toEqual(['rules/T1']);
  });

  it('filters by kind, state and folder, reads any script, and gives the same list for the same input', () => {
    const ws = loadWorkspace(speckit());
    expect(search(ws, { query: 'lockout', kind: 'task' }).every((h) => h.kind === 'task')).toBe(true);
    expect(search(ws, { query: 'lockout store', state: 'done' }).map((h) => h.id)).toEqual(['001-auth/T002']);
    expect(search(ws, { query: 'lockout', scope: 'docs' }).map((h) => h.place)).toEqual(['docs/notes.md:7-9']);
    expect(search(ws, { query: '配置文件' }).map((h) => h.heading)).toEqual(['## 設定']);
    expect(JSON.stringify(search(loadWorkspace(speckit()), { query: 'failed logins' }))).toBe(JSON.stringify(search(ws, { query: 'failed logins' })));
    expect(() => search(ws, { query: '   ' })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });

  it('is an MCP tool that answers a page at a time, and a command that prints a table or JSON', async () => {
    const root = speckit();
    const ws = loadWorkspace(root);
    const server = createServer({ workspace: () => ws, allowedPaths: [], load: loadWorkspace, log: () => {} });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const client = new Client({ name: 'docugraph-test', version: '1.0.0' });
    await client.connect(clientTransport);
    const first = (await client.callTool({ name: 'search', arguments: { query: 'lockout', limit: 1 } })) as { content: { text: string }[] };
    const page = JSON.parse(first.content[0]!.text) as { hits: { id: string }[]; nextCursor: string };
    expect(page.hits).toHaveLength(1);
    const second = (await client.callTool({ name: 'search', arguments: { query: 'lockout', limit: 1, cursor: page.nextCursor } })) as { content: { text: string }[] };
    const all = search(ws, { query: 'lockout' }).map((h) => h.id);
    expect([page.hits[0]!.id, (JSON.parse(second.content[0]!.text) as { hits: { id: string }[] }).hits[0]!.id]).toEqual(all.slice(0, 2));
    const bad = (await client.callTool({ name: 'search', arguments: { query: '' } })) as { isError?: boolean };
    expect(bad.isError).toBe(true);
    await client.close();

    const table = await runInProcess(['search', 'failed', 'logins', '--format', 'text', '--limit', '2'], { cwd: root });
    expect(table).toMatchObject({ code: 0, stderr: '' });
    expect(table.stdout).toBe(
      '1. 001-auth/FR-001 (requirement) — System MUST lock the account after five failed logins\n   specs/001-auth/spec.md:13-13: - **FR-001**: System MUST lock the account after five failed logins\n' +
        // The task that implements it comes before the prose about it (D-487).
        '2. 001-auth/T001 (task, ready) — Implement FR-001 in src/lockout.ts\n   specs/001-auth/tasks.md:3-3: - [ ] T001 [US1] Implement FR-001 in src/lockout.ts\n' +
        '… 1 more (--limit)\n',
    );
    const json = JSON.parse((await runInProcess(['search', 'failed logins', '--format', 'json'], { cwd: root })).stdout) as { hits: { id: string }[]; total: number };
    expect(json.hits.map((h) => h.id)).toEqual(search(ws, { query: 'failed logins' }).slice(0, 10).map((h) => h.id));
  });
});
