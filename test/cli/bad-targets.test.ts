/**
 * Every command that writes against one list of targets it cannot write (issue 37): a path
 * under /proc or /sys, an existing file, a path below a file, a symbolic link. Each is one
 * `docugraph:` line on stderr and exit 2 — never a stack trace, never a hang (`view --out
 * /proc/nope` once retried `mkdir` forever) — and nothing is written.
 */
import { readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { DEMO } from '../helpers/paths.js';
import { testdir } from '../helpers/testdir.js';

function targets(): [string, string][] {
  const dir = testdir({ 'a-file': 'x\n', 'real/.keep': '' });
  symlinkSync(join(dir, 'real'), join(dir, 'a-link'));
  return [
    ['/proc/nope', 'no folder can be made there'],
    ['/sys/nope', 'the system does not allow it'],
    [join(dir, 'a-file'), 'it is a file, not a folder'],
    [join(dir, 'a-file', 'below'), 'is a file, not a folder'],
    [join(dir, 'a-link'), 'symbolic link'],
  ];
}

async function expectRefused(argv: string[], why: string): Promise<void> {
  const run = await runInProcess(argv, { cwd: DEMO });
  expect(run.code, argv.join(' ')).toBe(2);
  expect(run.stderr.split('\n').filter((line) => line !== ''), argv.join(' ')).toEqual([expect.stringMatching(/^docugraph: /)]);
  expect(run.stderr, argv.join(' ')).toContain(why);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe('commands that write, on targets they cannot write', () => {
  it('view --out', async () => {
    for (const [target, why] of targets()) await expectRefused(['view', '--out', target], why);
  });

  it('init', async () => {
    for (const [target, why] of targets()) await expectRefused(['init', target], why);
  });

  it('review, done, start, reopen: a workspace that is not a folder', async () => {
    for (const [target] of targets().slice(0, 4)) {
      for (const argv of [['review', '--all'], ['done', 'BE-02'], ['start', 'BE-02'], ['reopen', 'BE-02']]) await expectRefused(['-w', target, ...argv], 'pass the directory that holds your Markdown documents');
    }
  });

  it('view --out where index.html is a link: refused, the link left alone', async () => {
    const dir = testdir({ 'elsewhere.html': 'mine\n' });
    symlinkSync(join(dir, 'elsewhere.html'), join(dir, 'index.html'));
    await expectRefused(['view', '--out', dir], '`index.html` there is a symbolic link');
    expect(readdirSync(dir).sort()).toEqual(['elsewhere.html', 'index.html']);
    writeFileSync(join(dir, 'ok.txt'), '');
  });
});
