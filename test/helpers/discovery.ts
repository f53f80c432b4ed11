/**
 * Discovery alone, as a load does it (META-01 §1, §8): the workspace's `docugraph.yml` and
 * ignore files read, then every directory walked, by the same walk the workspace index uses.
 */
import { createDirectoryWalk } from '../../src/core/live/directory-walk.js';
import { readConfig } from '../../src/core/parse/config.js';
import { loadIgnoreRules } from '../../src/core/read/discover-files.js';
import { sortStrings } from '../../src/core/shared/sort.js';

export interface Discovery {
  /** Markdown files (`.md`, any case), relative to the root, sorted. */
  readonly files: readonly string[];
  /** Every entry the walk saw (files of any kind, directories, links), for link checks. */
  readonly entries: ReadonlySet<string>;
}

/** Walks `root` (an absolute real path) as a load does, and returns what discovery found. */
export function discover(root: string): Discovery {
  const rules = loadIgnoreRules(root, readConfig(root).config);
  const walk = createDirectoryWalk(root, () => rules, {});
  walk.relist('', true, new Set(), new Set());
  return { files: sortStrings(walk.files), entries: walk.entries };
}
