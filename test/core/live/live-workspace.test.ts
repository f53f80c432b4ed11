/**
 * The live workspace (issue 9) in-process, on real files: every snapshot asked for right after
 * a change includes it, in watch mode and in the poll fallback; bursts end in the final state;
 * updates are made on their own when changes settle.
 */
import fs from 'node:fs';
import { mkdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { change } from '../../helpers/live-changes.js';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildReport, listTasks, loadWorkspace, type Workspace } from '../../../src/core/index.js';
import { openLiveWorkspace, type LiveMode, type LiveWorkspace } from '../../../src/core/live/live-workspace.js';
import { LONG_FUZZ } from '../../helpers/prng.js';
import { doc, testdir } from '../../helpers/testdir.js';

const open: LiveWorkspace[] = [];
afterEach(() => {
  while (open.length > 0) open.pop()!.close();
});

/**
 * Change-then-ask rounds per mode: 64 in npm test, eight of each of the eight kinds of change
 * (live-changes.ts; both ignore-file variants among them), where an answer that missed its
 * change would show; `npm run fuzz` runs 200. Most of a round is the fresh load the answer is
 * compared with, and it grows with the workspace (a new document or folder every few rounds).
 */
const ROUNDS = LONG_FUZZ ? 200 : 64;

function live(root: string, mode: LiveMode = 'watch', trustEvents?: boolean): LiveWorkspace {
  const workspace = openLiveWorkspace(root, { mode, settleMs: 20, ...(trustEvents === undefined ? {} : { trustEvents }) });
  open.push(workspace);
  return workspace;
}

function answers(ws: Workspace): string {
  return JSON.stringify([buildReport(ws), listTasks(ws), ws.files]);
}

describe.each([
  ['watch', true],
  ['poll', true],
  ['watch', false],
] as const)('read your writes (%s, events trusted: %s)', (mode, trustEvents) => {
  it(`${ROUNDS} consecutive change-then-ask rounds, zero stale answers`, async () => {
    const root = testdir({ 'base.md': doc({ id: 'BASE', title: 'base' }), 'docs/d0.md': doc({ id: 'D-0', title: 'd0' }) });
    const workspace = live(root, mode, trustEvents);
    await workspace.snapshot();
    expect(workspace.mode()).toBe(mode);
    for (let i = 0; i < ROUNDS; i += 1) {
      change(root, i);
      expect(answers(await workspace.snapshot()), `round ${i}`).toBe(answers(loadWorkspace(root)));
    }
  });
});

describe('live workspace', () => {
  it('a burst of 2,000 replaced files ends in the final state', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 2000; i += 1) files[`d${i % 20}/f${i}.md`] = doc({ id: `F-${i}`, title: 'old' });
    const root = testdir(files);
    const workspace = live(root);
    await workspace.snapshot();
    for (let i = 0; i < 2000; i += 1) {
      const path = join(root, `d${i % 20}/f${i}.md`);
      unlinkSync(path);
      writeFileSync(path, doc({ id: `F-${i}`, title: 'new', depends_on: [`F-${(i + 1) % 2000}`] }));
    }
    const after = await workspace.snapshot();
    expect(answers(after)).toBe(answers(loadWorkspace(root)));
    expect(after.edgeCount).toBe(2000);
  });

  it('directories renamed and deleted with everything in them', async () => {
    const root = testdir({ 'a/b/one.md': doc({ id: 'ONE', title: '1' }), 'a/two.md': doc({ id: 'TWO', title: '2', depends_on: ['ONE'] }) });
    const workspace = live(root);
    await workspace.snapshot();
    renameSync(join(root, 'a/b'), join(root, 'a/c'));
    expect((await workspace.snapshot()).files).toEqual(['a/c/one.md', 'a/two.md']);
    writeFileSync(join(root, 'a/c/three.md'), doc({ id: 'THREE', title: '3' }));
    expect((await workspace.snapshot()).ids).toEqual(['ONE', 'THREE', 'TWO']);
    rmSync(join(root, 'a'), { recursive: true });
    const empty = await workspace.snapshot();
    expect(empty.files).toEqual([]);
    mkdirSync(join(root, 'a/b'), { recursive: true });
    writeFileSync(join(root, 'a/b/back.md'), doc({ id: 'BACK', title: 'back' }));
    expect((await workspace.snapshot()).ids).toEqual(['BACK']);
  });

  it('changes are applied on their own once they settle, and listeners hear of it', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }) });
    const workspace = live(root);
    await workspace.snapshot();
    const updates: string[][] = [];
    workspace.onUpdate((_before, after) => updates.push([...after.ids]));
    writeFileSync(join(root, 'b.md'), doc({ id: 'B', title: 'B' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(updates).toEqual([['A', 'B']]);
    expect(workspace.latest()?.ids).toEqual(['A', 'B']);
  });

  it('static mode loads once', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }) });
    const workspace = live(root, 'static');
    expect((await workspace.snapshot()).ids).toEqual(['A']);
    writeFileSync(join(root, 'b.md'), doc({ id: 'B', title: 'B' }));
    expect((await workspace.snapshot()).ids).toEqual(['A']);
  });
});

/**
 * Runs `body` with `hook` called before every `lstat` (the stamp checks of a refresh), which can
 * change the disk in the middle of a refresh, as another process can at any time.
 */
async function withLstatHook<T>(hook: (path: string) => void, body: () => Promise<T>): Promise<T> {
  const real = fs.lstatSync;
  const mutable = fs as { lstatSync: typeof real };
  // `node:fs` is a builtin: its ES module exports follow the CommonJS object once synced.
  mutable.lstatSync = ((...args: Parameters<typeof real>) => (hook(String(args[0])), real(...args))) as typeof real;
  syncBuiltinESMExports();
  try {
    return await body();
  } finally {
    mutable.lstatSync = real;
    syncBuiltinESMExports();
  }
}

describe.each([
  ['watch', true],
  ['poll', true],
  ['watch', false],
] as const)('one disk state per snapshot (%s, events trusted: %s)', (mode, trustEvents) => {
  it('files that change while a refresh runs, between its stamp checks, never give a mix of two states', async () => {
    const A = (n: number) => doc({ id: 'A', title: 'A', depends_on: ['C'] }, `a ${n}\n`);
    const C = (n: number) => doc({ id: 'C', title: `C ${n}` }, `c ${n}\n`);
    const T = (body: string) => doc({ id: 'T', title: 'T', type: 'task', depends_on: ['A'] }, body);
    const root = testdir({ 't.md': T(''), 'a.md': A(0), 'c.md': C(0) });
    const put = (name: string, text: string) => {
      writeFileSync(join(root, `${name}.tmp`), text);
      renameSync(join(root, `${name}.tmp`), join(root, name));
    };
    const workspace = live(root, mode, trustEvents);
    await workspace.snapshot();
    // The refresh for an edit of t.md checks a.md and c.md, one after the other. Between the two
    // checks, the file checked first changes, then the other: the disk goes from (0, 0) to
    // (1, 0) to (1, 2) — or, checked in the other order, (0, 1) then (2, 1).
    const checked: string[] = [];
    const states = new Set<string>(['a 0 / c 0']);
    const pair = (ws: Workspace) => ['A', 'C'].map((id) => ws.nodes.get(id)!.text.trim().split('\n').pop()).join(' / ');
    const answer = await withLstatHook(
      (path) => {
        const name = path.slice(root.length + 1);
        if ((name !== 'a.md' && name !== 'c.md') || checked.includes(name)) return;
        checked.push(name);
        if (checked.length < 2) return;
        const first = checked[0]!;
        put(first, first === 'a.md' ? A(1) : C(1));
        states.add(first === 'a.md' ? 'a 1 / c 0' : 'a 0 / c 1');
        put(name, name === 'a.md' ? A(2) : C(2));
        states.add(first === 'a.md' ? 'a 1 / c 2' : 'a 2 / c 1');
      },
      async () => {
        put('t.md', T('edited\n'));
        return workspace.snapshot();
      },
    );
    expect(checked).toHaveLength(2);
    expect(states).toContain(pair(answer));
    // And it reads its writes: every change complete before it answered.
    expect(answers(answer)).toBe(answers(loadWorkspace(root)));
  });
});

describe('the first load waits for startAfter', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('starts when startAfter settles (firstLoad waits without starting it), or at once when a snapshot is asked for', async () => {
    const root = testdir({ 'a.md': doc({ id: 'A', title: 'A' }) });
    let go!: () => void;
    const waiting = openLiveWorkspace(root, { startAfter: new Promise<void>((resolve) => (go = resolve)) });
    open.push(waiting);
    let firstLoad: Workspace | null = null;
    void waiting.firstLoad().then((ws) => (firstLoad = ws));
    await settle();
    expect(waiting.loaded()).toBe(false);
    expect(firstLoad).toBeNull();
    go();
    await settle();
    expect(waiting.loaded()).toBe(true);
    expect(firstLoad).not.toBeNull();

    // Never settled, and a rejected one: the first snapshot() starts the load all the same.
    for (const startAfter of [() => new Promise<void>(() => {}), () => Promise.reject(new Error('no handshake'))]) {
      const asked = openLiveWorkspace(root, { startAfter: startAfter() });
      open.push(asked);
      expect((await asked.snapshot()).ids).toEqual(['A']);
    }
  });
});
