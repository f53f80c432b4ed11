/**
 * List answers within the budget (CATALOG § Bounded answers): the JSON text and
 * `structuredContent` of one page of a sorted list and, when the page stops early, a second
 * text that says how to get the rest.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { DEFAULT_ANSWER_TOKENS, formatJson, groupThousands, type ItemList, longestCursor, type Page, type PageArguments, paginate } from '../core/index.js';

/** The keys a page that stops early ends with. */
export interface More {
  readonly truncated: true;
  readonly nextCursor: string;
}

export interface PagedList<T> {
  /** The tool that answers (named in the hint and in cursor errors). */
  readonly tool: string;
  /** What the items are, in the plural: "documents". */
  readonly noun: string;
  /** The whole list, in its sorted order (an `ItemList`: its items made as a page reads them). */
  readonly items: readonly T[] | ItemList<T>;
  /** Names the query: the tool and its arguments other than `limit` and `cursor`. */
  readonly scope: string;
  /** The snapshot the list comes from (the hashes of its prefixes are kept per snapshot). */
  readonly snapshot: object;
  /**
   * The answer holding `page` (items from index `start` of the list), as the item arrays
   * of a top-level key. `more` is set when the page stops early.
   */
  readonly build: (page: readonly T[], more: More | null, start: number) => object;
  /** The answer is sent as its texts alone (a resource, a prompt): the value is not counted twice. Default `false`. */
  readonly textOnly?: boolean;
  /** Bytes `build` adds to each item of a page, at most (a key it adds: list_tasks' `version`). Default 0. */
  readonly itemExtra?: number;
}

/**
 * Bytes the answer may take beyond its estimate: the brackets of up to two item arrays and the
 * page's numbers in the hint (an empty page says "none"). Past the estimate, `fits` measures.
 */
const SLACK = 64;

/**
 * One page of `list`: as many items as `args.limit` allows and fit in the default budget
 * (≈ 20,000 tokens for the whole answer as sent: the JSON text, the hint and
 * `structuredContent`), at least one.
 */
export function pagedJsonResult<T>(list: PagedList<T>, args: PageArguments): CallToolResult {
  const answer = pagedJsonAnswer(list, args);
  return { content: answer.texts.map((text) => ({ type: 'text', text })), structuredContent: answer.value as Record<string, unknown> };
}

/** The page `pagedJsonResult` answers: its JSON value, and its texts (the JSON, and the hint when it stops early). */
export function pagedJsonAnswer<T>(list: PagedList<T>, args: PageArguments): Rendered {
  const total = list.items.length;
  const budget = DEFAULT_ANSWER_TOKENS * 4;
  // The most the answer takes besides its items: a page in the middle, with the longest cursor and numbers.
  const sent = (answer: Rendered) => answerBytes(answer, list.textOnly === true);
  const overhead = sent(render(list, { items: [], start: Math.max(total - 1, 0), total, nextCursor: longestCursor(total) })) + SLACK;
  const page = paginate(list.items, {
    ...args,
    scope: list.scope,
    snapshot: list.snapshot,
    restart: list.tool,
    budgetBytes: budget - overhead,
    sizeOf: withExtra(list.textOnly === true ? itemTextBytes : itemBytes, list.itemExtra ?? 0),
    fits: (candidate) => sent(render(list, candidate)) <= budget,
  });
  return render(list, page);
}

export interface PagedText<T> {
  /** The tool that answers (named in the hint and in cursor errors). */
  readonly tool: string;
  /** What the items are, in the plural: "nodes". */
  readonly noun: string;
  /** The whole list, in its sorted order. */
  readonly items: readonly T[];
  /** Names the query: the tool and its arguments other than `limit` and `cursor`. */
  readonly scope: string;
  /** The snapshot the list comes from. */
  readonly snapshot: object;
  /** The text of a page of items; of every item, the answer when it fits whole. */
  readonly render: (page: readonly T[]) => string;
  /** At least the bytes one item adds to the text, as sent (escaped as a JSON string). */
  readonly sizeOf: (item: T) => number;
}

/**
 * One page of `list` as text (a diagram): as many items as `args.limit` allows and fit in the
 * default budget (the text and the hint, as sent), at least one; when it stops early, a second
 * text says how to get the rest.
 */
export function pagedTextResult<T>(list: PagedText<T>, args: PageArguments): CallToolResult {
  const total = list.items.length;
  const budget = DEFAULT_ANSWER_TOKENS * 4;
  const texts = (page: Page<T>): string[] => {
    const text = list.render(page.items);
    if (page.nextCursor === null) return [text];
    return [text, hint(list.tool, list.noun, page.start, page.start + page.items.length, page.total, page.nextCursor)];
  };
  const bytes = (all: readonly string[]) => all.reduce((sum, text) => sum + byteLength(JSON.stringify(text)), 0);
  const overhead = bytes(texts({ items: [], start: Math.max(total - 1, 0), total, nextCursor: longestCursor(total) })) + SLACK;
  const page = paginate(list.items, {
    ...args,
    scope: list.scope,
    snapshot: list.snapshot,
    restart: list.tool,
    budgetBytes: budget - overhead,
    sizeOf: list.sizeOf,
    fits: (candidate) => bytes(texts(candidate)) <= budget,
  });
  return { content: texts(page).map((text) => ({ type: 'text', text })) };
}

export interface Rendered {
  /** The JSON answer. */
  readonly value: object;
  /** Its text and, when the page stops early, the sentence that says how to go on. */
  readonly texts: readonly string[];
}

function render<T>(list: PagedList<T>, page: Page<T>): Rendered {
  const more: More | null = page.nextCursor === null ? null : { truncated: true, nextCursor: page.nextCursor };
  const value = list.build(page.items, more, page.start);
  const json = formatJson(value);
  if (more === null) return { value, texts: [json] };
  return { value, texts: [json, hint(list.tool, list.noun, page.start, page.start + page.items.length, page.total, more.nextCursor)] };
}

/**
 * Bytes of the answer as a client receives it: every text as a JSON string (escaped: the
 * pretty-printed JSON's quotes and line breaks take two bytes each) and `structuredContent`,
 * which repeats the value. Both count: a client may show the model either, or both.
 */
function answerBytes(answer: Rendered, textOnly: boolean): number {
  let bytes = textOnly ? 0 : byteLength(JSON.stringify(answer.value));
  for (const text of answer.texts) bytes += byteLength(JSON.stringify(text));
  return bytes;
}

/** The sentence after a page that stops early. */
function hint(tool: string, noun: string, start: number, end: number, total: number, cursor: string): string {
  const shown = end > start ? `${groupThousands(start + 1)}–${groupThousands(end)}` : 'none';
  return (
    `This answer stops early: ${noun} ${shown} of ${groupThousands(total)}. ` +
    `For the next page, call ${tool} again with the same arguments and "cursor": "${cursor}".`
  );
}

/**
 * Bytes an item adds to the answer (see `answerBytes`): to its array in the `formatJson`
 * text (at the second level of indentation, then escaped as a JSON string), and to
 * `structuredContent` (compact).
 */
function withExtra(size: (item: unknown) => number, extra: number): (item: unknown) => number {
  return extra === 0 ? size : (item) => size(item) + extra;
}

function itemBytes(item: unknown): number {
  return itemTextBytes(item) + byteLength(JSON.stringify(item)) + 1;
}

/** Bytes an item adds to the answer's text alone (see `itemBytes`). */
function itemTextBytes(item: unknown): number {
  const text = `    ${JSON.stringify(item, null, 2).replaceAll('\n', '\n    ')},\n`;
  return byteLength(JSON.stringify(text)) - 2;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
