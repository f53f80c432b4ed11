/**
 * For `docugraph init` (D-519): what discovery would read of the spec-kit folders the survey
 * found, with the `.gitignore` files honoured or not. Discovery's own listing (`listDirectory`,
 * with the root's `.docugraphignore` and each `.gitignore` on the way) walks only the kits'
 * trees (`specs/`, `.specify/specs/`, `.kiro/specs/`, `openspec/specs/`, `openspec/changes/`, at the root and in
 * each package) and the folders that lead to them; a walk past `MAX_LISTINGS` folders stops and
 * says it does not know.
 */
import { listDirectory, loadIgnoreRules, type GitignoreChain } from '../read/discover-files.js';
import { kitPlaceOf } from '../read/kit-paths.js';
import { KIT_PARENTS } from './survey-kits.js';
import type { KitName, KitRoot } from '../shared/config-types.js';

/** What discovery reads of the kits: `null` when the walk was too long to tell. */
export interface KitReading {
  /** Whether it reads any kit file at all. */
  readonly any: boolean;
  /** The folders of those asked about that hold a kit file it reads. */
  readonly folders: ReadonlySet<string>;
}

/** How many folders the walk lists at most. */
const MAX_LISTINGS = 20_000;
/** Every kit's parent folders (survey-kits.ts). */
const PARENTS = Object.values(KIT_PARENTS).flat();

/** What discovery under `kits` and `roots` reads of `folders` (relative to `root`), `.gitignore` honoured or not. */
export function kitReading(root: string, folders: readonly string[], kits: readonly KitName[], roots: readonly KitRoot[], gitignore: boolean): KitReading | null {
  const rules = loadIgnoreRules(root, { include: ['**/*.md'], exclude: [], gitignore, kits, kitRoots: roots });
  const trees = ['', ...roots.map((r) => `${r.path}/`)].flatMap((base) => PARENTS.map((parent) => `${base}${parent}`));
  // A folder is walked when it leads to a kit's tree or is inside one.
  const walked = (dir: string): boolean => trees.some((tree) => tree === dir || tree.startsWith(`${dir}/`) || dir.startsWith(`${tree}/`));
  const asked = new Set(folders);
  const read = new Set<string>();
  let any = false;
  let listings = 0;
  const stack: [string, GitignoreChain][] = [['', []]];
  while (stack.length > 0) {
    if ((listings += 1) > MAX_LISTINGS) return null;
    const [dir, chain] = stack.pop()!;
    const listing = listDirectory(root, dir, rules, chain);
    const below: GitignoreChain = listing.gitignore ? [...chain, [dir, listing.gitignore]] : chain;
    for (const file of listing.files) {
      if (kitPlaceOf(file, kits, roots) === null) continue;
      any = true;
      for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) {
        if (asked.has(file.slice(0, slash))) read.add(file.slice(0, slash));
      }
    }
    for (const sub of listing.subdirs) if (walked(sub)) stack.push([sub, below]);
  }
  return { any, folders: read };
}
