/**
 * Fuzz (issue 55, D-456): a live workspace — plain documents and a Kiro feature — through random
 * edits (a document's sections rewritten, added or removed; a task file's phases and tasks; a
 * requirements file's prose; a design's sections), each snapshot's search index made from the
 * last one's (`indexAfter`) and made afresh: the same units, texts, scores, matched words,
 * frequencies and each node's units and prose, every time. Seeded: FUZZ_SEED / FUZZ_RUNS replay
 * or lengthen it (`npm run fuzz`).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexAfter, type SectionIndex } from '../../src/core/answer/section-index.js';
import { openLiveWorkspace, type Workspace } from '../../src/core/index.js';
import { indexAnswers } from '../helpers/index-answers.js';
import { nextSnapshot } from '../helpers/next-snapshot.js';
import { FUZZ_SEED, fuzzRuns, fuzzTimeout, Rng } from '../helpers/prng.js';
import { doc, testdir } from '../helpers/testdir.js';

const WORDS = ['session', 'store', 'cookie', 'lock', 'account', 'audit', 'log', 'retention', 'player', 'glossary', 'phase', 'setup', 'token', 'queue'];
const QUERIES = ['session store', 'lock account', 'audit log', 'player glossary', 'phase setup', 'token queue cookie'];

const words = (rng: Rng, n: number): string => Array.from({ length: n }, () => rng.pick(WORDS)).join(' ');

/** A document of 0–3 sections under its title. */
function plain(rng: Rng, id: string): string {
  const sections = Array.from({ length: rng.int(0, 3) }, () => `## ${words(rng, 2)}\n\n${words(rng, rng.int(1, 8))}\n`);
  return doc({ id, title: words(rng, 2) }, [`# ${id}\n\n${words(rng, 3)}\n`, ...sections].join('\n'));
}

/** Kiro tasks: 1–3 phases of 1–3 tasks, some citing requirement 1. */
function tasks(rng: Rng): string {
  const out = ['# Tasks', ''];
  let n = 0;
  for (let phase = 1; phase <= rng.int(1, 3); phase += 1) {
    out.push(`## Phase ${phase}: ${words(rng, 2)}`, '');
    for (let k = 0; k < rng.int(1, 3); k += 1) {
      n += 1;
      out.push(`- [${rng.chance(0.3) ? 'x' : ' '}] ${n}. ${words(rng, 3)}`);
      if (rng.chance(0.5)) out.push('  - _Requirements: 1_');
    }
    out.push('');
  }
  return out.join('\n');
}

/** Kiro requirements: an introduction (prose, or none), then one or two requirements. */
function requirements(rng: Rng): string {
  const intro = rng.chance(0.7) ? `## Introduction\n\n${words(rng, 6)}\n\n` : '';
  const more = rng.chance(0.5) ? `\n### Requirement 2: ${words(rng, 2)}\n\n#### Acceptance Criteria\n\n1. WHEN ${words(rng, 2)} THEN THE system SHALL ${words(rng, 2)}\n` : '';
  return `# Requirements\n\n${intro}## Requirements\n\n### Requirement 1: ${words(rng, 2)}\n\n#### Acceptance Criteria\n\n1. WHEN ${words(rng, 3)} THEN THE system SHALL ${words(rng, 2)}\n${more}`;
}

const answersOf = (index: SectionIndex): unknown => indexAnswers(index, QUERIES);

describe("a live workspace's search index after random edits (seeded)", () => {
  it(
    'is, at every snapshot, the index made afresh',
    async () => {
      const rng = new Rng(FUZZ_SEED * 7919 + 55);
      const files: Record<string, string> = { 'docugraph.yml': 'kits: [kiro]\n', '.kiro/specs/auth/tasks.md': tasks(rng), '.kiro/specs/auth/requirements.md': requirements(rng) };
      for (let i = 0; i < 6; i += 1) files[`docs/d${i}.md`] = plain(rng, `D${i}`);
      const root = testdir(files);
      const live = openLiveWorkspace(root, { mode: 'poll', settleMs: 10 });
      try {
        let ws: Workspace = await live.snapshot();
        let index = indexAfter(ws, null);
        let kept = 0;
        // 12 edits in npm test; `npm run fuzz` runs 100.
        const steps = fuzzRuns(12);
        for (let step = 0; step < steps; step += 1) {
          const kind = rng.int(0, 4);
          const plainFile = `docs/d${rng.int(0, 7)}.md`;
          let what: string;
          if (kind === 0) (what = `rewrite ${plainFile}`), writeFileSync(join(root, plainFile), plain(rng, plainFile.slice(6, -3).toUpperCase()));
          else if (kind === 1) (what = 'rewrite the tasks'), writeFileSync(join(root, '.kiro/specs/auth/tasks.md'), tasks(rng));
          else if (kind === 2) (what = 'rewrite the requirements'), writeFileSync(join(root, '.kiro/specs/auth/requirements.md'), requirements(rng));
          else if (kind === 3) (what = 'write the design'), writeFileSync(join(root, '.kiro/specs/auth/design.md'), `# Design\n\n## ${words(rng, 2)}\n\n${words(rng, 5)}\n`);
          else (what = `remove ${plainFile}`), rmSync(join(root, plainFile), { force: true });
          const next = await nextSnapshot(live, ws, 50);
          const reused = indexAfter(next, { nodes: ws.nodes, index });
          expect(answersOf(reused), `seed ${FUZZ_SEED}, step ${step}: ${what}`).toEqual(answersOf(indexAfter(next, null)));
          kept += reused.units.length - reused.scanned;
          ws = next;
          index = reused;
        }
        // The edits left most units alone: the reuse was exercised, not only the scan.
        expect(kept).toBeGreaterThan(steps * 5);
      } finally {
        await live.close();
      }
    },
    fuzzTimeout(60_000),
  );
});
