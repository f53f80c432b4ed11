/**
 * The live index (issue 9): after any sequence of changes, a refresh with the paths a watcher
 * would report — or with `all`, as the fallback does — gives exactly what a fresh load of the
 * same disk gives, on every answer.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBundle, buildReport, DocugraphError, listTasks, loadWorkspace, type Workspace } from '../../../src/core/index.js';
import { createWorkspaceIndex } from '../../../src/core/live/workspace-index.js';
import { doc, testdir } from '../../helpers/testdir.js';

/** Every answer a workspace gives, as one string. */
function answers(ws: Workspace): string {
  const out = [JSON.stringify(buildReport(ws)), JSON.stringify(listTasks(ws)), JSON.stringify(listTasks(ws, { query: 't1' })), ws.files.join(',')];
  // The node map as iterated (its order is part of the snapshot), and as looked up.
  out.push(JSON.stringify([...ws.nodes].map(([id, node]) => [id, node.path, node.title, node.text])));
  out.push(JSON.stringify(ws.ids.map((id) => ws.nodes.get(id)?.title)));
  for (const id of ws.ids) {
    try {
      out.push(buildBundle(ws, { taskId: id }));
    } catch (error) {
      out.push((error as DocugraphError).code);
    }
  }
  return out.join('\n');
}

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DIRS = ['', 'docs', 'docs/specs', 'tasks', 'drafts', 'tasks/sub'];

/** Applies one random change to the disk, whose documents are `existing`; returns the paths a watcher would report. */
function mutate(root: string, existing: readonly string[], next: () => number, counter: { n: number }): string[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const ids = existing.map((_, i) => `D-${i}`);
  const body = () => {
    const target = existing.length > 0 && next() < 0.7 ? pick(existing) : 'nowhere/missing.md';
    const anchor = next() < 0.3 ? '#heading-one' : '';
    return `# Heading one\n\nSee [t](/${target}${anchor}) and [x](./gone.md).\n`;
  };
  const write = (path: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    const deps = ids.length > 0 ? [pick(ids), next() < 0.2 ? 'MISSING-1' : pick(ids)] : [];
    writeFileSync(join(root, path), doc({ id: next() < 0.1 && ids.length > 0 ? pick(ids) : `D-${counter.n++}`, title: `t${counter.n}`, depends_on: deps }, body()));
  };
  const kind = next();
  if (kind < 0.15 && existing.length > 0) {
    const path = pick(existing);
    write(path);
    return [path];
  }
  if (kind < 0.3 && existing.length > 0) {
    // An edit that keeps the id: the title, the body, sometimes the dependencies.
    const path = pick(existing);
    const id = /^id: (.*)$/m.exec(readFileSync(join(root, path), 'utf8'))?.[1] ?? `D-${counter.n++}`;
    const deps = next() < 0.5 ? (/^depends_on: .*$/m.exec(readFileSync(join(root, path), 'utf8'))?.[0] ?? '') : `depends_on: [${pick(ids)}]`;
    writeFileSync(join(root, path), `---\nid: ${id}\ntitle: edited ${counter.n++}\n${deps}\n---\n${body()}`);
    return [path];
  }
  if (kind < 0.5 || existing.length === 0) {
    const dir = pick(DIRS);
    const path = `${dir === '' ? '' : `${dir}/`}f${counter.n}.md`;
    const created = dirCreated(root, path);
    write(path);
    return [path, ...created];
  }
  if (kind < 0.6) {
    const path = pick(existing);
    unlinkSync(join(root, path));
    return [path];
  }
  if (kind < 0.7) {
    const from = pick(existing);
    const to = `${pick(DIRS.filter((d) => existsDir(root, d)))}/r${counter.n++}.md`.replace(/^\//, '');
    renameSync(join(root, from), join(root, to));
    return [from, to];
  }
  if (kind < 0.77) {
    const dir = pick(['docs/specs', 'tasks/sub', 'drafts']);
    if (!existsDir(root, dir)) return [];
    const to = `${dir}-moved${counter.n++}`;
    renameSync(join(root, dir), join(root, to));
    return [dir, to];
  }
  if (kind < 0.82) {
    const dir = pick(['tasks/sub', 'drafts', 'docs/specs']);
    rmSync(join(root, dir), { recursive: true, force: true });
    return [dir];
  }
  if (kind < 0.9) {
    writeFileSync(join(root, '.docugraphignore'), pick(['drafts/\n', '', 'tasks/sub/\n*.tmp.md\n', 'docs/specs/\n']));
    return ['.docugraphignore'];
  }
  // An atomic save: write a temporary file, then rename it over the document.
  const path = pick(existing);
  const temp = `${path}.tmp`;
  writeFileSync(join(root, temp), doc({ id: `D-${counter.n++}`, title: 'saved' }, body()));
  renameSync(join(root, temp), join(root, path));
  return [temp, path];
}

function existsDir(root: string, dir: string): boolean {
  try {
    return dir === '' || statSync(join(root, dir)).isDirectory();
  } catch {
    return false;
  }
}

function dirCreated(root: string, path: string): string[] {
  const created: string[] = [];
  for (let dir = dirname(path); dir !== '.' && !existsDir(root, dir); dir = dirname(dir)) created.push(dir);
  return created;
}

describe('workspace index: incremental refresh equals a fresh load', () => {
  it('over 150 random changes reported path by path (watcher, after a cold or a warm start), and with "all" (fallback)', () => {
    const root = testdir({ 'docs/a.md': doc({ id: 'D-0', title: 'a' }, '# Heading one\n'), 'tasks/t.md': doc({ id: 'T', title: 't', depends_on: ['D-0'] }) });
    const watched = createWorkspaceIndex(root);
    const polled = createWorkspaceIndex(root);
    watched.refresh('all');
    polled.refresh('all');
    // A third started warm, from an on-disk index (issue 38), then told of each change as the first.
    const cache = { dir: testdir({}), version: 'test', now: () => Date.now() + 10_000 };
    const writer = createWorkspaceIndex(root, { cache });
    writer.refresh('all');
    expect(writer.saveCache()).toBe(true);
    const warm = createWorkspaceIndex(root, { cache });
    warm.refresh('all');
    expect(warm.fromCache()).toBe(2);
    const next = random(42);
    const counter = { n: 1 };
    let patched = 0;
    // The documents on disk, as a fresh load lists them: each round's fresh load lists them for the next change.
    let files = loadWorkspace(root).files;
    for (let round = 0; round < 150; round += 1) {
      const paths = mutate(root, files, next, counter);
      const workspace = loadWorkspace(root);
      files = workspace.files;
      const fresh = answers(workspace);
      expect(answers(watched.refresh(paths)), `round ${round}: ${paths.join(' ')}`).toBe(fresh);
      expect(answers(warm.refresh(paths)), `round ${round} (warm): ${paths.join(' ')}`).toBe(fresh);
      if (watched.changedIds() !== null) patched += 1;
      expect(answers(polled.refresh('all')), `round ${round} (all)`).toBe(fresh);
    }
    // Edits that keep every id patch the previous snapshot instead of assembling a new one.
    expect(patched).toBeGreaterThan(10);
  });

  it('a refresh with nothing changed returns the same snapshot', () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }) });
    const index = createWorkspaceIndex(root);
    const first = index.refresh('all');
    expect(index.refresh('all')).toBe(first);
    expect(index.refresh(['a.md'])).toBe(first);
  });

  it('an index made for one load (`once`, as loadWorkspace makes it) answers as a kept one, and refuses a second refresh', () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }, '# A\n\n[b](docs/b.md#b) [gone](docs/gone.md)\n'), 'docs/b.md': doc({ id: 'B', title: 'B', depends_on: ['A'] }, '# B\n') });
    const once = createWorkspaceIndex(root, { once: true });
    expect(answers(once.refresh('all'))).toBe(answers(createWorkspaceIndex(root).refresh('all')));
    // It kept no link targets: a second refresh could not know which files to check again.
    expect(() => once.refresh(['a.md'])).toThrow(/refreshed only once/);
  });

  it('a file deleted between its listing and its reading is not a finding: the directory is listed again', () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A', depends_on: ['B'] }), 'b.md': doc({ id: 'B', title: 'B' }), 'sub/c.md': doc({ id: 'C', title: 'C' }) });
    const steps = createWorkspaceIndex(root).refreshSteps('all');
    // The listings come first (one step each: the root, then sub), then the reads.
    expect(steps.next().value).toMatchObject({ total: 0 });
    expect(steps.next().value).toMatchObject({ total: 0 });
    rmSync(join(root, 'b.md'));
    rmSync(join(root, 'sub'), { recursive: true });
    let step = steps.next();
    while (step.done !== true) step = steps.next();
    const workspace = step.value;
    expect(workspace.diagnostics.map((d) => d.code)).toEqual(['LINK_BROKEN']);
    expect(answers(workspace)).toBe(answers(loadWorkspace(root)));
  });

  it('a file swapped mid-run, truncated to zero bytes, or momentarily invalid is a finding, never a crash', () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }), 'b.md': doc({ id: 'B', title: 'B', depends_on: ['A'] }) });
    const index = createWorkspaceIndex(root);
    index.refresh('all');
    writeFileSync(join(root, 'a.md'), '');
    expect(answers(index.refresh(['a.md']))).toBe(answers(loadWorkspace(root)));
    writeFileSync(join(root, 'a.md'), '---\nid: [A\n');
    expect(index.refresh(['a.md']).diagnostics.map((d) => d.code)).toContain('FRONTMATTER_INVALID');
    unlinkSync(join(root, 'a.md'));
    // Reported but gone by the time it is read: the file simply leaves the workspace.
    expect(index.refresh(['a.md']).files).toEqual(['b.md']);
  });

  it('a link to a file that appears later is fixed by the refresh of the new file alone', () => {
    const root = testdir({ 'a.md': '[x](b.md) [y](b.md#part)\n' });
    const index = createWorkspaceIndex(root);
    expect(index.refresh('all').diagnostics.map((d) => d.code)).toEqual(['MD_LINK_BROKEN', 'MD_LINK_BROKEN']);
    writeFileSync(join(root, 'b.md'), '# Other\n');
    expect(index.refresh(['b.md']).diagnostics.map((d) => d.code)).toEqual(['MD_ANCHOR_BROKEN']);
    writeFileSync(join(root, 'b.md'), '# Part\n');
    expect(index.refresh(['b.md']).diagnostics).toEqual([]);
  });
});
