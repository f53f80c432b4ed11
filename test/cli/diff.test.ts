/**
 * `docugraph diff` (TRACE §4) in real temporary git repositories: what it reports for added,
 * removed, changed, moved, renamed and re-statused documents, a changed docugraph.yml, a
 * workspace the base does not have, exit codes, and the git errors it explains (shallow clone,
 * unknown revision, a revision starting with `-`, no repository).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WorkspaceDiff } from '../../src/core/index.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { CLI_ENV, commitFiles, git, gitRepo } from '../helpers/git-repo.js';
import { doc, testdir } from '../helpers/testdir.js';

const REQ = doc({ id: 'REQ-01', title: 'Projects', status: 'approved' }, 'A project has a name.\n');
const BE = doc({ id: 'BE-02', title: 'Endpoint', status: 'todo', depends_on: ['REQ-01'] }, 'Build it.\n');
const FE = doc({ id: 'FE-01', title: 'Form', status: 'todo', depends_on: ['BE-02'] }, 'Draw it.\n');

function base(): string {
  return gitRepo({ 'docs/req.md': REQ, 'docs/be.md': BE, 'docs/fe.md': FE });
}

async function diff(root: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; json: WorkspaceDiff | null }> {
  const result = await runInProcess(['diff', ...args], { cwd: root, env: CLI_ENV });
  let json: WorkspaceDiff | null = null;
  if (args.includes('json')) json = JSON.parse(result.stdout) as WorkspaceDiff;
  return { ...result, json };
}

const ids = (list: { items: readonly { id: string }[] }) => list.items.map((item) => item.id);

describe('docugraph diff: what changed', () => {
  it('a changed body: the document is changed, and what builds on it is to re-read, with depth and because', async () => {
    const root = base();
    writeFileSync(join(root, 'docs/req.md'), REQ.replace('a name', 'a unique name'));
    const { code, json, stderr } = await diff(root, 'HEAD', '--format', 'json');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const commit = git(root, 'rev-parse', 'HEAD').trim();
    expect(json).toEqual({
      base: { revision: 'HEAD', commit },
      head: { revision: null, commit: null },
      documents: {
        added: { count: 0, items: [] },
        removed: { count: 0, items: [] },
        changed: { count: 1, items: [{ id: 'REQ-01', title: 'Projects', path: 'docs/req.md' }] },
        moved: { count: 0, items: [] },
        statusChanged: { count: 0, items: [] },
      },
      edges: { added: { count: 0, items: [] }, removed: { count: 0, items: [] } },
      impact: {
        count: 2,
        items: [
          { id: 'BE-02', title: 'Endpoint', path: 'docs/be.md', depth: 1, because: ['REQ-01'] },
          { id: 'FE-01', title: 'Form', path: 'docs/fe.md', depth: 2, because: ['REQ-01'] },
        ],
      },
      diagnostics: { introduced: { count: 0, items: [] }, fixed: { count: 0, items: [] } },
    });
  });

  it('a status or another frontmatter key alone changes no document, and impacts nothing', async () => {
    const root = base();
    writeFileSync(join(root, 'docs/req.md'), REQ.replace('approved', 'draft').replace('title: Projects', 'title: Projects\nowner: ana'));
    const { json } = await diff(root, 'HEAD', '--format', 'json');
    expect(json!.documents.changed.count).toBe(0);
    expect(json!.documents.statusChanged.items).toEqual([{ id: 'REQ-01', from: 'approved', to: 'draft' }]);
    expect(json!.impact.count).toBe(0);
  });

  it('added, removed, moved and renamed documents, and the edges that came and went', async () => {
    const root = base();
    commitFiles(root, { 'docs/qa.md': doc({ id: 'QA-01', title: 'Checks', depends_on: ['REQ-01'] }) });
    // Moved (same text), renamed id (removed + added), removed, added.
    mkdirSync(join(root, 'docs/tasks'));
    renameSync(join(root, 'docs/be.md'), join(root, 'docs/tasks/be.md'));
    writeFileSync(join(root, 'docs/fe.md'), FE.replace('id: FE-01', 'id: FE-10'));
    git(root, 'rm', '-q', 'docs/qa.md');
    writeFileSync(join(root, 'docs/ops.md'), doc({ id: 'OPS-01', title: 'Deploy', depends_on: ['BE-02'] }));
    const { json } = await diff(root, 'HEAD', '--format', 'json');
    const d = json!.documents;
    expect([ids(d.added), ids(d.removed), ids(d.changed)]).toEqual([['FE-10', 'OPS-01'], ['FE-01', 'QA-01'], []]);
    expect(d.moved.items).toEqual([{ id: 'BE-02', from: 'docs/be.md', to: 'docs/tasks/be.md' }]);
    expect(json!.edges.added.items).toEqual([
      { from: 'FE-10', to: 'BE-02', relation: 'depends_on' },
      { from: 'OPS-01', to: 'BE-02', relation: 'depends_on' },
    ]);
    expect(json!.edges.removed.items).toEqual([
      { from: 'FE-01', to: 'BE-02', relation: 'depends_on' },
      { from: 'QA-01', to: 'REQ-01', relation: 'depends_on' },
    ]);
    // Added and removed documents impact nothing here: nothing builds on them.
    expect(json!.impact.count).toBe(0);
  });

  it('a removed document impacts what built on it in the base, when that still exists', async () => {
    const root = base();
    git(root, 'rm', '-q', 'docs/req.md');
    const { json, code } = await diff(root, 'HEAD', '--format', 'json');
    expect(json!.impact.items.map((i) => [i.id, i.depth, i.because])).toEqual([
      ['BE-02', 1, ['REQ-01']],
      ['FE-01', 2, ['REQ-01']],
    ]);
    // BE-02's entry now names no document: a LINK_BROKEN error the change introduces (exit 1).
    expect(json!.diagnostics.introduced.items.map((i) => [i.code, i.nodeId])).toEqual([['LINK_BROKEN', 'BE-02']]);
    expect(code).toBe(1);
  });

  it('typed relations: their edges are compared with their relation, and impact follows implements, verifies and refines', async () => {
    const root = base();
    writeFileSync(join(root, 'docs/qa.md'), doc({ id: 'QA-01', title: 'Tests', verifies: ['BE-02'], related: ['REQ-01'] }));
    commitFiles(root, {});
    writeFileSync(join(root, 'docs/qa.md'), doc({ id: 'QA-01', title: 'Tests', verifies: ['BE-02'], refines: ['REQ-01'] }));
    writeFileSync(join(root, 'docs/be.md'), BE.replace('Build it.', 'Build it well.'));
    const { json } = await diff(root, 'HEAD', '--format', 'json');
    expect(json!.edges.added.items).toEqual([{ from: 'QA-01', to: 'REQ-01', relation: 'refines' }]);
    expect(json!.edges.removed.items).toEqual([{ from: 'QA-01', to: 'REQ-01', relation: 'related' }]);
    expect(json!.impact.items.map((i) => [i.id, i.depth, i.because])).toEqual([
      ['FE-01', 1, ['BE-02']],
      ['QA-01', 1, ['BE-02']],
    ]);
  });

  it('with --old-config, loads each side with its own docugraph.yml', async () => {
    const root = gitRepo({ 'req.md': REQ, 'be.md': doc({ id: 'BE-02', title: 'Endpoint', requires: ['REQ-01'] }) });
    writeFileSync(join(root, 'docugraph.yml'), 'fields:\n  dependsOn: [requires]\n');
    const { json, stderr } = await diff(root, 'HEAD', '--format', 'json', '--old-config');
    expect(stderr).toBe('');
    expect(json!.edges.added.items).toEqual([{ from: 'BE-02', to: 'REQ-01', relation: 'depends_on' }]);
    // The base reads `requires` as an unknown key; the working tree as BE-02's dependencies.
    expect(json!.documents.changed.count).toBe(0);
  });

  it('right after init (docugraph.yml not committed): the base is read with today\'s, and stderr says so', async () => {
    // An EIP repository: ids under `eip:`, dependencies under `requires:` as a comma list, `Moved` stubs.
    const root = gitRepo({
      'EIPS/eip-1.md': doc({ eip: '1', title: 'Purpose', status: 'Living' }),
      'EIPS/eip-20.md': doc({ eip: '20', status: 'Moved' }, 'Moved to the ERCs repository.\n'),
      'EIPS/eip-1559.md': doc({ eip: '1559', title: 'Fee market', status: 'Draft', requires: '1, 20' }),
    });
    writeFileSync(join(root, 'docugraph.yml'), 'fields:\n  id: eip\n  dependsOn: [requires]\n  separator: ","\nstatus:\n  dropped: [moved]\n');
    const { json, stderr, code } = await diff(root, 'HEAD~0', '--format', 'json');
    expect(stderr).toBe("docugraph: HEAD~0 has no docugraph.yml: both sides are read with today's (the working tree's), so only the documents' changes show (--old-config reads HEAD~0 with its own).\n");
    expect(code).toBe(0);
    expect(json!.documents.added.count + json!.documents.removed.count + json!.edges.added.count).toBe(0);
    expect(json!.diagnostics.introduced.count + json!.diagnostics.fixed.count).toBe(0);
    // The old behaviour: every document added, each of their findings introduced.
    const old = await diff(root, 'HEAD~0', '--format', 'json', '--old-config');
    expect(old.stderr).toBe('');
    expect(ids(old.json!.documents.added)).toEqual(['1', '1559', '20']);
    expect(old.json!.diagnostics.introduced.count).toBeGreaterThan(0);
  });

  it('a base whose docugraph.yml says something else is read with the head\'s (--head), and stderr says so', async () => {
    const root = gitRepo({ 'docugraph.yml': 'fields:\n  dependsOn: [depends_on]\n', 'req.md': REQ, 'be.md': doc({ id: 'BE-02', title: 'Endpoint', requires: ['REQ-01'] }) });
    commitFiles(root, { 'docugraph.yml': 'fields:\n  dependsOn: [requires]\n' });
    const { json, stderr } = await diff(root, 'HEAD~1', '--head', 'HEAD', '--format', 'json');
    expect(stderr).toBe("docugraph: HEAD~1's docugraph.yml differs from HEAD's: both sides are read with HEAD's, so only the documents' changes show (--old-config reads HEAD~1 with its own).\n");
    expect(json!.edges.added.count).toBe(0);
    expect((await diff(root, 'HEAD~1', '--head', 'HEAD', '--format', 'json', '--old-config')).json!.edges.added.count).toBe(1);
  });

  it('a workspace folder the base does not have: every document is added', async () => {
    const root = gitRepo({ 'README.md': '# Repo\n' });
    mkdirSync(join(root, 'specs'));
    writeFileSync(join(root, 'specs/req.md'), REQ);
    const { json, code } = await diff(root, 'HEAD', '--format', 'json', '--workspace', 'specs');
    expect(code).toBe(0);
    expect(ids(json!.documents.added)).toEqual(['REQ-01']);
    expect(json!.documents.added.items[0]!.path).toBe('req.md');
  });

  it('never follows a symbolic link in the tree: a linked Markdown file is no document at either side', async () => {
    const root = gitRepo({ 'docs/req.md': REQ, 'docs/alias.md': { symlink: 'req.md' }, 'outside.md': doc({ id: 'OUT-1', title: 'Out' }), 'docs/far.md': { symlink: '../outside.md' } });
    writeFileSync(join(root, 'docs/req.md'), REQ.replace('a name', 'a unique name'));
    const { json } = await diff(root, 'HEAD', '--format', 'json', '--workspace', 'docs');
    expect(ids(json!.documents.changed)).toEqual(['REQ-01']);
    expect(json!.documents.added.count + json!.documents.removed.count).toBe(0);
    expect(json!.diagnostics.introduced.count + json!.diagnostics.fixed.count).toBe(0);
  });

  it('compares two revisions with --head, whatever the working tree holds', async () => {
    const root = base();
    commitFiles(root, { 'docs/req.md': REQ.replace('a name', 'a unique name') });
    writeFileSync(join(root, 'docs/be.md'), 'not even frontmatter\n');
    const { json } = await diff(root, 'HEAD~1', '--head', 'HEAD', '--format', 'json');
    expect(json!.head.revision).toBe('HEAD');
    expect(ids(json!.documents.changed)).toEqual(['REQ-01']);
    expect(ids(json!.impact)).toEqual(['BE-02', 'FE-01']);
  });

  it('--fail-on-impact exits 1 when something is to re-read', async () => {
    const root = base();
    writeFileSync(join(root, 'docs/req.md'), REQ.replace('a name', 'a unique name'));
    const plain = await diff(root, 'HEAD');
    expect(plain.code).toBe(0);
    // Not a terminal: JSON by default.
    expect((JSON.parse(plain.stdout) as WorkspaceDiff).impact.count).toBe(2);
    expect((await diff(root, 'HEAD', '--fail-on-impact')).code).toBe(1);
    writeFileSync(join(root, 'docs/req.md'), REQ);
    expect((await diff(root, 'HEAD', '--fail-on-impact')).code).toBe(0);
  });
});

describe('docugraph diff: formats', () => {
  it('text, markdown and github name what to re-read and why; github writes the job summary', async () => {
    const root = base();
    writeFileSync(join(root, 'docs/req.md'), REQ.replace('a name', 'a unique name'));
    const commit = git(root, 'rev-parse', 'HEAD').trim().slice(0, 12);
    expect((await diff(root, 'HEAD', '--format', 'text')).stdout).toBe(
      `HEAD (${commit}) → the working tree: documents: 1 changed; 2 documents to re-read; 0 findings introduced, 0 fixed\n` +
        '\nRe-read (2)\n  BE-02  depth 1, because REQ-01 changed  docs/be.md\n  FE-01  depth 2, because REQ-01 changed  docs/fe.md\n' +
        '\nChanged (1)\n  REQ-01  docs/req.md\n',
    );
    const markdown = (await diff(root, 'HEAD', '--format', 'markdown')).stdout;
    expect(markdown.split('\n').slice(0, 7)).toEqual([
      `**DocuGraph**, HEAD (${commit}) → the working tree: documents: 1 changed; 2 documents to re-read; 0 findings introduced, 0 fixed.`,
      '',
      '### Re-read (2)',
      '',
      '| document | title | depth | because | path |',
      '|---|---|---|---|---|',
      '| BE-02 | Endpoint | 1 | REQ-01 | docs/be.md |',
    ]);
    const summary = join(testdir({}), 'summary.md');
    const github = await runInProcess(['diff', 'HEAD', '--format', 'github'], { cwd: root, env: { ...CLI_ENV, GITHUB_STEP_SUMMARY: summary, GITHUB_WORKSPACE: root } });
    expect(github.stdout).toBe(
      '::warning file=docs/be.md,title=Re-read BE-02::BE-02 builds on REQ-01 (changed): re-read BE-02 against it\n' +
        '::warning file=docs/fe.md,title=Re-read FE-01::FE-01 builds on REQ-01 (changed): re-read FE-01 against it\n' +
        'DocuGraph: documents: 1 changed; 2 documents to re-read; 0 findings introduced, 0 fixed\n',
    );
    expect(readFileSync(summary, 'utf8')).toBe(`${markdown}\n`);
    const sarif = JSON.parse((await diff(root, 'HEAD', '--format', 'sarif')).stdout) as { runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    expect(sarif.runs[0]!.results.map((r) => [r.ruleId, r.locations[0]!.physicalLocation.artifactLocation.uri])).toEqual([
      ['DOC_IMPACTED', 'docs/be.md'],
      ['DOC_IMPACTED', 'docs/fe.md'],
    ]);
  });

  it('escapes values from documents in every format', async () => {
    const root = gitRepo({ 'req.md': REQ, 'be.md': doc({ id: 'BE-02', title: '"x | *y* <b> [z](u)"', depends_on: ['REQ-01'] }) });
    writeFileSync(join(root, 'req.md'), REQ.replace('a name', 'a unique name'));
    expect((await diff(root, 'HEAD', '--format', 'markdown')).stdout).toContain('| BE-02 | x \\| \\*y\\* &lt;b&gt; \\[z\\](u) | 1 |');
  });
});

describe('docugraph diff: git errors, explained (exit 2)', () => {
  it('an unknown revision', async () => {
    const result = await diff(base(), 'no-such-branch');
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toBe('docugraph: git does not know the revision `no-such-branch`: check its name, or fetch it first (e.g. `git fetch origin main`).\n');
  });

  it('a repository with no commit yet: says so, not to fetch (issue 37)', async () => {
    const root = testdir({ 'a.md': REQ });
    git(root, 'init', '-q');
    const result = await diff(root, 'HEAD');
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toBe('docugraph: the repository has no commit yet, so `HEAD` names nothing to compare with: commit the documents first (`git add -A && git commit`), then compare with that commit.\n');
  });

  it('a revision that starts with `-` never reaches git', async () => {
    const result = await diff(base(), '--', '--output=/tmp/x');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('docugraph: `--output=/tmp/x` is not a revision: a revision is a branch, tag or commit such as `main` or `HEAD~1`, and never starts with `-`.\n');
  });

  it('a revision that is not a commit', async () => {
    const root = base();
    const blob = git(root, 'rev-parse', 'HEAD:docs/req.md').trim();
    expect((await diff(root, blob)).stderr).toBe(`docugraph: \`${blob}\` is not a commit; pass a branch, tag or commit.\n`);
  });

  it('a shallow clone that lacks the base: says to fetch the history (fetch-depth: 0)', async () => {
    const origin = base();
    commitFiles(origin, { 'docs/req.md': REQ.replace('a name', 'a unique name') });
    const clone = join(testdir({}), 'clone');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${origin}`, clone], { env: CLI_ENV, stdio: 'ignore' });
    const result = await diff(clone, 'HEAD~1');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('docugraph: `HEAD~1` is not in this shallow clone: fetch more history (`git fetch --unshallow`, or `fetch-depth: 0` on actions/checkout in GitHub Actions).\n');
  });

  it('a folder outside any repository', async () => {
    const root = testdir({ 'a.md': REQ });
    const result = await diff(root, 'HEAD');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`docugraph: \`${root}\` is not inside a git repository; run this in a clone, or pass --workspace with a folder of one.\n`);
  });

  it('no git on PATH', async () => {
    const result = await runInProcess(['diff', 'HEAD'], { cwd: base(), env: { PATH: testdir({}) } });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('docugraph: git is not installed (or not on PATH): DocuGraph reads revisions with it; install git.\n');
  });
});
