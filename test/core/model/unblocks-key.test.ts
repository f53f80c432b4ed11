/**
 * The key of a graph's `unblocks` (model/unblocks-key.ts), under which the on-disk index keeps
 * them: it must differ whenever the counts may — another edge, another open node, another
 * number of nodes — and stay when only what the counts never read changed (a title, a body,
 * which kind of open work). Checked on random workspaces: a key the same twice means counts
 * the same twice.
 */
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../../src/core/index.js';
import { assembleWorkspace } from '../../../src/core/model/assemble-workspace.js';
import { unblocksOf } from '../../../src/core/answer/unblocks.js';
import { analyzeFile } from '../../../src/core/model/analyze-file.js';
import { unblocksKey } from '../../../src/core/model/unblocks-key.js';
import { FUZZ_SEED, fuzzRuns, Rng } from '../../helpers/prng.js';
import { doc } from '../../helpers/testdir.js';

type Spec = { deps: number[]; status: string; title: string }[];

/** The workspace of `spec` (document `i` is `N<i>`, in `n<i>.md`), assembled in memory. */
function workspaceOf(spec: Spec): Workspace {
  const files = spec.map((_, i) => `n${i}.md`);
  const perFile = new Map(
    spec.map((s, i) => {
      const text = doc({ id: `N${i}`, title: s.title, type: 'task', status: s.status, ...(s.deps.length > 0 ? { depends_on: s.deps.map((d) => `N${d}`) } : {}) }, `Body ${s.title}.\n`);
      return [files[i]!, { analysis: analyzeFile(files[i]!, Buffer.from(text)), links: null }] as const;
    }),
  );
  return assembleWorkspace('/w', { files: [...files].sort(), entries: new Set(files), diagnostics: [] }, perFile);
}

const counts = (ws: Workspace) => ws.ids.map((id) => unblocksOf(ws).get(id));

function randomSpec(rng: Rng): Spec {
  const n = rng.int(1, 12);
  return Array.from({ length: n }, () => ({
    deps: [...new Set(Array.from({ length: rng.int(0, 3) }, () => rng.int(0, n - 1)))],
    status: rng.pick(['todo', 'in-progress', 'done', 'dropped']),
    title: rng.pick(['a', 'b']),
  }));
}

/** `spec` with one random change: an edge added or taken away, a status, a title. */
function changed(spec: Spec, rng: Rng): Spec {
  const next = spec.map((s) => ({ ...s, deps: [...s.deps] }));
  const node = next[rng.int(0, next.length - 1)]!;
  // Taking an edge away from a node without one would change nothing: it gets one instead.
  let kind = rng.int(0, 3);
  if (kind === 1 && node.deps.length === 0) kind = 0;
  if (kind === 0) node.deps = [...new Set([...node.deps, rng.int(0, next.length - 1)])];
  else if (kind === 1) node.deps.splice(rng.int(0, Math.max(0, node.deps.length - 1)), 1);
  else if (kind === 2) node.status = rng.pick(['todo', 'in-progress', 'done', 'dropped']);
  else node.title = rng.pick(['a', 'b', 'c']);
  return next;
}

describe('unblocksKey', () => {
  it('stays for what the counts never read, and moves with an edge, an open node or the number of nodes', () => {
    const base: Spec = [
      { deps: [], status: 'todo', title: 'a' },
      { deps: [0], status: 'todo', title: 'b' },
      { deps: [1], status: 'todo', title: 'c' },
    ];
    const key = unblocksKey(workspaceOf(base));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(unblocksKey(workspaceOf(base))).toBe(key);
    expect(unblocksKey(workspaceOf(base.map((s) => ({ ...s, title: `${s.title}!` }))))).toBe(key);
    // Ready or blocked, it is open work either way.
    expect(unblocksKey(workspaceOf(base.map((s, i) => (i === 2 ? { ...s, status: 'in-progress' } : s))))).toBe(key);
    expect(unblocksKey(workspaceOf(base.map((s, i) => (i === 2 ? { ...s, status: 'done' } : s))))).not.toBe(key);
    expect(unblocksKey(workspaceOf(base.map((s, i) => (i === 2 ? { ...s, deps: [0] } : s))))).not.toBe(key);
    expect(unblocksKey(workspaceOf([...base, { deps: [], status: 'done', title: 'd' }]))).not.toBe(key);
  });

  it('has no key for states that are not the state stage\'s own arrays', () => {
    const ws = workspaceOf([{ deps: [], status: 'todo', title: 'a' }]);
    expect(unblocksKey({ ...ws, states: new Map(ws.states) })).toBeNull();
  });

  it('is the same for two random workspaces only when their counts are (seeded)', () => {
    const rng = new Rng(FUZZ_SEED);
    let same = 0;
    let moved = 0;
    for (let run = 0; run < fuzzRuns(150); run += 1) {
      const a = randomSpec(rng);
      const b = changed(a, rng);
      const [x, y] = [workspaceOf(a), workspaceOf(b)];
      if (unblocksKey(x) === unblocksKey(y)) {
        same += 1;
        expect(counts(y), `seed ${FUZZ_SEED}, run ${run}`).toEqual(counts(x));
      } else moved += 1;
    }
    // Both kinds of pair were met.
    expect(same).toBeGreaterThan(10);
    expect(moved).toBeGreaterThan(10);
  });
});
