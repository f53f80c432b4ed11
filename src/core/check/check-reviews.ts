/**
 * TRACE §3: reviews and suspect links. With a valid `docugraph.lock.json`, each link of a
 * reviewed relation is reviewed (the file holds its target's current fingerprint), suspect
 * (another one) or unreviewed (none); a suspect link is `LINK_SUSPECT` on the line of its
 * entry, a review whose link no longer exists `REVIEW_STALE` on the lock file. Without the
 * file nothing is reported and the workspace is returned as it is.
 */
import { fingerprintOf } from '../model/fingerprint.js';
import { reviewedEdges } from '../model/relation-edges.js';
import { reviewKey, type LockState } from '../parse/lock-file.js';
import { LOCK_FILE } from '../shared/config-types.js';
import { NO_REVIEWS } from '../shared/empty.js';
import { compareDiagnostics } from '../shared/sort.js';
import type { Diagnostic, Reviews, Workspace } from '../shared/types.js';

/** What the lock file says of the workspace's links, and its findings. */
export interface ReviewCheck {
  readonly reviews: Reviews;
  readonly diagnostics: readonly Diagnostic[];
}

/** Checks the workspace's links against the lock file's reviews. */
export function checkReviews(workspace: Workspace, state: LockState): ReviewCheck {
  if (state.kind === 'none') return { reviews: NO_REVIEWS, diagnostics: [] };
  if (state.kind === 'invalid') return { reviews: NO_REVIEWS, diagnostics: state.diagnostics };
  // A lock file that only pins sources (issue 57) leaves reviews off.
  if (!state.lock.reviews) return { reviews: NO_REVIEWS, diagnostics: [] };
  const { reviewed, lines } = state.lock;
  const diagnostics: Diagnostic[] = [];
  const suspect = new Map<string, string[]>();
  const live = new Set<string>();
  let good = 0;
  let bad = 0;
  let none = 0;
  for (const edge of reviewedEdges(workspace)) {
    const key = reviewKey(edge.from, edge.to);
    const recorded = reviewed.get(key);
    if (recorded === undefined) {
      none += 1;
      continue;
    }
    live.add(key);
    if (recorded === fingerprintOf(workspace.nodes.get(edge.to)!)) {
      good += 1;
      continue;
    }
    bad += 1;
    const from = workspace.nodes.get(edge.from)!;
    diagnostics.push({ code: 'LINK_SUSPECT', message: suspectMessage(edge.from, edge.to), nodeId: edge.from, path: from.path, line: edge.line });
    const list = suspect.get(edge.from);
    if (list === undefined) suspect.set(edge.from, [edge.to]);
    else list.push(edge.to);
  }
  if (live.size < reviewed.size) {
    for (const key of reviewed.keys()) {
      if (live.has(key)) continue;
      diagnostics.push({ code: 'REVIEW_STALE', message: staleMessage(key, workspace), nodeId: null, path: LOCK_FILE, line: lines.get(key) ?? null });
    }
  }
  return { reviews: { enabled: true, counts: { reviewed: good, suspect: bad, unreviewed: none }, suspect }, diagnostics };
}

/** The workspace with the lock file's reviews and findings (the same object without a lock file). */
export function applyReviews(workspace: Workspace, state: LockState): Workspace {
  if (state.kind === 'none') return workspace;
  const check = checkReviews(workspace, state);
  const diagnostics = [...workspace.diagnostics, ...check.diagnostics].sort(compareDiagnostics);
  return Object.freeze({ ...workspace, diagnostics, reviews: check.reviews });
}

function suspectMessage(from: string, to: string): string {
  return `${from} → ${to} is suspect: \`${to}\` changed since \`${from}\` was reviewed against it; check ${from}, then run \`docugraph review ${from}\``;
}

function staleMessage(key: string, workspace: Workspace): string {
  const from = key.slice(0, key.indexOf(' -> '));
  const fix = workspace.nodes.has(from) ? `\`docugraph review ${from}\` drops it` : 'delete its line, or run `docugraph review` on any document, which drops it';
  return `the review of \`${key}\` is stale: that link no longer exists; ${fix}`;
}
