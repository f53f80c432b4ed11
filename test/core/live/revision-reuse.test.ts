/**
 * `diff` at the cost of what changed (issue 56): a revision read beside the work tree's load
 * takes that load's analysis of every file whose blob is the bytes that load read (it hashes
 * them as git names blobs), and reads the rest — and every answer is byte-identical to reading
 * the revision whole. A load without `blobIds` lends nothing.
 */
import { writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, diffWorkspaces, formatJson, loadRevision, loadWorkspace, readConfig } from '../../../src/core/index.js';
import { MAX_FILE_BYTES } from '../../../src/core/read/read-bytes.js';
import { CLI_ENV, commitFiles, gitRepo } from '../../helpers/git-repo.js';
import { doc } from '../../helpers/testdir.js';
import { editedUnderHeadings } from '../../helpers/edited-headings.js';

const git = { env: CLI_ENV };

function repository(): string {
  const root = gitRepo({
    'docs/req.md': doc({ id: 'REQ-01', title: 'Projects' }, 'See [install](guide.md#install).\n'),
    'docs/guide.md': '# Guide\n\n## Install\n\nRun it.\n',
    'docs/be.md': doc({ id: 'BE-02', title: 'Endpoint', depends_on: ['REQ-01'] }),
    'docs/fe.md': doc({ id: 'FE-01', title: 'Form', depends_on: ['BE-02'] }),
    'docs/old.md': doc({ id: 'OLD-1', title: 'Old' }),
  });
  commitFiles(root, { 'docs/be.md': doc({ id: 'BE-02', title: 'Endpoint v2', depends_on: ['REQ-01'] }) });
  // The work tree: an edited file, a deleted one, a new one, and an anchor that moved under an unchanged link.
  writeFileSync(join(root, 'docs/guide.md'), '# Guide\n\n## Setup\n\nRun it.\n');
  rmSync(join(root, 'docs/old.md'));
  writeFileSync(join(root, 'docs/new.md'), doc({ id: 'NEW-1', title: 'New', depends_on: ['FE-01'] }));
  return root;
}

describe('a revision beside the work tree', () => {
  it('gives the same workspace, report and diff as reading it whole; unchanged files are the load\'s', async () => {
    const root = repository();
    const today = loadWorkspace(root, { blobIds: true });
    const config = readConfig(root);
    for (const base of ['HEAD', 'HEAD~1']) {
      const whole = await loadRevision(root, base, { ...git, config });
      const reused = await loadRevision(root, base, { ...git, config, reuse: today });
      expect(formatJson(buildReport(reused.workspace))).toBe(formatJson(buildReport(whole.workspace)));
      expect(reused.workspace.ids).toEqual(whole.workspace.ids);
      for (const id of whole.workspace.ids) expect(reused.workspace.nodes.get(id), `${base} ${id}`).toEqual(whole.workspace.nodes.get(id));
      const sides = { base: { revision: base, commit: whole.commit }, head: { revision: null, commit: null } };
      expect(formatJson(diffWorkspaces(reused.workspace, today, sides))).toBe(formatJson(diffWorkspaces(whole.workspace, today, sides)));
    }
    // At HEAD, the file the work tree left as it is comes from the load; the edited one was read again.
    const head = (await loadRevision(root, 'HEAD', { ...git, config, reuse: today })).workspace;
    expect(head.nodes.get('FE-01')).toBe(today.nodes.get('FE-01'));
    expect(head.nodes.get('REQ-01')).toBe(today.nodes.get('REQ-01'));
    expect(head.nodes.get('OLD-1')).toBeDefined();
    // The unchanged link to the anchor the work tree moved is broken today, not at HEAD.
    expect(buildReport(today).warnings.map((d) => d.code)).toEqual(['MD_ANCHOR_BROKEN']);
    expect(buildReport(head).warnings).toEqual([]);
    // At HEAD~1 BE-02 differs from the work tree's: read from the revision.
    const older = (await loadRevision(root, 'HEAD~1', { ...git, config, reuse: today })).workspace;
    expect(older.nodes.get('BE-02')!.title).toBe('Endpoint');
  });

  it('a file too large to read in the revision is the same finding whether the revision is read whole or beside the work tree (sizes asked for only the blobs read)', async () => {
    const big = `${doc({ id: 'BIG-1', title: 'Big' })}${'x'.repeat(MAX_FILE_BYTES)}\n`;
    const root = gitRepo({ 'docs/big.md': big, 'docs/a.md': doc({ id: 'A-1', title: 'A' }) });
    // The work tree's copy differs (smaller), so the revision's blob must be looked at.
    writeFileSync(join(root, 'docs/big.md'), doc({ id: 'BIG-1', title: 'Big, cut down' }));
    const today = loadWorkspace(root, { blobIds: true });
    const config = readConfig(root);
    const whole = await loadRevision(root, 'HEAD', { ...git, config });
    const reused = await loadRevision(root, 'HEAD', { ...git, config, reuse: today });
    expect(formatJson(buildReport(reused.workspace))).toBe(formatJson(buildReport(whole.workspace)));
    expect(buildReport(whole.workspace).errors.concat(buildReport(whole.workspace).warnings).map((d) => [d.code, d.path])).toContainEqual(['FILE_UNREADABLE', 'docs/big.md']);
    expect(reused.workspace.nodes.get('A-1')).toBe(today.nodes.get('A-1'));
  });

  it('keeps a link\'s verdict only where nothing it looked at differs: an anchor added, a file added, a README added', async () => {
    const root = gitRepo({
      'docs/a.md': doc({ id: 'A', title: 'A' }, 'See [b](b.md#later), [c](c.md), [dir](dir/#intro), and [ok](ok.md).\n'),
      'docs/b.md': '# B\n\n## Now\n',
      'docs/dir/x.md': '# X\n',
      'docs/ok.md': '# OK\n',
    });
    // The work tree: the anchor, the file and the README the links want appear; the rest as it was.
    writeFileSync(join(root, 'docs/b.md'), '# B\n\n## Now\n\n## Later\n');
    writeFileSync(join(root, 'docs/c.md'), '# C\n');
    writeFileSync(join(root, 'docs/dir/README.md'), '# Dir\n\n## Intro\n');
    const today = loadWorkspace(root, { blobIds: true });
    expect(buildReport(today).warnings).toEqual([]);
    const config = readConfig(root);
    const whole = await loadRevision(root, 'HEAD', { ...git, config });
    const reused = await loadRevision(root, 'HEAD', { ...git, config, reuse: today });
    // At HEAD the anchor, the file and the README are not there: every link that wanted them is broken, as read whole.
    expect(formatJson(buildReport(reused.workspace))).toBe(formatJson(buildReport(whole.workspace)));
    const report = buildReport(reused.workspace);
    expect([...report.errors, ...report.warnings].map((d) => d.code).sort()).toEqual(['MD_ANCHOR_BROKEN', 'MD_ANCHOR_BROKEN', 'MD_LINK_BROKEN']);
  });

  it('a file whose bytes differ but not its anchors changes no verdict on a link into it; its line count does, for a file that links to a line', async () => {
    // Other bytes under the same headings (b.md), a shorter file (c.md), a renamed heading (d.md).
    const root = editedUnderHeadings();
    const today = loadWorkspace(root, { blobIds: true });
    const codes = (ws: typeof today) => [...buildReport(ws).errors, ...buildReport(ws).warnings].map((d) => [d.code, d.path, d.message.includes('#L4')]);
    // Today the line and y.md's anchor are not there; x.md's missing anchor is broken on both sides.
    expect(codes(today)).toEqual([['MD_ANCHOR_BROKEN', 'docs/a.md', true], ['MD_ANCHOR_BROKEN', 'docs/x.md', false], ['MD_ANCHOR_BROKEN', 'docs/y.md', false]]);
    const config = readConfig(root);
    const whole = await loadRevision(root, 'HEAD', { ...git, config });
    const reused = await loadRevision(root, 'HEAD', { ...git, config, reuse: today });
    // At HEAD c.md has five lines and d.md its old heading: a.md's and y.md's links hold there (checked again, not the work tree's verdicts).
    expect(codes(whole.workspace)).toEqual([['MD_ANCHOR_BROKEN', 'docs/x.md', false]]);
    expect(formatJson(buildReport(reused.workspace))).toBe(formatJson(buildReport(whole.workspace)));
    const sides = { base: { revision: 'HEAD', commit: whole.commit }, head: { revision: null, commit: null } };
    expect(formatJson(diffWorkspaces(reused.workspace, today, sides))).toBe(formatJson(diffWorkspaces(whole.workspace, today, sides)));
  });

  it('a broken link\'s "did you mean" is the revision\'s: kept while both hold the same files, checked again when a file came or went', async () => {
    const root = gitRepo({
      'docs/a.md': doc({ id: 'A', title: 'A' }, 'See [setup](setpu.md).\n'),
      'docs/setup.md': '# Setup\n',
      'docs/b.md': doc({ id: 'B', title: 'B' }),
    });
    const config = readConfig(root);
    // An edit only: the same files, so the same suggestion, kept.
    writeFileSync(join(root, 'docs/b.md'), doc({ id: 'B', title: 'B v2' }));
    let today = loadWorkspace(root, { blobIds: true });
    let whole = await loadRevision(root, 'HEAD', { ...git, config });
    let reused = await loadRevision(root, 'HEAD', { ...git, config, reuse: today });
    expect(formatJson(buildReport(reused.workspace))).toBe(formatJson(buildReport(whole.workspace)));
    expect(buildReport(reused.workspace).errors.map((d) => d.message)).toEqual([expect.stringContaining("did you mean `setup.md`")]);
    // The same files: the work tree's assembly patched with the one file that differs — the same nodes, graph and states.
    expect(reused.workspace.ids).toEqual(whole.workspace.ids);
    for (const id of whole.workspace.ids) expect(reused.workspace.nodes.get(id), id).toEqual(whole.workspace.nodes.get(id));
    expect([...reused.workspace.states]).toEqual([...whole.workspace.states]);
    expect(reused.workspace.nodes.get('A')).toBe(today.nodes.get('A'));
    // A closer file in the work tree: today's suggestion names it, the revision's must not.
    writeFileSync(join(root, 'docs/setpu2.md'), '# Typo\n');
    today = loadWorkspace(root, { blobIds: true });
    expect(buildReport(today).errors.map((d) => d.message)).toEqual([expect.stringContaining("did you mean `setpu2.md`")]);
    whole = await loadRevision(root, 'HEAD', { ...git, config });
    reused = await loadRevision(root, 'HEAD', { ...git, config, reuse: today });
    expect(formatJson(buildReport(reused.workspace))).toBe(formatJson(buildReport(whole.workspace)));
    expect(buildReport(reused.workspace).errors.map((d) => d.message)).toEqual([expect.stringContaining("did you mean `setup.md`")]);
  });

  it('read with another configuration than the load\'s, reuses nothing and still answers the same', async () => {
    const root = repository();
    const today = loadWorkspace(root, { blobIds: true });
    const own = await loadRevision(root, 'HEAD', git);
    const mixed = await loadRevision(root, 'HEAD', { ...git, reuse: today });
    expect(formatJson(buildReport(mixed.workspace))).toBe(formatJson(buildReport(own.workspace)));
    expect(mixed.workspace.nodes.get('FE-01')).not.toBe(today.nodes.get('FE-01'));
    // A load that kept no blob ids lends nothing either.
    const plain = loadWorkspace(root);
    const config = readConfig(root);
    const head = (await loadRevision(root, 'HEAD', { ...git, config, reuse: plain })).workspace;
    expect(head.nodes.get('FE-01')).not.toBe(plain.nodes.get('FE-01'));
    expect(formatJson(buildReport(head))).toBe(formatJson(buildReport(own.workspace)));
  });

  it('hashes what it read as git does: a file\'s blob id is the one git gives it', async () => {
    const root = repository();
    const { execFileSync } = await import('node:child_process');
    const expected = execFileSync('git', ['hash-object', 'docs/fe.md'], { cwd: root, encoding: 'utf8', env: CLI_ENV }).trim();
    const { blobId } = await import('../../../src/core/model/read-files.js');
    const { readFileSync } = await import('node:fs');
    expect(blobId(readFileSync(join(root, 'docs/fe.md')))).toBe(expected);
  });
  it('a kit reference resolved by another item\'s text (`FR-039c` by FR-039\'s clause (c)) is the revision\'s, though the citing file is the same', async () => {
    const spec = (clauses: string) => `# Spec\n\n- **FR-039**: The screens MUST meet four conditions: ${clauses}.\n`;
    const root = gitRepo({ 'docugraph.yml': 'kits: [speckit]\n', 'specs/001-access/spec.md': spec('(a) keyboard'), 'specs/001-access/tasks.md': '- [ ] T137 Label `field.tsx` (FR-039c).\n' });
    writeFileSync(join(root, 'specs/001-access/spec.md'), spec('(a) keyboard, (c) labels'));
    const today = loadWorkspace(root, { blobIds: true });
    expect(today.relationsOut.get('001-access/T137')).toEqual([{ relation: 'implements', id: '001-access/FR-039' }]);
    const config = readConfig(root);
    const whole = await loadRevision(root, 'HEAD', { ...git, config });
    const reused = await loadRevision(root, 'HEAD', { ...git, config, reuse: today });
    expect(whole.workspace.relationsOut.get('001-access/T137')).toBeUndefined();
    expect(reused.workspace.relationsOut.get('001-access/T137')).toBeUndefined();
    expect(formatJson(buildReport(reused.workspace))).toBe(formatJson(buildReport(whole.workspace)));
    expect(buildReport(reused.workspace).errors.map((d) => d.nodeId)).toEqual(['001-access/T137']);
  });
});
