/**
 * The view's groups (issue 58): each node's spec-kit feature folder or OpenSpec change (the
 * payload's `group`), else the folder its file is in, so that every workspace reads as boxes
 * of related documents. Groups are numbered in code-unit order of their names; each holds its
 * nodes in index (id) order. Pure: the page and the tests in Node use it alike.
 */
import type { ViewModel } from '../src/core/answer/view-model.js';
import { sortStrings } from '../src/core/shared/sort.js';

export interface Groups {
  /** Group names, sorted (a folder, `.kiro/specs/auth`; `(top)` for the workspace's top folder). */
  readonly names: readonly string[];
  /** Each node's group. */
  readonly of: Int32Array;
  /** Each group's nodes, in index order. */
  readonly members: readonly (readonly number[])[];
}

/** The name of the group of files in the workspace's top folder. */
const TOP = '(top)';

export function groupsOf(model: Pick<ViewModel, 'ids' | 'paths' | 'group' | 'groups'>): Groups {
  const n = model.ids.length;
  const nameOf = new Array<string>(n);
  for (let i = 0; i < n; i += 1) {
    const kit = model.group?.[i] ?? 0;
    nameOf[i] = kit > 0 && model.groups !== undefined ? model.groups[kit]! : folderOf(model.paths[i]!);
  }
  const names = sortStrings(new Set(nameOf));
  const index = new Map(names.map((name, g) => [name, g]));
  const of = new Int32Array(n);
  const members: number[][] = names.map(() => []);
  for (let i = 0; i < n; i += 1) {
    const g = index.get(nameOf[i]!)!;
    of[i] = g;
    members[g]!.push(i);
  }
  return { names, of, members };
}

/** The folder of a path as written (`docs/tasks/be-01.md` → `docs/tasks`), `(top)` for none. */
function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash <= 0 ? TOP : path.slice(0, slash);
}
