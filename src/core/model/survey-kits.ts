/**
 * Reading a repository for `docugraph init` (KITS §1): which spec kits it uses, and the folders
 * that say so — a Kiro feature (`.kiro/specs/<feature>/` with one of its files), a Spec Kit
 * feature (`specs/<feature>/` holding `spec.md` or `tasks.md`), an OpenSpec capability or
 * change. Listings only (never through a link), a bounded number of folders each.
 */
import { isKiroFeatureFile, isTemplateFolder, kitPlaceOf } from '../read/kit-paths.js';
import { listDirectoryInside } from '../read/safe-fs.js';
import { linkOnPath } from '../read/linked-path.js';
import { KIT_NAMES, type KitName } from '../shared/config-types.js';
import { compareStrings } from '../shared/sort.js';

/** A kit found in the repository: its name and the feature folders that show it. */
export interface KitFound {
  readonly kit: KitName;
  /** The folders, relative to the workspace root, sorted; at most `MAX_KIT_FOLDERS`. */
  readonly folders: readonly string[];
  /** How many there are in all. */
  readonly count: number;
}

/** How many folders of one kit the survey lists (it counts them all, up to `MAX_LISTED_ENTRIES` entries a folder). */
export const MAX_KIT_FOLDERS = 20;
const MAX_LISTED_ENTRIES = 10_000;

/** Where each kit keeps its feature folders, relative to the workspace root (survey-gitignored.ts walks them too). */
export const KIT_PARENTS: Readonly<Record<KitName, readonly string[]>> = {
  kiro: ['.kiro/specs'],
  speckit: ['specs', '.specify/specs'],
  openspec: ['openspec/specs', 'openspec/changes'],
};

/** The kits whose feature folders are at the workspace root, or at the folder `base` below it (a monorepo's package: folders given from the root). */
export function surveyKits(root: string, base = ''): KitFound[] {
  const found: KitFound[] = [];
  const at = base === '' ? '' : `${base}/`;
  // A `specs/<name>/` whose name is an OpenSpec capability (`specs/cli-interface/spec.md` beside `openspec/specs/cli-interface/spec.md`:
  // jankneumann/agentic-content-analyzer), with no `.specify/`, is a copy of it, not a Spec Kit feature, unless Spec Kit numbers it
  // (`001-…`) or a tasks.md or plan.md is beside it: its ids would be the capability's (D-525).
  let capabilities: Set<string> | null | undefined;
  const speckitLike = (folder: string, name: string): boolean => {
    capabilities ??= listDirectoryInside(root, `${at}.specify`).ok ? null : capabilityNames(root, `${at}openspec/specs`);
    return capabilities === null || !capabilities.has(name) || /^\d{3,}-/.test(name) || holdsPlan(root, `${at}${folder}`);
  };
  for (const kit of KIT_NAMES) {
    const folders: string[] = [];
    for (const parent of KIT_PARENTS[kit]) {
      const listed = listDirectoryInside(root, `${at}${parent}`);
      if (!listed.ok) continue;
      for (const entry of listed.entries.slice(0, MAX_LISTED_ENTRIES)) {
        // OpenSpec's archive, and a change folder named `_…`: the team's change template (kit-paths.ts).
        if (!entry.isDirectory() || (parent === 'openspec/changes' && (entry.name === 'archive' || entry.name.startsWith('_')))) continue;
        const folder = `${parent}/${entry.name}`;
        const holds = holdsKitFile(root, at, folder, kit);
        if (holds !== 'none' && (kit !== 'speckit' || speckitLike(folder, entry.name))) folders.push(`${at}${folder}`);
        // Kiro features kept a folder deeper, by stage (`.kiro/specs/completed/<feature>`), or under an epic whose folder
        // holds only a design (`.kiro/specs/platform/auth`): as discovery reads them (kit-paths.ts, `isKiroFeatureFile`).
        if (kit === 'kiro' && holds !== 'feature' && !isTemplateFolder(entry.name)) folders.push(...nestedFeatures(root, at, folder));
      }
    }
    if (folders.length > 0) found.push({ kit, folders: folders.sort(compareStrings).slice(0, MAX_KIT_FOLDERS), count: folders.length });
  }
  return found;
}

/**
 * The folders where a kit keeps its features (`KIT_PARENTS`) that are, or run through, a symbolic link (foxey/imaprest: `.kiro/specs`
 * links to `../.specs`, a sixty-eighth round): never followed, so none of their files is read, and the survey finds none of them.
 * A `specs` link counts only beside Spec Kit's own `.specify/` folder: alone, the name is any repository's.
 */
export function linkedKitFolders(root: string): string[] {
  const parents = new Set(KIT_NAMES.flatMap((kit) => KIT_PARENTS[kit]));
  const linked = new Set<string>();
  for (const parent of parents) {
    const link = linkOnPath(root, parent);
    if (link !== null && (link !== 'specs' || listDirectoryInside(root, '.specify').ok)) linked.add(link);
  }
  return [...linked].sort(compareStrings);
}

/** The Kiro feature folders directly in `group` (below `at`), which holds none of its own. */
function nestedFeatures(root: string, at: string, group: string): string[] {
  const listed = listDirectoryInside(root, `${at}${group}`);
  if (!listed.ok) return [];
  const out: string[] = [];
  for (const entry of listed.entries.slice(0, MAX_LISTED_ENTRIES)) {
    const folder = `${group}/${entry.name}`;
    if (entry.isDirectory() && !isTemplateFolder(entry.name) && holdsKitFile(root, at, folder, 'kiro') !== 'none') out.push(`${at}${folder}`);
  }
  return out;
}

/**
 * Whether `folder` (below `at`) holds a file of `kit` (Spec Kit: `spec.md` or `tasks.md`; an
 * OpenSpec change may hold only delta specs): `feature` when one is a feature's own (a Kiro
 * design alone is `other`: an epic's, whose sub-folders may be features), `none` when none is.
 */
function holdsKitFile(root: string, at: string, folder: string, kit: KitName): 'feature' | 'other' | 'none' {
  const listed = listDirectoryInside(root, `${at}${folder}`);
  if (!listed.ok) return 'none';
  let holds: 'other' | 'none' = 'none';
  for (const entry of listed.entries) {
    const path = `${folder}/${entry.name}`;
    const place = entry.isFile() ? kitPlaceOf(path, [kit]) : null;
    if (place !== null && (kit !== 'speckit' || entry.name === 'spec.md' || entry.name === 'tasks.md')) {
      if (kit !== 'kiro' || isKiroFeatureFile(place)) return 'feature';
      holds = 'other';
    }
    if (kit === 'openspec' && entry.isDirectory() && entry.name === 'specs' && folder.startsWith('openspec/changes/')) return 'feature';
  }
  return holds;
}

/** The folder names in an OpenSpec `specs/` folder (`null`: there is none). */
function capabilityNames(root: string, folder: string): Set<string> | null {
  const listed = listDirectoryInside(root, folder);
  return listed.ok ? new Set(listed.entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name)) : null;
}

/** Whether a folder (from the root) holds a Spec Kit feature's tasks.md or plan.md. */
function holdsPlan(root: string, folder: string): boolean {
  const listed = listDirectoryInside(root, folder);
  return listed.ok && listed.entries.some((entry) => entry.isFile() && (entry.name === 'tasks.md' || entry.name === 'plan.md'));
}

/** A folder below the workspace root that holds kit folders of its own (a monorepo's package), and the kits found there. */
export interface KitRootFound {
  readonly path: string;
  readonly kits: readonly KitFound[];
}

/** How many kit roots below the workspace root the survey lists. */
export const MAX_KIT_ROOTS_FOUND = 100;

/**
 * The kit roots among `candidates` (folders below the root, seen by the survey's walk, that hold
 * `.kiro/`, `.specify/`, `specs/` or `openspec/`), leaving out those inside another kit folder
 * (an OpenSpec change's `specs/` is no Spec Kit): sorted, at most `MAX_KIT_ROOTS_FOUND`.
 */
export function surveyKitRoots(root: string, candidates: readonly string[]): KitRootFound[] {
  const out: KitRootFound[] = [];
  for (const path of [...new Set(candidates)].sort(compareStrings)) {
    if (path === '' || /(?:^|\/)(?:openspec|specs|\.kiro|\.specify)(?:\/|$)/.test(path)) continue;
    const kits = surveyKits(root, path);
    if (kits.length > 0) out.push({ path, kits });
    if (out.length === MAX_KIT_ROOTS_FOUND) break;
  }
  return out;
}
