/**
 * The answers the on-disk index keeps beside the files (issue 38, store/index-memo.ts): the "did
 * you mean" answers of missing ids and every node's `unblocks`. A warm start takes each only
 * when what it was worked out from — the ids; the edges and the open nodes — has the key it was
 * kept with. To see which a start used, the tests put answers in the index that no count would
 * give (an index is data: these are what a start would take from it), then change what they
 * depend on, and see them dropped.
 */
import { readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { listTasks, loadIndexed, loadWorkspace, type IndexCacheOptions, type Workspace } from '../../../src/core/index.js';
import { checksum } from '../../../src/core/store/index-frame.js';
import { signature } from '../../../src/core/store/index-snapshot.js';
import { createWorkspaceIndex } from '../../../src/core/live/workspace-index.js';
import { wellShapedMemo, type IndexMemo } from '../../../src/core/store/index-memo.js';
import type { FindingColumns } from '../../../src/core/store/index-findings.js';
import { cacheFileOf } from '../../../src/core/read/cache-file.js';
import { doc, testdir, writeFiles } from '../../helpers/testdir.js';

/** Ten seconds ahead by default: no file is racily clean. */
function options(dir: string, log: string[] = [], now = () => Date.now() + 10_000): IndexCacheOptions {
  return { dir, version: 'test', log: (line) => log.push(line), now };
}

/** A start with the index, written back as a command does after its answer. */
function start(root: string, dir: string, log: string[] = [], now?: () => number): { workspace: Workspace; fromIndex: number } {
  const { workspace, saveIndex, fromIndex } = loadIndexed(root, { cache: options(dir, log, now) });
  saveIndex();
  return { workspace, fromIndex };
}

/** Where the tail record (what the walk had, and the memo) of an index starts: the last record before the end. */
function tailAt(bytes: Buffer): number {
  let at = 16;
  let last = -1;
  for (;;) {
    const length = bytes.readUInt32LE(at);
    if (length === 0) return last;
    last = at;
    at += 8 + length;
  }
}

function memoOf(root: string, dir: string): IndexMemo {
  const bytes = readFileSync(cacheFileOf(dir, root).path);
  const at = tailAt(bytes);
  return deserialize((deserialize(bytes.subarray(at + 8, at + 8 + bytes.readUInt32LE(at))) as { memo: Uint8Array }).memo) as IndexMemo;
}

/** The user's secret in the cache folder `dir` (the tests' own user). */
const ownSecret = (dir: string): Uint8Array => readFileSync(join(dir, 'secret.key'));

/**
 * Rewrites the index's memo as `change` says (every checksum right), signed with `secret` (by
 * default the user's own, as their DocuGraph would; `null`: not signed).
 */
function rewriteMemo(root: string, dir: string, change: (memo: IndexMemo) => unknown, secret: Uint8Array | null = ownSecret(dir)): void {
  const path = cacheFileOf(dir, root).path;
  const bytes = readFileSync(path);
  const at = tailAt(bytes);
  const length = bytes.readUInt32LE(at);
  const tail = deserialize(bytes.subarray(at + 8, at + 8 + length)) as { memo: Uint8Array };
  const memo = serialize(change(deserialize(tail.memo) as IndexMemo));
  const head0 = deserialize(bytes.subarray(24, 24 + bytes.readUInt32LE(16))) as { root: string; key: string };
  const payload = serialize({ memo, mac: secret === null ? null : signature(head0, secret, memo) });
  const head = Buffer.alloc(8);
  head.writeUInt32LE(payload.length, 0);
  head.writeUInt32LE(checksum(payload), 4);
  writeFileSync(path, Buffer.concat([bytes.subarray(0, at), head, payload, bytes.subarray(at + 8 + length)]));
}

/** A chain T-1 ← T-2 ← T-3 of open tasks, T-3 also naming `T-l` (one letter from `T-1`). */
function chain(): string {
  return testdir({
    't1.md': doc({ id: 'T-1', title: 'one', type: 'task', status: 'todo' }),
    't2.md': doc({ id: 'T-2', title: 'two', type: 'task', status: 'todo', depends_on: ['T-1'] }),
    't3.md': doc({ id: 'T-3', title: 'three', type: 'task', status: 'todo', depends_on: ['T-2', 'T-l'] }),
  });
}

const unblocks = (ws: Workspace) => Object.fromEntries(listTasks(ws).tasks.map((t) => [t.id, t.unblocks]));
const broken = (ws: Workspace) => ws.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.message);

/** The index's memo with answers no count would give: `T-l` → `T-9`, and 7 unblocks everywhere. */
function planted(memo: IndexMemo): IndexMemo {
  return { ...memo, suggestions: { key: memo.suggestions!.key, best: [['T-l', 'T-9']] }, unblocks: { key: memo.unblocks!.key, counts: memo.unblocks!.counts.map(() => 7) } };
}

describe('the answers kept in the on-disk index', () => {
  it('are those of the cold load: the suggestion of each missing id, and every unblocks by place', () => {
    const root = chain();
    const dir = testdir({});
    const cold = start(root, dir).workspace;
    const memo = memoOf(root, dir);
    expect(memo.suggestions?.best).toEqual([['T-l', 'T-1']]);
    expect(cold.ids).toEqual(['T-1', 'T-2', 'T-3']);
    expect([...memo.unblocks!.counts]).toEqual([2, 1, 0]);
    expect(unblocks(cold)).toEqual({ 'T-1': 2, 'T-2': 1, 'T-3': 0 });
  });

  it('are taken by a start at which nothing they were worked out from changed, even when files did', () => {
    const root = chain();
    const dir = testdir({});
    const cold = start(root, dir).workspace;
    rewriteMemo(root, dir, (memo) => planted(memo));
    const warm = start(root, dir);
    expect(warm.fromIndex).toBe(3);
    // No file changed: the graph with its findings comes from the kept stages (below), not from the suggestions.
    expect(broken(warm.workspace)).toEqual(broken(cold));
    expect(broken(cold)).toEqual(['`depends_on` names `T-l`, but no document has that id; did you mean `T-1`?']);
    expect(unblocks(warm.workspace)).toEqual({ 'T-1': 7, 'T-2': 7, 'T-3': 7 });
    // A title and a body edited: the same ids, edges and states (the stages again, then the edit).
    rewriteMemo(root, dir, (memo) => planted(memo));
    writeFiles(root, { 't2.md': doc({ id: 'T-2', title: 'two, again', type: 'task', status: 'todo', depends_on: ['T-1'] }, 'More.\n') });
    const edited = start(root, dir).workspace;
    expect(broken(edited)).toEqual(broken(cold));
    expect(unblocks(edited)).toEqual({ 'T-1': 7, 'T-2': 7, 'T-3': 7 });
    // An edge gone: the graph is built again, over the same ids (the suggestions hold), and counted again.
    rewriteMemo(root, dir, (memo) => planted(memo));
    writeFiles(root, { 't2.md': doc({ id: 'T-2', title: 'two', type: 'task', status: 'todo' }) });
    const rebuilt = start(root, dir).workspace;
    expect(broken(rebuilt)).toEqual(['`depends_on` names `T-l`, but no document has that id; did you mean `T-9`?']);
    expect(unblocks(rebuilt)).toEqual({ 'T-1': 0, 'T-2': 1, 'T-3': 0 });
  });

  it("are used only when this user's DocuGraph signed them: a planted index's answers (unsigned, or another user's) are worked out again, in one line (issue 53)", () => {
    const root = chain();
    const dir = testdir({});
    const cold = start(root, dir).workspace;
    for (const secret of [null, Buffer.alloc(32, 7)]) {
      // The answers an attacker would plant, for the very ids and edges this clone has (the keys match).
      rewriteMemo(root, dir, (memo) => planted(memo), secret);
      const log: string[] = [];
      const warm = start(root, dir, log);
      // The files themselves are still taken (each checked against the disk); the answers are the cold load's.
      expect(warm.fromIndex).toBe(3);
      expect(broken(warm.workspace)).toEqual(broken(cold));
      expect(unblocks(warm.workspace)).toEqual({ 'T-1': 2, 'T-2': 1, 'T-3': 0 });
      expect(log).toEqual([expect.stringContaining('were not signed by your DocuGraph (another user\'s, or copied in): they are worked out again')]);
    }
    // Without a secret of its own (no cache folder of the user's), a start uses no kept answers, and says nothing.
    rewriteMemo(root, dir, (memo) => planted(memo));
    const log: string[] = [];
    const { workspace } = loadIndexed(root, { cache: { ...options(dir, log), secretDir: null } });
    expect(unblocks(workspace)).toEqual({ 'T-1': 2, 'T-2': 1, 'T-3': 0 });
    expect(log).toEqual([]);
  });

  it('are worked out again when what they depend on changed: another open node, another id', () => {
    const root = chain();
    const dir = testdir({});
    const cold = start(root, dir).workspace;
    // A status: the graph holds (its stages are taken), one node no longer open (the counts are not).
    rewriteMemo(root, dir, (memo) => planted(memo));
    writeFiles(root, { 't3.md': doc({ id: 'T-3', title: 'three', type: 'task', status: 'done', depends_on: ['T-2', 'T-l'] }) });
    let ws = start(root, dir).workspace;
    expect(broken(ws)).toEqual(broken(cold));
    expect(unblocks(ws)).toEqual(unblocks(loadWorkspace(root)));
    expect(unblocks(ws)).toEqual({ 'T-1': 1, 'T-2': 0, 'T-3': 0 });
    // Another id: both are worked out again.
    rewriteMemo(root, dir, (memo) => planted(memo));
    writeFiles(root, { 't4.md': doc({ id: 'T-4', title: 'four', type: 'task', status: 'todo', depends_on: ['T-1'] }) });
    ws = start(root, dir).workspace;
    expect(broken(ws)).toEqual(broken(cold));
    expect(unblocks(ws)).toEqual(unblocks(loadWorkspace(root)));
    // T-2 and T-4 are open work on T-1 (T-3 is done).
    expect(unblocks(ws)['T-1']).toBe(2);
  });

  it('hold the graph stages and states, taken by a start at which every file is one the index holds and no edit moved the graph, and by no other', () => {
    const root = chain();
    writeFiles(root, { 'x.md': doc({ id: 'X', title: 'x' }) });
    const dir = testdir({});
    const cold = start(root, dir).workspace;
    const kept = memoOf(root, dir).stages!;
    // The findings by column (index-findings.ts): their messages.
    const messages = (list: unknown) => (list as FindingColumns).messages;
    expect(messages(kept.graphDiagnostics)).toEqual(broken(cold));
    expect(kept.local.length).toBe(4);
    const plant = () => rewriteMemo(root, dir, (memo) => ({ ...memo, stages: { ...memo.stages!, graphDiagnostics: { ...(memo.stages!.graphDiagnostics as unknown as FindingColumns), messages: messages(memo.stages!.graphDiagnostics).map(() => 'planted') } } }));
    plant();
    expect(broken(start(root, dir).workspace)).toEqual(['planted']);
    // A file read again whose edges are the same (touched; a body edited): the stages, then the file as a live edit.
    plant();
    utimesSync(join(root, 'x.md'), new Date(), new Date(Date.now() - 60_000));
    expect(broken(start(root, dir).workspace)).toEqual(['planted']);
    plant();
    writeFiles(root, { 'x.md': doc({ id: 'X', title: 'x, again' }, 'A body.\n') });
    expect(broken(start(root, dir).workspace)).toEqual(['planted']);
    // An edge added, a file gone, a file new: the stages are worked out.
    plant();
    writeFiles(root, { 'x.md': doc({ id: 'X', title: 'x', depends_on: ['T-1'] }) });
    expect(broken(start(root, dir).workspace)).toEqual(broken(cold));
    plant();
    writeFiles(root, { 'y.md': doc({ id: 'Y', title: 'y' }) });
    expect(broken(start(root, dir).workspace)).toEqual(broken(cold));
    plant();
    rmSync(join(root, 'x.md'));
    const gone = start(root, dir);
    expect(gone.fromIndex).toBe(4);
    expect(broken(gone.workspace)).toEqual(broken(cold));
  });

  it('give the answers of a cold load after an edit the stages and the patch take together', () => {
    const root = chain();
    const dir = testdir({});
    start(root, dir);
    writeFiles(root, { 't2.md': doc({ id: 'T-2', title: 'two, edited', type: 'task', status: 'done', depends_on: ['T-1'] }, 'New [link](t1.md) and [broken](nowhere.md).\n') });
    const answers = (ws: Workspace) => [JSON.stringify(ws.diagnostics), JSON.stringify(listTasks(ws)), JSON.stringify([...ws.states])];
    expect(answers(start(root, dir).workspace)).toEqual(answers(loadWorkspace(root)));
  });

  it('give the answers of a cold load when most files were edited since (more than an overlay of 256 holds)', () => {
    // Documents 0–299 with `body`, then three more that stay as they are.
    const write = (body: string, count: number) => {
      const files: Record<string, string> = {};
      for (let i = 0; i < count; i += 1) files[`t${i}.md`] = doc({ id: `T-${i}`, title: 't', type: 'task', status: 'todo', ...(i > 0 ? { depends_on: [`T-${i - 1}`] } : {}) }, i < 300 ? body : 'Same.\n');
      return files;
    };
    const root = testdir(write('One.\n', 303));
    const dir = testdir({});
    start(root, dir);
    writeFiles(root, write('Two.\n', 300));
    const answers = (ws: Workspace) => [JSON.stringify(ws.diagnostics), JSON.stringify(listTasks(ws))];
    const log: string[] = [];
    const warm = start(root, dir, log);
    expect(log).toEqual([]);
    expect(warm.fromIndex).toBe(3);
    expect(answers(warm.workspace)).toEqual(answers(loadWorkspace(root)));
  });

  it('are of the files written with them when a refresh runs in the middle of the write: a configuration, a folder renamed, an edit', () => {
    const scenarios: Record<string, (root: string) => string[]> = {
      configuration: (root) => (writeFiles(root, { 'docugraph.yml': 'status:\n  done: [todo]\n' }), ['docugraph.yml']),
      'folder renamed': (root) => (renameSync(join(root, 'docs/a'), join(root, 'docs/b')), ['docs/a', 'docs/b']),
      edit: (root) => (writeFiles(root, { 'docs/a/t1.md': doc({ id: 'T-1', title: 'one', type: 'task', status: 'done' }) }), ['docs/a/t1.md']),
    };
    const answers = (ws: Workspace) => [JSON.stringify(ws.diagnostics), JSON.stringify(listTasks(ws))];
    for (const [name, change] of Object.entries(scenarios)) {
      const root = testdir({
        'docs/a/t1.md': doc({ id: 'T-1', title: 'one', type: 'task', status: 'todo' }),
        'docs/a/t2.md': doc({ id: 'T-2', title: 'two', type: 'task', status: 'todo', depends_on: ['T-1', 'T-l'] }),
      });
      const dir = testdir({});
      const index = createWorkspaceIndex(root, { cache: options(dir) });
      index.refresh('all');
      const steps = index.saveCacheSteps();
      // The first step of the write takes what it writes; a refresh comes before the next.
      expect(steps.next().done, name).toBe(false);
      index.refresh(change(root));
      let step = steps.next();
      while (step.done !== true) step = steps.next();
      expect(step.value, name).toBe(true);
      expect(answers(start(root, dir).workspace), name).toEqual(answers(loadWorkspace(root)));
    }
  });

  it('hold no stages when a file of the assembly is left out of the index (racily clean)', () => {
    const root = chain();
    const dir = testdir({});
    // The real clock: the files were written just now, within RACY_NS, so none is kept.
    start(root, dir, [], Date.now);
    const memo = memoOf(root, dir);
    expect(memo.stages).toBeNull();
    expect(memo.unblocks).not.toBeNull();
  });

  it('of the wrong shape make the index unused: one line, then a cold load that writes it again', () => {
    const root = chain();
    const dir = testdir({});
    start(root, dir);
    rewriteMemo(root, dir, (memo) => ({ ...memo, unblocks: { key: memo.unblocks!.key, counts: [2, 1, 0] } }));
    const log: string[] = [];
    const again = start(root, dir, log);
    expect(again.fromIndex).toBe(0);
    expect(log).toEqual([`the index in ${cacheFileOf(dir, root).path} is not used: its kept answers have the wrong shape; loading every file (it is written again)`]);
    expect(unblocks(again.workspace)).toEqual({ 'T-1': 2, 'T-2': 1, 'T-3': 0 });
    expect(start(root, dir).fromIndex).toBe(3);
  });

  it('are checked for their shape: keys strings, guesses strings or null, counts 32-bit integers, stages of typed arrays and findings', () => {
    const counts = new Int32Array([1, 2]);
    const stages = { order: new Int32Array(1), upStart: new Int32Array(2), upList: new Int32Array(0), graphDiagnostics: [], broken: [], cycles: [{ ids: ['A'], path: ['A', 'A'] }], cycleDiagnostics: [], local: new Uint8Array(1), blocked: new Uint8Array(1), stateDiagnostics: [] };
    const finding = { code: 'LINK_BROKEN', message: 'm', nodeId: 'A', path: 'a.md', line: 2 };
    const none = { suggestions: null, unblocks: null, stages: null };
    expect(wellShapedMemo(none)).toBe(true);
    expect(wellShapedMemo({ suggestions: { key: 'k', best: [['a', 'b'], ['c', null]] }, unblocks: { key: 'k', counts }, stages })).toBe(true);
    expect(wellShapedMemo({ ...none, stages: { ...stages, graphDiagnostics: [finding], broken: [{ target: 'B', head: 'h' }] } })).toBe(true);
    for (const bad of [
      null,
      'memo',
      {},
      { suggestions: null, unblocks: null },
      { ...none, suggestions: { key: 1, best: [] } },
      { ...none, suggestions: { key: 'k', best: {} } },
      { ...none, suggestions: { key: 'k', best: [['a']] } },
      { ...none, suggestions: { key: 'k', best: [['a', 2]] } },
      { ...none, suggestions: { key: 'k', best: [[1, 'b']] } },
      { ...none, unblocks: { key: 'k', counts: [1, 2] } },
      { ...none, unblocks: { key: 'k', counts: new Uint32Array([1, 2]) } },
      { ...none, unblocks: { counts } },
      { ...none, stages: 'stages' },
      { ...none, stages: { ...stages, order: [0] } },
      { ...none, stages: { ...stages, upList: new Uint8Array(0) } },
      { ...none, stages: { ...stages, local: new Int32Array(1) } },
      { ...none, stages: { ...stages, stateDiagnostics: null } },
      { ...none, stages: { ...stages, cycleDiagnostics: [{ ...finding, line: '2' }] } },
      // A broken entry's target for each graph finding, and only those.
      { ...none, stages: { ...stages, graphDiagnostics: [finding] } },
      { ...none, stages: { ...stages, graphDiagnostics: [finding], broken: [{ target: 'B' }] } },
      { ...none, stages: { ...stages, cycles: [{ ids: 'A', path: [] }] } },
    ])
      expect(wellShapedMemo(bad), JSON.stringify(bad)).toBe(false);
  });
});
