/**
 * `docugraph validate --watch` (issue 9): the findings again after each change, on the same
 * live index as the server; the screen is cleared first on a terminal.
 */
import { unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { doc, testdir } from '../helpers/testdir.js';

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 5000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('validate --watch', () => {
  it('prints the findings at start and after every change, until stopped; exits with the last verdict', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A', depends_on: ['B'] }) });
    let stdout = '';
    const stop = new AbortController();
    const io = {
      argv: ['validate', root, '--watch'],
      env: { NO_COLOR: '1' },
      cwd: root,
      stdout: { write: (text: string) => (stdout += text), isTTY: true },
      stderr: { write: () => true, isTTY: false },
      signal: stop.signal,
    };
    const done = runCli(io, () => {
      throw new Error('no server');
    });
    await until(() => stdout.includes('LINK_BROKEN'));
    expect(stdout.startsWith('\x1b[2J\x1b[H')).toBe(true);
    writeFileSync(join(root, 'b.md'), doc({ id: 'B', title: 'B' }));
    await until(() => stdout.split('\x1b[2J\x1b[H').length === 3);
    expect(stdout.split('\x1b[2J\x1b[H')[2]).toContain('valid: 0 errors, 0 warnings (2 files read, 2 documents, 1 dependency)');
    unlinkSync(join(root, 'b.md'));
    await until(() => stdout.split('\x1b[2J\x1b[H').length === 4);
    expect(stdout.split('\x1b[2J\x1b[H')[3]).toContain('LINK_BROKEN');
    stop.abort();
    expect(await done).toBe(1);
  });
});
