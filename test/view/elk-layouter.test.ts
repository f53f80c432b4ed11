/**
 * The page's ELK (web/elk.ts, issue 58), in Node with stand-in workers: a worker that answers is
 * used; one that cannot be made, reports an error, or never answers ELK's first message within
 * the patience is stopped, and its layouts are done on the page — each settles, none is lost.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createLayouter, type MakeWorker } from '../../web/elk.js';

const { Worker: ElkThread } = createRequire(import.meta.url)('elkjs/lib/elk-worker.min.js') as { Worker: new () => Worker };

const GRAPH = {
  id: 'root',
  layoutOptions: { 'elk.algorithm': 'layered' },
  children: [
    { id: 'a', width: 10, height: 10 },
    { id: 'b', width: 10, height: 10 },
  ],
  edges: [{ id: 'e', sources: ['a'], targets: ['b'] }],
};

/** A stand-in worker: ELK's own code behind it (`answers`), or silence; it records being stopped, and can report an error. */
function standIn(answers: boolean): { make: MakeWorker; stopped: () => boolean; fail: () => void } {
  let stopped = false;
  const listeners: ((event: unknown) => void)[] = [];
  const inner = answers ? new ElkThread() : null;
  const worker = {
    set onmessage(handler: (event: unknown) => void) {
      if (inner !== null) inner.onmessage = handler as never;
    },
    postMessage(message: unknown) {
      if (!stopped) inner?.postMessage(message);
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => void (type === 'error' && listeners.push(listener)),
    terminate: () => void (stopped = true),
  };
  return { make: () => worker as unknown as Worker, stopped: () => stopped, fail: () => listeners.forEach((l) => l(new Error('worker died'))) };
}

const placed = (laid: { children?: { x?: number }[] }) => laid.children!.map((c) => c.x);

describe('the page\'s ELK', () => {
  it('lays out on a worker that answers', async () => {
    const worker = standIn(true);
    const layouter = createLayouter(worker.make, 1_000);
    const laid = await layouter.layout(structuredClone(GRAPH));
    expect(placed(laid)[0]).toBeLessThan(placed(laid)[1]!);
    expect(layouter.where()).toBe('worker');
    expect(worker.stopped()).toBe(false);
  });

  it('stops a worker that never answers within its patience, and lays out on the page', async () => {
    const worker = standIn(false);
    const layouter = createLayouter(worker.make, 50);
    const laid = await layouter.layout(structuredClone(GRAPH));
    expect(placed(laid)[0]).toBeLessThan(placed(laid)[1]!);
    expect(layouter.where()).toBe('page');
    expect(worker.stopped()).toBe(true);
  });

  it('moves the layouts a worker had to the page when it reports an error, and stops it', async () => {
    const worker = standIn(false);
    const layouter = createLayouter(worker.make, 60_000);
    const pending = [layouter.layout(structuredClone(GRAPH)), layouter.layout(structuredClone(GRAPH))];
    worker.fail();
    const results = await Promise.all(pending);
    expect(results.map((laid) => placed(laid).length)).toEqual([2, 2]);
    expect(layouter.where()).toBe('page');
    expect(worker.stopped()).toBe(true);
    // Later layouts go to the page at once.
    expect(placed(await layouter.layout(structuredClone(GRAPH)))).toHaveLength(2);
  });

  it('lays out on the page when no worker can be made', async () => {
    const layouter = createLayouter(() => {
      throw new Error('refused by the Content-Security-Policy');
    });
    expect(placed(await layouter.layout(structuredClone(GRAPH)))).toHaveLength(2);
    expect(layouter.where()).toBe('page');
  });
});
