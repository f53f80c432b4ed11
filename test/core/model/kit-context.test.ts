/**
 * KITS §3: a kit task depends on its feature's documents that exist. One assembly's links are
 * kept for the next, so that a task read again with the same documents present is the same
 * object (a live workspace's next assembly then finds its structure unchanged).
 */
import { describe, expect, it } from 'vitest';
import { linkKitContext } from '../../../src/core/model/kit-context.js';
import type { DocNode } from '../../../src/core/shared/types.js';

function node(id: string, context: readonly string[] = []): DocNode {
  const source = { text: '' };
  return {
    id, title: id, type: context.length === 0 ? 'design' : 'task', status: null, path: `${id}.md`, dependsOn: [], dependsOnLines: [], text: '', bodyLine: 1, body: '',
    ...(context.length === 0 ? {} : { item: { line: 3, end: 3, file: 'f', box: ' ', context, source } }),
  } as DocNode;
}

describe('linkKitContext', () => {
  const task = node('feat/T1', ['feat/design', 'feat/research']);
  const design = node('feat/design');

  it('adds a depends_on on each feature document present, at the task line', () => {
    const nodes = new Map([[task.id, task], [design.id, design]]);
    linkKitContext(nodes, undefined);
    const linked = nodes.get(task.id)!;
    expect(linked).not.toBe(task);
    expect(linked.dependsOn).toEqual(['feat/design']);
    expect(linked.dependsOnLines).toEqual([3]);
    expect(task.dependsOn).toEqual([]);
  });

  it('gives the same object to the next assembly for the same task and documents, a new one when the documents differ', () => {
    const first = new Map([[task.id, task], [design.id, design]]);
    const links = linkKitContext(first, undefined);
    const again = new Map([[task.id, task], [design.id, design]]);
    const next = linkKitContext(again, links);
    expect(again.get(task.id)).toBe(first.get(task.id));
    // Kept on: the assembly after that still finds it.
    const third = new Map([[task.id, task], [design.id, design]]);
    linkKitContext(third, next);
    expect(third.get(task.id)).toBe(first.get(task.id));
    // A document added: a new node, with both.
    const research = node('feat/research');
    const more = new Map([[task.id, task], [design.id, design], [research.id, research]]);
    linkKitContext(more, next);
    expect(more.get(task.id)).not.toBe(first.get(task.id));
    expect(more.get(task.id)!.dependsOn).toEqual(['feat/design', 'feat/research']);
    // Another object read for the same task (its file read again): made anew.
    const reread = node('feat/T1', ['feat/design', 'feat/research']);
    const fresh = new Map([[task.id, reread], [design.id, design]]);
    linkKitContext(fresh, next);
    expect(fresh.get(task.id)).not.toBe(first.get(task.id));
    expect(fresh.get(task.id)!.dependsOn).toEqual(['feat/design']);
  });
});
