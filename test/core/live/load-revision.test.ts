/**
 * TRACE §4: a revision's workspace — the same answers as a load of the same files from disk,
 * each revision with its own configuration and lock file — and the cache of commits loaded.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, createRevisionCache, listTasks, loadRevision, loadWorkspace, readConfig } from '../../../src/core/index.js';
import { CLI_ENV, commitFiles, gitRepo } from '../../helpers/git-repo.js';
import { doc } from '../../helpers/testdir.js';

const git = { env: CLI_ENV };

describe('loadRevision', () => {
  it('gives what a load of the same files from disk gives: report, documents, lock file', async () => {
    const root = gitRepo({
      'docugraph.yml': 'fields:\n  dependsOn: [requires]\n',
      'docs/req.md': doc({ id: 'REQ-01', title: 'Projects' }, 'See [the guide](guide.md#install) and [gone](missing.md).\n'),
      'docs/guide.md': '# Guide\n\n## Install\n',
      'docs/be.md': doc({ id: 'BE-02', title: 'Endpoint', requires: ['REQ-01', 'REQ-09'] }),
      'docs/drafts/x.md': doc({ id: 'X-1' }),
      '.docugraphignore': 'docs/drafts/\n',
      'docugraph.lock.json': '{\n  "version": 1,\n  "reviewed": {\n    "BE-02 -> REQ-01": "0000000000000000"\n  }\n}\n',
      'node_modules/pkg/readme.md': doc({ id: 'NM-1' }),
    });
    const fromDisk = loadWorkspace(root);
    const { workspace } = await loadRevision(root, 'HEAD', git);
    expect(buildReport(workspace)).toEqual(buildReport(fromDisk));
    expect(listTasks(workspace)).toEqual(listTasks(fromDisk));
    expect(workspace.files).toEqual(fromDisk.files);
    expect(buildReport(workspace).warnings.map((d) => d.code)).toContain('LINK_SUSPECT');
  });

  it('reads each revision with its own docugraph.yml; a workspace folder the revision lacks is empty', async () => {
    const root = gitRepo({ 'README.md': '# r\n' });
    commitFiles(root, { 'docs/a.md': doc({ id: 'A', title: 'A', requires: ['B'] }), 'docs/b.md': doc({ id: 'B', title: 'B' }) });
    commitFiles(root, { 'docs/docugraph.yml': 'fields:\n  dependsOn: [requires]\n' });
    const docs = join(root, 'docs');
    expect((await loadRevision(docs, 'HEAD~2', git)).workspace.ids).toEqual([]);
    expect((await loadRevision(docs, 'HEAD~1', git)).workspace.edgeCount).toBe(0);
    expect((await loadRevision(docs, 'HEAD', git)).workspace.edgeCount).toBe(1);
  });

  it('with a configuration given, reads a revision that has none, or another, with it, and says which', async () => {
    const root = gitRepo({ 'a.md': doc({ id: 'A', title: 'A', requires: ['B'], status: 'moved' }), 'b.md': doc({ id: 'B', title: 'B', status: 'draft' }) });
    writeFileSync(join(root, 'docugraph.yml'), 'fields:\n  dependsOn: [requires]\nstatus:\n  dropped: [moved]\n');
    const today = readConfig(root);
    const without = await loadRevision(root, 'HEAD', { ...git, config: today });
    expect(without.replacedConfig).toBe('absent');
    expect(without.config).toBe(today);
    expect(without.workspace.edgeCount).toBe(1);
    // Its status words too: `moved` is dropped, as today.
    expect(without.workspace.states.get('A')!.state).toBe('dropped');
    expect(buildReport(without.workspace)).toEqual(buildReport(loadWorkspace(root)));
    // Its own, when asked: no configuration, no dependency.
    const own = await loadRevision(root, 'HEAD', git);
    expect([own.replacedConfig, own.workspace.edgeCount, own.config.found]).toEqual([null, 0, false]);
    // The same meaning in other words (a comment) is its own; another meaning is replaced.
    commitFiles(root, { 'docugraph.yml': '# ours\nfields:\n  dependsOn: [requires]\nstatus:\n  dropped: [moved]\n' });
    expect((await loadRevision(root, 'HEAD', { ...git, config: today })).replacedConfig).toBe(null);
    commitFiles(root, { 'docugraph.yml': 'fields:\n  dependsOn: [depends_on]\n' });
    const other = await loadRevision(root, 'HEAD', { ...git, config: today });
    expect([other.replacedConfig, other.workspace.edgeCount]).toEqual(['different', 1]);
  });

  it('reads the status words of its own configuration', async () => {
    const root = gitRepo({ 'docugraph.yml': 'status:\n  done: [shipped]\n', 'a.md': doc({ id: 'A', title: 'A', status: 'shipped' }) });
    expect((await loadRevision(root, 'HEAD', git)).workspace.states.get('A')!.state).toBe('done');
  });

  it('a cache loads each commit once', async () => {
    const root = gitRepo({ 'a.md': doc({ id: 'A', title: 'A' }) });
    const cache = createRevisionCache();
    const first = await loadRevision(root, 'HEAD', { ...git, cache });
    expect((await loadRevision(root, 'main', { ...git, cache })).workspace).toBe(first.workspace);
    writeFileSync(join(root, 'a.md'), doc({ id: 'A', title: 'A2' }));
    commitFiles(root, {});
    const next = await loadRevision(root, 'HEAD', { ...git, cache });
    expect(next.commit).not.toBe(first.commit);
    expect(next.workspace.nodes.get('A')!.title).toBe('A2');
  });
});
