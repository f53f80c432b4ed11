/** ELK's worker script (elkjs): run without a document, it answers layout requests; required, it gives a stand-in worker that runs them on this thread. */
declare module 'elkjs/lib/elk-worker.min.js' {
  export const Worker: new () => globalThis.Worker;
}
