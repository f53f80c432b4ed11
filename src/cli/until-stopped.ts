/**
 * The wait of the CLI's long-running commands (`validate --watch`, `view`): until the process
 * is stopped (`io.signal` aborts; without one, forever). Where the live workspace watches the
 * disk, nothing runs meanwhile; where it cannot (`poll`: from the start, or once it gave up
 * watching, which `pollWhenAsked` hears of), the disk is looked at once a second, as no request
 * comes to make it look.
 */
import type { LiveWorkspace } from '../core/index.js';
import type { CliIo } from './io.js';

/** What the live workspace calls when it gives up watching (`LiveOptions.onPoll`), and what starts the polling of `untilStopped`. */
export interface PollSwitch {
  readonly onPoll: () => void;
  start(live: Pick<LiveWorkspace, 'snapshot'>): void;
  stop(): void;
}

export function pollSwitch(): PollSwitch {
  let live: Pick<LiveWorkspace, 'snapshot'> | null = null;
  let wanted = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    if (!wanted || live === null || timer !== undefined) return;
    const polled = live;
    timer = setInterval(() => void polled.snapshot(), 1000);
  };
  return {
    onPoll: () => {
      wanted = true;
      arm();
    },
    start: (workspace) => {
      live = workspace;
      arm();
    },
    stop: () => {
      clearInterval(timer);
      timer = undefined;
      live = null;
    },
  };
}

export async function untilStopped(io: CliIo, live: Pick<LiveWorkspace, 'mode' | 'snapshot'>, poll: PollSwitch = pollSwitch()): Promise<void> {
  if (live.mode() === 'poll') poll.onPoll();
  poll.start(live);
  await new Promise<void>((resolve) => {
    if (io.signal === undefined) return;
    if (io.signal.aborted) return resolve();
    io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  poll.stop();
}
