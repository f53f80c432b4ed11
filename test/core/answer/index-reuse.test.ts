/**
 * The search index of a live workspace's next snapshot takes the units of the nodes an edit left
 * alone from the index before (section-index.ts `indexAfter`, bm25.ts `following`/`keep`,
 * postings.ts `mergedPostings`): the same index as one made afresh — units, texts, scores and
 * matched words — with only the changed nodes' units scanned.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Bm25 } from '../../../src/core/answer/bm25.js';
import { mergedPostings, postingsOf, type Postings } from '../../../src/core/answer/postings.js';
import { indexAfter, type SectionIndex } from '../../../src/core/answer/section-index.js';
import { loadWorkspace, openLiveWorkspace, type Workspace } from '../../../src/core/index.js';
import { syntheticWorkspace } from '../../helpers/synthetic-workspace.js';
import { termsOf } from '../../../src/core/shared/words.js';
import { mulberry32 } from '../../helpers/prng.js';
import { indexAnswers, withNode } from '../../helpers/index-answers.js';
import { nextSnapshot } from '../../helpers/next-snapshot.js';
import { doc, testdir } from '../../helpers/testdir.js';

/** (term, unit, count) triples of `units` (each a map of term to count), in unit order. */
function triplesOf(units: readonly ReadonlyMap<number, number>[]): Int32Array {
  const out: number[] = [];
  units.forEach((unit, at) => {
    for (const [term, count] of unit) out.push(term, at, count);
  });
  return Int32Array.from(out);
}

const plain = (p: Postings) => ({ starts: [...p.starts], units: [...p.units], counts: [...p.counts] });

describe('mergedPostings', () => {
  it('is the postings of the kept units renumbered and the added ones, as if made afresh (seeded)', () => {
    const rand = mulberry32(55);
    for (let round = 0; round < 300; round += 1) {
      const oldTerms = 1 + Math.floor(rand() * 12);
      const unit = (terms: number): Map<number, number> => {
        const out = new Map<number, number>();
        const n = Math.floor(rand() * 5);
        for (let i = 0; i < n; i += 1) {
          const term = Math.floor(rand() * terms);
          out.set(term, (out.get(term) ?? 0) + 1 + Math.floor(rand() * 3));
        }
        return out;
      };
      const before = Array.from({ length: Math.floor(rand() * 10) }, () => unit(oldTerms));
      const terms = oldTerms + Math.floor(rand() * 4);
      // The next list: each unit before kept (in order) or dropped, new units anywhere between.
      const after: Map<number, number>[] = [];
      const renumber = new Int32Array(before.length).fill(-1);
      const added: Map<number, number>[] = [];
      const addedAt: number[] = [];
      const addOne = (): void => {
        const made = unit(terms);
        addedAt.push(after.length);
        added.push(made);
        after.push(made);
      };
      before.forEach((kept, k) => {
        while (rand() < 0.3) addOne();
        if (rand() < 0.6) {
          renumber[k] = after.length;
          after.push(kept);
        }
      });
      while (rand() < 0.3) addOne();
      // The added units' triples carry their new numbers, as Bm25 makes them.
      const addedTriples: number[] = [];
      added.forEach((made, i) => {
        for (const [term, count] of made) addedTriples.push(term, addedAt[i]!, count);
      });
      const previous = postingsOf([triplesOf(before)], oldTerms);
      const fresh = postingsOf([triplesOf(after)], terms);
      // The same triples in chunks (cut between triples) give the same postings.
      const whole = triplesOf(after);
      const cut = 3 * Math.floor((rand() * whole.length) / 3);
      expect(plain(postingsOf([whole.subarray(0, cut), whole.subarray(cut)], terms))).toEqual(plain(fresh));
      const merged = mergedPostings(previous, renumber, postingsOf([Int32Array.from(addedTriples)], terms), terms);
      expect(plain(merged), `round ${round}`).toEqual(plain(fresh));
    }
  });
});

describe('Bm25 over many units', () => {
  it('scores as the formula does, its triples in chunks that the counts of a unit straddle (seeded)', () => {
    const rand = mulberry32(7);
    // 3,000 units of 2–13 words from 400, each ending with its first word again (a count raised in
    // the triple its first time made, maybe in the chunk before): some 20,000 triples, in chunks of
    // 4,096 triples, then 8,192, …
    const units = Array.from({ length: 3000 }, () => {
      const words = Array.from({ length: 2 + Math.floor(rand() * 12) }, () => `w${Math.floor(rand() * 400)}`);
      return [...words, words[0]!];
    });
    const bm25 = new Bm25(units);
    const n = units.length;
    const average = units.reduce((sum, u) => sum + u.length, 0) / n;
    // Every word alone (each term's counts in every unit), then some queries of several words.
    const queries = Array.from({ length: 400 }, (_, k) => [`w${k}`]);
    for (let q = 0; q < 20; q += 1) queries.push([...new Set(Array.from({ length: 2 + Math.floor(rand() * 3) }, () => `w${Math.floor(rand() * 400)}`))].sort());
    for (const query of queries) {
      const expected = new Map<number, number>();
      for (const term of query) {
        const holders = units.flatMap((u, k) => (u.includes(term) ? [k] : []));
        const idf = Math.log(1 + (n - holders.length + 0.5) / (holders.length + 0.5));
        for (const k of holders) {
          const tf = units[k]!.filter((t) => t === term).length;
          const norm = 1 - 0.75 + (0.75 * units[k]!.length) / average;
          expected.set(k, (expected.get(k) ?? 0) + (idf * tf * 2.2) / (tf + 1.2 * norm));
        }
      }
      expect([...bm25.scores(query)].sort(([a], [b]) => a - b), query.join(' ')).toEqual([...expected].sort(([a], [b]) => a - b));
    }
  });
});

describe('Bm25.following', () => {
  const texts = ['session cookie expiry', 'session session store', 'unrelated text here', 'the session', 'cookie jar store', 'lock the account after five failed logins'];
  const queries = ['session', 'cookie store', 'account lock', 'jar', 'nothing here', 'failed session cookie'].map(termsOf);

  it('keeps units as they were and scores the next list as an index made afresh does', () => {
    const previous = new Bm25(texts.map(termsOf));
    const next = Bm25.following(previous)!;
    // Units 0, 2 and 5 kept; two new ones between; 1, 3 and 4 gone.
    const list = [texts[0]!, 'a new cookie policy', texts[2]!, 'session lock screen', texts[5]!];
    next.keep(0);
    next.add((visit) => termsOf(list[1]!).forEach(visit));
    next.keep(2);
    next.add((_visit, scan) => scan(list[3]!));
    next.keep(5);
    const fresh = new Bm25(list.map(termsOf));
    expect(next.size).toBe(5);
    for (const query of queries) {
      expect([...next.scores(query)], query.join(' ')).toEqual([...fresh.scores(query)]);
      for (let unit = 0; unit < list.length; unit += 1) expect(next.matched(query, unit)).toEqual(fresh.matched(query, unit));
      for (const term of query) expect(next.frequency(term)).toBe(fresh.frequency(term));
    }
  });

  it('refuses a unit kept out of order or one the index before does not have', () => {
    const next = Bm25.following(new Bm25(texts.map(termsOf)))!;
    next.keep(3);
    expect(() => next.keep(2)).toThrow(/comes after unit 3/);
    expect(() => next.keep(99)).toThrow(/no unit 99/);
    expect(() => new Bm25().keep(0)).toThrow(/no unit 0/);
  });

  it('starts afresh when most terms of the index before are in no unit', () => {
    const first = new Bm25(texts.map(termsOf));
    const second = Bm25.following(first)!;
    second.add((visit) => visit('one'));
    second.seal();
    // `second` holds every word of `first`, and uses one.
    expect(Bm25.following(second)).toBeNull();
  });
});

/** What a reader of an index sees (test/helpers/index-answers.ts), for these tests' words. */
const answersOf = (index: SectionIndex): unknown => indexAnswers(index, ['session store', 'lock account', 'design cookie', 'phase setup', 'three', 'audit log retention', 'players glossary']);

const KIT = {
  'docugraph.yml': 'kits: [kiro]\n',
  '.kiro/specs/auth/requirements.md': '# Requirements\n\n## Introduction\n\nPlayers lock themselves out; the glossary says who.\n\n## Requirements\n\n### Requirement 1: Lock the account\n\n#### Acceptance Criteria\n\n1. WHEN five logins fail THEN THE system SHALL lock the account\n',
  '.kiro/specs/auth/design.md': '# Design\n\n## Session store\n\nSessions live in the store.\n\n## Cookie\n\nThe cookie holds the session id.\n',
  '.kiro/specs/auth/tasks.md': '# Tasks\n\n## Phase 1: Setup\n\n- [ ] 1. Lock the account\n  - _Requirements: 1_\n- [ ] 2. Session store\n',
  'docs/a.md': doc({ id: 'A', title: 'Audit' }, '# Audit\n\n## Log\n\nKeep the audit log.\n\n## Retention\n\nNinety days.\n'),
  'docs/b.md': doc({ id: 'B', title: 'B' }, '# B\n\n## Two\n\nTwo words.\n'),
};

describe('indexAfter', () => {
  it('is, for each snapshot after an edit, the index made afresh, scanning only what the edit changed', async () => {
    const root = testdir(KIT);
    const live = openLiveWorkspace(root, { mode: 'poll', settleMs: 20 });
    const next = async (previous: Workspace): Promise<Workspace> => {
      const ws = await nextSnapshot(live, previous);
      expect(ws).not.toBe(previous);
      return ws;
    };
    try {
      let ws = await live.snapshot();
      let index = indexAfter(ws, null);
      expect(index.scanned).toBe(index.units.length);
      // The requirements file's prose (its introduction, and the heading above the requirements) are units of their own, kept like the others.
      expect(index.proseOf('auth/requirements').size).toBe(2);
      const edits: [string, () => void, number][] = [
        // One section of one document: its three units scanned again, nothing else.
        ['a document edited', () => writeFileSync(join(root, 'docs/b.md'), doc({ id: 'B', title: 'B' }, '# B\n\n## Three\n\nThree words.\n\n## Four\n')), 3],
        // The task file's three tasks are new nodes; the file itself, a kit file of tasks, is no unit.
        ['a task file edited', () => writeFileSync(join(root, '.kiro/specs/auth/tasks.md'), '# Tasks\n\n## Phase 1: Setup the store\n\n- [x] 1. Lock the account\n  - _Requirements: 1_\n- [ ] 2. Session store\n- [ ] 3. Cookie\n'), 3],
        // Its requirement and criterion, and its prose, read again.
        ['a requirements file edited', () => writeFileSync(join(root, '.kiro/specs/auth/requirements.md'), KIT['.kiro/specs/auth/requirements.md'].replace('who.', 'who, and the players glossary.')), -1],
        ['a document added', () => writeFileSync(join(root, 'docs/c.md'), doc({ id: 'C', title: 'Cookie' }, '# Cookie\n\nThe cookie jar.\n')), 1],
        ['a document removed', () => rmSync(join(root, 'docs/a.md')), 0],
      ];
      for (const [what, edit, scanned] of edits) {
        edit();
        const after = await next(ws);
        const reused = indexAfter(after, { nodes: ws.nodes, index });
        expect(answersOf(reused), what).toEqual(answersOf(indexAfter(after, null)));
        if (scanned >= 0) expect(reused.scanned, what).toBe(scanned);
        else expect(reused.scanned, what).toBeGreaterThan(0);
        expect(reused.scanned, what).toBeLessThan(reused.units.length);
        ws = after;
        index = reused;
      }
    } finally {
      await live.close();
    }
  });
});

describe('the index followed', () => {
  it('is not used for an item whose file is another node, though the item is the same', () => {
    const ws = loadWorkspace(testdir(KIT));
    const before = { nodes: ws.nodes, index: indexAfter(ws, null) };
    // The heading the task sits under (its words are the task's) on the same line, in a file node of its own.
    const file = ws.nodes.get('auth/tasks')!;
    const renamed = (text: string): string => text.replace('Phase 1: Setup', 'Phase 1: Glossary');
    const next = withNode(ws, { ...file, text: renamed(file.text), body: renamed(file.body) });
    expect(next.nodes.get('auth/T1')).toBe(ws.nodes.get('auth/T1'));
    const reused = indexAfter(next, before);
    expect(answersOf(reused)).toEqual(answersOf(indexAfter(next, null)));
    expect(reused.bm25.scores(termsOf('glossary')).size).toBeGreaterThan(1);
  });

  it('gives its units only in the order they had there: a workspace listing the same nodes in another order scans the rest', () => {
    const ws = syntheticWorkspace(['A', 'B', 'C', 'D'].map((id) => ({ id, body: `# ${id}\n\n## One\n\n${id} words\n` })));
    const before = { nodes: ws.nodes, index: indexAfter(ws, null) };
    const reversed = { ...ws, ids: [...ws.ids].reverse() };
    const reused = indexAfter(reversed, before);
    expect(answersOf(reused)).toEqual(answersOf(indexAfter(reversed, null)));
    // The first node listed (D, the last before) is kept; the others would come before it.
    expect(reused.scanned).toBe(6);
  });
});
