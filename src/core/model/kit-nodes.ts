/**
 * KITS §2–4, the model step of one kit file: its document node and its items as nodes. An
 * item's `depends_on`, `implements`, `verifies` and `refines` come from what it wrote (the
 * reader's references); its status from its box, or its document's status; its text is its
 * own lines. An id the file uses twice keeps its first item, and every other is
 * `ID_DUPLICATE` at its line. Pure: one file.
 */
import { posix } from 'node:path';
import { rootPrefix, type KitPlace } from '../read/kit-paths.js';
import { MAX_ITEM_REFS, type KitItem, type KitRead, type KitRef } from '../parse/kits/read-kit.js';
import { BOX_MARK, titleKey } from '../parse/kits/kit-read.js';
import { groupThousands } from '../shared/cap.js';
import { isKitId, isKitIdPart, shownValue } from '../shared/id-shape.js';
import { DEFAULT_CONFIG, type NodeConfig } from '../shared/config-types.js';
import type { TypedRelation } from '../shared/relations.js';
import type { Diagnostic, DocNode, RelationEntries } from '../shared/types.js';
import { visible } from './visible.js';
import { taskRepeats } from './task-copies.js';

const NO_IDS: readonly string[] = Object.freeze([]);
const NO_LINES: readonly number[] = Object.freeze([]);
/** A list item's box at the start of its line (`- [SKIP]`): where a dropped task's word is, which a fingerprint reads as `[ ]`. */
const LEADING_BOX = new RegExp(String.raw`^([ \t>]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[)${BOX_MARK}\]`);

/** What a kit file's document node is made of, besides what the reader found. */
export interface KitDocument {
  readonly path: string;
  readonly text: string;
  readonly place: KitPlace;
  /** The frontmatter's mapping (`{}` without one) and its `status`, `title` as strings or `null`. */
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly status: string | null;
  readonly title: string | null;
  /** The first level-1 heading's plain text, or `null`. */
  readonly firstH1: string | null;
  readonly body: string;
  readonly bodyLine: number;
}

/** The document node of a kit file without an `id` of its own: `<scope>/<stem>`, typed by its file name (KITS §2). */
export function kitDocumentNode(doc: KitDocument, refs: readonly KitRef[]): DocNode {
  const { place } = doc;
  const stem = posix.basename(place.stem);
  const relations = relationsOf(refs);
  return {
    id: `${rootPrefix(place)}${place.scope}/${place.stem}`,
    title: visible(doc.title ?? doc.firstH1 ?? '') || stem,
    type: place.conventions === true ? 'conventions' : stem,
    status: doc.status,
    path: doc.path,
    dependsOn: NO_IDS,
    dependsOnLines: NO_LINES,
    ...(relations === null ? {} : { relations }),
    text: doc.text,
    bodyLine: doc.bodyLine,
    body: doc.body,
  };
}

/**
 * `ID_INVALID` when the folder and file names of a kit file cannot make its ids (KITS §2, by the
 * rule of a frontmatter id, META-01 §3, part by part: see `isKitId`): a folder name with a line
 * break, a space or a backtick would otherwise be an id, shown as written in bundles and lists.
 * `itemsOnly`: the file's node has an id of its own (frontmatter), so only the scope, which its
 * items' ids start with, counts. `null` when every name can be part of an id.
 */
export function kitPlaceProblem(place: KitPlace, path: string, itemsOnly: boolean): Diagnostic | null {
  const scope = place.scope.split('/');
  const stem = itemsOnly ? [] : place.stem.split('/');
  const parts = [...scope, ...stem];
  const bad = parts.findIndex((part) => !isKitIdPart(part));
  if (bad === -1) return null;
  const part = parts[bad]!;
  const file = bad === parts.length - 1 && !itemsOnly;
  const name = file ? `${part}.md` : part;
  const whose = itemsOnly ? "its items' ids" : `its id (\`${shownValue(`${place.scope}/${place.stem}`)}\`)`;
  return {
    code: 'ID_INVALID',
    message: `the ${file ? 'file' : 'folder'} name \`${shownValue(name)}\` cannot be part of an id, and ${whose} would hold it: rename the ${file ? 'file' : 'folder'} with letters, digits, \`.\`, \`_\` and \`-\`, starting with a letter or digit (e.g. \`${suggestPart(part)}${file ? '.md' : ''}\`); until then this file is read as a page, without items`,
    nodeId: null,
    path,
    line: 1,
  };
}

/** A valid part of an id close to an invalid one, for a message. */
function suggestPart(part: string): string {
  const cleaned = part.trim().replace(/\s+/g, '-').replace(/[^\p{L}\p{N}\p{M}._-]/gu, '').replace(/^[^\p{L}\p{N}]+/u, '');
  return cleaned === '' ? 'feature' : [...cleaned].slice(0, 64).join('');
}

/**
 * The items of `read` as nodes of the file whose own node has the id `fileId` (`null`: the file
 * has none, its frontmatter being invalid), with `ID_DUPLICATE` for every id used before in the
 * file, and `ID_INVALID` for an item whose id is not one (an OpenSpec requirement named
 * `-internal API`: its slug starts with `-`).
 */
export function kitItemNodes(read: KitRead, doc: KitDocument, fileId: string | null, config: NodeConfig = DEFAULT_CONFIG): { items: DocNode[]; diagnostics: Diagnostic[] } {
  const items: DocNode[] = [];
  const diagnostics: Diagnostic[] = [];
  const first = new Map<string, number>();
  if (fileId !== null) first.set(fileId, 0);
  const doneWord = (config.status ?? DEFAULT_CONFIG.status).done[0] ?? 'done';
  // A box that says the task will not be done (`[SKIP]`, `[deferred]`: D-542) gives the first word that says dropped.
  const droppedWord = (config.status ?? DEFAULT_CONFIG.status).dropped[0] ?? 'dropped';
  const source = { text: doc.text };
  const node = (item: KitItem): DocNode => itemNode(item, doc, fileId ?? `${rootPrefix(doc.place)}${doc.place.scope}/${doc.place.stem}`, source, item.box === null ? doc.status : item.box === 'x' ? doneWord : item.box === '-' ? 'in-progress' : item.box === 'dropped' ? droppedWord : 'todo');
  // The tasks of one line that name nothing (by id): their title, and their place in `items`.
  const stubs = new Map<string, { readonly title: string; readonly index: number }>();
  // A task numbered twice for other work is read as `T4.2#2` (D-512). The sub-tasks written under it name it (by the id each
  // number was last read under; the number written again with the first's title is the first again), and so do the
  // dependencies of the copies and their sub-tasks (`T011 … (depends on T010)` after the second T010); no other task's
  // (a later `T005 (depends on T002)` means the first T002: a review).
  const { copies, recaps } = taskRepeats(read.items, fileId);
  const latest = new Map<string, string>();
  const byTitle = new Map<string, string>();
  // The ids read inside a copy: the copies and what is nested under them, however deep (a review).
  const inCopies = new Set<string>();
  const named = (item: KitItem, index: number): KitItem => {
    if (latest.size === 0) return item;
    const parent = item.refs.find((ref) => ref.relation === 'refines' && latest.has(ref.id));
    const inCopy = copies.has(index) || (parent !== undefined && inCopies.has(latest.get(parent.id)!));
    if (inCopy) inCopies.add(copies.get(index) ?? item.id);
    const refs = item.refs.map((ref) => ((ref.relation === 'refines' || (inCopy && ref.relation === 'depends_on')) && latest.has(ref.id) ? { ...ref, id: latest.get(ref.id)! } : ref));
    return refs.some((ref, k) => ref !== item.refs[k]) ? { ...item, refs } : item;
  };
  for (const [index, raw] of read.items.entries()) {
    // A task written again in a list of what is pending (D-525): that task, said again; no item, no finding.
    if (recaps.has(index)) continue;
    const item = named(raw, index);
    if (raw.type === 'task' && first.has(raw.id) && !copies.has(index)) latest.set(raw.id, byTitle.get(`${raw.id}\n${titleKey(raw.title)}`) ?? raw.id);
    if (!isKitId(item.id)) {
      diagnostics.push({
        code: 'ID_INVALID',
        message: `the ${item.type} \`${shownValue(item.title)}\` would have the id \`${shownValue(item.id)}\`, which is not valid: each part of an id is letters, digits, \`.\`, \`_\` and \`-\`, starting with a letter or digit — rename it; it is not read until then`,
        nodeId: null,
        path: doc.path,
        line: item.line,
      });
      continue;
    }
    const seen = first.get(item.id);
    // Written twice, the first time as an empty line of the same title (Kiro's `- [x] 11. Toolbar`
    // above `- [ ] 11. Toolbar` with its steps and requirements): the one with lines is the item.
    const stub = seen === undefined || seen === 0 ? undefined : stubs.get(item.id);
    if (stub !== undefined && stub.title === item.title && item.end > item.line) {
      stubs.delete(item.id);
      diagnostics.push({
        code: 'ID_DUPLICATE',
        message: `id \`${item.id}\` is written twice in this file: the item on line ${item.line}, which has lines of its own, is used, and this empty one is ignored — remove it`,
        nodeId: null,
        path: doc.path,
        line: seen!,
      });
      first.set(item.id, item.line);
      if (item.cut !== null) diagnostics.push(refsCapped(item, doc.path));
      items[stub.index] = node(item);
      continue;
    }
    if (seen !== undefined) {
      const where = seen === 0 ? 'the file itself' : `the item on line ${seen}`;
      const as = seen === 0 ? undefined : copies.get(index);
      const read = as !== undefined && !first.has(as);
      diagnostics.push({
        code: 'ID_DUPLICATE',
        message: `id \`${item.id}\` is already used by ${where} of this file; that one is used and this ${item.type} is ${read ? `read as \`${as}\`` : 'ignored'} — give each its own number`,
        nodeId: null,
        path: doc.path,
        line: item.line,
      });
      if (read) {
        first.set(as, item.line);
        latest.set(item.id, as);
        byTitle.set(`${item.id}\n${titleKey(item.title)}`, as);
        if (item.cut !== null) diagnostics.push(refsCapped(item, doc.path));
        items.push(node({ ...item, id: as }));
      }
      continue;
    }
    first.set(item.id, item.line);
    if (copies.size > 0) (latest.set(item.id, item.id), byTitle.set(`${item.id}\n${titleKey(item.title)}`, item.id));
    if (item.cut !== null) diagnostics.push(refsCapped(item, doc.path));
    if (item.type === 'task' && item.end === item.line && item.refs.every((ref) => ref.relation === 'refines')) stubs.set(item.id, { title: item.title, index: items.length });
    items.push(node(item));
  }
  return { items, diagnostics };
}

/** `REFS_CAPPED` for an item whose references name more ids than a reader keeps (kit-read.ts, `ItemRefs`). */
function refsCapped(item: KitItem, path: string): Diagnostic {
  const { kept, count, line } = item.cut!;
  return {
    code: 'REFS_CAPPED',
    message: `\`${item.id}\` names ${groupThousands(kept + count)} ids (ranges expanded): the first ${groupThousands(kept)} are read and ${groupThousands(count)} are not — an item's references stand for at most ${MAX_ITEM_REFS} ids, and no more than its lines have characters; cite fewer ranges, or split the ${item.type}`,
    nodeId: item.id,
    path,
    line,
  };
}

function itemNode(item: KitItem, doc: KitDocument, fileId: string, source: { readonly text: string }, status: string | null): DocNode {
  const text = item.text;
  const depends = entriesOf(item.refs, 'depends_on');
  const relations = relationsOf(item.refs);
  const tail = item.id.slice(item.id.lastIndexOf('/') + 1);
  return {
    id: item.id,
    title: visible(item.title) || tail,
    type: item.type,
    status,
    path: doc.path,
    dependsOn: depends?.ids ?? NO_IDS,
    dependsOnLines: depends?.lines ?? NO_LINES,
    ...(depends === null ? {} : { dependsOnKeys: depends.keys }),
    ...(relations === null ? {} : { relations }),
    text,
    bodyLine: item.line,
    // What a review's fingerprint reads (TRACE §3): the box is the item's status, not its text.
    // (A blocked task's `[!]` is an open box: the same fingerprint as `[ ]`; so is a dropped task's `[SKIP]`, at its box only.)
    body: item.box === null || (item.box === ' ' && !text.startsWith('[!]', text.indexOf('['))) ? text : item.box === 'dropped' && LEADING_BOX.test(text) ? text.replace(LEADING_BOX, '$1 ]') : text.replace(/\[[xX~!✅✓✔-]\uFE0F?\]/, '[ ]'),
    item: { line: item.line, end: item.end, file: fileId, box: item.box, context: item.context, source },
  };
}

/** The typed relations a kit item's references hold. */
const ITEM_RELATIONS = ['implements', 'verifies', 'refines'] as const;

/** The typed relations of `refs` (each id once per relation, in the order written), or `null` when there are none. */
function relationsOf(refs: readonly KitRef[]): Partial<Record<TypedRelation, RelationEntries>> | null {
  let out: Partial<Record<TypedRelation, RelationEntries>> | null = null;
  for (const relation of ITEM_RELATIONS) {
    const entries = entriesOf(refs, relation);
    if (entries !== null) (out ??= {})[relation] = entries;
  }
  return out;
}

/** Above this many ids, an item's entries of one relation are kept apart through a set (below, a scan is cheaper than a set per item). */
const SCAN_IDS = 8;

/**
 * The entries of `relation` among `refs`, each id once, in the order written; `null` when there
 * are none. The lists are as long as they hold (a list grown by `push` keeps room for a dozen
 * more, which a load of 100,000 items kept: a fifth of its heap).
 */
function entriesOf(refs: readonly KitRef[], relation: KitRef['relation']): { ids: string[]; lines: number[]; keys: string[] } | null {
  // Nothing is made before the first entry (four calls per item, most of which find none).
  let ids: string[] | null = null;
  let lines: number[] | null = null;
  let keys: string[] | null = null;
  let seen: Set<string> | null = null;
  for (let i = 0; i < refs.length; i += 1) {
    const ref = refs[i]!;
    if (ref.relation !== relation) continue;
    if (ids === null) {
      ids = [ref.id];
      lines = [ref.line];
      keys = [ref.written];
      continue;
    }
    if (seen !== null ? seen.has(ref.id) : ids.includes(ref.id)) continue;
    ids.push(ref.id);
    lines!.push(ref.line);
    keys!.push(ref.written);
    if (seen !== null) seen.add(ref.id);
    else if (ids.length > SCAN_IDS) seen = new Set(ids);
  }
  if (ids === null) return null;
  return ids.length === 1 ? { ids, lines: lines!, keys: keys! } : { ids: ids.slice(), lines: lines!.slice(), keys: keys!.slice() };
}

/** `read` with `prefix` (a kit root's name and a colon) before every id it makes or names: its items', their references' and context's, the document's references. */
export function prefixedRead(read: KitRead, prefix: string): KitRead {
  const ref = (r: KitRef): KitRef => ({ ...r, id: `${prefix}${r.id}` });
  return {
    items: read.items.map((item) => ({ ...item, id: `${prefix}${item.id}`, refs: item.refs.map(ref), context: item.context.map((id) => `${prefix}${id}`) })),
    documentRefs: read.documentRefs.map(ref),
  };
}
