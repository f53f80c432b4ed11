/**
 * Work-state indexes of a snapshot (TRACE §2), made on first use and kept while the states
 * are the same object — a live workspace keeps them across edits that move no status and no
 * edge, so an edit to a body or a title recounts nothing: every node's `unblocks`
 * (model/count-unblocks.ts), and the ids in each state, sorted (the ready ones by
 * `unblocks`, most first, then id).
 */
import { countUnblocks } from '../model/count-unblocks.js';
import type { WorkState } from '../shared/relations.js';
import { compareStrings } from '../shared/sort.js';
import type { NodeState, Workspace } from '../shared/types.js';

interface StateIndex {
  unblocks?: ReadonlyMap<string, number>;
  byState?: ReadonlyMap<WorkState, readonly string[]>;
}

const indexes = new WeakMap<ReadonlyMap<string, NodeState>, StateIndex>();

function indexOf(workspace: Workspace): StateIndex {
  let index = indexes.get(workspace.states);
  if (index === undefined) indexes.set(workspace.states, (index = {}));
  return index;
}

/** Every node's `unblocks`, by id. */
export function unblocksOf(workspace: Workspace): ReadonlyMap<string, number> {
  const index = indexOf(workspace);
  return (index.unblocks ??= countUnblocks(workspace));
}

/** The ids in `state`, by id; the ready ones by `unblocks`, most first, then id ("what to do next"). */
export function idsInState(workspace: Workspace, state: WorkState): readonly string[] {
  const index = indexOf(workspace);
  if (index.byState === undefined) {
    const byState = new Map<WorkState, string[]>([['ready', []], ['blocked', []], ['done', []], ['dropped', []], ['untracked', []]]);
    // `ids` is sorted, so each list is too.
    for (const id of workspace.ids) byState.get(workspace.states.get(id)!.state)!.push(id);
    const unblocks = unblocksOf(workspace);
    // A stable sort keeps the id order among equals; a kit file's items stand at its own id,
    // in the file's order (KITS §4: the author's next task first).
    const ready = byState.get('ready')!;
    if (ready.some((id) => workspace.nodes.get(id)!.item !== undefined)) {
      const place = (id: string) => workspace.nodes.get(id)!.item;
      ready.sort((a, b) => {
        const x = place(a);
        const y = place(b);
        return unblocks.get(b)! - unblocks.get(a)! || compareStrings(x?.file ?? a, y?.file ?? b) || (x?.line ?? 0) - (y?.line ?? 0) || compareStrings(a, b);
      });
    } else {
      ready.sort((a, b) => unblocks.get(b)! - unblocks.get(a)!);
    }
    index.byState = byState;
  }
  return index.byState.get(state)!;
}
