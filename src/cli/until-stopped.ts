/**
 * The wait of the CLI's long-running commands (`validate --watch`, `view`): until the process
 * is stopped (`io.signal` aborts; without one, forever), looking at the disk once a second
 * where the live workspace cannot watch it.
 */
import type { LiveWorkspace } from '../core/index.js';
import type { CliIo } from './io.js';

export async function untilStopped(io: CliIo, live: Pick<LiveWorkspace, 'mode' | 'snapshot'>): Promise<void> {
  const poll = setInterval(() => void (live.mode() === 'poll' ? live.snapshot() : undefined), 1000);
  await new Promise<void>((resolve) => {
    if (io.signal === undefined) return;
    if (io.signal.aborted) return resolve();
    io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  clearInterval(poll);
}
