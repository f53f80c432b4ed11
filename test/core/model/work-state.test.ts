/**
 * TRACE §2, rule by rule, on workspaces small enough to derive every state by hand: the
 * normal form of a status, the order of the rules, `blockedBy` and the two warnings.
 */
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/core/index.js';
import { normalStatus } from '../../../src/core/shared/relations.js';
import type { Workspace } from '../../../src/core/shared/types.js';
import { doc, testdir } from '../../helpers/testdir.js';
import { assembleWorkspace, createAssemblyCache, keptStagesOf } from '../../../src/core/model/assemble-workspace.js';
import { analyzeFile } from '../../../src/core/model/analyze-file.js';
import { compareDiagnostics } from '../../../src/core/shared/sort.js';

function load(files: Record<string, string>): Workspace {
  return loadWorkspace(testdir(files));
}

const stateOf = (w: Workspace, id: string) => w.states.get(id);
const codes = (w: Workspace, code: string) => w.diagnostics.filter((d) => d.code === code).map((d) => [d.nodeId, d.line, d.message]);

describe('the normal form of a status', () => {
  it('trims, lowers and makes every run of spaces, `_` and `-` one `-`', () => {
    expect(normalStatus('In Progress')).toBe('in-progress');
    expect(normalStatus('  IN__progress  ')).toBe('in-progress');
    expect(normalStatus('won_t fix')).toBe('won-t-fix');
    expect(normalStatus('Won - t\tFix')).toBe('won-t-fix');
    expect(normalStatus('-done-')).toBe('-done-');
    expect(normalStatus('   ')).toBe('');
  });

  it('is how statuses are read: `Done`, `DONE` and ` done ` are done; `In Review` is open', () => {
    const w = load({
      'a.md': doc({ id: 'A', title: 'A', status: 'Done' }),
      'b.md': doc({ id: 'B', title: 'B', status: 'DONE' }),
      'c.md': doc({ id: 'C', title: 'C', status: '" done "' }),
      'd.md': doc({ id: 'D', title: 'D', status: 'In Review' }),
      'e.md': doc({ id: 'E', title: 'E', status: 'Won_t Fix' }),
    });
    expect(['A', 'B', 'C', 'D', 'E'].map((id) => stateOf(w, id)!.state)).toEqual(['done', 'done', 'done', 'ready', 'dropped']);
  });
});

describe('the rules, in order', () => {
  it('dropped first (status or superseded), then untracked, done, blocked, ready', () => {
    const w = load({
      // Superseded beats a done status; a dropped status beats everything.
      'old.md': doc({ id: 'OLD', title: 'Old', status: 'done' }),
      'new.md': doc({ id: 'NEW', title: 'New', status: 'accepted', supersedes: 'OLD' }),
      'cancel.md': doc({ id: 'CANCEL', title: 'Cancelled', status: 'Cancelled', depends_on: ['MISSING'] }),
      'ref.md': doc({ id: 'REF', title: 'Reference', depends_on: ['OPEN'] }),
      'open.md': doc({ id: 'OPEN', title: 'Open', status: 'todo' }),
      'wait.md': doc({ id: 'WAIT', title: 'Waits', status: 'todo', depends_on: ['OPEN', 'REF', 'NEW'] }),
      'empty.md': doc({ id: 'EMPTY', title: 'Empty status', status: '""' }),
    });
    expect(Object.fromEntries(w.ids.map((id) => [id, stateOf(w, id)]))).toEqual({
      CANCEL: { state: 'dropped', blockedBy: [] },
      EMPTY: { state: 'untracked', blockedBy: [] },
      NEW: { state: 'done', blockedBy: [] },
      OLD: { state: 'dropped', blockedBy: [] },
      OPEN: { state: 'ready', blockedBy: [] },
      // No status: untracked, even with an open dependency (it never blocks, and is never blocked).
      REF: { state: 'untracked', blockedBy: [] },
      // REF (untracked) and NEW (done) are settled; OPEN is not.
      WAIT: { state: 'blocked', blockedBy: [{ id: 'OPEN', state: 'ready' }] },
    });
  });

  it('blockedBy: each dependency not settled with its own state, missing entries, and the cycle, sorted by id', () => {
    const w = load({
      'a.md': doc({ id: 'A', title: 'A', status: 'todo', depends_on: ['Z-MISSING', 'B', 'C', 'D', 'E'] }),
      'b.md': doc({ id: 'B', title: 'B', status: 'todo', depends_on: ['C'] }),
      'c.md': doc({ id: 'C', title: 'C', status: 'in progress' }),
      'd.md': doc({ id: 'D', title: 'D', status: 'rejected' }),
      'e.md': doc({ id: 'E', title: 'E', status: 'done' }),
      'x.md': doc({ id: 'X', title: 'X', status: 'todo', depends_on: ['Y'] }),
      'y.md': doc({ id: 'Y', title: 'Y', status: 'todo', depends_on: ['X', 'E'] }),
      's.md': doc({ id: 'S', title: 'S', status: 'todo', depends_on: ['S'] }),
    });
    expect(stateOf(w, 'A')).toEqual({
      state: 'blocked',
      blockedBy: [
        { id: 'B', state: 'blocked' },
        { id: 'C', state: 'ready' },
        { id: 'D', state: 'dropped' },
        { id: 'Z-MISSING', state: 'missing' },
      ],
    });
    // A cycle blocks every node in it, named by its smallest id; a self-edge is only its cycle.
    expect(stateOf(w, 'X')).toEqual({ state: 'blocked', blockedBy: [{ id: 'X', state: 'cycle' }, { id: 'Y', state: 'blocked' }] });
    expect(stateOf(w, 'Y')).toEqual({ state: 'blocked', blockedBy: [{ id: 'X', state: 'blocked' }, { id: 'X', state: 'cycle' }] });
    expect(stateOf(w, 'S')).toEqual({ state: 'blocked', blockedBy: [{ id: 'S', state: 'cycle' }] });
  });

  it('only depends_on blocks: implements, verifies, refines and related never do', () => {
    const w = load({
      'req.md': doc({ id: 'REQ', title: 'Requirement', status: 'draft' }),
      't.md': doc({ id: 'T', title: 'Task', status: 'todo', implements: 'REQ', verifies: 'REQ', refines: 'REQ', related: 'REQ' }),
    });
    expect(stateOf(w, 'T')).toEqual({ state: 'ready', blockedBy: [] });
  });

  it('status words come from docugraph.yml, in normal form', () => {
    const w = load({
      'docugraph.yml': 'status:\n  done: [Shipped]\n  dropped: [On Ice]\n',
      'a.md': doc({ id: 'A', title: 'A', status: 'shipped' }),
      'b.md': doc({ id: 'B', title: 'B', status: 'on_ice' }),
      // Neither `done` nor `cancelled` is a word any more: a list given replaces the default.
      'c.md': doc({ id: 'C', title: 'C', status: 'done' }),
      'd.md': doc({ id: 'D', title: 'D', status: 'cancelled' }),
    });
    expect(['A', 'B', 'C', 'D'].map((id) => stateOf(w, id)!.state)).toEqual(['done', 'dropped', 'ready', 'ready']);
  });
});

describe('DEPENDS_ON_DROPPED and STATUS_INCONSISTENT', () => {
  it('open work on a dropped or superseded document, naming the replacement', () => {
    const w = load({
      'adr3.md': doc({ id: 'ADR-3', title: 'Old decision', status: 'accepted' }),
      'adr7.md': doc({ id: 'ADR-7', title: 'New decision', status: 'accepted', supersedes: 'ADR-3' }),
      'gone.md': doc({ id: 'GONE', title: 'Gone', status: 'Withdrawn' }),
      't.md': doc({ id: 'T', title: 'Task', status: 'todo', depends_on: ['ADR-3', 'GONE'] }),
      // Done work on a dropped document is history, not a finding.
      'old.md': doc({ id: 'OLD', title: 'Old task', status: 'done', depends_on: ['GONE'] }),
    });
    expect(codes(w, 'DEPENDS_ON_DROPPED')).toEqual([
      ['T', 5, '`T` is open work, but its `depends_on` names `ADR-3`, which is superseded by `ADR-7`; depend on it instead'],
      ['T', 5, '`T` is open work, but its `depends_on` names `GONE`, which is dropped (status `Withdrawn`); remove the dependency, or reopen `GONE`'],
    ]);
    expect(stateOf(w, 'T')!.blockedBy).toEqual([{ id: 'ADR-3', state: 'dropped' }, { id: 'GONE', state: 'dropped' }]);
  });

  it('a done document whose dependency is still open, at the entry’s line', () => {
    const w = load({
      'a.md': '---\nid: A\ntitle: A\nstatus: done\ndepends_on:\n  - C\n  - B\n---\n',
      'b.md': doc({ id: 'B', title: 'B', status: 'todo', depends_on: ['C'] }),
      'c.md': doc({ id: 'C', title: 'C', status: 'todo' }),
    });
    expect(codes(w, 'STATUS_INCONSISTENT')).toEqual([
      ['A', 7, '`A` is done (status `done`), but its `depends_on` names `B`, which is still open (blocked); finish `B`, or reopen `A`'],
      ['A', 6, '`A` is done (status `done`), but its `depends_on` names `C`, which is still open (ready); finish `C`, or reopen `A`'],
    ].sort((x, y) => (x[1] as number) - (y[1] as number)));
  });

  it('the demo has neither, and its ready work is BE-02 and OPS-01', async () => {
    const { DEMO } = await import('../../helpers/paths.js');
    const w = loadWorkspace(DEMO);
    expect(w.diagnostics).toEqual([]);
    expect(w.ids.filter((id) => stateOf(w, id)!.state === 'ready')).toEqual(['BE-02', 'OPS-01']);
    expect(stateOf(w, 'BE-03')).toEqual({ state: 'blocked', blockedBy: [{ id: 'BE-02', state: 'ready' }] });
  });
});

describe('the warnings of the state stage', () => {
  it('come sorted as the report is (by path, then line), whatever order the ids are in', () => {
    // Ids that sort the other way round from their paths: found in the ids' order, given in the paths'.
    const files: Record<string, string> = {};
    for (let i = 0; i < 6; i += 1) {
      files[`p${i}.md`] = doc({ id: `Z${9 - i}`, title: 't', status: 'done', depends_on: ['OPEN', 'GONE'] });
    }
    files['open.md'] = doc({ id: 'OPEN', title: 'open', status: 'todo' });
    files['gone.md'] = doc({ id: 'GONE', title: 'gone', status: 'todo', depends_on: ['DROP'] });
    files['drop.md'] = doc({ id: 'DROP', title: 'drop', status: 'dropped' });
    const cache = createAssemblyCache();
    const paths = Object.keys(files).sort();
    const perFile = new Map(paths.map((f) => [f, { analysis: analyzeFile(f, Buffer.from(files[f]!)), links: null }] as const));
    assembleWorkspace('/w', { files: paths, entries: new Set(paths), diagnostics: [] }, perFile, cache);
    const warnings = keptStagesOf(cache)!.stateDiagnostics;
    expect(warnings.map((d) => d.path)).toEqual(['gone.md', 'p0.md', 'p0.md', 'p1.md', 'p1.md', 'p2.md', 'p2.md', 'p3.md', 'p3.md', 'p4.md', 'p4.md', 'p5.md', 'p5.md']);
    expect([...warnings].sort(compareDiagnostics)).toEqual(warnings);
  });
});

