/**
 * The entries of a relation's frontmatter keys (META-01 §3, TRACE §1): a string (split on
 * `fields.separator` when set) or a list of strings, merged over the keys in the configured
 * order, each id once. `depends_on` keeps its codes (`DEPENDS_ON_INVALID`); the other
 * relations' malformed values are `RELATION_INVALID`; a repeat is `DEPENDS_ON_DUPLICATE`,
 * naming the relation.
 */
import type { FrontmatterEntry } from '../parse/frontmatter.js';
import type { RelationKeys } from '../shared/config-types.js';
import { TYPED_RELATIONS, type Relation, type TypedRelation } from '../shared/relations.js';
import type { Diagnostic, RelationEntries } from '../shared/types.js';

/** A finding about an entry, without the node's id and path. */
export type EntryProblem = Pick<Diagnostic, 'code' | 'message'> & { readonly line: number | undefined };

export interface ReadEntries extends RelationEntries {
  readonly problems: readonly EntryProblem[];
}

/** The value of an own key of the mapping (`undefined` when absent; never an inherited `toString`). */
export function own(data: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(data, key) ? data[key] : undefined;
}

/** A non-negative integer YAML read exactly (at most 2^53 − 1): it stands for its decimal digits. */
export function isIdNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** `key`, and the relation when the key is not the relation's own name. */
function named(key: string, relation: Relation): string {
  return relation === 'depends_on' || key === relation ? `\`${key}\`` : `\`${key}\` (\`${relation}\`)`;
}

/** The entries of `keys` for `relation`. */
export function readEntries(data: Readonly<Record<string, unknown>>, entries: ReadonlyMap<string, FrontmatterEntry>, keys: readonly string[], separator: string | null, relation: Relation): ReadEntries {
  const invalid = relation === 'depends_on' ? 'DEPENDS_ON_INVALID' : 'RELATION_INVALID';
  const ids: string[] = [];
  const lines: number[] = [];
  const fromKeys: string[] = [];
  const problems: EntryProblem[] = [];
  /** Each id seen, with the key that listed it first. */
  const seen = new Map<string, string>();
  const add = (key: string, item: string, line: number | undefined) => {
    const first = seen.get(item);
    if (first !== undefined) {
      const message =
        first === key
          ? `${named(key, relation)} lists \`${item}\` more than once; remove the repeat (it counts once)`
          : `${named(key, relation)} lists \`${item}\`, which \`${first}\` already lists; remove the repeat (it counts once)`;
      problems.push({ code: 'DEPENDS_ON_DUPLICATE', message, line });
      return;
    }
    seen.set(item, key);
    ids.push(item);
    lines.push(line ?? 1);
    fromKeys.push(key);
  };
  /** A string entry, split on the separator when one is set (empty parts name nothing). */
  const addText = (key: string, text: string, line: number | undefined) => {
    if (separator === null) return add(key, text, line);
    for (const part of text.split(separator)) {
      const trimmed = part.trim();
      if (trimmed !== '') add(key, trimmed, line);
    }
  };
  for (const key of keys) {
    const value = own(data, key);
    if (value === undefined || value === null) continue;
    const entry = entries.get(key);
    const keyLine = entry?.line;
    if (typeof value === 'string' || isIdNumber(value)) {
      addText(key, typeof value === 'string' ? value : (entry?.source ?? String(value)), keyLine);
      continue;
    }
    if (!Array.isArray(value)) {
      const kind = typeof value === 'object' ? 'a mapping' : `a ${typeof value}`;
      const example = relation === 'depends_on' ? '[BE-01, DEC-002]' : '[REQ-01, REQ-02]';
      problems.push({ code: invalid, message: `${named(key, relation)} must be an id or a list of ids, but it is ${kind}; write e.g. \`${key}: ${example}\``, line: keyLine });
      continue;
    }
    value.forEach((item: unknown, index) => {
      const line = entry?.itemLines?.[index] ?? keyLine;
      if (isIdNumber(item)) return add(key, String(item), line);
      if (typeof item !== 'string') {
        const shown = JSON.stringify(item) ?? String(item);
        const hint = typeof item === 'number' || typeof item === 'boolean' ? `; quote it: \`- "${shown}"\`` : '';
        problems.push({ code: invalid, message: `${named(key, relation)} item ${index + 1} (\`${shown}\`) is not an id string${hint}`, line });
        return;
      }
      addText(key, item, line);
    });
  }
  return { ids, lines, keys: fromKeys, problems };
}

/**
 * The typed relations a frontmatter has (those with at least one of their keys present), and
 * their problems; `null` relations when it has none.
 */
export function readTypedRelations(
  data: Readonly<Record<string, unknown>>,
  entries: ReadonlyMap<string, FrontmatterEntry>,
  keys: RelationKeys,
  separator: string | null,
): { relations: Partial<Record<TypedRelation, RelationEntries>> | null; problems: readonly EntryProblem[] } {
  let relations: Partial<Record<TypedRelation, RelationEntries>> | null = null;
  let problems: EntryProblem[] | null = null;
  for (const relation of TYPED_RELATIONS) {
    if (!keys[relation].some((key) => own(data, key) !== undefined)) continue;
    const read = readEntries(data, entries, keys[relation], separator, relation);
    (relations ??= {})[relation] = { ids: read.ids, lines: read.lines, keys: read.keys };
    if (read.problems.length > 0) (problems ??= []).push(...read.problems);
  }
  return { relations, problems: problems ?? [] };
}

const keySets = new WeakMap<RelationKeys, ReadonlySet<string>>();

/** Every key of the typed relations (a configuration is built once, so this is kept per `relations` object). */
export function relationKeySet(keys: RelationKeys): ReadonlySet<string> {
  let set = keySets.get(keys);
  if (set === undefined) keySets.set(keys, (set = new Set(TYPED_RELATIONS.flatMap((relation) => keys[relation]))));
  return set;
}
