/**
 * ELK for the page (issue 58): its layouts run on a worker started from the page's own script
 * (a Blob of the inline script's text, which entry.ts starts as ELK's worker when there is no
 * document), so the page stays responsive; where a worker cannot start — an MCP Apps host's
 * Content-Security-Policy allows none — or fails, on the page's thread. The same code and
 * options either way, so the same picture.
 */
import ElkModule from 'elkjs/lib/elk-api.js';
import type { ELK, ELKConstructorArguments, ElkNode } from 'elkjs/lib/elk-api.js';

/** elk-api's class (a CommonJS module whose default export it is). */
const ElkApi = ElkModule as unknown as new (args: ELKConstructorArguments) => ELK;

export interface Layouter extends Pick<ELK, 'layout'> {
  /** Where the layouts ran so far: on a worker, on the page, or not yet. */
  readonly where: () => 'worker' | 'page' | 'none';
}

/** ELK on the page's thread: its worker script run here, behind a message-passing stand-in. */
async function onPage(): Promise<ELK> {
  const { Worker: FakeWorker } = await import('elkjs/lib/elk-worker.min.js');
  return new ElkApi({ algorithms: ['layered'], workerFactory: () => new FakeWorker() });
}

/** ELK on a worker made from `script` (the page's own script), or `null` when none can start. */
function onWorker(script: string, onError: () => void): ELK | null {
  try {
    const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
    return new ElkApi({
      algorithms: ['layered'],
      workerFactory: () => {
        const worker = new Worker(url);
        worker.addEventListener('error', onError);
        return worker;
      },
    });
  } catch {
    return null;
  }
}

/**
 * A layouter: on a worker when `script` is given and one starts, else on the page. A worker that
 * fails (an error, or no answer to its first layout within `patience` ms) is dropped, and the
 * layouts it had are done again on the page.
 */
export function createLayouter(script: string | null, patience = 8_000): Layouter {
  let page: Promise<ELK> | null = null;
  const onPageElk = () => (page ??= onPage());
  let failed = false;
  let answered = false;
  /** The layouts the worker has not answered, each able to move to the page. */
  const waiting = new Set<() => void>();
  const giveUp = () => {
    failed = true;
    for (const toPage of [...waiting]) toPage();
  };
  const worker = script === null ? null : onWorker(script, giveUp);
  let where: 'worker' | 'page' | 'none' = 'none';
  return {
    where: () => where,
    layout(graph: ElkNode) {
      // ELK writes its answer into the graph it is given: each call lays out a copy.
      if (worker === null || failed) {
        where = 'page';
        return onPageElk().then((elk) => elk.layout(structuredClone(graph)));
      }
      return new Promise<ElkNode>((resolve, reject) => {
        let done = false;
        const toPage = () => {
          if (done) return;
          done = true;
          waiting.delete(toPage);
          where = 'page';
          onPageElk()
            .then((elk) => elk.layout(structuredClone(graph)))
            .then(resolve, reject);
        };
        waiting.add(toPage);
        if (!answered) {
          setTimeout(() => {
            if (answered || failed) return;
            worker.terminateWorker();
            giveUp();
          }, patience);
        }
        worker.layout(structuredClone(graph)).then((laid) => {
          if (done) return;
          done = true;
          answered = true;
          where = 'worker';
          waiting.delete(toPage);
          resolve(laid);
        }, toPage);
      });
    },
  } as Layouter;
}
