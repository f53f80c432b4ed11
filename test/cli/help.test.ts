/**
 * What `--help` and docs/cli.md say about each command (issue 37): every command's help ends
 * with examples that use only its own options and, where they only read, run on the demo; the
 * synopsis in docs/cli.md names every option of every command, and every choice of its
 * `--format`, so neither can fall behind the code.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/cli/context.js';
import { HELP_EXAMPLES } from '../../src/cli/help-examples.js';
import { buildProgram } from '../../src/cli/main.js';
import { fakeIo, noServer, runInProcess } from '../helpers/cli-in-process.js';
import { git } from '../helpers/git-repo.js';
import { DEMO, ROOT } from '../helpers/paths.js';
import { testdir } from '../helpers/testdir.js';

const program = buildProgram(createContext(fakeIo([], { cwd: DEMO }).io, () => {}), noServer);
const commands = program.commands.filter((c) => c.name() !== 'help');
/** Every long flag a command takes, with the global ones (`--workspace`, `--help`, `--version`). */
const flagsOf = (command: Command) => new Set([...command.options, ...program.options].map((o) => o.long!).concat('--help'));

/** Examples that only read, or write a copy: run on a copy of the demo in a git repository. */
const RUN = new Set(['validate', 'context', 'graph', 'impact', 'tasks', 'ready', 'init', 'review', 'done', 'start', 'reopen', 'diff', 'coverage', 'search']);

describe('each command\'s --help', () => {
  it('ends with examples, each of its own command and options only', async () => {
    expect(commands.map((c) => c.name()).sort()).toEqual(Object.keys(HELP_EXAMPLES).sort());
    for (const command of commands) {
      const help = await runInProcess([command.name(), '--help'], { cwd: DEMO });
      expect(help.code).toBe(0);
      const examples = HELP_EXAMPLES[command.name()]!;
      expect(help.stdout, command.name()).toContain(`\nExamples:\n${examples.map((line) => `  $ ${line}`).join('\n')}\n`);
      for (const line of examples) {
        const words = line.split(' ');
        expect(words.slice(0, 2), line).toEqual(['docugraph', command.name()]);
        for (const word of words.filter((w) => w.startsWith('--'))) expect(flagsOf(command).has(word), `${line}: ${word}`).toBe(true);
      }
    }
  });

  it('whose examples run on the demo (no usage error)', { timeout: 60_000 }, async () => {
    const root = testdir({});
    cpSync(DEMO, root, { recursive: true });
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, '-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'demo');
    git(root, 'update-ref', 'refs/remotes/origin/main', 'HEAD');
    for (const command of commands.filter((c) => RUN.has(c.name()))) {
      for (const line of HELP_EXAMPLES[command.name()]!) {
        const argv = line.split(' > ')[0]!.split(' ').slice(1);
        const run = await runInProcess(argv, { cwd: root });
        // 0 or 1 (findings, a stale --expect): never 2, a usage error.
        expect([0, 1], `${line}: ${run.stderr}`).toContain(run.code);
      }
    }
  });
});

describe('docs/cli.md\'s synopsis', () => {
  const text = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');
  // A line that starts with spaces continues the one above.
  const synopsis = /## Synopsis\n\n```text\n([\s\S]*?)```/.exec(text)![1]!.replace(/\n +/g, ' ').split('\n');
  const lineOf = (name: string) => synopsis.find((line) => new RegExp(`^docugraph \\[-w <dir>\\] (\\S+\\|)*${name}(\\|\\S+)* `).test(`${line} `));

  it('names every command, each of its options and every choice of its --format', () => {
    for (const command of commands) {
      const line = lineOf(command.name());
      expect(line, command.name()).toBeDefined();
      for (const option of command.options) {
        expect(line, `${command.name()} ${option.long}`).toContain(option.long!);
        if (option.long === '--format' && option.argChoices !== undefined) {
          const written = new RegExp(`--format (\\S+?)[\\]\\s]`).exec(line!)![1]!.split('|');
          expect(written.sort(), `${command.name()} --format`).toEqual([...option.argChoices].sort());
        }
      }
    }
  });
});
