/**
 * `docugraph context --max-tokens N`, spawned: the budgeted bundle on request, everything
 * without it (the CLI prints everything unless asked), and a bad number is a usage error.
 * Each kind of run is made once by the built CLI (its exit code, its two streams on pipes);
 * the other values run the same code in-process (`cli`), which is what the built CLI bundles.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildBundle, loadWorkspace } from '../../src/core/index.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { layeredWorkspace } from '../helpers/layered-workspace.js';
import { CLI, DEMO, ROOT } from '../helpers/paths.js';
import { Rng } from '../helpers/prng.js';
import { testdir } from '../helpers/testdir.js';

function docugraph(args: string[]) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '' }, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same run in-process: argv, working directory and environment as `docugraph` gives them. */
function cli(args: string[]) {
  return runInProcess(args, { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '' } });
}

describe('docugraph context --max-tokens', () => {
  it('prints the budgeted bundle when asked, and the whole bundle by default (no budget)', () => {
    const root = testdir(layeredWorkspace(new Rng(7), { layers: 3, width: 12, bodyBytes: 4000 }));
    const workspace = loadWorkspace(root);
    const whole = docugraph(['context', 'TASK', '-w', root]);
    expect(whole).toEqual({ code: 0, stdout: buildBundle(workspace, { taskId: 'TASK' }), stderr: '' });
    expect(whole.stdout).not.toContain('\nbudget: ');
    const budgeted = docugraph(['context', 'TASK', '-w', root, '--max-tokens', '20000', '--max-depth', '2']);
    // The command line's hints name its own commands (issue 28).
    expect(budgeted).toEqual({ code: 0, stdout: buildBundle(workspace, { taskId: 'TASK', maxTokens: 20_000, maxDepth: 2, commands: 'cli' }), stderr: '' });
    expect(budgeted.stdout).toContain('\n## Omitted to fit the budget\n');
    expect(budgeted.stdout).toMatch(/ — docugraph context \S+ --max-depth 0\n/);
  });

  it('a budget the bundle fits prints the META-01 bytes (the BE-02 demo)', async () => {
    expect((await cli(['context', 'BE-02', '-w', DEMO, '--max-tokens', '20000'])).stdout).toBe(buildBundle(loadWorkspace(DEMO), { taskId: 'BE-02' }));
  });

  it('anything but an integer ≥ 1 is a usage error: exit 2, the reason on stderr, nothing on stdout', async () => {
    for (const [i, value] of ['0', '-1', '1.5', 'many', '', '1e3', '99999999999999999999'].entries()) {
      const args = ['context', 'BE-02', '-w', DEMO, '--max-tokens', value];
      const result = i === 0 ? docugraph(args) : await cli(args);
      expect(result.code, value).toBe(2);
      expect(result.stdout, value).toBe('');
      expect(result.stderr, value).toContain('Expected an integer ≥ 1');
    }
  });
});
