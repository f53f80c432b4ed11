/**
 * `docugraph done | start | reopen` (KITS §6) and issue 53: `done` on a blocked task writes it and
 * warns, naming what blocked it; an id written as the repository writes it (`EIP-2718`) is the
 * document it names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { doc, testdir } from '../helpers/testdir.js';

const run = (argv: string[], cwd: string) => runInProcess(argv, { cwd });

describe('done on a blocked task', () => {
  it('writes it, and warns on stderr with what blocked it and how to undo it', async () => {
    const root = testdir({
      'docs/t1.md': doc({ id: 'T-1', title: 'First', status: 'todo' }),
      'docs/t2.md': doc({ id: 'T-2', title: 'Second', status: 'todo', depends_on: ['T-1', 'T-9'] }),
    });
    const result = await run(['done', 'T-2'], root);
    expect(result).toEqual({
      code: 0,
      stdout: 'T-2: todo → done (docs/t2.md)\n',
      stderr: 'docugraph: warning: T-2 was blocked by T-1 (ready), T-9 (names no document): it is marked done before what it depends on (docugraph reopen T-2 undoes it).\n',
    });
    expect(readFileSync(join(root, 'docs/t2.md'), 'utf8')).toContain('status: done');
    // Done when its dependencies are: no warning.
    const free = await run(['done', 'T-1'], root);
    expect(free).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('ids as the repository writes them', () => {
  it('done EIP-2718 marks the document 2718, and says what became ready under its own id', async () => {
    const root = testdir({
      'docugraph.yml': 'fields:\n  id: eip\n  dependsOn: [requires]\n',
      'EIPS/eip-1559.md': '---\neip: 1559\ntitle: Fee market\nstatus: Draft\nrequires: [2718]\n---\n',
      'EIPS/eip-2718.md': '---\neip: 2718\ntitle: Typed transactions\nstatus: Draft\n---\n',
    });
    expect(await run(['done', 'EIP-2718'], root)).toEqual({ code: 0, stdout: '2718: Draft → done (EIPS/eip-2718.md)\nReady now: 1559\n', stderr: '' });
  });
});

describe('--format json on a refused write (issue 54)', () => {
  it('prints JSON on stdout — what was written before, then the error with its code — and exits as without it', async () => {
    const root = testdir({ 'docs/t1.md': doc({ id: 'T-1', title: 'First', status: 'todo' }), 'docs/t2.md': doc({ id: 'T-2', title: 'Second', status: 'todo' }) });
    const stale = await run(['done', 'T-1', '--expect', 'v0-nothing', '--format', 'json'], root);
    expect(stale.code).toBe(1);
    const answer = JSON.parse(stale.stdout) as { tasks: unknown[]; error: { id: string; code: string; message: string; path: string } };
    expect(answer.tasks).toEqual([]);
    expect(answer.error).toMatchObject({ id: 'T-1', code: 'STALE_STATE', path: 'docs/t1.md' });
    expect(answer.error.message).toContain('changed since the version you had (`v0-nothing`');
    expect(stale.stderr).toContain('docugraph: `docs/t1.md` changed since the version you had');
    expect(readFileSync(join(root, 'docs/t1.md'), 'utf8')).toContain('status: todo');
    // The first written, the second unknown: both said.
    const partly = await run(['done', 'T-2', 'T-9', '--format', 'json'], root);
    expect(partly.code).toBe(1);
    const second = JSON.parse(partly.stdout) as { tasks: { id: string; changed: boolean }[]; error: { id: string; code: string } };
    expect(second.tasks.map((t) => [t.id, t.changed])).toEqual([['T-2', true]]);
    expect(second.error).toMatchObject({ id: 'T-9', code: 'TASK_NOT_FOUND' });
  });
});
