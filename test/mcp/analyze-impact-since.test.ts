/**
 * TRACE §4, MCP: `analyze_impact` with `since` answers what changed since a git revision and
 * what to re-read, paged like its other answers — the same list `docugraph diff` prints.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../src/core/index.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { CLI_ENV, git, gitRepo } from '../helpers/git-repo.js';
import { connectInMemory, textOf } from '../helpers/in-memory.js';
import { doc } from '../helpers/testdir.js';

const REQ = doc({ id: 'REQ-01', title: 'Projects' }, 'A project has a name.\n');

function repo(): string {
  return gitRepo({
    'req.md': REQ,
    'be.md': doc({ id: 'BE-02', title: 'Endpoint', depends_on: ['REQ-01'] }),
    'fe.md': doc({ id: 'FE-01', title: 'Form', depends_on: ['BE-02'] }),
    'qa.md': doc({ id: 'QA-01', title: 'Checks', depends_on: ['REQ-01'] }),
  });
}

type Answer = { impact: { count: number; items: { id: string }[] }; nextCursor?: string; documents: Record<string, { count: number }> };

describe('analyze_impact with since', () => {
  it('after an edit, since "HEAD" lists what to re-read: the same as docugraph diff HEAD', async () => {
    const root = repo();
    writeFileSync(join(root, 'req.md'), REQ.replace('a name', 'a unique name'));
    const { client } = await connectInMemory(loadWorkspace(root), { env: CLI_ENV });
    const result = await client.callTool({ name: 'analyze_impact', arguments: { since: 'HEAD' } });
    expect(result.isError).toBeFalsy();
    const answer = JSON.parse(textOf(result)) as Answer & Record<string, unknown>;
    expect(Object.keys(answer)).toEqual(['since', 'base', 'head', 'documents', 'edges', 'impact', 'diagnostics']);
    expect(answer['base']).toEqual({ revision: 'HEAD', commit: git(root, 'rev-parse', 'HEAD').trim() });
    expect(answer.impact.items.map((i) => i.id)).toEqual(['BE-02', 'QA-01', 'FE-01']);
    expect(result.structuredContent).toEqual(answer);
    const cli = JSON.parse((await runInProcess(['diff', 'HEAD', '--format', 'json'], { cwd: root, env: CLI_ENV })).stdout) as Answer;
    expect(answer.impact).toEqual(cli.impact);
    expect(answer.documents).toEqual(cli.documents);
  });

  it('reads a revision without docugraph.yml with today\'s, and the answer says so in note', async () => {
    const root = gitRepo({ 'req.md': REQ, 'be.md': doc({ id: 'BE-02', title: 'Endpoint', requires: ['REQ-01'] }) });
    writeFileSync(join(root, 'docugraph.yml'), 'fields:\n  dependsOn: [requires]\n');
    const { client } = await connectInMemory(loadWorkspace(root), { env: CLI_ENV });
    const answer = JSON.parse(textOf(await client.callTool({ name: 'analyze_impact', arguments: { since: 'HEAD' } }))) as Answer & { edges: { added: { count: number } }; note?: string };
    expect(answer.edges.added.count).toBe(0);
    expect(answer.note).toBe("HEAD has no docugraph.yml: it was read with today's, so only the documents' changes show.");
  });

  it('pages the impact list with limit and cursor', async () => {
    const root = repo();
    writeFileSync(join(root, 'req.md'), REQ.replace('a name', 'a unique name'));
    const { client } = await connectInMemory(loadWorkspace(root), { env: CLI_ENV });
    const first = JSON.parse(textOf(await client.callTool({ name: 'analyze_impact', arguments: { since: 'HEAD', limit: 2 } }))) as Answer;
    expect(first.impact.items.map((i) => i.id)).toEqual(['BE-02', 'QA-01']);
    expect(first.impact.count).toBe(3);
    const second = JSON.parse(textOf(await client.callTool({ name: 'analyze_impact', arguments: { since: 'HEAD', limit: 2, cursor: first.nextCursor } }))) as Answer;
    expect(second.impact.items.map((i) => i.id)).toEqual(['FE-01']);
    expect(second.nextCursor).toBeUndefined();
  });

  it('answers calls that arrive together, one load at a time, each the same', async () => {
    const root = repo();
    writeFileSync(join(root, 'req.md'), REQ.replace('a name', 'a unique name'));
    const { client } = await connectInMemory(loadWorkspace(root), { env: CLI_ENV });
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.callTool({ name: 'analyze_impact', arguments: { since: 'HEAD' } })));
    const texts = answers.map((answer) => textOf(answer));
    expect(new Set(texts).size).toBe(1);
    expect((JSON.parse(texts[0]!) as Answer).impact.count).toBe(3);
  });

  it('wants exactly one of nodeId and since; a bad revision is INVALID_ARGUMENT with the reason', async () => {
    const root = repo();
    const { client } = await connectInMemory(loadWorkspace(root), { env: CLI_ENV });
    const error = async (args: Record<string, unknown>) => {
      const result = await client.callTool({ name: 'analyze_impact', arguments: args });
      expect(result.isError).toBe(true);
      return JSON.parse(textOf(result)) as { code: string; message: string };
    };
    expect(await error({})).toMatchObject({ code: 'INVALID_ARGUMENT', message: 'Pass exactly one of nodeId (a document id) and since (a git revision such as "HEAD").' });
    expect(await error({ nodeId: 'REQ-01', since: 'HEAD' })).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(await error({ since: 'nope' })).toMatchObject({ code: 'INVALID_ARGUMENT', message: 'git does not know the revision `nope`: check its name, or fetch it first (e.g. `git fetch origin main`).' });
    expect(await error({ since: '-c' })).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('never starts with `-`') });
    // nodeId alone still answers as before.
    const impact = JSON.parse(textOf(await client.callTool({ name: 'analyze_impact', arguments: { nodeId: 'REQ-01' } }))) as { impacted: { id: string }[] };
    expect(impact.impacted.map((i) => i.id)).toEqual(['BE-02', 'QA-01', 'FE-01']);
  });
});
