/**
 * `kits:` of `docugraph.yml` (KITS §1): the spec kits whose folders are read as items, and the
 * coverage the kits bring when `coverage:` is not configured (KITS §5).
 */
import { KIT_NAMES, type CoverageRule, type KitName, type KitRoot } from '../shared/config-types.js';
import { echo } from '../shared/errors.js';
import { DOCUMENT_ID, shownValue } from '../shared/id-shape.js';
import { compareStrings } from '../shared/sort.js';
import type { ConfigReader } from './config-reader.js';
import { yamlNodes } from './yaml.js';

/** `kits: [kiro, speckit, openspec]` (or one name): each known name once, in `KIT_NAMES` order; `null` after a problem. */
export function readKits(reader: ConfigReader, node: unknown): KitName[] | null {
  const { isScalar } = yamlNodes();
  const names = isScalar(node) && typeof node.value === 'string' && node.value !== '' ? [node.value] : reader.strings(node, 'kits', KIT_NAMES.length * 4);
  if (names === null) return null;
  const unknown = names.find((name) => !(KIT_NAMES as readonly string[]).includes(name));
  if (unknown !== undefined) {
    reader.fail(node, `\`kits\` names \`${unknown}\`, which is not a kit DocuGraph reads; the kits are ${KIT_NAMES.map((k) => `\`${k}\``).join(', ')}`);
    return null;
  }
  return KIT_NAMES.filter((name) => names.includes(name));
}

/** The item types each kit's coverage rules are about (KITS §5, §7): Kiro's acceptance criteria; Spec Kit's stories, functional requirements and success criteria. */
const KIT_COVERAGE: Readonly<Partial<Record<KitName, readonly string[]>>> = { kiro: ['acceptance-criterion'], speckit: ['functional-requirement', 'success-criterion', 'user-story'] };

/** The coverage rules of `kits` when `coverage:` is not set: each kit's items implemented by some task, judged feature by feature (KITS §7); sorted by type. */
export function kitCoverage(kits: readonly KitName[]): CoverageRule[] {
  const rules: CoverageRule[] = [];
  for (const kit of kits) for (const type of KIT_COVERAGE[kit] ?? []) rules.push({ type, relations: ['implements'], byFeature: true });
  return rules.sort((a, b) => compareStrings(a.type, b.type));
}

/** The most kit roots a configuration lists. */
export const MAX_KIT_ROOTS = 1000;

/**
 * `roots:` (issue 57): folders below the workspace root whose kit folders are read as the root's
 * are — a monorepo's packages — each a path (`packages/api`, named `api` for its folder) or
 * `{ path, name }`. Sorted by path; `null` after a problem (a path that leaves the root, a name
 * that cannot start an id, two roots with one name or one path).
 */
export function readKitRoots(reader: ConfigReader, node: unknown): KitRoot[] | null {
  const { isMap, isScalar, isSeq } = yamlNodes();
  const example = '`roots: [packages/api, { path: services/billing, name: billing }]`';
  if (!isSeq(node)) {
    reader.fail(node, `\`roots\` must be a list of folders whose kit folders are read too, e.g. ${example}`);
    return null;
  }
  if (node.items.length > MAX_KIT_ROOTS) {
    reader.fail(node, `\`roots\` has ${node.items.length} entries; at most ${MAX_KIT_ROOTS} are read`);
    return null;
  }
  const roots: { root: KitRoot; node: unknown }[] = [];
  let ok = true;
  for (const item of node.items) {
    let path: unknown;
    let name: unknown;
    if (isScalar(item)) path = item.value;
    else if (isMap(item)) {
      for (const pair of item.items) {
        const key = isScalar(pair.key) ? pair.key.value : null;
        const value = isScalar(pair.value) ? pair.value.value : pair.value;
        if (key === 'path') path = value;
        else if (key === 'name') name = value;
        else {
          reader.fail(pair.key, `unknown setting \`roots[].${typeof key === 'string' ? echo(key) : '?'}\`; an entry of \`roots\` has \`path\` and \`name\``);
          ok = false;
        }
      }
    }
    const folder = typeof path === 'string' ? rootPath(path) : null;
    if (folder === null) {
      reader.fail(item, `an entry of \`roots\` must be a folder inside the workspace, relative to its root, without \`.\` or \`..\` (\`packages/api\`), or \`{ path: packages/api, name: api }\``);
      ok = false;
      continue;
    }
    const named = name === undefined ? folder.slice(folder.lastIndexOf('/') + 1) : name;
    if (typeof named !== 'string' || !DOCUMENT_ID.test(named)) {
      const given = name === undefined ? `the folder's name \`${shownValue(String(named))}\`` : `\`${shownValue(String(named))}\``;
      reader.fail(item, `the kit root \`${shownValue(folder)}\` would be named ${given}, which cannot start an id: give it a name of letters, digits, \`.\`, \`_\` and \`-\`, starting with a letter or digit, e.g. \`{ path: ${shownValue(folder)}, name: pkg }\``);
      ok = false;
      continue;
    }
    roots.push({ root: { name: named, path: folder }, node: item });
  }
  const byName = new Map<string, string>();
  const byPath = new Set<string>();
  for (const { root, node: at } of roots) {
    const other = byName.get(root.name);
    if (other !== undefined) {
      reader.fail(at, `two kit roots are named \`${root.name}\`: \`${shownValue(other)}\` and \`${shownValue(root.path)}\`; their ids would collide — name one of them, e.g. \`{ path: ${shownValue(root.path)}, name: ${root.name}-2 }\``);
      ok = false;
    } else if (byPath.has(root.path)) {
      reader.fail(at, `\`roots\` lists \`${shownValue(root.path)}\` twice`);
      ok = false;
    }
    byName.set(root.name, root.path);
    byPath.add(root.path);
  }
  if (!ok) return null;
  return roots.map(({ root }) => root).sort((a, b) => compareStrings(a.path, b.path));
}

/** A root's folder as written (`packages/api`, `./packages/api/`), normalised; `null` when it is not one inside the workspace. */
function rootPath(written: string): string | null {
  const path = written.replace(/^\.\//, '').replace(/\/+$/, '');
  if (path === '' || path.length > 1000 || path.startsWith('/') || /[\\\0\n\r]/.test(path)) return null;
  const parts = path.split('/');
  return parts.some((part) => part === '' || part === '.' || part === '..') ? null : path;
}
