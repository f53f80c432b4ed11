/**
 * The command line's load (src/cli/context.ts), issue 53: in a folder without docugraph.yml,
 * more Markdown files to read than `largeFolder` is said on stderr before they are read; when
 * none of them turns out to be a document, no on-disk index is written for it. (The limit is
 * 20,000 files; these tests lower it to 3.)
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/cli/context.js';
import { buildProgram } from '../../src/cli/main.js';
import { fakeIo, noServer } from '../helpers/cli-in-process.js';
import { doc, testdir } from '../helpers/testdir.js';

/** Runs `argv` with the limit lowered to 3; stderr, and the files of the on-disk index written. */
async function run(argv: string[], files: Record<string, string>): Promise<{ stderr: string; stdout: string; index: string[]; root: string }> {
  const root = testdir(files);
  const cache = testdir({});
  const fake = fakeIo(argv, { cwd: root, env: { XDG_CACHE_HOME: cache } });
  const ctx = createContext(fake.io, () => {}, { largeFolder: 3 });
  await buildProgram(ctx, noServer).parseAsync(argv, { from: 'user' });
  ctx.finish();
  const dir = join(cache, 'docugraph');
  return { stderr: fake.err(), stdout: fake.out(), index: existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.index')) : [], root };
}

const PAGES = { 'a.md': '# A\n', 'b.md': '# B\n', 'c.md': '# C\n', 'd/e.md': '# E\n' };

describe('a large folder without docugraph.yml', () => {
  it('is said before its files are read; with no document among them, no index is written', async () => {
    const { stderr, stdout, index, root } = await run(['validate'], PAGES);
    expect(stderr).toBe(
      `docugraph: warning: 4 Markdown files to read in ${root}, which has no docugraph.yml: this can take a while. If this is not the folder of your documents, stop (Ctrl-C) and pass that folder with --workspace; if it is, docugraph init here writes the docugraph.yml it needs.\n` +
        'docugraph: none of the 4 files is a document (no id in its frontmatter, no spec kit): no on-disk index is written for this folder; docugraph init finds the key your files use.\n',
    );
    expect(stdout).toMatch(/^valid: /);
    expect(index).toEqual([]);
  });

  it('with documents among them: said, and the index is written as usual', async () => {
    const { stderr, index } = await run(['validate'], { ...PAGES, 'x.md': doc({ id: 'X-1', title: 'X' }) });
    expect(stderr).toMatch(/^docugraph: warning: 5 Markdown files to read in .*\n$/);
    expect(index).not.toEqual([]);
  });

  it('with a docugraph.yml, or fewer files: nothing said, the index written', async () => {
    expect(await run(['validate'], { ...PAGES, 'docugraph.yml': 'requireId: false\n' })).toMatchObject({ stderr: '', index: [expect.any(String)] });
    expect(await run(['validate'], { 'a.md': '# A\n' })).toMatchObject({ stderr: '', index: [expect.any(String)] });
  });
});
