/**
 * TRACE §4: a revision's workspace — the same answers as a load of the same files from disk,
 * each revision with its own configuration and lock file — and the cache of commits loaded.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReport, createRevisionCache, listTasks, loadRevision, loadWorkspace } from '../../../src/core/index.js';
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
