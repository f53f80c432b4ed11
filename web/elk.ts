/**
 * ELK for the page (issue 58): its layouts run on a worker started from the page's own script
 * (a Blob of the inline script's text, which entry.ts starts as ELK's worker when there is no
 * document), so the page stays responsive; where a worker cannot start — an MCP Apps host's
 * Content-Security-Policy allows none — or fails, on the page's thread. The same code and
 * options either way, so the same picture.
 */
import ElkModule from 'elkjs/lib/elk-api.js';
import type { ELK, ELKConstructorArguments, ElkNode } from 'elkjs/lib/elk-api.js';

/** elk-api's class: a CommonJS module's default export (bundled, the import is the class; in Node, the module's exports hold it). */
const ElkApi = ((ElkModule as unknown as { default?: unknown }).default ?? ElkModule) as new (args: ELKConstructorArguments) => ELK;

export interface Layouter extends Pick<ELK, 'layout'> {
  /** Where the layouts ran so far: on a worker, on the page, or not yet. */
  readonly where: () => 'worker' | 'page' | 'none';
}

/** ELK on the page's thread: its worker script run here, behind a message-passing stand-in. */
async function onPage(): Promise<ELK> {
  const module = (await import('elkjs/lib/elk-worker.min.js')) as { Worker?: new () => Worker; default?: { Worker: new () => Worker } };
  const FakeWorker = module.Worker ?? module.default!.Worker;
  return new ElkApi({ algorithms: ['layered'], workerFactory: () => new FakeWorker() });
}

/** How a worker is made (tests give their own): from the page's script, by a Blob URL. */
export type MakeWorker = () => Worker;

/** A worker made from `script` (the page's own script). */
export function workerOf(script: string): MakeWorker {
  return () => {
    const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
    try {
      return new Worker(url);
    } finally {
      // The worker took the Blob when it was made: the URL is not needed any more.
      URL.revokeObjectURL(url);
    }
  };
}

/**
 * A layouter: on a worker when `makeWorker` is given and one starts, else on the page. A worker
 * that fails — it cannot be made, it reports an error, or it has not answered ELK's first
 * message (registering its algorithm) within `patience` ms — is stopped, and the layouts it
 * had are done again on the page. A worker that answered is trusted with layouts of any length
 * (a folder of thousands of items takes seconds); one that dies later reports an error.
 */
export function createLayouter(makeWorker: MakeWorker | null, patience = 8_000): Layouter {
  let page: Promise<ELK> | null = null;
  const onPageElk = () => (page ??= onPage());
  let failed = false;
  let where: 'worker' | 'page' | 'none' = 'none';
  /** The layouts the worker has not answered, each able to move to the page. */
  const waiting = new Set<() => void>();
  let raw: Worker | null = null;
  let elk: ELK | null = null;
  const giveUp = () => {
    if (failed) return;
    failed = true;
    raw?.terminate();
    for (const toPage of [...waiting]) toPage();
  };
  if (makeWorker !== null) {
    try {
      elk = new ElkApi({
        algorithms: ['layered'],
        workerFactory: () => {
          raw = makeWorker();
          raw.addEventListener('error', giveUp);
          return raw;
        },
      });
      // elk-api sets `initialized` when the worker answers its first message.
      const alive = elk;
      setTimeout(() => {
        if ((alive as unknown as { initialized: boolean }).initialized !== true) giveUp();
      }, patience);
    } catch {
      failed = true;
    }
  }
  const onPageNow = (graph: ElkNode): Promise<ElkNode> => {
    where = 'page';
    // ELK writes its answer into the graph it is given: each call lays out a copy.
    return onPageElk().then((pageElk) => pageElk.layout(structuredClone(graph)));
  };
  return {
    where: () => where,
    layout(graph: ElkNode) {
      if (elk === null || failed) return onPageNow(graph);
      const worker = elk;
      return new Promise<ElkNode>((resolve, reject) => {
        let done = false;
        const toPage = () => {
          if (done) return;
          done = true;
          waiting.delete(toPage);
          onPageNow(graph).then(resolve, reject);
        };
        waiting.add(toPage);
        worker.layout(structuredClone(graph)).then((laid) => {
          if (done) return;
          done = true;
          where = 'worker';
          waiting.delete(toPage);
          resolve(laid);
        }, toPage);
      });
    },
  } as Layouter;
}
