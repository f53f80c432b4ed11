/**
 * KITS §1: where each spec kit keeps its files, from a path alone. A kit file is a document
 * node of its feature, capability or change (its *scope*); discovery reads kit folders even
 * where `include` would not match them and inside `.kiro/` (a dot-folder, which discovery
 * otherwise never enters), and never reads OpenSpec's archive. The kits' conventions (Kiro's steering, Spec Kit's memory,
 * OpenSpec's project.md) are documents too (CONTEXT §3).
 */
import type { KitName, KitRoot } from '../shared/config-types.js';

/** Where a kit file sits. */
export interface KitPlace {
  readonly kit: KitName;
  /** The feature, capability or change folder's name; an OpenSpec change's is `change/<name>`; a Kiro feature a folder deeper, `<folder>/<name>` (`completed/auth`). */
  readonly scope: string;
  /** Its path inside that folder, without `.md` (`design`, `contracts/api`, `specs/auth/spec`). */
  readonly stem: string;
  /** The folder, relative to the workspace root (`.kiro/specs/auth`). */
  readonly folder: string;
  /**
   * A file of the kit's conventions, which bind every feature (CONTEXT §3): Kiro's steering
   * (`.kiro/steering/*.md`, documents `steering/<name>`), Spec Kit's memory
   * (`.specify/memory/constitution.md`: `memory/constitution`), OpenSpec's `openspec/project.md`
   * (`openspec/project`). A document of type `conventions`, without items.
   */
  readonly conventions?: true;
  /** The name of the kit root it is under (`kitRoots` of the configuration: a monorepo's package), which its ids start with (`api:`); absent at the workspace's own root. */
  readonly root?: string;
}

const NO_ROOTS: readonly KitRoot[] = Object.freeze([]);

/** What the ids of a kit file at `place` start with: `api:` under the kit root `api`, else nothing. */
export function rootPrefix(place: KitPlace): string {
  return place.root === undefined ? '' : `${place.root}:`;
}

const byPath = new WeakMap<readonly KitRoot[], ReadonlyMap<string, KitRoot>>();

/**
 * The kit root (of `roots`) that `path` lies under, the deepest, and the path inside it; `null`
 * when none. Looked up by each folder of the path (a map of the roots by path, made once per
 * list): the work is the path's depth, whatever the number of roots.
 */
function rootOf(path: string, roots: readonly KitRoot[]): { root: KitRoot; inner: string } | null {
  let map = byPath.get(roots);
  if (map === undefined) byPath.set(roots, (map = new Map(roots.map((root) => [root.path, root]))));
  for (let slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
    const root = map.get(path.slice(0, slash));
    if (root !== undefined) return { root, inner: path.slice(slash + 1) };
  }
  return null;
}

const KIRO_FILES: ReadonlySet<string> = new Set(['requirements', 'design', 'tasks', 'bugfix']);
const SPECKIT_FILES: ReadonlySet<string> = new Set(['spec', 'plan', 'tasks', 'research', 'data-model', 'quickstart']);
const CHANGE_FILES: ReadonlySet<string> = new Set(['proposal', 'design', 'tasks']);

/** The stem of a Markdown file beside a kit's feature folders, whose `### US-011 …` headings are stories (KITS §7): document `<name>/stories`. */
export const SHARED_STORIES = 'stories';
/** The name of such a file: it says it holds stories (`user-stories`, `stories`, `USER_STORIES`); a README beside the folders stays a page. */
const STORIES_FILE = /stor(?:y|ies)/i;

/** A Kiro folder that opens with `_` or `.` is the team's template or archive (`_template`, `.template`: phan-tuan-thanh/mpm, `_completed`), no feature. */
const TEMPLATE = /^[_.]/;

/** Whether a folder under `.kiro/specs/` named `name` is the team's template or archive, no feature (`TEMPLATE`). */
export function isTemplateFolder(name: string): boolean {
  return TEMPLATE.test(name);
}

/** The folder of OpenSpec's archived changes: never read. */
export const OPENSPEC_ARCHIVE = 'openspec/changes/archive';

/**
 * Where the kit file at `path` (relative to the workspace root) sits, or `null` when it is no
 * kit file of `kits`: at the workspace root, or under one of `roots` (a file there is read as
 * if that folder were the root, its place named for the root).
 */
export function kitPlaceOf(path: string, kits: readonly KitName[], roots: readonly KitRoot[] = NO_ROOTS): KitPlace | null {
  if (kits.length === 0 || !path.endsWith('.md')) return null;
  const under = roots.length === 0 ? null : rootOf(path, roots);
  if (under !== null) {
    const place = placeAtRoot(under.inner, kits);
    return place === null ? null : { ...place, folder: `${under.root.path}/${place.folder}`, root: under.root.name };
  }
  return placeAtRoot(path, kits);
}

/**
 * The place of a kit file anywhere: at the root or below it, the path read from its end (the
 * answers know a node's path, not the roots it was read under). For a path a kit root holds,
 * the place under that root: its folder is the whole path's.
 */
export function kitPlaceAnywhere(path: string, kits: readonly KitName[]): KitPlace | null {
  const at = placeAtRoot(path, kits);
  if (at !== null) return at;
  for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
    const place = placeAtRoot(path.slice(slash + 1), kits);
    if (place !== null) return { ...place, folder: `${path.slice(0, slash)}/${place.folder}` };
  }
  return null;
}

function placeAtRoot(path: string, kits: readonly KitName[]): KitPlace | null {
  const parts = path.slice(0, -3).split('/');
  if (parts.some((part) => part === '')) return null;
  const [a, b, c, d, e, f, g] = parts;
  // A feature folder whose name opens with `_` is the team's template or archive (`.kiro/specs/_template/`, full of
  // `[Feature Name]`: mathgallina/wiki-veloz), not a feature: no id could start with it.
  // An OpenSpec change folder so named is the team's change template (`openspec/changes/_template/`: UntaDotMy/CreoNow, D-504).
  if ((a === '.kiro' && b === 'specs' && (parts.length === 4 || parts.length === 5) && (TEMPLATE.test(c!) || (parts.length === 5 && TEMPLATE.test(d!)))) || (a === 'specs' && parts.length >= 3 && b!.startsWith('_'))) return null;
  if (a === '.specify' && b === 'specs' && parts.length >= 4 && c!.startsWith('_')) return null;
  if (a === 'openspec' && b === 'changes' && parts.length >= 4 && c!.startsWith('_')) return null;
  // A feature folder one folder deeper, where a team keeps its features by stage (`.kiro/specs/completed/<feature>/`,
  // `backlog/`: ekicyou/dcomp_sample-rs, 74 of them): its scope is the path below `specs/`, so that no two meet.
  // A Kiro feature's files named with a capital (`Tasks.md`, `Requirements.md`: Stefan/orka-ppm, 10 of 57 features) are its files.
  if (kits.includes('kiro') && a === '.kiro' && b === 'specs' && (parts.length === 4 || parts.length === 5)) {
    const name = parts[parts.length - 1]!.toLowerCase();
    if (!KIRO_FILES.has(name)) return null;
    return parts.length === 4 ? place('kiro', c!, name, `.kiro/specs/${c!}`) : place('kiro', `${c!}/${d!}`, name, `.kiro/specs/${c!}/${d!}`);
  }
  if (kits.includes('kiro') && a === '.kiro' && b === 'steering' && parts.length === 3) return { ...place('kiro', 'steering', c!, '.kiro/steering'), conventions: true };
  if (kits.includes('speckit') && a === '.specify' && b === 'memory' && parts.length === 3) return { ...place('speckit', 'memory', c!, '.specify/memory'), conventions: true };
  if (kits.includes('openspec') && a === 'openspec' && b === 'project' && parts.length === 2) return { ...place('openspec', 'openspec', 'project', 'openspec'), conventions: true };
  // A Markdown file of stories beside the feature folders (`.kiro/specs/user-stories.md`): the stories the features share (KITS §7).
  if (kits.includes('kiro') && a === '.kiro' && b === 'specs' && parts.length === 3 && STORIES_FILE.test(c!)) return place('kiro', c!, SHARED_STORIES, '.kiro/specs');
  if (kits.includes('speckit') && a === 'specs' && parts.length === 2 && STORIES_FILE.test(b!)) return place('speckit', b!, SHARED_STORIES, 'specs');
  if (kits.includes('speckit') && a === 'specs') {
    if (parts.length === 3 && SPECKIT_FILES.has(c!)) return place('speckit', b!, c!, `specs/${b!}`);
    if (parts.length === 4 && c === 'contracts') return place('speckit', b!, `contracts/${d!}`, `specs/${b!}`);
  }
  // Where Spec Kit's README once drew the features, `.specify/specs/<feature>/` (teknokomo/universo-platformo-csharp: 446 tasks).
  if (kits.includes('speckit') && a === '.specify' && b === 'specs') {
    if (parts.length === 4 && SPECKIT_FILES.has(d!)) return place('speckit', c!, d!, `.specify/specs/${c!}`);
    if (parts.length === 5 && d === 'contracts') return place('speckit', c!, `contracts/${e!}`, `.specify/specs/${c!}`);
  }
  if (kits.includes('openspec') && a === 'openspec') {
    if (b === 'specs' && parts.length === 4 && d === 'spec') return place('openspec', c!, 'spec', `openspec/specs/${c!}`);
    if (b === 'changes' && c !== 'archive' && c !== undefined) {
      if (parts.length === 4 && CHANGE_FILES.has(d!)) return place('openspec', `change/${c}`, d!, `openspec/changes/${c}`);
      if (parts.length === 6 && d === 'specs' && f === 'spec' && g === undefined) return place('openspec', `change/${c}`, `specs/${e!}/spec`, `openspec/changes/${c}`);
    }
  }
  return null;
}

function place(kit: KitName, scope: string, stem: string, folder: string): KitPlace {
  return { kit, scope, stem, folder };
}

/**
 * What discovery does with the directory `path` for `kits`: `enter` a dot-folder on a kit's
 * way (`.kiro`, and below it only `specs` and its feature folders), `skip` one that is never
 * read (OpenSpec's archive), or `null`: the usual rules decide.
 */
export function kitDirectory(path: string, kits: readonly KitName[], roots: readonly KitRoot[] = NO_ROOTS): 'enter' | 'skip' | null {
  if (kits.length === 0) return null;
  const under = roots.length === 0 ? null : rootOf(path, roots);
  if (under !== null) return kitDirectory(under.inner, kits);
  if (kits.includes('kiro') && (path === '.kiro' || path.startsWith('.kiro/'))) {
    const depth = path.split('/').length;
    // Feature folders, and those a folder deeper (`.kiro/specs/completed/<feature>`).
    return depth === 1 || (depth === 2 && (path === '.kiro/specs' || path === '.kiro/steering')) || ((depth === 3 || depth === 4) && path.startsWith('.kiro/specs/')) ? 'enter' : 'skip';
  }
  // Spec Kit's conventions (`.specify/memory/`), features kept in `.specify/specs/<feature>/` (and their `contracts/`), and nothing else of
  // `.specify/` (its templates and scripts).
  if (kits.includes('speckit') && (path === '.specify' || path.startsWith('.specify/'))) {
    const depth = path.split('/').length;
    // Not a folder whose name opens with `.` or `_` (`.specify/specs/.archive/`, `_template/`: a review).
    const name = path.slice(path.lastIndexOf('/') + 1);
    const features = (path === '.specify/specs' || (path.startsWith('.specify/specs/') && !/^[._]/.test(path.split('/')[2]!))) && (depth <= 3 || (depth === 4 && name === 'contracts'));
    return path === '.specify' || path === '.specify/memory' || features ? 'enter' : 'skip';
  }
  if (kits.includes('openspec') && (path === OPENSPEC_ARCHIVE || path.startsWith(`${OPENSPEC_ARCHIVE}/`))) return 'skip';
  return null;
}

/**
 * Whether the kit file at `place` is a Kiro feature's own (`requirements.md`, `tasks.md`,
 * `bugfix.md` of `.kiro/specs/<feature>/`): its folder is then a feature, and no folder inside it
 * is one (`.kiro/specs/auth/old/` is an old copy of auth, not a feature).
 */
export function isKiroFeatureFile(place: KitPlace): boolean {
  // A design alone (`.kiro/specs/platform/design.md` over `platform/auth/`): an epic's shared design, its sub-folders features (a review).
  return place.kit === 'kiro' && place.conventions !== true && KIRO_FILES.has(place.stem) && place.stem !== 'design';
}

/** Whether `path` lies inside `.kiro/` or `.specify/` (of the workspace root or of one of `roots`), where only kit files are read. */
export function insideKiro(path: string, roots: readonly KitRoot[] = NO_ROOTS): boolean {
  const under = roots.length === 0 ? null : rootOf(path, roots);
  const inner = under === null ? path : under.inner;
  return inner.startsWith('.kiro/') || inner.startsWith('.specify/');
}
