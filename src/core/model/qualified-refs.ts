/**
 * Issue 57: ids written in full, with the name of a kit root or a source before them, in a kit
 * task's lines — `_Requirements: platform:auth/R1.1_`, `T004 … for platform:REQ-12`,
 * `_Depends: api:auth/T2_` — name that item or document in the other package or repository:
 * a task implements it (depends on it, when it is a task). Only the names `roots:` and
 * `sources:` give are read so (a word before a colon in prose, a URL's scheme, a time, is
 * none of them). Pure.
 */
import { MAX_ITEM_REFS, type KitItem, type KitRead, type KitRef } from '../parse/kits/kit-read.js';
import { itemKind } from '../shared/suggest-kind.js';
import type { NodeConfig } from '../shared/config-types.js';

/** `name:` then an id: a document's (`REQ-12`) or a kit's (`auth/R1.1`), not inside a longer word or path. */
const QUALIFIED = /(?<![\p{L}\p{N}._:/-])([A-Za-z0-9][A-Za-z0-9._-]*):([\p{L}\p{N}][\p{L}\p{N}\p{M}._-]*(?:\/[\p{L}\p{N}][\p{L}\p{N}\p{M}._-]*)*)/gu;

/** The names a full id may start with: the kit roots' and the sources' (one set per configuration). */
export function qualifiedNames(config: NodeConfig): ReadonlySet<string> {
  let names = namesOf.get(config);
  if (names === undefined) namesOf.set(config, (names = new Set([...(config.kitRoots ?? []).map((root) => root.name), ...(config.sources ?? []).map((source) => source.name)])));
  return names;
}

const namesOf = new WeakMap<NodeConfig, ReadonlySet<string>>();

/** `read` with the references its tasks write in full to the packages and repositories `names` gives. */
export function withQualifiedRefs(read: KitRead, names: ReadonlySet<string>): KitRead {
  if (names.size === 0) return read;
  let items: KitItem[] | null = null;
  read.items.forEach((item, k) => {
    if (item.type !== 'task' || !item.text.includes(':')) return;
    const more = qualifiedRefs(item, names);
    if (more.length === 0) return;
    items ??= [...read.items];
    items[k] = { ...item, refs: [...item.refs, ...more].slice(0, Math.max(item.refs.length, MAX_ITEM_REFS)) };
  });
  return items === null ? read : { ...read, items };
}

function qualifiedRefs(item: KitItem, names: ReadonlySet<string>): KitRef[] {
  const refs: KitRef[] = [];
  const seen = new Set(item.refs.map((ref) => ref.id));
  // Lines counted as the matches go (they come in order): linear in the item's text.
  let line = item.line;
  let counted = 0;
  for (const match of item.text.matchAll(QUALIFIED)) {
    if (!names.has(match[1]!)) continue;
    // A sentence's full stop, or the `_` that closes an italic label, is not part of the id.
    const id = `${match[1]!}:${match[2]!.replace(/[._]+$/, '')}`;
    if (seen.has(id)) continue;
    seen.add(id);
    for (let at = item.text.indexOf('\n', counted); at !== -1 && at < match.index; at = item.text.indexOf('\n', at + 1)) (line += 1), (counted = at + 1);
    refs.push({ relation: itemKind(id) === 'task' ? 'depends_on' : 'implements', id, line, written: id });
  }
  return refs;
}
