/**
 * A reader that stops early (`docugraph graph --format json | head -c 100`): the CLI leaves
 * quietly with 141 (as SIGPIPE would end it), never with an unhandled 'error' event and a stack
 * trace on stderr.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/paths.js';
import { doc, testdir } from '../helpers/testdir.js';

describe('the CLI on a closed pipe', () => {
  it('exits 141 without a stack trace when the reader closes stdout early', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 3000; i += 1) files[`docs/d${i}.md`] = doc({ id: `DOC-${String(i).padStart(4, '0')}`, title: `A document with a long enough title, number ${i}`, depends_on: i === 0 ? [] : [`DOC-${String(i - 1).padStart(4, '0')}`] });
    const root = testdir(files);
    const child = spawn(process.execPath, [CLI, '-w', root, 'graph', '--format', 'json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Read the first chunk, then close the pipe, as `head` does.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
    expect(stderr).not.toMatch(/Unhandled|EPIPE|at /);
    expect(code).toBe(141);
  });
});
