/**
 * Progress for long loads, on stderr, only when it is a terminal: one line rewritten in
 * place, shown after half a second, at most ten times a second, and erased when done.
 */
import type { Output } from './io.js';

const DELAY_MS = 500;
const INTERVAL_MS = 100;

export interface Progress {
  readonly update: (done: number, total: number) => void;
  readonly done: () => void;
}

export function createProgress(stream: Output, label: string, now: () => number = () => performance.now()): Progress {
  if (stream.isTTY !== true) return { update: () => {}, done: () => {} };
  const start = now();
  let last = -Infinity;
  let shown = false;
  return {
    update: (done, total) => {
      const t = now();
      if (t - start < DELAY_MS || t - last < INTERVAL_MS) return;
      last = t;
      shown = true;
      stream.write(`\r${label} ${done}/${total} files (${Math.floor((done / Math.max(total, 1)) * 100)}%)\x1b[K`);
    },
    done: () => {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
