/**
 * Issue 10 on the command line: `docugraph init`, the nearest docugraph.yml, an invalid one,
 * and `validate <files>` for pre-commit hooks.
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/core/parse/config.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { doc, testdir } from '../helpers/testdir.js';

function run(argv: string[], cwd: string) {
  return runInProcess(argv, { cwd });
}

describe('docugraph init', () => {
  it('in an empty folder: a commented, valid docugraph.yml and example documents that validate', async () => {
    const root = testdir({});
    const init = await run(['init'], root);
    expect(init.code).toBe(0);
    const config = readFileSync(join(root, 'docugraph.yml'), 'utf8');
    expect(config).toContain('# yaml-language-server: $schema=');
    expect(parseConfig(config).diagnostics).toEqual([]);
    const validate = await run(['validate', '--format', 'json'], root);
    expect(validate.code).toBe(0);
    expect(JSON.parse(validate.stdout)).toMatchObject({ nodeCount: 3, edgeCount: 3, valid: true, errors: [], warnings: [] });
    expect((await run(['context', 'TASK-01'], root)).stdout).toContain('- `DEC-001` depth=1: required by `TASK-01`');
  });

  it('never overwrites, and writes no examples into a folder that has files', async () => {
    const root = testdir({ 'notes.md': '# notes\n' });
    expect((await run(['init'], root)).code).toBe(0);
    expect((await run(['validate'], root)).code).toBe(0);
    const again = await run(['init'], root);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  });

  it('a docugraph.yml that is a dangling symbolic link is never written through; a file as the folder is one line, exit 2', async () => {
    const root = testdir({ 'docugraph.yml': { symlink: '/nonexistent/docugraph-target.yml' } });
    const result = await run(['init'], root);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`docugraph: ${join(root, 'docugraph.yml')} already exists (a symbolic link, which DocuGraph never writes through); nothing was written.\n`);
    expect(lstatSync(join(root, 'docugraph.yml')).isSymbolicLink()).toBe(true);
    expect(existsSync('/nonexistent/docugraph-target.yml')).toBe(false);
    const file = testdir({ 'plain.txt': 'x' });
    const onFile = await run(['init', 'plain.txt'], file);
    expect(onFile.code).toBe(2);
    expect(onFile.stderr).toMatch(/^docugraph: cannot write into .*plain\.txt \((EEXIST|ENOTDIR)\); pick a folder you can write to\.\n$/);
  });
});

describe('the workspace of the command line', () => {
  it('with no workspace given: the nearest directory at or above that holds a docugraph.yml', async () => {
    const root = testdir({ 'docugraph.yml': '', 'docs/tasks/t.md': doc({ id: 'T', title: 't', depends_on: ['S'] }), 'docs/specs/s.md': doc({ id: 'S', title: 's' }) });
    const result = await run(['validate', '--format', 'json'], join(root, 'docs/tasks'));
    expect(JSON.parse(result.stdout)).toMatchObject({ workspacePath: root, nodeCount: 2, valid: true });
  });

  it('an invalid docugraph.yml is a usage error naming the file and line', async () => {
    const root = testdir({ 'docugraph.yml': 'gitignore: false\nrequireId: maybe\n', 'a.md': '# a\n' });
    const result = await run(['validate'], root);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('docugraph.yml:2: `requireId` must be `true` or `false`');
  });
});

describe('validate <files>', () => {
  it('reports the findings of those files only, and fails only for theirs', async () => {
    const root = testdir({
      'docugraph.yml': '',
      'good.md': doc({ id: 'G', title: 'g' }, '[ok](bad.md)\n'),
      'bad.md': doc({ id: 'B', title: 'b', depends_on: ['MISSING'] }),
    });
    mkdirSync(join(root, 'sub'));
    writeFileSync(join(root, 'sub/x.md'), '[x](nowhere.md)\n');
    const good = await run(['validate', 'good.md', '--format', 'json'], root);
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ nodeCount: 2, errors: [], valid: true });
    const both = await run(['validate', 'bad.md', 'sub/x.md'], root);
    expect(both.code).toBe(1);
    expect(both.stdout).toContain('bad.md:4  LINK_BROKEN');
    expect(both.stdout).toContain('sub/x.md:1  MD_LINK_BROKEN');
    const outside = await run(['validate', '../elsewhere.md'], root);
    expect(outside.code).toBe(2);
  });

  it('a path that does not exist (a mistyped folder) is a usage error, not an empty pass', async () => {
    const root = testdir({ 'docugraph.yml': '', 'docs/a.md': doc({ id: 'A', title: 'a', depends_on: ['MISSING'] }) });
    const typo = await run(['validate', 'dcos'], root);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe('docugraph: `dcos` does not exist; pass the workspace directory, or Markdown files of the workspace.\n');
    expect(typo.stdout).toBe('');
    expect((await run(['validate', 'docs'], root)).code).toBe(1);
  });
});

describe('several problems in docugraph.yml', () => {
  it('are listed on one line, each with its line number', async () => {
    const root = testdir({ 'docugraph.yml': 'requireId: maybe\nlinks:\n  root: nowhere\n', 'a.md': doc({ id: 'A', title: 'a' }) });
    const result = await run(['validate'], root);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')).toHaveLength(2);
    expect(result.stderr).toMatch(/^docugraph: docugraph\.yml:1: [^\n]*; docugraph\.yml:3: [^\n]*\n$/);
    expect(result.stderr).not.toContain('\\n');
  });
});
