/**
 * A load large enough to read ahead on a worker thread, through the built bins: the CLI (an
 * ES module bundle) and the MCP server (a CommonJS bundle) each start the worker from beside
 * themselves, and answer with the same bytes as a load that reads everything on one thread
 * (the library from `src`, which has no built worker beside it, reads on one thread).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, formatReport, loadWorkspace } from '../../src/core/index.js';
import { READ_AHEAD_MIN_FILES } from '../../src/core/read/read-ahead.js';
import { BATCH_BYTES } from '../../src/core/model/read-files.js';
import { connectInMemory, textOf } from '../helpers/in-memory.js';
import { CLI, ROOT } from '../helpers/paths.js';
import { connect } from '../helpers/server-process.js';
import { doc, testdir } from '../helpers/testdir.js';

const { generateWorkspace } = (await import(join(ROOT, 'bench', 'generate.mjs'))) as {
  generateWorkspace: (dir: string, count: number, seed: number) => unknown;
};

describe('reading ahead, end to end', { timeout: 120_000 }, () => {
  it('the CLI and the server read a large workspace ahead and answer as a load on one thread does', async () => {
    const outside = testdir({ 'secret.md': doc({ id: 'SECRET', title: 'OUTSIDE-SECRET' }) });
    const root = testdir({});
    generateWorkspace(root, READ_AHEAD_MIN_FILES + 500, 11);
    // What the worker leaves to the main thread, and what it decodes apart from the rest.
    symlinkSync(join(outside, 'secret.md'), join(root, 'docs', 'link.md'));
    execFileSync('mkfifo', [join(root, 'docs', 'pipe.md')]);
    writeFileSync(join(root, 'docs', 'large.md'), doc({ id: 'LARGE', title: 'Large' }, `# Large\n\n${'[a](a.md) text\n'.repeat(Math.ceil(BATCH_BYTES / 10))}`));
    writeFileSync(join(root, 'docs', 'utf8.md'), doc({ id: 'UTF8', title: 'Ça va' }, '# Über\n\n[large](large.md#large)\n'));
    writeFileSync(join(root, 'docs', 'bad.md'), Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xc3, 0x28, 0x0a]));
    expect(readdirSync(root, { recursive: true }).length).toBeGreaterThan(READ_AHEAD_MIN_FILES);

    const workspace = loadWorkspace(root);
    const report = formatReport(buildReport(workspace));
    expect(report).toContain('FILE_UNREADABLE');
    expect(report).not.toContain('OUTSIDE-SECRET');
    const cli = spawnSync(process.execPath, [CLI, 'validate', root, '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 28 });
    // The link is skipped, and named once (issue 28); nothing else is said.
    expect(cli.stderr).toBe('docugraph: skipped `docs/link.md`: a symbolic link, never followed (copy the document into the workspace to check it)\n');
    expect(cli.stdout).toBe(report);

    // The server's answer is a page of the report: the same page as the library's.
    const { client: reference } = await connectInMemory(workspace);
    const expected = textOf(await reference.callTool({ name: 'validate_traceability', arguments: {} }));

    const { client } = await connect({ args: ['--workspace', root, '--no-watch'] });
    try {
      expect(textOf(await client.callTool({ name: 'validate_traceability', arguments: {} }))).toBe(expected);
    } finally {
      await client.close();
    }
    expect(readFileSync(join(outside, 'secret.md'), 'utf8')).toContain('OUTSIDE-SECRET');
  });
});
