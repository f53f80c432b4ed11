/**
 * The work states (model/state-map.ts) hold no node of the snapshot they were made from. A live
 * workspace keeps its states while edits change no status and no edge, so states that held
 * their nodes held the version of every file edited since (and the batches of text it was read
 * in) for as long: a soak of 600 body edits on 500 documents kept every 256 KB batch of first
 * texts alive. What `blockedBy` needs of the nodes — the entries naming no node — is taken when
 * the states are made.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/core/index.js';
import { doc, testdir } from '../../helpers/testdir.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

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
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(node.deref()).toBeUndefined();
    expect(nodes.deref()).toBeUndefined();
    // Asked only now (`blockedBy` is made when first asked for).
    expect(states.get('A')!.blockedBy.map((b) => `${b.id} ${b.state}`)).toEqual(['ALSO-GONE missing', 'B ready', 'GONE missing']);
    expect(states.get('B')!.state).toBe('ready');
  });
});
