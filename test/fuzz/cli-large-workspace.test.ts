/**
 * Fault suite (issue 8 §2): the CLI's renderers over 200 000 documents must not overflow
 * the stack (`tasks --format text` spread every row into `Math.max`). The workspace is built
 * in memory (synthetic-workspace.ts) and handed to the real CLI in-process in place of the
 * loaded one; everything else — commands, renderers — is the real code.
 */
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../../src/cli/main.js';

const COUNT = 200_000;

vi.mock('../../src/core/live/load-workspace.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/core/live/load-workspace.js')>();
  const { syntheticWorkspace } = await import('../helpers/synthetic-workspace.js');
  let cached: ReturnType<typeof syntheticWorkspace> | undefined;
  const docs = () =>
    Array.from({ length: COUNT }, (_, i) => ({ id: `T-${String(i).padStart(6, '0')}`, title: `Task ${i}`, dependsOn: i > 0 ? [`T-${String(i - 1).padStart(6, '0')}`, `GONE-${i}`] : [] }));
  return { ...actual, loadWorkspace: () => (cached ??= syntheticWorkspace(docs())) };
});

async function run(argv: string[]): Promise<{ code: number | null; stdout: number; stderr: string }> {
  let stdout = 0;
  let stderr = '';
  const code = await runCli(
    { argv, env: {}, cwd: '/', stdout: { write: (text: string) => (stdout += text.length) }, stderr: { write: (text: string) => (stderr += text) } },
    () => {},
  );
  return { code, stdout, stderr };
}

describe(`the CLI over ${COUNT.toLocaleString('en')} documents (issue 8 §2)`, () => {
  it.each([
    ['tasks --format text', ['tasks', '--format', 'text']],
    ['tasks --format json', ['tasks']],
    ['validate --format text', ['validate', '--format', 'text']],
    ['graph --format mermaid', ['graph', '--format', 'mermaid']],
    ['context of the last task, depth 1000', ['context', `T-${String(COUNT - 1).padStart(6, '0')}`, '--max-depth', '1000']],
  ])('%s: no stack overflow', async (_name, argv) => {
    let outcome: Awaited<ReturnType<typeof run>> | undefined;
    let thrown: unknown = null;
    try {
      outcome = await run(argv);
    } catch (error) {
      thrown = error;
    }
    expect(thrown === null ? null : String(thrown)).toBeNull();
    expect([0, 1]).toContain(outcome?.code);
    expect(outcome?.stdout).toBeGreaterThan(0);
  }, 60_000);
});
