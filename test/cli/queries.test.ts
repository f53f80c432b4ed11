/**
 * `context`, `graph`, `impact` and `ready` on the command line (issue 53): ids as people write
 * them (`EIP-1559` in a repository whose files are `eip-1559.md`).
 */
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { testdir } from '../helpers/testdir.js';

const run = (argv: string[], cwd: string) => runInProcess(argv, { cwd });

function eips(): string {
  return testdir({
    'docugraph.yml': 'fields:\n  id: eip\n  dependsOn: [requires]\n',
    'EIPS/eip-1559.md': '---\neip: 1559\ntitle: Fee market\nstatus: Draft\nrequires: [2718]\n---\n# Fee market\n',
    'EIPS/eip-2718.md': '---\neip: 2718\ntitle: Typed transactions\nstatus: Final\n---\n# Typed\n',
  });
}

describe('ids as the repository writes them', () => {
  it('context, graph --root and impact take EIP-1559 for the document 1559', async () => {
    const root = eips();
    const context = await run(['context', 'EIP-1559'], root);
    expect(context).toMatchObject({ code: 0, stderr: '' });
    expect(context.stdout).toBe((await run(['context', '1559'], root)).stdout);
    expect(context.stdout.split('\n')[0]).toBe('# Context bundle: 1559');
    const dot = await run(['graph', '--root', 'eip-1559', '--format', 'dot'], root);
    expect(dot.stdout).toMatch(/"1559" \[[^\]]*peripheries=2/);
    expect(JSON.parse((await run(['impact', 'EIP2718', '--format', 'json'], root)).stdout)).toMatchObject({ nodeId: '2718', impacted: [{ id: '1559' }] });
  });

  it('a prefix the repository never writes: exit 1, and the id it could mean', async () => {
    const result = await run(['context', 'ERC-1559'], eips());
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('docugraph: Cannot find document `ERC-1559`; did you mean `1559`? Ids are case-sensitive.\n');
  });
});

describe('ready on a folder with nothing to read', () => {
  it('exits 2 with the line validate prints, unless --allow-empty', async () => {
    const root = testdir({ 'notes.txt': 'no Markdown here\n' });
    const validate = await run(['validate'], root);
    const ready = await run(['ready'], root);
    expect(validate.code).toBe(2);
    expect(ready).toEqual({ code: 2, stdout: '', stderr: validate.stderr });
    expect(ready.stderr).toBe(`docugraph: no Markdown file to read in ${root}: there is no *.md file in it or below; pass the folder that holds your documents, or --allow-empty to accept an empty one.\n`);
    expect(await run(['ready', '--allow-empty'], root)).toEqual({ code: 0, stdout: 'nothing is ready: no open work\n', stderr: '' });
  });
});
