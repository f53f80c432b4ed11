/**
 * Ids as people write them (issue 53): a repository of numbered documents (`eip: 1559`) writes
 * them with a prefix in file names and titles — `eip-1559.md`, `EIP-1559: Fee market` — and
 * people ask for `EIP-1559`. A written id that is not an id is read as `{prefix}{separator}{number}`
 * (letters, then `-`, `_`, a space or nothing, then something that starts with a digit); when
 * the repository writes that prefix (any case) before its own numeric ids, the number names the
 * document whose id it is, leading zeros aside (`PEP-8` is `0008` or `8`). Exactly one such id
 * is the answer; two (`20` and `0020`) are both offered, never one picked. A prefix the
 * repository never writes offers the ids it could mean, and finds none.
 *
 * What the repository writes is read once per snapshot, and only when an id is not found: one
 * pass over the documents, each file name and title matched against its own id.
 */
import { compareStrings } from '../shared/sort.js';
import type { DocNode, Workspace } from '../shared/types.js';

/** What a written id that is not an id may mean. */
export type WrittenId =
  /** The one document it names. */
  | { readonly kind: 'found'; readonly id: string }
  /** Ids it could mean, to offer (several; or one behind a prefix the repository never writes), sorted. */
  | { readonly kind: 'offer'; readonly ids: readonly string[] }
  | { readonly kind: 'none' };

interface Written {
  /** Lower-case prefixes the repository writes before its numeric ids (`eip`). */
  readonly prefixes: ReadonlySet<string>;
  /** Numeric ids by their number without leading zeros (`0020` and `20` under `20`), each list sorted. */
  readonly byNumber: ReadonlyMap<string, readonly string[]>;
}

const NONE: WrittenId = Object.freeze({ kind: 'none' });
/** A written id: a prefix of letters, an optional separator, and the rest, which starts with a digit. */
const PREFIXED = /^(\p{L}{1,12})[-_ ]?(\p{Nd}.*)$/u;

const known = new WeakMap<Workspace, Written>();

/** What `written` (not an id of `workspace`) names, read as the repository writes its ids. */
export function findWrittenId(workspace: Workspace, written: string): WrittenId {
  const match = PREFIXED.exec(written);
  if (match === null) return NONE;
  let seen = known.get(workspace);
  if (seen === undefined) known.set(workspace, (seen = readWritten(workspace)));
  const ids = seen.byNumber.get(withoutZeros(match[2]!));
  if (ids === undefined) return NONE;
  if (ids.length === 1 && seen.prefixes.has(match[1]!.toLowerCase())) return { kind: 'found', id: ids[0]! };
  return { kind: 'offer', ids };
}

/** The prefixes the documents' file names and titles write before their numeric ids, and those ids by number. */
function readWritten(workspace: Workspace): Written {
  const prefixes = new Set<string>();
  const byNumber = new Map<string, string[]>();
  for (const id of workspace.ids) {
    if (!/^\p{Nd}/u.test(id)) continue;
    const number = withoutZeros(id);
    const list = byNumber.get(number);
    if (list === undefined) byNumber.set(number, [id]);
    else list.push(id);
    const node = workspace.nodes.get(id)!;
    for (const prefix of prefixesOf(node, number)) prefixes.add(prefix);
  }
  for (const list of byNumber.values()) if (list.length > 1) list.sort(compareStrings);
  return { prefixes, byNumber };
}

/** The prefixes a document writes before its number: in its file's name (not a kit item's file) and at the start of its title. */
function prefixesOf(node: DocNode, number: string): string[] {
  const found: string[] = [];
  const name = node.item === undefined ? node.path.slice(node.path.lastIndexOf('/') + 1).replace(/\.md$/i, '') : '';
  for (const text of [name, node.title]) {
    const match = PREFIXED.exec(text);
    if (match === null) continue;
    // The number, then the end or something that is no letter or digit (`EIP-1559: Fee market`, not `EIP-15590`).
    const rest = match[2]!;
    const digits = /^\p{Nd}[\p{L}\p{N}.]*/u.exec(rest)![0];
    if (withoutZeros(digits) === number) found.push(match[1]!.toLowerCase());
  }
  return found;
}

/**
 * A kit item's id written without its feature (`T090` for `001-virtual-coach-mvp/T090`, `R1.2`, `FR-001`: a new user's first
 * `context T090`, round 49), and a task's number as its file writes it (`1.1` for `T1.1`, round 50): the ids whose last part it
 * is, sorted — one is the item meant, several are offered. Read once per snapshot, on the first such id not found (D-527).
 */
export function findBareId(workspace: Workspace, written: string): WrittenId {
  if (written.includes('/') || written === '') return NONE;
  let tails = bare.get(workspace);
  if (tails === undefined) bare.set(workspace, (tails = lastParts(workspace)));
  // A task's number as its file writes it (`1.1`, `2`), whose id is `T1.1`.
  const ids = tails.get(written) ?? (/^\d/.test(written) ? tails.get(`T${written}`) : undefined);
  if (ids === undefined) return NONE;
  return ids.length === 1 ? { kind: 'found', id: ids[0]! } : { kind: 'offer', ids };
}

const bare = new WeakMap<Workspace, ReadonlyMap<string, readonly string[]>>();

/** Kit items' ids by their last part (`T090`), each list in id order. */
function lastParts(workspace: Workspace): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const id of workspace.ids) {
    if (workspace.nodes.get(id)!.item === undefined) continue;
    const tail = id.slice(id.lastIndexOf('/') + 1);
    const list = out.get(tail);
    if (list === undefined) out.set(tail, [id]);
    else list.push(id);
  }
  return out;
}

/** `0020` → `20`; `0` stays `0`. */
function withoutZeros(text: string): string {
  return text.replace(/^0+(?=\p{Nd})/u, '');
}
