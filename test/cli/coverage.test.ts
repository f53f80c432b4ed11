/**
 * `docugraph coverage` (TRACE §5): the table in each format, `--strict`, and a workspace with no
 * coverage rules; `impact` lists the tagged source lines.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { DEMO } from '../helpers/paths.js';
import { doc, testdir } from '../helpers/testdir.js';

const run = (cwd: string, ...argv: string[]) => runInProcess(argv, { cwd });

const root = () =>
  testdir({
    'docugraph.yml': 'trace:\n  sources: [src/]\ncoverage:\n  requirement: [implements, verifies]\n',
    'r1.md': doc({ id: 'REQ-01', title: 'One', type: 'requirement' }),
    'r2.md': doc({ id: 'REQ-02', title: 'Two', type: 'requirement' }),
    'src/a.ts': '// docugraph: implements REQ-01, REQ-02\n// docugraph: verifies REQ-01\n',
  });

describe('docugraph coverage', () => {
  it('prints the table and the uncovered documents as text, JSON or Markdown; --strict fails on a gap', async () => {
    const dir = root();
    expect(await run(dir, 'coverage')).toEqual({
      code: 0,
      stdout: 'TYPE         RELATION    COVERED  TOTAL  %\nrequirement  implements        2      2  100%\nrequirement  verifies          1      2  50%\n\nNot covered:\n  REQ-02  nothing verifies it  r2.md\n',
      stderr: '',
    });
    const json = await run(dir, 'coverage', '--format', 'json');
    expect(JSON.parse(json.stdout)).toEqual({
      coverage: [
        { type: 'requirement', relation: 'implements', covered: 2, total: 2 },
        { type: 'requirement', relation: 'verifies', covered: 1, total: 2 },
      ],
      missing: [{ id: 'REQ-02', type: 'requirement', relation: 'verifies', path: 'r2.md' }],
    });
    expect((await run(dir, 'coverage', '--format', 'markdown')).stdout).toBe(
      '| type | relation | covered | total | % |\n|---|---|---:|---:|---:|\n| requirement | implements | 2 | 2 | 100% |\n| requirement | verifies | 1 | 2 | 50% |\n\n**Not covered** (1):\n\n- REQ-02 (requirement): nothing verifies it — r2.md\n',
    );
    expect((await run(dir, 'coverage', '--strict')).code).toBe(1);
    expect((await run(dir, 'validate', '--strict')).code).toBe(1);
    expect((await run(dir, 'validate')).stdout).toContain('r2.md  COVERAGE_MISSING  REQ-02 has nothing that verifies it (coverage: requirement needs implements, verifies)');
  });

  it('the demo is covered: exit 0 with --strict', async () => {
    const result = await run(DEMO, 'coverage', '--strict');
    expect(result).toEqual({ code: 0, stdout: 'TYPE         RELATION    COVERED  TOTAL  %\nrequirement  implements        1      1  100%\nrequirement  verifies          1      1  100%\n', stderr: '' });
  });

  it('without coverage rules it is a usage error that says what to add', async () => {
    const result = await run(testdir({ 'a.md': doc({ id: 'A', title: 'A' }), 'docugraph.yml': 'requireId: false\n' }), 'coverage');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^docugraph: docugraph.yml has no coverage rules; add some, e.g. `coverage: \{ requirement: \[implements, verifies\] \}`/);
    // With no docugraph.yml at all: says there is none, and how to write one (issue 37).
    const bare = testdir({ 'a.md': doc({ id: 'A', title: 'A' }) });
    const none = await run(bare, 'coverage');
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      `docugraph: there is no docugraph.yml in ${bare}, where coverage rules are set: run \`docugraph init\` to write one, then add rules, e.g. \`coverage: { requirement: [implements, verifies] }\`, and \`trace: { sources: ["src/**"] }\` for the tags in your code.\n`,
    );
  });

  it('impact lists the source lines tagged with the document and what it affects', async () => {
    const result = await run(root(), 'impact', 'REQ-01', '--format', 'text');
    expect(result.stdout).toBe('Nothing depends on REQ-01.\n\nCode to look at (2 lines tagged in the sources):\n  src/a.ts:1  implements  REQ-01\n  src/a.ts:2  verifies    REQ-01\n');
  });
});

describe('TRACE_BROKEN in CI formats', () => {
  it('is annotated on the source file as the checkout names it, when the workspace is a folder of the repository', async () => {
    const repo = testdir({ 'docs/req.md': doc({ id: 'REQ-01', title: 'R' }), 'docs/docugraph.yml': 'trace:\n  sources: ["src/**"]\n', 'src/a.ts': '// docugraph: implements REQ-1\n' });
    mkdirSync(join(repo, '.git'));
    const github = await runInProcess(['validate', 'docs', '--format', 'github'], { cwd: repo, env: { GITHUB_WORKSPACE: repo } });
    expect(github.stdout).toMatch(/^::warning file=src\/a\.ts,line=1,title=TRACE_BROKEN::/m);
    const sarif = JSON.parse((await runInProcess(['validate', 'docs', '--format', 'sarif'], { cwd: repo, env: { GITHUB_WORKSPACE: repo } })).stdout) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    expect(sarif.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri).toBe('src/a.ts');
  });
});
