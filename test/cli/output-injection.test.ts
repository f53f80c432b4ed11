/**
 * Output injection (issue 8, class 7), through `runCli`: document text that carries terminal
 * escapes, line breaks, bidirectional overrides or CI workflow commands reaches no output
 * raw. Text formats and JSON are neutralised on every stream (JSON with `\u` escapes: the same
 * value); answers that embed documents verbatim (bundle, graphs) keep their exact bytes on a
 * pipe and are neutralised on a terminal.
 */
import { describe, expect, it } from 'vitest';
import { withVersions } from '../../src/mcp/tools/list-tasks.js';
import { buildBundle, formatJson, listTasks, loadWorkspace, renderDot, renderMermaid, selectGraph } from '../../src/core/index.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { testdir } from '../helpers/testdir.js';

function run(argv: string[], options: { tty?: boolean; cwd: string }) {
  return runInProcess(argv, options);
}

/** Characters a terminal or a log may act on (LF excepted: it ends our own lines). */
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Our own colour codes, which stay when colour is on. */
const OUR_COLOURS = /\x1b\[[\d;]*m/g;

/** A workflow command the GitHub runner would act on in this line. */
const isCommand = (line: string) => line.trimStart().startsWith('::') || line.includes('##[');

/**
 * A workspace whose values end up in diagnostics, titles and bundles: a `depends_on` that
 * forges a workflow command after a newline, an OSC 8 hyperlink, the legacy `##[` form,
 * link URLs with CSI, C1, U+2028 and a bidi override, a title with ESC/BEL/C1, file names
 * that start with `::`.
 */
function craftedWorkspace(): string {
  return testdir({
    'a.md': [
      '---',
      'id: A',
      'title: "Title\\e[2J\\a\\u009b31m\\u202e"',
      'type: "task\\e]0;pwned\\a"',
      'status: "todo\\u2028x"',
      'depends_on: ["X\\n::error file=a.md::forged", "Y\\e]8;;https://evil.example\\e\\\\click", "##[error]legacy", "Z\\r::warning::cr"]',
      '---',
      '[x](<./m\x1b[2J.md>) [y](./n.md#\u009bzz) [z](./o\u2028\u202e.md)',
      '',
    ].join('\n'),
    '::error::b.md': '---\nid: B\ntitle: b\n---\n[z](./nope.md)\n',
    ' ::warning title=x::c.md': '---\nid: C\ntitle: c\n---\n[z](./nope.md)\n',
    'e\x1b[31m.md': '---\nid: E\ntitle: e\n---\n[z](./nope.md)\n',
  });
}

describe('validate --format text', () => {
  it('shows every control visibly, one finding per line, no line a workflow command', async () => {
    const root = craftedWorkspace();
    const { code, stdout } = await run(['validate', root], { cwd: root });
    expect(code).toBe(1);
    expect(stdout).not.toMatch(RAW);
    const lines = stdout.split('\n');
    expect(lines.filter(isCommand)).toEqual([]);
    expect(stdout).toContain('`X\\n::error file=a.md::forged`');
    expect(stdout).toContain('`Y\\x1b]8;;https://evil.example\\x1b\\click`');
    expect(stdout).toContain('`Z\\r::warning::cr`');
    expect(stdout).toContain('\\x23#[error]legacy');
    expect(stdout).toContain('./m\\x1b[2J.md');
    expect(stdout).toContain('\\x9bzz');
    expect(stdout).toContain('./o\\u{2028}\\u{202e}.md');
    expect(lines).toContain('\\x3a:error::b.md:5  MD_LINK_BROKEN  link `./nope.md` is broken: `nope.md` does not exist; fix the path or add the file');
    expect(stdout).toMatch(/^ \\x3a:warning title=x::c\.md:5 {2}MD_LINK_BROKEN/m);
    expect(stdout).toMatch(/^e\\x1b\[31m\.md:5 {2}MD_LINK_BROKEN/m);
    const report = JSON.parse((await run(['validate', root, '--format', 'json'], { cwd: root })).stdout) as { errors: unknown[]; warnings: unknown[] };
    const findings = lines.filter((line) => / {2}[A-Z_]+ {2}/.test(line));
    expect(findings).toHaveLength(report.errors.length + report.warnings.length);
  });

  it('on a terminal, keeps only our own colour codes', async () => {
    const root = craftedWorkspace();
    const { stdout } = await run(['validate', root], { cwd: root, tty: true });
    expect(stdout).toContain('\x1b[31mLINK_BROKEN\x1b[0m');
    expect(stdout).toContain('\x1b[1m\\x3a:error::b.md:5\x1b[0m');
    expect(stdout.replace(OUR_COLOURS, '')).not.toMatch(RAW);
  });
});

describe('validate --format github', () => {
  it('only our own annotations are commands; controls visible; CR/LF as %0D/%0A', async () => {
    const root = craftedWorkspace();
    const { stdout } = await run(['validate', root, '--format', 'github'], { cwd: root });
    expect(stdout).not.toMatch(RAW);
    const lines = stdout.trimEnd().split('\n');
    const report = JSON.parse((await run(['validate', root, '--format', 'json'], { cwd: root })).stdout) as { errors: unknown[]; warnings: unknown[] };
    expect(lines).toHaveLength(report.errors.length + report.warnings.length + 1);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/^::(error|warning) file=[^:,]*(,line=\d+)?,title=[A-Z_]+::/);
    expect(lines.at(-1)).toMatch(/^DocuGraph: invalid/);
    expect(stdout).not.toContain('##[');
    expect(stdout).toContain('`X%0A::error file=a.md::forged`');
    expect(stdout).toContain('`Z%0D::warning::cr`');
    expect(stdout).toContain('`Y\\x1b]8;;https://evil.example\\x1b\\click`');
    expect(stdout).toContain('::error file=%3A%3Aerror%3A%3Ab.md,line=5,');
    expect(stdout).toContain('file=e\\x1b[31m.md,');
  });
});

describe('tasks --format text', () => {
  it('shows controls in ids, types, statuses and titles visibly', async () => {
    const root = craftedWorkspace();
    const { stdout } = await run(['tasks', '--format', 'text'], { cwd: root });
    expect(stdout).not.toMatch(RAW);
    // The display title's C0/C1 controls are already written visibly by the core (`\u001b`); the
    // table makes the rest (type, status, the bidi override) visible.
    // Its missing dependencies (the BLOCKED BY column) are made visible the same way.
    const row = stdout.split('\n').find((line) => line.startsWith('A '))!.replace(/ {2,}/g, '  ');
    expect(row).toBe(
      'A  task\\x1b]0;pwned\\x07  todo\\u{2028}x  blocked  \\x23#[error]legacy (missing), X\\n::error file=a.md::forged (missing), Y\\x1b]8;;https://evil.example\\x1b\\click (missing) +1 more  Title\\u001b[2J\\u0007\\u009b31m\\u{202e}',
    );
  });
});

describe('answers that embed documents verbatim', () => {
  it('context: the exact bundle on a pipe; controls visible on a terminal, line breaks kept', async () => {
    const root = craftedWorkspace();
    const bundle = buildBundle(loadWorkspace(root), { taskId: 'A' });
    expect(bundle).toMatch(/\x1b/);
    expect((await run(['context', 'A'], { cwd: root })).stdout).toBe(bundle);
    const tty = (await run(['context', 'A'], { cwd: root, tty: true })).stdout;
    expect(tty).not.toMatch(RAW);
    expect(tty).toContain('title: "Title\\e[2J\\a\\u009b31m\\u202e"');
    expect(tty).toContain('[x](<./m\\x1b[2J.md>)');
    expect(tty.split('\n')).toHaveLength(bundle.split('\n').length);
  });

  it('graph mermaid and dot: exact on a pipe, no C1 or bidi control on a terminal', async () => {
    const root = craftedWorkspace();
    const workspace = loadWorkspace(root);
    const view = selectGraph(workspace);
    for (const [format, exact] of [['mermaid', renderMermaid(workspace, view)], ['dot', renderDot(workspace, view)]] as const) {
      expect((await run(['graph', '--format', format], { cwd: root })).stdout, format).toBe(exact);
      const tty = (await run(['graph', '--format', format], { cwd: root, tty: true })).stdout;
      expect(tty, format).not.toMatch(RAW);
      expect(tty, format).toContain('u009b31m\\u{202e}');
    }
  });

  it('JSON (graph, tasks, impact, validate, sarif): the exact value, no raw control nor workflow command, on a pipe and on a terminal; the text of graph, tasks and impact on a terminal too', async () => {
    const root = craftedWorkspace();
    const workspace = loadWorkspace(root);
    const tasks = (await run(['tasks'], { cwd: root })).stdout;
    expect(JSON.parse(tasks)).toEqual({ tasks: withVersions(workspace, listTasks(workspace).tasks) });
    for (const argv of [['graph', '--format', 'json'], ['tasks', '--format', 'json'], ['impact', 'A', '--format', 'json'], ['validate', root, '--format', 'json'], ['validate', root, '--format', 'sarif']]) {
      const pipe = (await run(argv, { cwd: root })).stdout;
      const tty = (await run(argv, { cwd: root, tty: true })).stdout;
      for (const out of [pipe, tty]) {
        expect(out, argv.join(' ')).not.toMatch(RAW);
        expect(out.split('\n').filter(isCommand), argv.join(' ')).toEqual([]);
      }
      expect(JSON.parse(tty), argv.join(' ')).toEqual(JSON.parse(pipe));
    }
    // On a terminal, graph, tasks and impact print text: no raw control nor workflow command there either.
    for (const argv of [['graph'], ['tasks'], ['impact', 'A']]) {
      const tty = (await run(argv, { cwd: root, tty: true })).stdout;
      expect(tty, argv.join(' ')).not.toMatch(RAW);
      expect(tty.split('\n').filter(isCommand), argv.join(' ')).toEqual([]);
    }
    // The crafted values are there: a U+2028 in a status, a `##[` in an entry.
    expect(formatJson(listTasks(workspace))).toMatch(/\u2028/);
    expect(tasks).toContain('\\u0023#[error]legacy');
  });
});

describe('errors on stderr', () => {
  it('show the controls of an argument visibly', async () => {
    const root = craftedWorkspace();
    const { code, stderr } = await run(['context', 'NOPE\x1b[2J\n::error::x'], { cwd: root });
    expect(code).toBe(1);
    expect(stderr).not.toMatch(RAW);
    expect(stderr).toContain('NOPE\\x1b[2J\\n::error::x');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
