/**
 * TRACE §4, git safely: a repository whose own configuration and hooks would run a program
 * (core.fsmonitor, core.pager, diff.external, an alias, hooks, a textconv driver) runs nothing
 * when DocuGraph reads it. Each trap is first shown to work with the git commands a careless
 * tool would use, so this test cannot pass by setting traps that never fire.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { CLI_ENV, git, gitRepo } from '../helpers/git-repo.js';
import { doc, testdir } from '../helpers/testdir.js';

describe('a hostile repository', () => {
  it('runs nothing: no fsmonitor, pager, external diff, alias, hook or filter', async () => {
    const root = gitRepo({
      'req.md': doc({ id: 'REQ-01', title: 'Projects' }, 'A project has a name.\n'),
      'be.md': doc({ id: 'BE-02', title: 'Endpoint', depends_on: ['REQ-01'] }),
      '.gitattributes': '*.md diff=evil filter=evil\n',
    });
    const marker = join(testdir({}), 'ran');
    const script = join(testdir({}), 'evil.sh');
    writeFileSync(script, `#!/bin/sh\necho "$0 $*" >> '${marker}'\ncat\n`);
    chmodSync(script, 0o755);
    for (const hook of ['pre-commit', 'post-checkout', 'post-index-change', 'reference-transaction', 'fsmonitor-watchman']) {
      writeFileSync(join(root, '.git/hooks', hook), `#!/bin/sh\necho hook ${hook} >> '${marker}'\n`);
      chmodSync(join(root, '.git/hooks', hook), 0o755);
    }
    const config = readFileSync(join(root, '.git/config'), 'utf8');
    writeFileSync(
      join(root, '.git/config'),
      `${config}[core]\n\tfsmonitor = ${script}\n\tpager = ${script}\n\tsshCommand = ${script}\n[diff]\n\texternal = ${script}\n[diff "evil"]\n\ttextconv = ${script}\n[filter "evil"]\n\tclean = ${script}\n\tsmudge = ${script}\n[pager]\n\tlog = ${script}\n[alias]\n\tls-tree = !${script}\n\tcat-file = !${script}\n\trev-parse = !${script}\n`,
    );
    writeFileSync(join(root, 'req.md'), doc({ id: 'REQ-01', title: 'Projects' }, 'A project has a unique name.\n'));

    // The traps work: porcelain git runs the fsmonitor, the external diff and the filter.
    execFileSync('git', ['status', '--short'], { cwd: root, env: CLI_ENV, stdio: 'ignore' });
    execFileSync('git', ['diff'], { cwd: root, env: CLI_ENV, stdio: 'ignore' });
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);

    const working = await runInProcess(['diff', 'HEAD', '--format', 'json'], { cwd: root, env: { ...CLI_ENV, GIT_PAGER: script, GIT_EXTERNAL_DIFF: script, GIT_DIR: '/nonexistent' } });
    expect(working.stderr).toBe('');
    expect(working.code).toBe(0);
    expect(JSON.parse(working.stdout).impact.items.map((i: { id: string }) => i.id)).toEqual(['BE-02']);
    const revisions = await runInProcess(['diff', 'HEAD', '--head', 'HEAD', '--format', 'text'], { cwd: root, env: CLI_ENV });
    expect(revisions.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    // Nor did it take a lock or write the index.
    expect(existsSync(join(root, '.git/index.lock'))).toBe(false);
    expect(git(root, 'status', '--porcelain=v1', '--', 'be.md')).toBe('');
  });
});
