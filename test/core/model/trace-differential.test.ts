/**
 * TRACE §1–2 against a reference written from the spec's words (differential, seeded): random
 * workspaces with every relation (under default and configured keys), statuses of every kind
 * and spelling (case, spaces, `_`, empty, configured words), missing ids, self-edges and
 * cycles, ids shuffled, LF or CRLF with or without a BOM. The reference answers each
 * question the slow, obvious way (reachability by brute force, a walk per node); the rules it
 * follows were first derived by hand on the small cases of work-state.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { analyzeImpact, buildBundle, buildReport, listTasks, loadWorkspace, type Workspace } from '../../../src/core/index.js';
import { SKETCH_SIZE } from '../../../src/core/model/count-unblocks.js';
import { FUZZ_SEED, fuzzRuns, Rng } from '../../helpers/prng.js';
import { testdir } from '../../helpers/testdir.js';

const TYPED = ['implements', 'verifies', 'refines', 'related', 'supersedes'] as const;
type Typed = (typeof TYPED)[number];

interface Spec {
  readonly id: string;
  readonly status: string | null;
  readonly dependsOn: string[];
  readonly typed: Partial<Record<Typed, string[]>>;
}

interface Generated {
  readonly docs: Spec[];
  readonly done: readonly string[];
  readonly dropped: readonly string[];
  /** The frontmatter key each relation is written under in this workspace. */
  readonly keyOf: Readonly<Record<Typed, string>>;
  readonly config: string | null;
}

const DEFAULT_DONE = ['done', 'closed', 'completed', 'complete', 'resolved', 'accepted', 'approved', 'final', 'implemented', 'merged', 'living'];
const DEFAULT_DROPPED = ['dropped', 'cancelled', 'canceled', 'rejected', 'withdrawn', 'wontfix', 'won-t-fix', 'obsolete', 'deferred', 'stagnant', 'superseded', 'replaced', 'abandoned'];
const OPEN_WORDS = ['todo', 'In Progress', 'in_progress', 'draft', 'REVIEW', 'blocked', 'open'];

/** A status spelled some other way that reads the same: case, spaces and `_` for `-`. */
function respell(rng: Rng, word: string): string {
  let out = word.replace(/-/g, () => rng.pick(['-', '_', ' ', ' - ', '__']));
  if (rng.chance(0.3)) out = out.toUpperCase();
  else if (rng.chance(0.3)) out = out.charAt(0).toUpperCase() + out.slice(1);
  return rng.chance(0.2) ? `  ${out} ` : out;
}

function generate(rng: Rng): Generated {
  const configured = rng.chance(0.4);
  const done = configured && rng.chance(0.5) ? ['shipped', 'done'] : DEFAULT_DONE;
  const dropped = configured && rng.chance(0.5) ? ['on-ice', 'cancelled'] : DEFAULT_DROPPED;
  const keyOf: Record<Typed, string> = { implements: 'implements', verifies: 'verifies', refines: 'refines', related: 'related', supersedes: 'supersedes' };
  if (configured) {
    keyOf.verifies = rng.pick(['verifies', 'tests']);
    keyOf.refines = rng.pick(['refines', 'parent']);
  }
  const config = configured
    ? [
        'relations:',
        `  verifies: [verifies, tests]`,
        `  refines: [refines, parent]`,
        ...(done === DEFAULT_DONE && dropped === DEFAULT_DROPPED ? [] : ['status:']),
        ...(done === DEFAULT_DONE ? [] : [`  done: [Shipped, DONE]`]),
        ...(dropped === DEFAULT_DROPPED ? [] : [`  dropped: [On Ice, cancelled]`]),
        '',
      ].join('\n')
    : null;
  const n = rng.int(3, 40);
  const ids = new Set<string>();
  while (ids.size < n) ids.add(`${rng.pick(['A', 'B', 'REQ', 'T', 'qa', 'x.y', 'Z_9'])}-${rng.int(0, 99)}`);
  const pool = [...ids].sort(() => rng.float() - 0.5);
  const target = () => (rng.chance(0.06) ? `MISSING-${rng.int(0, 9)}` : rng.pick(pool));
  const docs = pool.map((id): Spec => {
    const kind = rng.int(0, 9);
    const status = kind === 0 ? null : kind === 1 ? '' : kind <= 4 ? respell(rng, rng.pick(done)) : kind <= 5 ? respell(rng, rng.pick(dropped)) : respell(rng, rng.pick(OPEN_WORDS));
    const dependsOn = [...new Set(Array.from({ length: rng.int(0, 3) }, target))];
    const typed: Partial<Record<Typed, string[]>> = {};
    for (const relation of TYPED) if (rng.chance(relation === 'supersedes' ? 0.08 : 0.25)) typed[relation] = [...new Set(Array.from({ length: rng.int(1, 2) }, target))];
    return { id, status, dependsOn, typed };
  });
  return { docs, done, dropped, keyOf, config };
}

/** The files of a generated workspace, with LF or CRLF line ends and a BOM or not. */
function files(g: Generated, crlf: boolean, bom: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  if (g.config !== null) out['docugraph.yml'] = g.config;
  g.docs.forEach((d, index) => {
    const lines = ['---', `id: ${d.id}`, `title: Doc ${d.id}`];
    if (d.status !== null) lines.push(`status: ${JSON.stringify(d.status)}`);
    if (d.dependsOn.length > 0) lines.push(`depends_on: [${d.dependsOn.join(', ')}]`);
    for (const relation of TYPED) {
      const list = d.typed[relation];
      if (list !== undefined) lines.push(`${g.keyOf[relation]}: [${list.join(', ')}]`);
    }
    lines.push('---', '', `Body of ${d.id}.`, '');
    const text = lines.join(crlf ? '\r\n' : '\n');
    out[`${index % 3 === 0 ? 'docs/' : ''}f${index}.md`] = (bom ? '\ufeff' : '') + text;
  });
  return out;
}

/** The reference: TRACE §1–2 read literally, computed the slow way. */
function reference(g: Generated) {
  const byId = new Map(g.docs.map((d) => [d.id, d]));
  const ids = [...byId.keys()].sort();
  const norm = (s: string) => s.trim().toLowerCase().replace(/[\s_-]+/g, '-');
  const done = new Set(g.done.map(norm));
  const dropped = new Set(g.dropped.map(norm));
  const deps = (id: string) => byId.get(id)!.dependsOn.filter((t) => byId.has(t));
  // reach[a] = every node reachable from a over one or more depends_on edges.
  const reach = new Map(ids.map((id) => [id, new Set<string>()]));
  for (const id of ids) {
    const stack = [...deps(id)];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (reach.get(id)!.has(next)) continue;
      reach.get(id)!.add(next);
      stack.push(...deps(next));
    }
  }
  const inCycle = (id: string) => reach.get(id)!.has(id);
  const cycleMin = (id: string) => [id, ...ids.filter((o) => reach.get(id)!.has(o) && reach.get(o)!.has(id))].sort()[0]!;
  const superseded = (id: string) => g.docs.some((d) => (d.typed.supersedes ?? []).includes(id));
  const local = (id: string) => {
    const status = byId.get(id)!.status;
    if ((status !== null && dropped.has(norm(status))) || superseded(id)) return 'dropped';
    if (status === null || norm(status) === '') return 'untracked';
    if (done.has(norm(status))) return 'done';
    return 'open';
  };
  const state = new Map<string, string>();
  for (const id of ids) {
    const l = local(id);
    if (l !== 'open') state.set(id, l);
    else {
      const blocked = inCycle(id) || byId.get(id)!.dependsOn.some((t) => !byId.has(t)) || deps(id).some((t) => t !== id && local(t) !== 'done' && local(t) !== 'untracked');
      state.set(id, blocked ? 'blocked' : 'ready');
    }
  }
  const blockedBy = new Map<string, { id: string; state: string }[]>();
  for (const id of ids) {
    const list: { id: string; state: string }[] = [];
    if (state.get(id) === 'blocked') {
      for (const t of byId.get(id)!.dependsOn) {
        if (!byId.has(t)) list.push({ id: t, state: 'missing' });
        else if (t !== id && state.get(t) !== 'done' && state.get(t) !== 'untracked') list.push({ id: t, state: state.get(t)! });
      }
      if (inCycle(id)) list.push({ id: cycleMin(id), state: 'cycle' });
      list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.state < b.state ? -1 : a.state > b.state ? 1 : 0));
    }
    blockedBy.set(id, list);
  }
  const open = (id: string) => state.get(id) === 'ready' || state.get(id) === 'blocked';
  const unblocks = new Map(ids.map((id) => [id, ids.filter((o) => o !== id && reach.get(o)!.has(id) && open(o)).length]));
  const counts: Record<string, number> = { depends_on: 0, implements: 0, verifies: 0, refines: 0, related: 0, supersedes: 0 };
  let broken = 0;
  let droppedDeps = 0;
  let inconsistent = 0;
  for (const d of g.docs) {
    counts['depends_on']! += deps(d.id).length;
    broken += d.dependsOn.filter((t) => !byId.has(t)).length;
    for (const relation of TYPED) {
      counts[relation]! += (d.typed[relation] ?? []).filter((t) => byId.has(t)).length;
      broken += (d.typed[relation] ?? []).filter((t) => !byId.has(t)).length;
    }
    if (open(d.id)) droppedDeps += deps(d.id).filter((t) => state.get(t) === 'dropped').length;
    if (state.get(d.id) === 'done') inconsistent += deps(d.id).filter((t) => open(t)).length;
  }
  // Context edges, for bundles and impact: depends_on, implements, verifies, refines.
  const contextUp = (id: string) => [...new Set([...deps(id), ...(['implements', 'verifies', 'refines'] as const).flatMap((r) => (byId.get(id)!.typed[r] ?? []).filter((t) => byId.has(t)))])];
  const bfs = (start: string, next: (id: string) => string[]) => {
    const depth = new Map([[start, 0]]);
    const queue = [start];
    for (let head = 0; head < queue.length; head += 1) for (const n of next(queue[head]!)) if (!depth.has(n)) (depth.set(n, depth.get(queue[head]!)! + 1), queue.push(n));
    return depth;
  };
  const contextDown = (id: string) => ids.filter((o) => contextUp(o).includes(id));
  return { ids, state, blockedBy, unblocks, counts, broken, droppedDeps, inconsistent, upDepths: (id: string) => bfs(id, contextUp), downDepths: (id: string) => bfs(id, contextDown), inCycle };
}

function answers(w: Workspace) {
  return { tasks: listTasks(w).tasks, report: buildReport(w) };
}

describe('typed relations and work state against the reference (seeded)', () => {
  it('states, blockers, unblocks, counts, findings, bundle depths and impact depths agree', () => {
    const base = new Rng(FUZZ_SEED).fork(24);
    for (let run = 0; run < fuzzRuns(25); run += 1) {
      const rng = base.fork(run);
      const g = generate(rng);
      const ref = reference(g);
      const crlf = rng.chance(0.5);
      const bom = rng.chance(0.5);
      const w = loadWorkspace(testdir(files(g, crlf, bom)));
      const where = `seed ${FUZZ_SEED}, run ${run}`;
      expect(w.ids, where).toEqual(ref.ids);
      const { tasks, report } = answers(w);
      for (const t of tasks) {
        expect([t.id, t.state], where).toEqual([t.id, ref.state.get(t.id)]);
        expect([t.id, t.blockedBy], where).toEqual([t.id, ref.blockedBy.get(t.id)]);
        const want = ref.unblocks.get(t.id)!;
        if (want <= SKETCH_SIZE) expect([t.id, t.unblocks], where).toEqual([t.id, want]);
      }
      expect(report.relationCounts ?? { ...w.relationCounts }, where).toEqual(ref.counts);
      const count = (code: string) => [...report.errors, ...report.warnings].filter((d) => d.code === code).length;
      expect([count('LINK_BROKEN'), count('DEPENDS_ON_DROPPED'), count('STATUS_INCONSISTENT')], where).toEqual([ref.broken, ref.droppedDeps, ref.inconsistent]);
      expect(count('RELATION_INVALID') + count('DEPENDS_ON_INVALID') + count('DEPENDS_ON_DUPLICATE') + count('CONFIG_INVALID'), where).toBe(0);
      // The ready list: most unblocking first, then id.
      const ready = listTasks(w, { state: 'ready' }).tasks.map((t) => t.id);
      expect(ready, where).toEqual(ref.ids.filter((id) => ref.state.get(id) === 'ready').sort((a, b) => ref.unblocks.get(b)! - ref.unblocks.get(a)! || (a < b ? -1 : 1)));
      // A bundle's depths and an impact's depths are the shortest distances over the context relations.
      const task = rng.pick(ref.ids);
      const up = ref.upDepths(task);
      if (![...up.keys()].some(ref.inCycle)) {
        const bundle = buildBundle(w, { taskId: task, maxDepth: 100 });
        const depths = [...bundle.matchAll(/^- `([^`]+)` depth=(\d+): /gm)].map((m) => [m[1], Number(m[2])]);
        expect(Object.fromEntries(depths), where).toEqual(Object.fromEntries(up));
      }
      const down = ref.downDepths(task);
      down.delete(task);
      expect(Object.fromEntries(analyzeImpact(w, task).impacted.map((i) => [i.id, i.depth])), where).toEqual(Object.fromEntries(down));
      // Line ends and a BOM change nothing.
      expect(answers(loadWorkspace(testdir(files(g, !crlf, !bom)))).tasks, where).toEqual(tasks);
    }
  }, 120_000);
});
