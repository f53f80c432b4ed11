/**
 * Every example in docs/getting-started.md, docs/document-model.md, docs/cli.md, docs/repositories.md, docs/tracing.md, docs/kits.md and docs/monorepos.md runs as written: the files of a
 * section are written into an empty folder (setup scripts run with `sh`), each `$ docugraph …`
 * command runs through the CLI (`$ cd dir` moves to a folder for the next ones), and what it
 * prints must be what the page shows.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/main.js';
import { matchesTranscript, readExamples, type ExampleSection } from './helpers/doc-examples.js';
import { DEMO, ROOT } from './helpers/paths.js';
import { testdir } from './helpers/testdir.js';

const PAGES = ['docs/getting-started.md', 'docs/document-model.md', 'docs/cli.md', 'docs/repositories.md', 'docs/tracing.md', 'docs/kits.md', 'docs/monorepos.md'];

/** Runs `docugraph argv…` in `cwd` and returns what a terminal would show and the exit code. */
async function docugraph(argv: readonly string[], cwd: string): Promise<{ output: string; code: number | null }> {
  let output = '';
  const stream = { write: (text: string) => (output += text), isTTY: false };
  const code = await runCli({ argv, env: {}, cwd, stdout: stream, stderr: stream }, () => {
    throw new Error('the examples never start the server');
  });
  return { output, code };
}

async function runSection(page: string, section: ExampleSection): Promise<void> {
  let cwd = section.ownFolder ? testdir({}) : DEMO;
  for (const step of section.steps) {
    if (step.kind === 'file') {
      mkdirSync(dirname(join(cwd, step.path)), { recursive: true });
      writeFileSync(join(cwd, step.path), step.content);
    } else if (step.kind === 'written') {
      // Exact, but where the page writes `…` (a line that names this machine's paths).
      const written = readFileSync(join(cwd, step.path), 'utf8');
      if (!matchesTranscript(step.content, written) || written.endsWith('\n') !== step.content.endsWith('\n')) expect(written, `${page}:${step.line}: \`${step.path}\` holds something else`).toBe(step.content);
    } else if (step.kind === 'sh') {
      execFileSync('sh', ['-c', step.script], { cwd, stdio: 'ignore' });
    } else if (step.argv[0] === 'cd' && step.argv.length === 2 && step.expected === '') {
      cwd = resolve(cwd, step.argv[1]!);
    } else {
      expect(step.argv[0], `${page}:${step.line}: examples run \`docugraph\` (or \`cd\`)`).toBe('docugraph');
      // The demo is the repository's own: an example that writes belongs in a section with its own folder.
      expect(section.ownFolder || step.argv[1] !== 'init', `${page}:${step.line}: \`init\` runs in a folder of its own`).toBe(true);
      const { output } = await docugraph(step.argv.slice(1), cwd);
      if (!matchesTranscript(step.expected, output)) {
        expect(output.replace(/\n+$/, ''), `${page}:${step.line}: \`${step.argv.join(' ')}\` printed something else`).toBe(step.expected);
      }
    }
  }
}

describe('documentation examples', () => {
  for (const page of PAGES) {
    const sections = readExamples(readFileSync(join(ROOT, page), 'utf8'));
    it(`${page} has examples to run`, () => {
      expect(sections.length).toBeGreaterThan(3);
    });
    for (const section of sections) {
      it(`${page} — ${section.heading}`, () => runSection(page, section));
    }
  }
});

describe('the transcript matcher', () => {
  it('matches exact lines, `…` inside a line, and a `…` line for any number of lines', () => {
    expect(matchesTranscript('a\nb', 'a\nb\n')).toBe(true);
    expect(matchesTranscript('a\nb', 'a\nc')).toBe(false);
    expect(matchesTranscript('path: …/x.md', 'path: /tmp/q/x.md')).toBe(true);
    expect(matchesTranscript('a\n…\nz', 'a\nz')).toBe(true);
    expect(matchesTranscript('a\n…\nz', 'a\nb\nc\nz')).toBe(true);
    expect(matchesTranscript('a\n…\nz', 'a\nb\nc')).toBe(false);
    expect(matchesTranscript('x (1.0)', 'x (100)')).toBe(false);
  });
});
