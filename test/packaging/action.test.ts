/**
 * The GitHub Action (`action.yml`, composite): its `run:` steps executed as a runner executes
 * them — `bash --noprofile --norc -eo pipefail`, in the checkout (`GITHUB_WORKSPACE`), with
 * `GITHUB_ACTION_PATH` at this repository, a `GITHUB_OUTPUT` file per step, the inputs'
 * defaults, and `${{ … }}` expressions evaluated (only the forms the action uses; any other
 * fails the test) — on a checkout with broken documents and on one with valid documents.
 * DocuGraph itself comes from the packed tarball through the action's `package` input.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedTarball } from '../helpers/packed-tarball.js';
import { DEMO, FIXTURES, ROOT } from '../helpers/paths.js';

interface Step { id?: string; name: string; shell?: string; env?: Record<string, string>; run?: string; uses?: string }
interface Action {
  runs: { using: string; steps: Step[] };
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  outputs: Record<string, { description: string; value: string }>;
}
interface Run {
  /** The step that failed (the runner stops there), if one did. */
  failed?: { id: string; code: number };
  stdout: string;
  stderr: string;
  outputs: Record<string, Record<string, string>>;
  /** The action's own outputs. */
  action: Record<string, string>;
  /** What the steps wrote to the job summary. */
  summary: string;
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

/** Evaluates the `${{ … }}` expressions of a string; fails on a form the test does not model. */
function evaluate(text: string, context: { inputs: Record<string, string>; steps: Record<string, Record<string, string>> }): string {
  return text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expression: string) => {
    let match = /^inputs\.([\w-]+)$/.exec(expression);
    if (match) return context.inputs[match[1]!] ?? '';
    match = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (match) return context.steps[match[1]!]?.[match[2]!] ?? '';
    if (expression === 'github.action_path') return ROOT;
    throw new Error(`action.yml uses \${{ ${expression} }}, which this test does not evaluate`);
  });
}

/** Reads `name=value` lines (and `name<<DELIMITER` blocks) as the runner reads GITHUB_OUTPUT. */
function readOutputs(file: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([\w-]+)<<(.+)$/.exec(lines[i]!);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      outputs[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (lines[i]!.includes('=')) {
      const at = lines[i]!.indexOf('=');
      outputs[lines[i]!.slice(0, at)] = lines[i]!.slice(at + 1);
    }
  }
  return outputs;
}

/** How a test runs a job (all optional). */
interface Job {
  /** Only the step with this id. */
  only?: string;
  /**
   * A folder holding `docugraph-cli`, as scripts/action-cli.sh installs it: the job finds the
   * release already installed in its RUNNER_TEMP, as every step after the first does (one
   * `npm install` per test file instead of one per job).
   */
  installed?: string;
  /** A folder to move the job's own install (`docugraph-cli`) into, for the jobs after it. */
  keepInstall?: string;
}

/** Runs the action's steps in `checkout` with these inputs, as a runner would. */
function runAction(checkout: string, given: Record<string, string>, { only, installed, keepInstall }: Job = {}): Run {
  const inputs: Record<string, string> = {};
  for (const [name, input] of Object.entries(action.inputs)) inputs[name] = given[name] ?? input.default ?? '';
  const steps: Record<string, Record<string, string>> = {};
  const runnerTemp = mkdtempSync(join(tmpdir(), 'docugraph-runner-'));
  if (installed !== undefined) symlinkSync(join(installed, 'docugraph-cli'), join(runnerTemp, 'docugraph-cli'));
  const base: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !/^npm_/i.test(key)) base[key] = value;
  let stdout = '';
  let stderr = '';
  const summaryFile = join(runnerTemp, 'step-summary.md');
  const summary = () => (existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8') : '');
  try {
    for (const [index, step] of action.runs.steps.entries()) {
      const id = step.id ?? `__${index}`;
      if (only !== undefined && id !== only) continue;
      const script = join(runnerTemp, `${id}.sh`);
      const output = join(runnerTemp, `${id}.output`);
      writeFileSync(script, evaluate(step.run!, { inputs, steps }));
      const env: Record<string, string> = { ...base, CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: checkout, GITHUB_ACTION_PATH: ROOT, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summaryFile, RUNNER_TEMP: runnerTemp };
      for (const [key, value] of Object.entries(step.env ?? {})) env[key] = evaluate(value, { inputs, steps });
      const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd: checkout, env, encoding: 'utf8', timeout: 120_000 });
      stdout += run.stdout;
      stderr += run.stderr;
      steps[id] = readOutputs(output);
      if (run.status !== 0) return { failed: { id, code: run.status ?? -1 }, stdout, stderr, outputs: steps, action: {}, summary: summary() };
    }
    const outputs = Object.fromEntries(Object.entries(action.outputs).map(([name, o]) => [name, evaluate(o.value, { inputs, steps })]));
    return { stdout, stderr, outputs: steps, action: outputs, summary: summary() };
  } finally {
    if (keepInstall !== undefined && existsSync(join(runnerTemp, 'docugraph-cli'))) renameSync(join(runnerTemp, 'docugraph-cli'), join(keepInstall, 'docugraph-cli'));
    rmSync(runnerTemp, { recursive: true, force: true });
  }
}

describe('the GitHub Action', { timeout: 180_000 }, () => {
  let dir: string;
  let tarball: string;
  let installed: string;
  /** The job on broken documents, run first: see beforeAll. */
  let broken: { root: string; run: Run };

  beforeAll(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'docugraph-action-')));
    // The run's one `npm pack` of the project, shared with test/e2e/package.test.ts.
    ({ tarball } = await packedTarball());
    // The job on broken documents is a job of its own from the start: its first step that runs
    // DocuGraph installs it, with the action's own script. That install is kept for the jobs
    // below, which find it in their RUNNER_TEMP (a second `npm install` for them would run the
    // same script on the same tarball again). Its checks are the test's below.
    installed = join(dir, 'installed');
    mkdirSync(installed);
    const root = checkout('broken', join(FIXTURES, 'broken-md-link'));
    broken = { root, run: runAction(root, { workspace: 'docs', package: tarball }, { keepInstall: installed }) };
    // The install the jobs below run is this package's.
    const version = spawnSync(join(installed, 'docugraph-cli', 'node_modules', '.bin', 'docugraph'), ['--version'], { encoding: 'utf8' });
    expect(version.stdout, `${version.stderr ?? version.error}\n${broken.run.stdout}${broken.run.stderr}`).toBe(`${pkg.version}\n`);
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A checkout whose `docs/` folder is a copy of `source`. */
  function checkout(name: string, source: string): string {
    const root = join(dir, name);
    mkdirSync(root);
    cpSync(source, join(root, 'docs'), { recursive: true });
    return root;
  }

  it('is a composite action of bash steps, every input and output described', () => {
    expect(action.runs.using).toBe('composite');
    for (const step of action.runs.steps) expect(step).toMatchObject({ shell: 'bash', run: expect.any(String) as string });
    for (const input of Object.values(action.inputs)) expect(input.description.length).toBeGreaterThan(10);
    for (const output of Object.values(action.outputs)) expect(output.description.length).toBeGreaterThan(10);
  });

  it('runs the npm release of its own version unless told otherwise', () => {
    const run = runAction(checkout('resolve', DEMO), {}, { only: 'package' });
    expect(run.failed, run.stderr).toBeUndefined();
    expect(run.outputs['package']).toEqual({ spec: `docugraph@${pkg.version}` });
  });

  it('on broken documents: an annotation per finding on its line, SARIF written, the job fails', () => {
    // Run in beforeAll, installing DocuGraph itself.
    const { root, run } = broken;
    expect(run.failed).toEqual({ id: 'validate', code: 1 });
    expect(run.stdout).toContain('::error file=docs/doc-a.md,line=12,title=MD_LINK_BROKEN::link `./missing.md` is broken');
    expect(run.stdout).toContain('::warning file=docs/doc-b.md,line=15,title=MD_ANCHOR_BROKEN::');
    expect(run.outputs['validate']).toEqual({ 'sarif-file': 'docugraph.sarif' });
    const sarif = JSON.parse(readFileSync(join(root, 'docugraph.sarif'), 'utf8')) as { version: string; runs: { results: { ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[] }[] };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0]!.results.map((r) => [r.ruleId, r.level, r.locations[0]!.physicalLocation.artifactLocation.uri, r.locations[0]!.physicalLocation.region.startLine])).toEqual([
      ['MD_LINK_BROKEN', 'error', 'docs/doc-a.md', 12],
      ['MD_ANCHOR_BROKEN', 'warning', 'docs/doc-b.md', 15],
    ]);
  });

  it('on valid documents: the job passes, with an empty SARIF report as its output', () => {
    const root = checkout('valid', DEMO);
    const run = runAction(root, { workspace: 'docs', package: tarball }, { installed });
    expect(run.failed, run.stdout + run.stderr).toBeUndefined();
    expect(run.stdout).not.toContain('::error');
    expect(run.action).toEqual({ 'sarif-file': 'docugraph.sarif', 'view-dir': '' });
    const sarif = JSON.parse(readFileSync(join(root, 'docugraph.sarif'), 'utf8')) as { runs: { results: unknown[] }[] };
    expect(sarif.runs[0]!.results).toEqual([]);
  });

  it('with view-dir: the graph as a static page, written even when validation fails', () => {
    const root = checkout('view', join(FIXTURES, 'broken-md-link'));
    const run = runAction(root, { workspace: 'docs', package: tarball, 'view-dir': 'site' }, { installed });
    expect(run.failed).toEqual({ id: 'validate', code: 1 });
    expect(run.outputs['view']).toEqual({ 'view-dir': 'site' });
    const html = readFileSync(join(root, 'site', 'index.html'), 'utf8');
    expect(html).toContain('<meta name="docugraph-mode" content="static">');
    expect(html).toContain('MD_LINK_BROKEN');
  });

  it("strict: 'true' fails on warnings; an empty sarif-file writes none", () => {
    const root = checkout('strict', join(FIXTURES, 'broken-md-link'));
    rmSync(join(root, 'docs', 'doc-a.md'));
    const lenient = runAction(root, { workspace: 'docs', package: tarball, 'sarif-file': '' }, { installed });
    expect(lenient.failed, lenient.stdout + lenient.stderr).toBeUndefined();
    expect(lenient.stdout).toContain('::warning file=docs/doc-b.md,line=15,title=MD_ANCHOR_BROKEN::');
    expect(lenient.action).toEqual({ 'sarif-file': '', 'view-dir': '' });
    expect(existsSync(join(root, 'docugraph.sarif'))).toBe(false);
    const strict = runAction(root, { workspace: 'docs', package: tarball, strict: 'true', 'sarif-file': '' }, { installed });
    expect(strict.failed).toEqual({ id: 'validate', code: 1 });
  });

  it('with diff-base on a pull request that changes REQ-01: an annotation on every document built on it, and a job summary', () => {
    const root = checkout('pull-request', DEMO);
    const env = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' }).trim();
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const baseSha = git('rev-parse', 'HEAD');
    const req = join(root, 'docs/docs/requirements/REQ-01-create-project.md');
    writeFileSync(req, readFileSync(req, 'utf8').replace('A project has a name,', 'A project has a unique name,'));
    git('commit', '-q', '-am', 'REQ-01: names are unique');
    const run = runAction(root, { workspace: 'docs', package: tarball, 'diff-base': baseSha, 'sarif-file': '' }, { installed });
    expect(run.failed, run.stdout + run.stderr).toBeUndefined();
    const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::warning') && line.includes('title=Re-read'));
    expect(annotations.map((line) => /file=([^,]+)/.exec(line)![1])).toEqual([
      'docs/docs/tasks/backend/BE-01-projects-table.md',
      'docs/docs/tasks/backend/BE-02-create-project-endpoint.md',
      'docs/docs/tasks/backend/BE-03-list-projects.md',
      'docs/docs/tasks/backend/BE-04-archive-project.md',
      'docs/docs/tasks/frontend/FE-01-new-project-form.md',
    ]);
    expect(annotations[1]).toBe('::warning file=docs/docs/tasks/backend/BE-02-create-project-endpoint.md,title=Re-read BE-02::BE-02 builds on REQ-01 (changed): re-read BE-02 against it');
    expect(run.summary.split('\n')[0]).toBe(`**DocuGraph**, ${baseSha.slice(0, 12)} → the working tree: documents: 1 changed; 5 documents to re-read; 0 findings introduced, 0 fixed.`);
    expect(run.summary).toContain('| BE-02 | POST /v1/projects endpoint | 1 | REQ-01 | docs/tasks/backend/BE-02-create-project-endpoint.md |');
  });

  it('with diff-base in a shallow clone: fails, saying to fetch the history', () => {
    const origin = checkout('shallow-origin', DEMO);
    const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' }, encoding: 'utf8' }).trim();
    git(origin, 'init', '-q', '-b', 'main');
    git(origin, 'add', '-A');
    git(origin, 'commit', '-q', '-m', 'base');
    git(origin, 'commit', '-q', '--allow-empty', '-m', 'head');
    const root = join(dir, 'shallow');
    git(dir, 'clone', '-q', '--depth', '1', `file://${origin}`, root);
    const run = runAction(root, { workspace: 'docs', package: tarball, 'diff-base': 'HEAD~1' }, { installed });
    expect(run.failed).toEqual({ id: 'diff', code: 2 });
    expect(run.stderr).toContain('`HEAD~1` is not in this shallow clone: fetch more history (`git fetch --unshallow`, or `fetch-depth: 0` on actions/checkout in GitHub Actions).');
  });

  it('a workspace that is not a folder of the checkout fails with an annotation saying what to set', () => {
    const run = runAction(checkout('typo', DEMO), { workspace: 'doc', package: tarball }, { installed });
    expect(run.failed).toEqual({ id: 'validate', code: 2 });
    expect(run.stdout).toMatch(/^::error title=DocuGraph::`doc` is not a folder of the checkout; set the action's workspace input/m);
  });
});
