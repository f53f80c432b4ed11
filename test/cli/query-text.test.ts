/**
 * On a terminal, `impact`, `graph` and `tasks` print text for people; piped, JSON for programs;
 * `--format` picks either (issue 28). The text is checked against the demo, read by hand:
 * REQ-01 is listed by BE-01 and BE-02, which BE-03, BE-04 and FE-01 list in turn.
 */
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { DEMO } from '../helpers/paths.js';
import { testdir } from '../helpers/testdir.js';

const run = (argv: string[], tty: boolean, cwd = DEMO) => runInProcess(argv, { cwd, tty });

describe('text on a terminal, JSON in a pipe', () => {
  it('impact: a table of the dependents, nearest first', async () => {
    const text = await run(['impact', 'REQ-01'], true);
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[0]).toMatch(/^Changing REQ-01 affects \d+ documents:$/);
    expect(lines[1]).toMatch(/^DEPTH  ID +VIA +TITLE$/);
    expect(lines.find((line) => /^1 +BE-02 +REQ-01 +POST \/v1\/projects endpoint$/.test(line))).toBeDefined();
    expect(JSON.parse((await run(['impact', 'REQ-01'], false)).stdout)).toMatchObject({ nodeId: 'REQ-01' });
    expect(JSON.parse((await run(['impact', 'REQ-01', '--format', 'json'], true)).stdout)).toMatchObject({ nodeId: 'REQ-01' });
    expect((await run(['impact', 'BE-03'], true)).stdout).toBe('Nothing depends on BE-03.\n');
  });

  it('graph: each document and what it depends on; tasks: the table', async () => {
    const graph = await run(['graph', '--root', 'BE-02', '--max-depth', '1'], true);
    // Every edge between the four selected documents: BE-01 lists REQ-01 too.
    expect(graph.stdout).toMatch(/^BE-01 {2}.+\n {2}depends on REQ-01\nBE-02 {2}POST \/v1\/projects endpoint\n {2}depends on BE-01, DEC-002, REQ-01\nDEC-002 {2}.+\nREQ-01 {2}.+\n4 documents, 4 dependencies \(cut at --max-depth\)\n$/);
    expect(JSON.parse((await run(['graph'], false)).stdout)).toHaveProperty('nodes');
    expect((await run(['tasks'], true)).stdout).toMatch(/^ID +TYPE +STATUS/);
    expect(JSON.parse((await run(['tasks'], false)).stdout)).toHaveProperty('tasks');
  });

  it('graph: each relation named as JSON and Mermaid name it, and counted apart from the dependencies (issue 37)', async () => {
    const root = testdir({
      'a.md': '---\nid: A\ntitle: A task\ndepends_on: [B]\nimplements: [R]\n---\n',
      'b.md': '---\nid: B\ntitle: B\n---\n',
      'r.md': '---\nid: R\ntitle: A requirement\nrefines: [E]\n---\n',
      'e.md': '---\nid: E\ntitle: An epic\n---\n',
      't.md': '---\nid: T\ntitle: A test\nverifies: [A]\nrelated: [B]\nsupersedes: [OLD]\n---\n',
      'old.md': '---\nid: OLD\ntitle: Old\n---\n',
    });
    expect((await run(['graph', '--format', 'text'], false, root)).stdout).toBe(
      [
        'A  A task',
        '  depends on B',
        '  implements R',
        'B  B',
        'E  An epic',
        'OLD  Old',
        'R  A requirement',
        '  refines E',
        'T  A test',
        '  verifies A',
        '  related to B',
        '  supersedes OLD',
        '6 documents, 1 dependency, 1 implements, 1 verifies, 1 refines, 1 related, 1 supersedes',
        '',
      ].join('\n'),
    );
  });

  it('values from documents are escaped in the text', async () => {
    const root = testdir({ 'a.md': '---\nid: A\ntitle: "evil\\u001b[31m red"\n---\n', 'b.md': '---\nid: B\ntitle: B\ndepends_on: [A]\n---\n' });
    const impact = await run(['impact', 'A'], true, root);
    expect(impact.stdout).not.toContain('\u001b');
    const graph = await run(['graph', '--format', 'text'], false, root);
    expect(graph.stdout).not.toContain('\u001b');
    expect(graph.stdout).toContain('evil');
  });
});
