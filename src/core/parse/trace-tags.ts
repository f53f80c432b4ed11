/**
 * TRACE §5: the trace tags of a source file. A tag is `docugraph:`, optional spaces, a
 * relation (`implements`, `verifies`, `refines`, `related`), at least one space, then ids
 * separated by `,` and/or spaces, up to the end of the line or to the end of a comment (a
 * block comment's star-slash, `-->` or `#}`) — whatever the comment syntax around it (`//`,
 * `#`, `--`, `<!-- -->`, `{# #}`, block comments).
 * Pure, one pass over the text: no language is parsed, so a tag in a string counts as well.
 */
import { TRACE_RELATIONS, type TraceRelation } from '../shared/relations.js';

/** One tag: its line, its relation and its ids, each once, in the order written. */
export interface TraceTag {
  readonly line: number;
  readonly relation: TraceRelation;
  readonly ids: readonly string[];
}

export const TAG_MARK = 'docugraph:';
/** Ids are capped in length like document ids are in practice: a longer run is not an id. */
const MAX_ID_LENGTH = 256;
const RELATIONS: ReadonlySet<string> = new Set(TRACE_RELATIONS);
const RELATION = /^[ \t]*([a-z]+)[ \t]/;
/** A document's id, or a kit item's (`auth/R1.1`, KITS §2). */
const ID = /[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[\p{L}\p{N}][\p{L}\p{N}._-]*)*/uy;
/** Where a comment ends: the ids stop there. */
const CLOSERS = ['*/', '-->', '#}'];

/** Every tag of `text` (lines split at `\n`). Linear: each character is looked at a bounded number of times. */
export function parseTraceTags(text: string): TraceTag[] {
  const tags: TraceTag[] = [];
  // Lines are counted only up to each mark: a file without one costs one search.
  let line = 1;
  let counted = 0;
  for (let at = text.indexOf(TAG_MARK); at !== -1; at = text.indexOf(TAG_MARK, at + TAG_MARK.length)) {
    for (let nl = text.indexOf('\n', counted); nl !== -1 && nl < at; nl = text.indexOf('\n', nl + 1)) {
      line += 1;
      counted = nl + 1;
    }
    const nl = text.indexOf('\n', at);
    const tag = readTag(text.slice(at + TAG_MARK.length, nl === -1 ? text.length : nl), at === 0 ? '' : text[at - 1]!);
    if (tag !== null) tags.push({ line, ...tag });
  }
  return tags;
}

/** The relation and ids after a mark (`rest`, to the end of its line), or `null` when it is not a tag. */
function readTag(rest: string, before: string): { relation: TraceRelation; ids: string[] } | null {
  // `mydocugraph:` or `x-docugraph:` is another word, not the mark.
  if (/[A-Za-z0-9_.-]/.test(before)) return null;
  const relation = RELATION.exec(rest);
  if (relation === null || !RELATIONS.has(relation[1]!)) return null;
  let end = rest.length;
  for (const closer of CLOSERS) {
    const cut = rest.indexOf(closer, relation[0].length);
    if (cut !== -1 && cut < end) end = cut;
  }
  const body = rest.slice(relation[0].length, end);
  const ids = new Set<string>();
  ID.lastIndex = 0;
  for (;;) {
    while (ID.lastIndex < body.length && isSeparator(body[ID.lastIndex]!)) ID.lastIndex += 1;
    const start = ID.lastIndex;
    const id = ID.exec(body);
    if (id === null || id.index !== start) break;
    if (id[0].length <= MAX_ID_LENGTH) ids.add(id[0]);
    // An id runs to a separator or the end: `REQ-01)` ends the list after `REQ-01`.
    if (ID.lastIndex < body.length && !isSeparator(body[ID.lastIndex]!)) break;
  }
  return ids.size === 0 ? null : { relation: relation[1] as TraceRelation, ids: [...ids] };
}

function isSeparator(c: string): boolean {
  return c === ' ' || c === '\t' || c === ',';
}
