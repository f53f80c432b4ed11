/**
 * META-01 §3: which frontmatter keys hold the node fields (the configuration's `fields`), and
 * `FIELD_MISSPELLED` for keys that look meant as a field but are not one — a near miss (the
 * same letters once `-`, `_` and case are ignored: `dependsOn`, `Depends-On`, `ID`) or a
 * common synonym of the dependency field (`dependencies`, `requires`, …) that is not mapped.
 */
import type { FieldKeys } from '../shared/config-types.js';
import type { FrontmatterEntry } from '../parse/frontmatter.js';

/** A node field, as `fields` in `docugraph.yml` names it. */
export type FieldName = keyof FieldKeys;

/** Words other tools use for dependencies (Backlog.md writes `dependencies`), compared as {@link squash} does. */
const DEPENDENCY_SYNONYMS: ReadonlySet<string> = new Set(['dependencies', 'requires', 'depends', 'blockedby']);

/** A frontmatter key that is probably meant as a field, and what to tell the author. */
export interface MisspelledKey {
  readonly key: string;
  readonly field: FieldName;
  /** 1-based line of the key in the file. */
  readonly line: number;
}

/** One file's use of such a key, with a value: where, and what to tell the author. */
export interface MisspelledUse {
  readonly key: string;
  /** 1-based line of the key in the file. */
  readonly line: number;
  /** The message, without the count of files. */
  readonly message: string;
}

/** Field keys by their squashed form, per `fields` object (a configuration is built once). */
const lookups = new WeakMap<FieldKeys, { readonly exact: ReadonlySet<string>; readonly squashed: ReadonlyMap<string, FieldName> }>();

function lookupOf(fields: FieldKeys) {
  let lookup = lookups.get(fields);
  if (lookup === undefined) {
    const exact = new Set<string>([fields.id, fields.title, fields.type, fields.status, ...fields.dependsOn]);
    const squashed = new Map<string, FieldName>();
    const add = (key: string, field: FieldName) => {
      const s = squash(key);
      if (s !== '' && !squashed.has(s)) squashed.set(s, field);
    };
    add(fields.id, 'id');
    add(fields.title, 'title');
    add(fields.type, 'type');
    add(fields.status, 'status');
    for (const key of fields.dependsOn) add(key, 'dependsOn');
    lookup = { exact, squashed };
    lookups.set(fields, lookup);
  }
  return lookup;
}

/** A key without `-`, `_` and case: `Depends-On` → `dependson`. */
export function squash(key: string): string {
  return key.replace(/[-_]/g, '').toLowerCase();
}

/**
 * The keys of `entries` that are not field keys but look meant as one, in the order written.
 * `onlyIdentity`: report only near misses of the id and dependency fields and dependency
 * synonyms (the keys that would make the file a document): a page's `Title` or `Status`
 * belongs to the tool that owns the page.
 */
export function findMisspelledKeys(entries: ReadonlyMap<string, FrontmatterEntry>, fields: FieldKeys, onlyIdentity: boolean): MisspelledKey[] {
  const { exact, squashed } = lookupOf(fields);
  const found: MisspelledKey[] = [];
  for (const [key, entry] of entries) {
    if (exact.has(key)) continue;
    const s = squash(key);
    const field = squashed.get(s) ?? (DEPENDENCY_SYNONYMS.has(s) ? 'dependsOn' : undefined);
    if (field === undefined) continue;
    if (onlyIdentity && field !== 'id' && field !== 'dependsOn') continue;
    found.push({ key, field, line: entry.line });
  }
  return found;
}

/**
 * The `FIELD_MISSPELLED` message: what is lost, the field meant, and the `docugraph.yml`
 * mapping that makes the key count. `hasIdKey`: the frontmatter has the id key.
 */
export function misspelledMessage(found: MisspelledKey, fields: FieldKeys, hasIdKey: boolean): string {
  const { key, field } = found;
  const meant = field === 'dependsOn' ? closestDependencyKey(key, fields.dependsOn) : fields[field];
  const lost =
    field === 'dependsOn'
      ? 'so these dependencies are ignored'
      : field === 'id' && !hasIdKey
        ? 'so this file has no id and is not a document'
        : `so it is not read as the ${field}`;
  const guess = meant === undefined ? '' : ` did you mean \`${meant}\`?`;
  const mapped = field === 'dependsOn' ? `[${[...fields.dependsOn, key].map(flowScalar).join(', ')}]` : flowScalar(key);
  return `\`${key}\` is not a DocuGraph field, ${lost};${guess} Rename it, or map it in docugraph.yml: \`fields: { ${field}: ${mapped} }\` (\`docugraph init\` writes the mapping for a repository)`;
}

/** The configured dependency key a key is a near miss of, else the first one (for a synonym). */
function closestDependencyKey(key: string, keys: readonly string[]): string | undefined {
  const s = squash(key);
  return keys.find((k) => squash(k) === s) ?? keys[0];
}

/** A key as a YAML flow scalar: plain when that is safe, else double-quoted. */
function flowScalar(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? key : JSON.stringify(key);
}
