/**
 * TRACE §3 / KITS §6: `docugraph review` and the MCP tool `record_review` — the lock file after
 * reviewing the outgoing links of some nodes, written through write/safe-write.ts. The plan is
 * made from the lock file as it is when the write holds its turn, so two reviewers never lose
 * each other's reviews.
 */
import { planReview, type ReviewPlan } from '../answer/plan-review.js';
import { lockFrom } from '../parse/lock-file.js';
import { rewriteFile, type RewriteHooks } from './safe-write.js';
import { LOCK_FILE } from '../shared/config-types.js';
import type { Workspace } from '../shared/types.js';

export interface RecordedReview {
  readonly plan: ReviewPlan;
  /** Whether the file changed (`false`: it was up to date). */
  readonly written: boolean;
}

/** Records the reviews of `ids` (`all`: every node); throws as `planReview` does, or `WRITE_REFUSED`. */
export function recordReview(workspace: Workspace, ids: readonly string[] | 'all', hooks: RewriteHooks = {}): RecordedReview {
  let plan: ReviewPlan | null = null;
  const result = rewriteFile(
    workspace.root,
    LOCK_FILE,
    (bytes) => {
      const read = lockFrom(bytes === null ? { ok: false, code: 'ENOENT', reason: 'it does not exist' } : { ok: true, bytes });
      plan = planReview(workspace, read.state, ids);
      return read.text === plan.text ? null : Buffer.from(plan.text, 'utf8');
    },
    hooks,
    true,
  );
  return { plan: plan!, written: result.changed };
}

/** Writes `text` as the file `rel` under `root` (made when missing), through write/safe-write.ts. */
export function replaceFileText(root: string, rel: string, text: string, hooks: RewriteHooks = {}): void {
  rewriteFile(root, rel, () => Buffer.from(text, 'utf8'), hooks, true);
}
