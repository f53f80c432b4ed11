/**
 * What every kit reader does once it has picked its items from the outline: each item's span,
 * its enclosing item (`refines`, KITS §3), the references found in its own lines, its box.
 */
import { lineAt, oneLine, spansOf, spanText, type Outline } from './outline.js';
import { flatLines } from './flat-lines.js';
import { ItemRefs, MAX_ITEM_REFS, readBox, type Box, type KitItem, type KitRef } from './kit-read.js';

/** An outline entry a reader took as an item. */
export interface Picked {
  readonly id: string;
  readonly type: string;
  title: string;
  /** The enclosing item's id (`refines`), `null` when none. */
  readonly parent: string | null;
}

/** A picked entry's span: its lines, their text, and the file line of an offset in that text. */
export interface Span {
  readonly line: number;
  readonly end: number;
  readonly text: string;
  readonly lineAt: (offset: number) => number;
}

export const NO_CONTEXT: readonly string[] = Object.freeze([]);

/** The id of the nearest picked list item that `i` is nested in, or `null`. */
export function enclosing(entries: Outline['entries'], picked: ReadonlyMap<number, { readonly id: string }>, i: number): string | null {
  for (let at = entries[i]!.parent; at !== -1; at = entries[at]!.parent) {
    const found = picked.get(at);
    if (found !== undefined) return found.id;
  }
  return null;
}

/**
 * The checkbox tasks of an outline: each list item whose text is a box, then what `label`
 * matches (group 1: the id after the scope, group 2: the text; `Tn` for Kiro's and OpenSpec's
 * numbers, `T012` for Spec Kit's ids), nested in the task it is in; `numbered`: a task `2.1`
 * in none is part of `2` when the file has it. `title` cleans the text (Spec Kit's marks).
 */
export function pickTasks(
  outline: Outline,
  scope: string,
  label: RegExp,
  prefix: string,
  numbered: boolean,
  title: (text: string, match: RegExpExecArray) => string = (text) => text,
  read: (text: string) => { box: Box; rest: string } | null = readBox,
): { picked: Map<number, Picked>; boxes: Map<number, Box> } {
  const { entries } = outline;
  const picked = new Map<number, Picked>();
  const boxes = new Map<number, Box>();
  const ids = new Set<string>();
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.kind !== 'item') continue;
    const box = read(entry.text);
    const match = box === null ? null : label.exec(box.rest);
    if (box === null || match === null) continue;
    const id = `${scope}/${prefix}${match[1]!}`;
    picked.set(i, { id, type: 'task', title: oneLine(title(match[2]!, match)), parent: enclosing(entries, picked, i) });
    boxes.set(i, box.box);
    ids.add(id);
  }
  if (numbered) numberParents(picked, ids, scope);
  return { picked, boxes };
}

/** A task numbered `2.1` that is nested in no item is part of `2` when this file has that task (KITS §3). */
export function numberParents(picked: Map<number, Picked>, ids: ReadonlySet<string>, scope: string): void {
  for (const [i, item] of picked) {
    if (item.parent !== null) continue;
    const dot = item.id.lastIndexOf('.');
    if (dot > scope.length + 1 && ids.has(item.id.slice(0, dot))) picked.set(i, { ...item, parent: item.id.slice(0, dot) });
  }
}

/**
 * The items of `picked` (by outline index), in file order, each with its span, the refs
 * `refsOf` finds in it and adds to `refs` (after `refines` its parent; bounded, see
 * `ItemRefs`), its box, and `context` when it is a task. A parent task's metadata written
 * after its sub-tasks (KITS §7: a list item at the parent's child indentation, after its own
 * lines, in no item) is read as the parent's too: `refsOf` is called again for each such list
 * item's lines, with the index `-1`.
 */
export function itemsOf(
  outline: Outline,
  picked: ReadonlyMap<number, Picked>,
  refsOf: (item: Picked, span: Span, refs: ItemRefs, index: number) => void,
  boxOf: (index: number) => Box | null,
  context: readonly string[],
  /** Room for references written elsewhere in the file (a mapping table's rows), in bytes, by outline index. */
  roomElsewhere: (index: number) => number = () => 0,
  /**
   * Kiro's task groups (`groupMetadata`): whether a list item's text opens with a task's requirements label (`_Requirements: 3_`),
   * and whether a task's own lines cite under one; `null`: no group writes its metadata once.
   */
  metadata: { readonly opens: (text: string) => boolean; readonly cites: (text: string) => boolean } | null = null,
): KitItem[] {
  const flags: boolean[] = [];
  for (const i of picked.keys()) flags[i] = true;
  const spans = spansOf(outline, flags);
  const flat = flatLines(outline, flags, spans);
  const after = trailingMetadata(outline, flags, spans);
  headingTails(outline, flags, spans, after);
  if (metadata !== null) groupMetadata(outline, flags, spans, after, metadata, flat);
  const items: KitItem[] = [];
  const spanOf = (line: number, end: number): Span => {
    const { text, offset } = spanText(outline, line, end);
    return { line, end, text, lineAt: (at) => lineAt(outline, offset + at) };
  };
  for (const [i, item] of [...picked].sort(([a], [b]) => a - b)) {
    const [line, end] = spans.get(i)!;
    const span = spanOf(line, end);
    // Its lines written after its own (a parent's after its sub-tasks, a group's) count toward its room as its own do (a review).
    const later = (after.get(i) ?? []).map(([first, last]) => spanOf(first, last));
    const found = new ItemRefs(Math.min(MAX_ITEM_REFS, later.reduce((sum, each) => sum + each.text.length, span.text.length) + roomElsewhere(i)));
    refsOf(item, span, found, i);
    for (const each of later) refsOf(item, each, found, -1);
    const refs: KitRef[] = item.parent === null ? found.refs : [{ relation: 'refines', id: item.parent, line, written: 'nested under' }, ...found.refs];
    const cut = found.cut === 0 ? null : { kept: found.refs.length, count: found.cut, line: found.cutLine };
    items.push({ id: item.id, type: item.type, title: item.title, line, end, text: span.text, box: boxOf(i), refs, cut, context: item.type === 'task' ? context : NO_CONTEXT });
  }
  return items;
}

/** The most lines, and characters, a group's metadata may run to (`groupMetadata`): each of its tasks reads them. */
const GROUP_LINES = 8;
const GROUP_CHARS = 1_000;

/**
 * A heading's task group that writes its requirements once, after its tasks (`### 任务组 5：…`, boxes `- [x] 5.1` … `5.4`, then
 * `- _Requirements: 3_` at their indentation: zhuanggenhua/BoardGame, D-535): that line is read as each of the group's tasks'
 * that cite nothing of their own (added to `after`) — the tasks at the top of a list under the same heading, before it. Only
 * list items that open with a requirements label in `_` or `**` (`metadata.opens`), right after the last task (a blank line
 * between at most) and after each other, a few short lines (`GROUP_LINES`, `GROUP_CHARS`); not under no heading. A task's own
 * line written unindented after it (`- [ ] 2. Build` then `- _Requirements: 2.1_`) is so its alone when the tasks before it
 * cite their own (a review). Linear: one pass; each task gets at most one group's span, of bounded length.
 */
function groupMetadata(
  outline: Outline,
  picked: readonly boolean[],
  spans: ReadonlyMap<number, readonly [number, number]>,
  after: Map<number, (readonly [number, number])[]>,
  metadata: { readonly opens: (text: string) => boolean; readonly cites: (text: string) => boolean },
  flat: readonly boolean[],
): void {
  let heading = -2;
  let tasks: number[] = [];
  /** The group's metadata so far (its items one after another: one span, grown), shared by its tasks; `null` before any. */
  let group: [number, number] | null = null;
  /** The last line of what came before (the last task, with its nested lines; the group's last item). */
  let end = 0;
  const short = (first: number, last: number): boolean => last - first < GROUP_LINES && spanText(outline, first, last).text.length <= GROUP_CHARS;
  outline.entries.forEach((entry, i) => {
    if (entry.kind !== 'item' || entry.parent !== -1) return;
    if (entry.heading !== heading || (picked[i] === true && group !== null)) {
      heading = entry.heading;
      tasks = [];
      group = null;
    }
    const next = entry.line <= end + 2;
    // A task's line written flat (flat-lines.ts) is its own, no group's.
    if (flat[i] === true) end = entry.last;
    else if (picked[i] === true) {
      tasks.push(i);
      end = entry.last;
    } else if (!metadata.opens(entry.text) || !next) {
      // Another list after the tasks (notes, `- Depends: …` in prose, a task's steps written flat where a typo unmade its box), or
      // a label away from them: no group's metadata, nor any after it.
      tasks = [];
      group = null;
    } else if (group !== null) {
      if (short(group[0], entry.last)) group[1] = end = entry.last;
      else tasks = [];
    } else if (heading !== -1 && tasks.length > 0 && short(entry.line, entry.last)) {
      group = [entry.line, entry.last];
      end = entry.last;
      for (const task of tasks) {
        const [first, last] = spans.get(task)!;
        if (metadata.cites(spanText(outline, first, last).text)) continue;
        let list = after.get(task);
        if (list === undefined) after.set(task, (list = []));
        list.push(group);
      }
      tasks = [];
    }
  });
}

/**
 * A heading task's metadata written after its sub-tasks (`## Task 1: Customer Schema`, boxes `- [x] 1.1` … `1.4`, then
 * `**Validates: Requirements 1, 4, 8**`: BrightonDube/BizPilot2, 398 such lines in 29 features had been read by no task), added
 * to `after`: the paragraphs right after its last sub-task that open with a label in `**` or `_` (`**依赖**: Task 0.2`), up to
 * the first line that is none — a list, a table, a fence, a rule, a comment, prose (a review: notes and examples after the tasks
 * are no task's) — and never past a heading. Linear: one pass, a stack of the open headings; each line looked at once.
 */
function headingTails(outline: Outline, picked: readonly boolean[], spans: ReadonlyMap<number, readonly [number, number]>, after: Map<number, (readonly [number, number])[]>): void {
  const { entries } = outline;
  /** The picked headings whose sections are open, innermost last. */
  const open: number[] = [];
  /** The last picked entry since the last heading, when it is no heading. */
  let last = -1;
  const close = (next: number): void => {
    const owner = open.at(-1);
    if (last === -1 || owner === undefined) return;
    const first = spans.get(last)![1] + 1;
    last = -1;
    const end = labelParagraphs(outline, first, next);
    if (end < first) return;
    let list = after.get(owner);
    if (list === undefined) after.set(owner, (list = []));
    list.push([first, end]);
  };
  entries.forEach((entry, i) => {
    if (entry.kind === 'heading') {
      close(entry.line);
      while (open.length > 0 && entries[open.at(-1)!]!.level >= entry.level) open.pop();
      if (picked[i] === true) open.push(i);
    } else if (picked[i] === true) last = i;
  });
  close(outline.bodyLine + outline.starts.length - 1);
}

/** A paragraph's first line that opens with a label in bold or italics (`**Validates: …**`, `**依赖**: …`, `_Requirements: 2_`). */
const LABEL_LINE = /^[ \t]{0,3}(?:\*\*|_)(?![\s*_])[^\n]{0,60}?[:：]/;
/** A line that opens a block of its own: a list item, a table row, a fence, a quote, a heading, HTML, a rule. */
const BLOCK_LINE = /^[ \t]*(?:[-*+][ \t]|\d{1,9}[.)][ \t]|\||`{3}|~{3}|>|#|<|(?:[-*_][ \t]*){3,}$)/;

/** The last line of the label paragraphs from line `first` on (blank lines between them), before line `next`; `first - 1` when none. */
function labelParagraphs(outline: Outline, first: number, next: number): number {
  const { body, starts, bodyLine } = outline;
  let end = first - 1;
  let inParagraph = false;
  for (let line = first; line < next; line += 1) {
    const text = body.slice(starts[line - bodyLine]!, starts[line - bodyLine + 1]! - 1);
    if (text.trim() === '') inParagraph = false;
    else if (!inParagraph && LABEL_LINE.test(text) && !BLOCK_LINE.test(text)) (inParagraph = true), (end = line);
    else if (inParagraph && !BLOCK_LINE.test(text)) end = line;
    else break;
  }
  return end;
}

/**
 * For each picked list item, the lines of the list items nested directly in it that are no
 * item and come after its own lines (after its sub-tasks): its metadata written last. Linear.
 */
function trailingMetadata(outline: Outline, picked: readonly boolean[], spans: ReadonlyMap<number, readonly [number, number]>): Map<number, (readonly [number, number])[]> {
  const out = new Map<number, (readonly [number, number])[]>();
  outline.entries.forEach((entry, i) => {
    const parent = entry.parent;
    if (entry.kind !== 'item' || picked[i] === true || parent === -1 || picked[parent] !== true || entry.line <= spans.get(parent)![1]) return;
    let list = out.get(parent);
    if (list === undefined) out.set(parent, (list = []));
    list.push([entry.line, entry.last]);
  });
  return out;
}
