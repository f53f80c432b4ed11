/**
 * What a live server lets go of (run with a collection asked for: `gc` exposed, which changes
 * V8's flags for the whole process — so this file runs in a process of its own, vitest.config.ts
 * ISOLATED; a code cache checked after it in the same process would be refused).
 *
 * - The work states (model/state-map.ts) hold no node of the snapshot they were made from. A
 *   live workspace keeps its states while edits change no status and no edge, so states that
 *   held their nodes held the version of every file edited since (and the batches of text it
 *   was read in) for as long: a soak of 600 body edits on 500 documents kept every 256 KB batch
 *   of first texts alive. What `blockedBy` needs of the nodes — the entries naming no node — is
 *   taken when the states are made.
 * - A search index (answer/section-index.ts) holds nothing of the index it followed: made in the
 *   scope of the build, its reads held the index before, and it the one before (200 edits of a
 *   1 MB document held 208 MB).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { indexAfter } from '../../src/core/answer/section-index.js';
import { loadWorkspace } from '../../src/core/index.js';
import { withNode } from '../helpers/index-answers.js';
import { syntheticWorkspace } from '../helpers/synthetic-workspace.js';
import { doc, testdir } from '../helpers/testdir.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A collection, once the current job has ended (a `WeakRef` keeps its target until then). */
async function collect(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
}

describe('work states', () => {
  it('say why a node is blocked after its workspace and nodes are gone', async () => {
    const root = testdir({
      'a.md': doc({ id: 'A', title: 'A', status: 'todo', depends_on: ['B', 'GONE', 'ALSO-GONE'] }, '# A\n\nThe text of A.\n'),
      'b.md': doc({ id: 'B', title: 'B', status: 'todo', depends_on: ['C'] }, '# B\n'),
      'c.md': doc({ id: 'C', title: 'C', status: 'done' }, '# C\n'),
    });
    const [states, node, nodes] = (() => {
      const ws = loadWorkspace(root);
      return [ws.states, new WeakRef(ws.nodes.get('A')!), new WeakRef(ws.nodes)] as const;
    })();
    await collect();
    expect(node.deref()).toBeUndefined();
    expect(nodes.deref()).toBeUndefined();
    // Asked only now (`blockedBy` is made when first asked for).
    expect(states.get('A')!.blockedBy.map((b) => `${b.id} ${b.state}`)).toEqual(['ALSO-GONE missing', 'B ready', 'GONE missing']);
    expect(states.get('B')!.state).toBe('ready');
  });
});

describe('the search index', () => {
  it('is not held by the index made after it (a live server keeps one index, not one per edit)', async () => {
    let ws = syntheticWorkspace(Array.from({ length: 20 }, (_, i) => ({ id: `D${i}`, body: `# D${i}\n\n## S\n\nword${i}\n` })));
    let before = { nodes: ws.nodes, index: indexAfter(ws, null) };
    const first = new WeakRef(before.index);
    for (let step = 0; step < 3; step += 1) {
      const node = ws.nodes.get('D0')!;
      ws = withNode(ws, { ...node, text: `${node.text}\n## Step ${step}\n`, body: `${node.body}\n## Step ${step}\n` });
      before = { nodes: ws.nodes, index: indexAfter(ws, before) };
      expect(before.index.scanned).toBe(3 + step);
    }
    await collect();
    expect(first.deref()).toBeUndefined();
  });
});
