/**
 * The server's writer (KITS §6) over a live workspace: one write at a time (a request waits for
 * the one before it), each answered from a snapshot that shows it — the file's path is marked
 * changed, so the next snapshot reads it again whatever the watcher has delivered (and with
 * `--no-watch` too) — and its subscribers are told as for any edit.
 */
import { recordReview, stateChange, writeTaskState, type LiveWorkspace } from '../core/index.js';
import type { Writer } from './server-state.js';

export function createWriter(live: LiveWorkspace): Writer {
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(body: () => Promise<T>): Promise<T> => {
    const run = turn.then(body, body);
    turn = run.catch(() => {});
    return run;
  };
  return {
    setTaskState: (id, state, expect) =>
      inTurn(async () => {
        const before = await live.snapshot();
        const write = writeTaskState(before, id, state, { expect });
        const after = write.changed ? await live.written([write.path]) : before;
        // The id found (`1559` for `EIP-1559`).
        return { write, change: stateChange(before, after, write.id) };
      }),
    recordReview: (ids) =>
      inTurn(async () => {
        const recorded = recordReview(await live.snapshot(), ids);
        if (recorded.written) await live.written(['docugraph.lock.json']);
        return recorded;
      }),
  };
}
