/**
 * A live workspace's next snapshot after an edit: asked again until it is not `previous` (the
 * watcher or the poll may see the write a moment later), at most `tries` times 20 ms apart.
 */
import type { LiveWorkspace, Workspace } from '../../src/core/index.js';

export async function nextSnapshot(live: LiveWorkspace, previous: Workspace, tries = 100): Promise<Workspace> {
  let next = await live.snapshot();
  for (let k = 0; next === previous && k < tries; k += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    next = await live.snapshot();
  }
  return next;
}
