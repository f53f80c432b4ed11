/**
 * Issue 57, other repositories as sources: `sources:` in docugraph.yml reads another
 * repository's checkout into this workspace's graph, its ids prefixed with the source's name
 * (`platform:REQ-12`); `docugraph.lock.json` pins each source's commit, and a source that moved
 * since is SOURCE_MOVED with what changed there and what here depends on it. The fixture
 * (test/fixtures/sources) and every expectation here are written by hand.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBundle, createRevisionCache, diffWorkspaces, loadIndexed, loadRevision, loadSources, loadWorkspace, openLiveWorkspace, pinSources, readConfig, readLockFile, recordReview, writeTaskState, type LoadedSources, type Workspace } from '../../src/core/index.js';
import { renameSync } from 'node:fs';
import { commitAll, commitFiles, git } from '../helpers/git-repo.js';
import { testdir } from '../helpers/testdir.js';
import { sourcePair, SOURCES_FIXTURE } from '../helpers/source-pair.js';
import { measureRatio, nearLinear } from '../helpers/complexity.js';

const FIXTURE = SOURCES_FIXTURE;
const ENV = { env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: '/nonexistent' } };

const pair = sourcePair;

async function load(root: string): Promise<{ workspace: Workspace; sources: LoadedSources }> {
  const sources = await loadSources(root, readConfig(root).config.sources, ENV);
  return { workspace: loadWorkspace(root, { sources }), sources };
}

const messages = (ws: Workspace) => ws.diagnostics.map((d) => `${d.path}:${d.line} ${d.code} ${d.message}`);

describe('another repository read as a source', () => {
  it('joins its documents and items to the graph under its name; references and links cross; its own findings stay its own', async () => {
    const { service } = pair();
    const { workspace: ws, sources } = await load(service);
    expect(messages(ws)).toEqual([]);
    expect(ws.ids).toEqual(['SVC-1', 'SVC-2', 'platform:REQ-12', 'platform:REQ-13', 'platform:auth/R1', 'platform:auth/R1.1', 'platform:auth/R1.2', 'platform:auth/T1', 'platform:auth/requirements', 'platform:auth/tasks']);
    expect(ws.relationsOut.get('platform:auth/T1')).toEqual([{ relation: 'implements', id: 'platform:auth/R1.2' }]);
    expect(ws.upstream.get('SVC-1')).toEqual(['platform:REQ-12']);
    expect(ws.upstream.get('platform:REQ-13')).toEqual(['platform:REQ-12']);
    expect(ws.relationsOut.get('SVC-1')).toEqual([{ relation: 'implements', id: 'platform:auth/R1.1' }]);
    expect(ws.nodes.get('platform:REQ-12')?.path).toBe('../platform/docs/req-12.md');
    expect(sources.sources).toMatchObject([{ state: 'ok', folder: '../platform', fileCount: 4, nodeCount: 8, pinned: null, moved: null }]);
    expect(sources.sources[0]!.commit).toBe(git(join(service, '../platform'), 'rev-parse', 'HEAD').trim());
    // A bundle crosses the boundary and says where each document comes from (its path in the checkout).
    const bundle = buildBundle(ws, { taskId: 'SVC-2' });
    const commit = sources.sources[0]!.commit!.slice(0, 12);
    expect(bundle).toContain(`- \`platform:REQ-12\` depth=2: required by \`SVC-1\` — from source \`platform\` at \`${commit}\`\n`);
    expect(bundle).toContain('- `SVC-1` depth=1: required by `SVC-2`\n');
    expect(bundle).toContain('### platform:REQ-12 — Tokens expire\npath: ../platform/docs/req-12.md\n');
    // Nothing in a source is ever written.
    expect(() => writeTaskState(ws, 'platform:auth/T1', 'done')).toThrow('`platform:auth/T1` is read from the source `platform` (`../platform/.kiro/specs/auth/tasks.md`), which DocuGraph never writes: change it in that repository');
    expect(readFileSync(join(service, '../platform/.kiro/specs/auth/tasks.md'), 'utf8')).toContain('- [ ] 1. Lock');
  });

  it('a kit task names a source’s item or document by its full id, in a label or in its line; prose, times and URLs name nothing', async () => {
    const { service, platform } = pair();
    writeFileSync(join(service, 'docugraph.yml'), 'kits: [kiro, speckit]\nsources:\n  platform: ../platform\n');
    mkdirSync(join(service, '.kiro/specs/login'), { recursive: true });
    writeFileSync(join(service, '.kiro/specs/login/tasks.md'), '- [ ] 1. Lock the account\n  - _Requirements: platform:auth/R1.2_\n  - _Depends: platform:auth/T1_\n');
    mkdirSync(join(service, 'specs/001-refresh'), { recursive: true });
    writeFileSync(join(service, 'specs/001-refresh/tasks.md'), '- [ ] T001 Refresh per platform:REQ-13. Note:later, at 10:30, see https://example.com/a:b and docs:x\n');
    const { workspace: ws } = await load(service);
    expect(messages(ws)).toEqual([]);
    expect(ws.relationsOut.get('login/T1')).toEqual([{ relation: 'implements', id: 'platform:auth/R1.2' }]);
    expect(ws.upstream.get('login/T1')).toEqual(['platform:auth/T1']);
    expect(ws.relationsOut.get('001-refresh/T001')).toEqual([{ relation: 'implements', id: 'platform:REQ-13' }]);
    // Each reference at its own line: a wrong one is reported where it is written.
    writeFileSync(join(service, '.kiro/specs/login/tasks.md'), '- [ ] 1. Lock the account\n  - Uses platform:auth/R1.2 and\n    platform:auth/R1.1\n  - then platform:auth/R9.9\n');
    expect(messages((await load(service)).workspace)).toEqual(['.kiro/specs/login/tasks.md:4 LINK_BROKEN login/T1 implements `platform:auth/R9.9` (written `platform:auth/R9.9`), which does not exist; did you mean `platform:auth/R1.1`?']);
    // The platform gone: what names it is no error (its SOURCE_MISSING says why).
    rmSync(platform, { recursive: true });
    expect(messages((await load(service)).workspace).map((m) => m.split(' ')[1])).toEqual(['SOURCE_MISSING']);
  });

  it('a link into the checkout to a file it does not hold is broken, and says which source', async () => {
    const { service } = pair();
    writeFileSync(join(service, 'svc-2.md'), '---\nid: SVC-2\ntitle: Refresh\n---\n\nSee [the rule](../platform/docs/req-31.md).\n');
    const { workspace: ws } = await load(service);
    expect(messages(ws)).toEqual(['svc-2.md:6 MD_LINK_BROKEN link `../platform/docs/req-31.md` is broken: the source `platform` has no Markdown file `../platform/docs/req-31.md`; fix the path']);
  });

  it('SOURCE_MISSING: one warning that says what to clone where; references into it are not errors', async () => {
    const { service, platform } = pair();
    rmSync(platform, { recursive: true });
    const { workspace: ws } = await load(service);
    expect(messages(ws)).toEqual([
      'docugraph.yml:2 SOURCE_MISSING the source `platform` is not at `../platform`: clone it there (`git clone -- https://example.com/acme/platform.git ../platform`), or change `sources.platform.path`; meanwhile its ids are not checked',
    ]);
    expect(ws.ids).toEqual(['SVC-1', 'SVC-2']);
    // A path a shell would split is quoted in the command to copy.
    writeFileSync(join(service, 'docugraph.yml'), 'sources:\n  platform:\n    path: ../my platform\n    url: git@example.com:acme/platform.git\n');
    expect(messages((await load(service)).workspace)[0]).toContain("(`git clone -- git@example.com:acme/platform.git '../my platform'`)");
  });

  it('refuses two sources of one folder, or one inside the other', async () => {
    const { service } = pair();
    writeFileSync(join(service, 'docugraph.yml'), 'sources:\n  a: ../platform\n  platform: ../platform/docs\n');
    const { workspace: ws } = await load(service);
    expect(messages(ws)).toEqual(['docugraph.yml:3 CONFIG_INVALID the source `platform` at `../platform/docs` overlaps another source\'s folder (`../platform`): each folder is read as one source — remove one of them']);
    expect(ws.ids.filter((id) => id.startsWith('a:'))).toHaveLength(8);
  });

  it('a link to a file the source does not read, but holds, is not broken', async () => {
    const { service, platform } = pair();
    writeFileSync(join(platform, 'docugraph.yml'), 'kits: [kiro]\nexclude: [notes/]\n');
    mkdirSync(join(platform, 'notes'));
    writeFileSync(join(platform, 'notes/draft.md'), '# Draft\n');
    writeFileSync(join(service, 'svc-3.md'), '---\nid: SVC-3\ntitle: Notes\n---\n\nSee [the draft](../platform/notes/draft.md) and [none](../platform/notes/gone.md).\n');
    expect(messages((await load(service)).workspace)).toEqual(['svc-3.md:6 MD_LINK_BROKEN link `../platform/notes/gone.md` is broken: the source `platform` has no Markdown file `../platform/notes/gone.md`; fix the path']);
  });

  it('refuses a source that is a symbolic link, or whose path goes through one, and one inside this workspace', async () => {
    const { service, platform } = pair();
    symlinkSync(platform, join(service, '..', 'linked'));
    rmSync(join(service, 'svc-2.md'));
    writeFileSync(join(service, 'docugraph.yml'), 'sources:\n  platform: ../linked\n');
    expect(messages((await load(service)).workspace)).toEqual(['docugraph.yml:2 CONFIG_INVALID the source `platform` at `../linked` is a symbolic link, which DocuGraph never follows: give the path of the real folder']);
    writeFileSync(join(service, 'docugraph.yml'), 'sources:\n  platform: ../linked/docs\n');
    expect(messages((await load(service)).workspace)).toEqual(['docugraph.yml:2 CONFIG_INVALID the path of the source `platform`, `../linked/docs`, goes through a symbolic link, which DocuGraph never follows: give the path of the real folder']);
    mkdirSync(join(service, 'vendor'));
    writeFileSync(join(service, 'docugraph.yml'), 'sources:\n  platform: vendor\n');
    expect(messages((await load(service)).workspace)).toEqual(['docugraph.yml:2 CONFIG_INVALID the source `platform` at `vendor` is inside this workspace, whose files are read already: list it under `roots:` if it is a package, or remove it from `sources:`']);
    writeFileSync(join(service, 'docugraph.yml'), 'sources:\n  platform: ..\n');
    expect(messages((await load(service)).workspace)[0]).toMatch(/the source `platform` at `\.\.` holds this workspace/);
  });

  it('a cycle across the two repositories (the platform names the service as its own source) is found, and reading stops there', async () => {
    const { service, platform } = pair();
    writeFileSync(join(platform, 'docugraph.yml'), 'kits: [kiro]\nsources:\n  service: ../service\n');
    writeFileSync(join(platform, 'docs/req-12.md'), '---\nid: REQ-12\ntitle: Tokens expire\ndepends_on: [service:SVC-1]\n---\n\nText.\n');
    const { workspace: ws } = await load(service);
    expect(messages(ws)).toEqual(['svc-1.md:4 LINK_CYCLE dependency cycle among SVC-1, platform:REQ-12: SVC-1 -> platform:REQ-12 -> SVC-1']);
  });

  it('read at a rev: the commit’s documents, not the working tree’s', async () => {
    const { service, platform } = pair();
    git(platform, 'tag', 'v1');
    commitFiles(platform, { 'docs/req-12.md': '---\nid: REQ-12\ntitle: Tokens expire sooner\n---\n\nThirty minutes.\n' });
    writeFileSync(join(platform, 'docs/req-12.md'), '---\nid: REQ-12\ntitle: Not committed\n---\n');
    writeFileSync(join(service, 'docugraph.yml'), 'sources:\n  platform:\n    path: ../platform\n    rev: v1\n');
    const { workspace: ws, sources } = await load(service);
    expect(ws.nodes.get('platform:REQ-12')?.title).toBe('Tokens expire');
    expect(sources.sources[0]!.commit).toBe(git(platform, 'rev-parse', 'v1').trim());
    writeFileSync(join(service, 'docugraph.yml'), 'sources:\n  platform:\n    path: ../platform\n    rev: nope\n');
    expect(messages((await load(service)).workspace)[0]).toMatch(/^docugraph\.yml:2 SOURCE_MISSING the source `platform` at `\.\.\/platform` cannot be read at `nope`: git does not know the revision/);
  });
});

describe('with the on-disk index', () => {
  it('a warm start takes the combined graph it kept only while every source is as it was', async () => {
    const { service, platform } = pair();
    const cache = { dir: testdir({}), version: 'test', log: () => {}, now: () => Date.now() + 10_000 };
    const start = async () => {
      const sources = await loadSources(service, readConfig(service).config.sources, { ...ENV, cache });
      const { workspace, saveIndex } = loadIndexed(service, { cache, sources });
      saveIndex();
      return { workspace, sources };
    };
    const cold = await start();
    const warm = await start();
    expect(warm.sources.key).toBe(cold.sources.key);
    expect(warm.workspace.upstream.get('platform:REQ-13')).toEqual(['platform:REQ-12']);
    // The platform's REQ-13 no longer depends on REQ-12: a graph kept from before would still say it does.
    writeFileSync(join(platform, 'docs/req-13.md'), '---\nid: REQ-13\ntitle: Tokens refresh\n---\n\nA client refreshes its token whenever it likes.\n');
    const moved = await start();
    expect(moved.sources.key).not.toBe(cold.sources.key);
    expect(moved.workspace.upstream.get('platform:REQ-13')).toEqual([]);
    expect(messages(moved.workspace)).toEqual([]);
    // The file svc-2.md links to goes away in the platform: the link verdict kept in the index is not taken.
    renameSync(join(platform, 'docs/req-13.md'), join(platform, 'docs/req-13b.md'));
    expect(messages((await start()).workspace)).toEqual(['svc-2.md:7 MD_LINK_BROKEN link `../platform/docs/req-13.md` is broken: the source `platform` has no Markdown file `../platform/docs/req-13.md`; fix the path']);
  });

  it('a revision read for since or diff with sources is never answered from before a source changed', async () => {
    const { service, platform } = pair();
    const cache = createRevisionCache();
    const read = async () => {
      const sources = await loadSources(service, readConfig(service).config.sources, ENV);
      const now = loadWorkspace(service, { sources });
      const then = await loadRevision(service, 'HEAD', { ...ENV, cache, sources });
      return diffWorkspaces(then.workspace, now, { base: { revision: 'HEAD', commit: then.commit }, head: { revision: null, commit: null } });
    };
    expect((await read()).documents.changed.count).toBe(0);
    // Not committed in the platform: its commit stays, what it holds does not.
    writeFileSync(join(platform, 'docs/req-12.md'), '---\nid: REQ-12\ntitle: Tokens expire sooner\n---\n\nFifteen minutes.\n');
    expect((await read()).documents.changed.count).toBe(0);
  });
});

describe('pinned like a lockfile', () => {
  it('a source beside this workspace in one repository: a commit that changes none of its documents moves no pin', async () => {
    const dir = testdir({});
    cpSync(FIXTURE, dir, { recursive: true });
    git(dir, 'init', '-q', '-b', 'main');
    commitAll(dir, 'both');
    const service = join(dir, 'service');
    pinSources(service, (await load(service)).sources, 'all');
    commitAll(dir, 'the pin');
    expect(messages((await load(service)).workspace)).toEqual([]);
    commitFiles(dir, { 'platform/docs/req-12.md': '---\nid: REQ-12\ntitle: Tokens expire\n---\n\nThirty minutes.\n' });
    expect(messages((await load(service)).workspace)[0]).toMatch(/SOURCE_MOVED .*0 documents added, 0 removed, 1 changed \(`platform:REQ-12`\); here, `SVC-1` depends on what changed/);
  });

  it('a live workspace follows the pin and the source’s commits', async () => {
    const { service, platform } = pair();
    pinSources(service, (await load(service)).sources, 'all');
    const live = openLiveWorkspace(service, { sources: () => loadSources(service, readConfig(service).config.sources, ENV) });
    const until = async (want: (ws: Workspace) => boolean): Promise<Workspace> => {
      const end = Date.now() + 8000;
      for (;;) {
        const ws = await live.snapshot();
        if (want(ws) || Date.now() > end) return ws;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const moved = (ws: Workspace) => ws.diagnostics.some((d) => d.code === 'SOURCE_MOVED');
    try {
      expect(moved(await live.snapshot())).toBe(false);
      commitFiles(platform, { 'docs/req-12.md': '---\nid: REQ-12\ntitle: Tokens expire\n---\n\nThirty minutes.\n' });
      expect(moved(await until(moved))).toBe(true);
      pinSources(service, (await load(service)).sources, 'all');
      expect(moved(await until((ws) => !moved(ws)))).toBe(false);
    } finally {
      live.close();
    }
  });

  it('pin records the commit; a moved source is SOURCE_MOVED with what changed and what here depends on it; pinning again clears it', async () => {
    const { service, platform } = pair();
    const first = (await load(service)).sources;
    const pinned = pinSources(service, first, 'all');
    const commit = git(platform, 'rev-parse', 'HEAD').trim();
    expect(pinned).toMatchObject({ pins: [{ name: 'platform', before: null, after: commit }], skipped: [], written: true });
    expect(readFileSync(join(service, 'docugraph.lock.json'), 'utf8')).toBe(`{\n  "version": 1,\n  "sources": {\n    "platform": {\n      "commit": "${commit}"\n    }\n  }\n}\n`);
    // A lock file that pins sources only leaves reviews off.
    expect((await load(service)).workspace.reviews.enabled).toBe(false);
    expect(messages((await load(service)).workspace)).toEqual([]);

    commitFiles(platform, { 'docs/req-12.md': '---\nid: REQ-12\ntitle: Tokens expire\n---\n\nA session token expires thirty minutes after it is issued.\n', 'docs/req-14.md': '---\nid: REQ-14\ntitle: Revocation\n---\n\nText.\n' });
    const moved = await load(service);
    const now = git(platform, 'rev-parse', 'HEAD').trim();
    expect(messages(moved.workspace)).toEqual([
      `docugraph.yml:2 SOURCE_MOVED the source \`platform\` is pinned to \`${commit.slice(0, 12)}\` in \`docugraph.lock.json\` but now resolves to \`${now.slice(0, 12)}\`: 1 document added (\`platform:REQ-14\`), 0 removed, 1 changed (\`platform:REQ-12\`); here, \`SVC-1\` depends on what changed — check it, then run \`docugraph sources pin platform\``,
    ]);
    expect(pinSources(service, moved.sources, ['platform'])).toMatchObject({ pins: [{ name: 'platform', before: commit, after: now }], written: true });
    expect(messages((await load(service)).workspace)).toEqual([]);
    expect(() => pinSources(service, moved.sources, ['billing'])).toThrow(/no source is named `billing`; `sources:` in docugraph.yml names `platform`/);
  });

  it('pinning keeps the reviews the lock file holds, and reviewing keeps the pins', async () => {
    const { service } = pair();
    const { workspace, sources } = await load(service);
    recordReview(workspace, ['SVC-1']);
    pinSources(service, sources, 'all');
    const lock = readLockFile(service).state;
    expect(lock.kind === 'ok' && [...lock.lock.reviewed.keys()]).toEqual(['SVC-1 -> platform:REQ-12', 'SVC-1 -> platform:auth/R1.1']);
    expect(lock.kind === 'ok' && [...lock.lock.sources.keys()]).toEqual(['platform']);
    recordReview((await load(service)).workspace, 'all');
    const after = readLockFile(service).state;
    expect(after.kind === 'ok' && after.lock.sources.size).toBe(1);
    expect((await load(service)).workspace.reviews.enabled).toBe(true);
  });

  it('a source whose checkout is not a git repository is read, and not pinned', async () => {
    const { service, platform } = pair();
    rmSync(join(platform, '.git'), { recursive: true });
    const { workspace: ws, sources } = await load(service);
    expect(messages(ws)).toEqual([]);
    expect(sources.sources[0]!.commit).toBeNull();
    expect(pinSources(service, sources, 'all')).toMatchObject({ pins: [], skipped: [{ name: 'platform', why: 'its checkout is not a git repository with a commit' }] });
  });
});

describe('near-linear in the number of sources', () => {
  it('n and 4n sources of twenty documents each: the combined load', async () => {
    const make = async (n: number): Promise<{ root: string; sources: LoadedSources }> => {
      const dir = testdir({});
      const lines = ['sources:'];
      for (let i = 0; i < n; i += 1) {
        const name = `s${i}`;
        mkdirSync(join(dir, name, 'docs'), { recursive: true });
        for (let d = 0; d < 20; d += 1) writeFileSync(join(dir, name, 'docs', `d${d}.md`), `---\nid: D${d}\ntitle: D${d}\ndepends_on: [${d === 0 ? '' : `D${d - 1}`}]\n---\nText ${d}, see [the first](d0.md).\n`);
        lines.push(`  ${name}: ../${name}`);
      }
      mkdirSync(join(dir, 'ws'));
      writeFileSync(join(dir, 'ws', 'docugraph.yml'), `${lines.join('\n')}\n`);
      writeFileSync(join(dir, 'ws', 'a.md'), `---\nid: A\ntitle: A\ndepends_on: [${Array.from({ length: n }, (_, i) => `s${i}:D19`).join(', ')}]\n---\n${Array.from({ length: n }, (_, i) => `[s${i}](../s${i}/docs/d1.md)`).join('\n')}\n`);
      const root = join(dir, 'ws');
      return { root, sources: await loadSources(root, readConfig(root).config.sources, ENV) };
    };
    const sizes = new Map([[10, await make(10)], [40, await make(40)]]);
    const r = measureRatio((n) => sizes.get(n)!, ({ root, sources }) => {
      const ws = loadWorkspace(root, { sources });
      expect(ws.diagnostics).toEqual([]);
      expect(ws.upstream.get('A')?.length).toBe(sources.sources.length);
    }, { start: 10, max: 40 });
    expect(nearLinear(r), r.summary).toBe(true);
  });
});
