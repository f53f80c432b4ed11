/**
 * `relations:` and `status:` of `docugraph.yml` (TRACE §1–2): the frontmatter keys of each
 * typed relation, and the status words that mean done or dropped. A key claimed twice (by two
 * relations, or by a relation and a field) and a word in both status lists are
 * `CONFIG_INVALID`, each at its line.
 */
import { DEFAULT_STATUS_WRITE, type FieldKeys, type RelationKeys, type StatusWords, type StatusWrite } from '../shared/config-types.js';
import { normalStatus, TYPED_RELATIONS, type TypedRelation } from '../shared/relations.js';
import { MAX_SHORT_LIST, type ConfigReader } from './config-reader.js';
import { yamlNodes } from './yaml.js';

export const RELATION_SETTINGS: readonly string[] = [...TYPED_RELATIONS, 'depends_on'];
export const STATUS_SETTINGS = ['done', 'dropped'] as const;

/** A key or a list of keys (`verifies: [verifies, tests]`), or `null` after a problem. */
function keyList(reader: ConfigReader, value: unknown, where: string): string[] | null {
  const { isScalar } = yamlNodes();
  if (isScalar(value) && typeof value.value === 'string' && value.value !== '') return [value.value];
  return reader.strings(value, where, MAX_SHORT_LIST);
}

/** `relations:`, over the defaults; the nodes each key came from are kept for `checkKeyClaims`. */
export function readRelations(reader: ConfigReader, entries: ReadonlyMap<string, unknown>, defaults: RelationKeys): { relations: RelationKeys; nodes: ReadonlyMap<TypedRelation, unknown> } {
  let relations = defaults;
  const nodes = new Map<TypedRelation, unknown>();
  for (const [name, value] of entries) {
    if (name === 'depends_on') {
      reader.fail(value, 'the keys of `depends_on` are set by `fields.dependsOn`, e.g. `fields: { dependsOn: [depends_on, requires] }`; `relations:` sets the other relations');
      continue;
    }
    const relation = name as TypedRelation;
    const list = keyList(reader, value, `relations.${relation}`);
    if (list === null) continue;
    relations = { ...relations, [relation]: list };
    nodes.set(relation, value);
  }
  return { relations, nodes };
}

/** `status:`: each list in normal form, each word once. */
export function readStatus(reader: ConfigReader, entries: ReadonlyMap<string, unknown>, defaults: StatusWords): StatusWords {
  let status = defaults;
  const seen = new Map<string, string>();
  for (const name of STATUS_SETTINGS) {
    const value = entries.get(name);
    if (value === undefined) continue;
    const list = keyList(reader, value, `status.${name}`);
    if (list === null) continue;
    const words: string[] = [];
    for (const word of list.map(normalStatus)) {
      if (word === '') continue;
      const other = seen.get(word);
      if (other !== undefined && other !== name) {
        reader.fail(value, `\`status.${name}\` lists \`${word}\`, which \`status.${other}\` lists too; a status means one thing: keep it in one list`);
        continue;
      }
      seen.set(word, name);
      if (!words.includes(word)) words.push(word);
    }
    status = { ...status, [name]: words };
  }
  // A default list not given keeps its words, unless the other list took one of them.
  for (const name of STATUS_SETTINGS) {
    if (entries.has(name)) continue;
    status = { ...status, [name]: status[name].filter((word) => seen.get(word) === undefined || seen.get(word) === name) };
  }
  const write = entries.get('write');
  if (write !== undefined) {
    const words = readStatusWrite(reader, write, status);
    if (words !== null) status = { ...status, write: words };
  }
  return status;
}

/**
 * `status.write: { in_progress: …, todo: … }` (KITS §6): the words written for open work, each a
 * word that means open — in neither `status.done` nor `status.dropped` (else a task marked
 * started would read as finished).
 */
function readStatusWrite(reader: ConfigReader, node: unknown, status: StatusWords): StatusWrite | null {
  const entries = reader.section(node, ['in_progress', 'todo'], 'status.write', '{ in_progress: doing, todo: open }');
  if (entries === null) return null;
  let write: StatusWrite = DEFAULT_STATUS_WRITE;
  for (const [name, value] of entries) {
    const word = reader.text(value, `status.write.${name}`, name === 'todo' ? 'open' : 'doing');
    if (word === null) continue;
    const form = normalStatus(word);
    const settled = status.done.includes(form) ? 'status.done' : status.dropped.includes(form) ? 'status.dropped' : null;
    if (settled !== null || form === '' || /[\n\r]/.test(word)) {
      reader.fail(value, `\`status.write.${name}\` is \`${word}\`, which ${settled === null ? 'is no status word' : `\`${settled}\` lists`}; it must be a word for open work, such as \`${DEFAULT_STATUS_WRITE[name as keyof StatusWrite]}\``);
      continue;
    }
    write = { ...write, [name]: word.trim() };
  }
  return write;
}

/**
 * Every frontmatter key means one thing: `CONFIG_INVALID` for a key listed for two relations,
 * or for a relation and a field (`id`, `title`, `type`, `status`, `dependsOn`).
 */
export function checkKeyClaims(reader: ConfigReader, fields: FieldKeys, relations: RelationKeys, nodes: ReadonlyMap<TypedRelation, unknown>): void {
  const owner = new Map<string, string>();
  for (const field of ['id', 'title', 'type', 'status'] as const) owner.set(fields[field], `fields.${field}`);
  for (const key of fields.dependsOn) owner.set(key, 'fields.dependsOn');
  for (const relation of TYPED_RELATIONS) {
    for (const key of relations[relation]) {
      const other = owner.get(key);
      if (other !== undefined && other !== `relations.${relation}`) {
        // The default keys need no line of their own: the one given that clashes with them is at fault.
        const at = nodes.get(relation) ?? [...nodes].find(([r]) => `relations.${r}` === other)?.[1] ?? null;
        reader.fail(at, `the frontmatter key \`${key}\` is listed for \`relations.${relation}\` and for \`${other}\`; a key holds one relation or field: list it once`);
        continue;
      }
      owner.set(key, `relations.${relation}`);
    }
  }
}
