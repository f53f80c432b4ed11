/**
 * The CLI in-process: colour rules, progress, exit codes through `runCli`.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { createProgress } from '../../src/cli/progress.js';
import { DEMO, FIXTURES } from '../helpers/paths.js';
import { fakeIo as fakeIoAt, noServer } from '../helpers/cli-in-process.js';
import { doc, testdir } from '../helpers/testdir.js';

function fakeIo(argv: string[], options: { tty?: boolean; env?: Record<string, string> } = {}) {
  return fakeIoAt(argv, { ...options, cwd: DEMO });
}

describe('runCli', () => {
  it('colours text only on a terminal, and never with NO_COLOR', async () => {
    const plain = fakeIo(['validate', `${FIXTURES}/cycle`]);
    expect(await runCli(plain.io, noServer)).toBe(1);
    expect(plain.out()).not.toContain('\x1b[');

    const tty = fakeIo(['validate', `${FIXTURES}/cycle`], { tty: true });
    expect(await runCli(tty.io, noServer)).toBe(1);
    expect(tty.out()).toContain('\x1b[31mLINK_CYCLE\x1b[0m');
    expect(tty.out()).toContain('\x1b[31;1minvalid\x1b[0m');

    const noColor = fakeIo(['validate', `${FIXTURES}/cycle`], { tty: true, env: { NO_COLOR: '1' } });
    await runCli(noColor.io, noServer);
    expect(noColor.out()).not.toContain('\x1b[');
  });

  it('returns 0, 1 and 2, and hands `mcp` to the server', async () => {
    expect(await runCli(fakeIo(['validate']).io, noServer)).toBe(0);
    expect(await runCli(fakeIo(['context', 'NOPE']).io, noServer)).toBe(1);
    expect(await runCli(fakeIo(['graph', '--format', 'svg']).io, noServer)).toBe(2);
    let served: readonly string[] = [];
    expect(await runCli(fakeIo(['mcp', '--allow-path', '/a', '--allow-path', '/b']).io, (argv) => (served = argv))).toBeNull();
    // No workspace given: none passed on, so the server knows the current directory is a default.
    expect(served).toEqual(['--allow-path', '/a', '--allow-path', '/b']);
    expect(await runCli(fakeIo(['--workspace', DEMO, 'mcp']).io, (argv) => (served = argv))).toBeNull();
    expect(served).toEqual(['--workspace', DEMO]);
  });

  it('writes no progress when stderr is not a terminal', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i += 1) files[`d${i}.md`] = doc({ id: `D${i}`, title: 'd' });
    const root = testdir(files);
    const quiet = fakeIo(['validate', root]);
    await runCli(quiet.io, noServer);
    expect(quiet.err()).toBe('');
  });
});

describe('createProgress', () => {
  it('waits half a second, updates at most every 100 ms, and erases itself', () => {
    let written = '';
    let now = 0;
    const progress = createProgress({ write: (t: string) => (written += t), isTTY: true }, 'Loading', () => now);
    progress.update(1, 1000);
    expect(written).toBe('');
    now = 600;
    progress.update(500, 1000);
    expect(written).toBe('\rLoading 500/1000 files (50%)\x1b[K');
    now = 650;
    progress.update(600, 1000);
    expect(written).not.toContain('600/1000');
    now = 760;
    progress.update(700, 1000);
    expect(written).toContain('700/1000');
    progress.done();
    expect(written.endsWith('\r\x1b[K')).toBe(true);
  });

  it('does nothing when the stream is not a terminal', () => {
    let written = '';
    let now = 0;
    const progress = createProgress({ write: (t: string) => (written += t) }, 'Loading', () => now);
    now = 10_000;
    progress.update(1, 2);
    progress.done();
    expect(written).toBe('');
  });
});
