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

    // FORCE_COLOR as Node reads it (issue 37): colour into a pipe; 0 or false never; it wins over NO_COLOR.
    for (const [env, tty, coloured] of [
      [{ FORCE_COLOR: '1' }, false, true],
      [{ FORCE_COLOR: '' }, false, true],
      [{ FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
      [{ FORCE_COLOR: '0' }, true, false],
      [{ FORCE_COLOR: 'false' }, true, false],
    ] as const) {
      const run = fakeIo(['validate', `${FIXTURES}/cycle`], { tty, env });
      await runCli(run.io, noServer);
      expect(run.out().includes('\x1b[31mLINK_CYCLE\x1b[0m'), JSON.stringify(env)).toBe(coloured);
    }
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

  it('an unknown command: the one meant, by what people type (`next` is `ready`) or by spelling (issue 37)', async () => {
    for (const [typed, meant] of [['next', 'ready'], ['lint', 'validate'], ['vaildate', 'validate'], ['tsaks', 'tasks']] as const) {
      const run = fakeIo([typed]);
      expect(await runCli(run.io, noServer), typed).toBe(2);
      expect(run.err().split('\n').slice(0, 2)).toEqual([`error: unknown command '${typed}'`, `(Did you mean ${meant}?)`]);
    }
    const far = fakeIo(['zzzzzz']);
    expect(await runCli(far.io, noServer)).toBe(2);
    expect(far.err()).not.toContain('Did you mean');
    const hostile = fakeIo(['\x1b]0;x\x07']);
    await runCli(hostile.io, noServer);
    expect(hostile.err()).not.toContain('\x1b');
  });

  it('core messages in the command line\'s terms: `docugraph tasks`, not list_tasks (issue 37)', async () => {
    const run = fakeIo(['context', 'NOPE']);
    expect(await runCli(run.io, noServer)).toBe(1);
    expect(run.err()).toBe('docugraph: Cannot find document `NOPE`; no id is close to it; `docugraph tasks` shows every id. Ids are case-sensitive.\n');
    // A quoted value is the user's: it stays as typed.
    const quoted = fakeIo(['context', 'list_tasks']);
    await runCli(quoted.io, noServer);
    expect(quoted.err()).toContain('Cannot find document `list_tasks`;');
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
