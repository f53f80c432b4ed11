/**
 * The page's one script, and ELK's worker too (elk.ts): started with no document, it runs ELK's
 * worker code, which answers the page's layout requests; in the page, the view.
 */
declare const document: { currentScript: { textContent: string | null } | null } | undefined;

if (typeof document === 'undefined') {
  // ELK's worker script sets the worker's message handler when it runs without a document.
  void import('elkjs/lib/elk-worker.min.js');
} else {
  const script = document.currentScript?.textContent ?? null;
  void import('./main.js').then(({ start }) => start(script));
}
