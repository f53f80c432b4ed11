/**
 * A kit file's items in a chunk of the on-disk index, by column (as index-columns.ts keeps a
 * document's node). Written as a record each, the items of a kit repository were most of what
 * V8's deserialiser made at a start — some ten objects an item (its lists, its relations, its
 * place) — and most of the collector's work after. Here every item is numbers in one
 * `Float64Array`, its strings in two lists, and is made again as the object the kit reader
 * made (kit-nodes.ts: the same fields in the same order, its lists empty and shared when they
 * are empty). An item of another shape (one this module does not know) makes its whole file's
 * items records, as before.
 */
import { TYPED_RELATIONS, type TypedRelation } from '../shared/relations.js';
import { sameList } from '../shared/same-list.js';
import type { DocNode, ItemPlace, RelationEntries } from '../shared/types.js';
import { isStrings } from './index-shapes.js';
import { NONE } from './index-columns.js';

/** The items of a chunk's kit files. */
export interface ItemColumns {
  readonly ids: readonly string[];
  readonly titles: readonly string[];
  /** Every other string of the items, one item's after another's (see `add`). */
  readonly strings: readonly string[];
  /** Every line of the items' lists, one item's after another's. */
  readonly lines: Float64Array;
  readonly numbers: Float64Array;
}

/** The numbers of an item, in this order. */
const TYPE = 0; // a word of the chunk, -1 for `null`
const STATUS = 1;
const TEXT_START = 2; // its text: a slice of its file's
const TEXT_END = 3;
const BODY = 4; // -1: its body is its text; else where in `strings`
const BODY_LINE = 5;
const LINE = 6;
const END = 7;
const BOX = 8; // 0 `null`, 1 ` `, 2 `x`, 3 `-`, 4 `dropped`
const FILE = 9; // where in `strings`
const CONTEXT_START = 10; // its context: strings (the previous item's list when the same)
const CONTEXT_COUNT = 11;
const STRING_START = 12; // its lists' strings: dependsOn, dependsOnKeys, then each relation's ids and keys
const LINE_START = 13; // its lists' lines: dependsOnLines, then each relation's
const DEP_COUNT = 14;
const DEP_KEYS = 15; // 1 when it has `dependsOnKeys`
const RELATIONS = 16; // one count a relation of TYPED_RELATIONS, -1 when absent
const ITEM_NUMBERS = RELATIONS + TYPED_RELATIONS.length;

const BOXES = [null, ' ', 'x', '-', 'dropped'] as const;
const ITEM_KEYS = ['line', 'end', 'file', 'box', 'context', 'source'];
const ENTRY_KEYS = ['ids', 'lines', 'keys'];

/** The columns of a chunk's items as they are written: `add` takes a file's items when each fits them, and says where they went. */
export function itemColumnsWriter(word: (value: string | null) => number | null): { add(items: readonly DocNode[], text: string, path: string): readonly [start: number, count: number] | null; done(): ItemColumns } {
  const ids: string[] = [];
  const titles: string[] = [];
  const strings: string[] = [];
  const lines: number[] = [];
  const numbers: number[] = [];
  return {
    add(items, text, path) {
      const places: number[] = [];
      let from = 0;
      for (const item of items) {
        // Items are in file order: each text is looked for from where the one before starts.
        const at = fits(item, text, path) ? slicedAt(text, item.text, from) : -1;
        if (at === -1) return null;
        places.push(at);
        from = at;
      }
      const start = ids.length;
      let context: readonly string[] | null = null;
      let contextAt = 0;
      items.forEach((item, k) => {
        const place = item.item!;
        if (context === null || !sameList(context, place.context)) {
          context = place.context;
          contextAt = strings.length;
          strings.push(...context);
        }
        const row = new Array<number>(ITEM_NUMBERS);
        row[TYPE] = word(item.type) ?? -1;
        row[STATUS] = word(item.status) ?? -1;
        row[TEXT_START] = places[k]!;
        row[TEXT_END] = places[k]! + item.text.length;
        row[BODY] = item.body === item.text ? -1 : strings.push(item.body) - 1;
        row[BODY_LINE] = item.bodyLine;
        row[LINE] = place.line;
        row[END] = place.end;
        row[BOX] = BOXES.indexOf(place.box);
        row[FILE] = strings.push(place.file) - 1;
        row[CONTEXT_START] = contextAt;
        row[CONTEXT_COUNT] = context.length;
        row[STRING_START] = strings.length;
        row[LINE_START] = lines.length;
        row[DEP_COUNT] = item.dependsOn.length;
        row[DEP_KEYS] = item.dependsOnKeys === undefined ? 0 : 1;
        strings.push(...item.dependsOn, ...(item.dependsOnKeys ?? []));
        lines.push(...item.dependsOnLines);
        TYPED_RELATIONS.forEach((relation, r) => {
          const entries = item.relations?.[relation];
          row[RELATIONS + r] = entries === undefined ? -1 : entries.ids.length;
          if (entries === undefined) return;
          strings.push(...entries.ids, ...entries.keys);
          lines.push(...entries.lines);
        });
        numbers.push(...row);
        ids.push(item.id);
        titles.push(item.title);
      });
      return [start, items.length];
    },
    done: () => ({ ids, titles, strings, lines: Float64Array.from(lines), numbers: Float64Array.from(numbers) }),
  };
}

/** Whether `item` has the fields the kit reader gives, in its order, at `path`, its source the file's `text`. */
function fits(item: DocNode, text: string, path: string): boolean {
  const keys = Object.keys(item);
  const expected = ['id', 'title', 'type', 'status', 'path', 'dependsOn', 'dependsOnLines'];
  if (item.dependsOnKeys !== undefined) expected.push('dependsOnKeys');
  if (item.relations !== undefined) expected.push('relations');
  expected.push('text', 'bodyLine', 'body', 'item');
  if (!sameList(keys, expected) || item.path !== path || item.dependsOnLines.length !== item.dependsOn.length) return false;
  if (item.dependsOnKeys !== undefined && item.dependsOnKeys.length !== item.dependsOn.length) return false;
  const place = item.item;
  if (place === undefined || !sameList(Object.keys(place), ITEM_KEYS) || place.source.text !== text || !sameList(Object.keys(place.source), ['text'])) return false;
  if (item.relations !== undefined) {
    const named = Object.keys(item.relations);
    if (named.length === 0 || !sameList(named, TYPED_RELATIONS.filter((r) => named.includes(r)))) return false;
    for (const entries of Object.values(item.relations)) if (!sameList(Object.keys(entries), ENTRY_KEYS) || entries.lines.length !== entries.ids.length || entries.keys.length !== entries.ids.length) return false;
  }
  return true;
}

/** Where `piece` is in `text`, from `from` on (else anywhere), `-1` when it is not. */
function slicedAt(text: string, piece: string, from: number): number {
  const at = text.indexOf(piece, from);
  return at !== -1 ? at : text.indexOf(piece);
}

/** Whether `columns` have the shape `itemColumnsWriter` gives (its values are checked as items are made). */
export function wellShapedItems(columns: ItemColumns): boolean {
  if (typeof columns !== 'object' || columns === null || !isStrings(columns.ids) || !isStrings(columns.titles) || !isStrings(columns.strings)) return false;
  return columns.titles.length === columns.ids.length && columns.lines instanceof Float64Array && columns.numbers instanceof Float64Array && columns.numbers.length === columns.ids.length * ITEM_NUMBERS;
}

/** Items `[start, start + count)` of (well-shaped) `columns`, of the file at `path` whose text is `source.text`; `undefined` when a number is out of range. */
export function columnItems(columns: ItemColumns, start: unknown, count: unknown, words: readonly string[], path: string, source: { readonly text: string }): DocNode[] | undefined {
  if (!isIndex(start, columns.ids.length + 1) || !isIndex(count, columns.ids.length - start + 1)) return undefined;
  const { strings, lines, numbers } = columns;
  const text = source.text;
  const out: DocNode[] = [];
  let context: readonly string[] = NONE;
  let contextAt = -1;
  for (let k = start; k < start + count; k += 1) {
    const at = k * ITEM_NUMBERS;
    const n = (i: number): number => numbers[at + i]!;
    const type = wordAt(words, n(TYPE));
    const status = wordAt(words, n(STATUS));
    const box = BOXES[n(BOX)];
    const file = strings[n(FILE)];
    const body = n(BODY) === -1 ? null : strings[n(BODY)];
    if (type === undefined || status === undefined || box === undefined || file === undefined || body === undefined) return undefined;
    if (!(isIndex(n(TEXT_START), text.length + 1) && isIndex(n(TEXT_END), text.length + 1) && n(TEXT_START) <= n(TEXT_END))) return undefined;
    if (n(CONTEXT_START) !== contextAt) {
      const list = stringsAt(strings, n(CONTEXT_START), n(CONTEXT_COUNT));
      if (list === undefined) return undefined;
      context = list;
      contextAt = n(CONTEXT_START);
    }
    let s = n(STRING_START);
    let l = n(LINE_START);
    const deps = n(DEP_COUNT);
    const dependsOn = stringsAt(strings, s, deps);
    const dependsOnLines = numbersAt(lines, l, deps);
    const dependsOnKeys = n(DEP_KEYS) === 1 ? stringsAt(strings, s + deps, deps) : null;
    if (dependsOn === undefined || dependsOnLines === undefined || dependsOnKeys === undefined) return undefined;
    s += deps * (dependsOnKeys === null ? 1 : 2);
    l += deps;
    let relations: Partial<Record<TypedRelation, RelationEntries>> | null = null;
    for (let r = 0; r < TYPED_RELATIONS.length; r += 1) {
      const size = n(RELATIONS + r);
      if (size === -1) continue;
      const ids = stringsAt(strings, s, size);
      const keys = stringsAt(strings, s + size, size);
      const entryLines = numbersAt(lines, l, size);
      if (ids === undefined || keys === undefined || entryLines === undefined) return undefined;
      (relations ??= {})[TYPED_RELATIONS[r]!] = { ids, lines: entryLines, keys };
      s += size * 2;
      l += size;
    }
    const itemText = text.slice(n(TEXT_START), n(TEXT_END));
    const place: ItemPlace = { line: n(LINE), end: n(END), file, box, context, source };
    // In the kit reader's order (kit-nodes.ts), its optional fields only when it had them.
    const node: Record<string, unknown> = { id: columns.ids[k]!, title: columns.titles[k]!, type, status, path, dependsOn, dependsOnLines };
    if (dependsOnKeys !== null) node['dependsOnKeys'] = dependsOnKeys;
    if (relations !== null) node['relations'] = relations;
    node['text'] = itemText;
    node['bodyLine'] = n(BODY_LINE);
    node['body'] = body ?? itemText;
    node['item'] = place;
    out.push(node as unknown as DocNode);
  }
  return out;
}

/** A file's items as a run of the chunk's item columns (`[start, count]`), not records. */
export function isColumnRun(value: unknown): value is readonly [number, number] {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number';
}

function isIndex(value: unknown, below: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < below;
}

/** `count` strings from `start` (the shared empty list for none); `undefined` when out of range. */
function stringsAt(strings: readonly string[], start: number, count: number): readonly string[] | undefined {
  if (count === 0) return NONE;
  if (!isIndex(start, strings.length) || !isIndex(count, strings.length - start + 1)) return undefined;
  return strings.slice(start, start + count);
}

function numbersAt(lines: Float64Array, start: number, count: number): readonly number[] | undefined {
  if (count === 0) return NONE;
  if (!isIndex(start, lines.length) || !isIndex(count, lines.length - start + 1)) return undefined;
  // A loop, not `Array.from(lines.subarray(…))`: that made a view and went through its iterator, some ten times slower (a warm validate of 100k kit items made 300k such lists).
  const out = new Array<number>(count);
  for (let i = 0; i < count; i += 1) out[i] = lines[start + i]!;
  return out;
}

function wordAt(words: readonly string[], at: number): string | null | undefined {
  return at === -1 ? null : Number.isInteger(at) ? words[at] : undefined;
}
