/**
 * META-01 §5: parse a Markdown body as CommonMark + GFM (markdown-it, chosen by measurement:
 * see bench/ and docs/decisions.md) and keep what the checks need — link destinations
 * (inline links, images, link reference definitions, and `http(s)` autolinks and bare URLs,
 * which may name the repository's own files) with their lines, and heading anchors. Text
 * inside code spans, code blocks and HTML blocks never yields a link.
 *
 * Only the inline content that can hold a link (it has a `[` or a `://`) and headings are
 * parsed inline; the rest of the body is only split into blocks.
 */
import type { Token } from 'markdown-it';
import { NO_STRINGS } from '../shared/empty.js';
import { ANCHOR_HINT, htmlAnchors } from './html-anchors.js';
import { parseBodyBlocks, type BlockEnv } from './markdown-blocks.js';
import { linkParser, md, OFFSET, type Definitions, type InlineWatch, type Marked } from './markdown-parser.js';
import { literalEnd, protocolLength } from './url-literals.js';
import { createSlugger } from './slugger.js';
import type { MarkdownInfo, MarkdownLink } from '../shared/types.js';

export type { Token } from 'markdown-it';

/** The block tokens of `body` (inline content not parsed yet). Lines in `map` are 0-based. */
export function parseBlocks(body: string): Token[] {
  return md.parse(body.includes('\0') ? body.replace(/\0/g, '\uFFFD') : body, { definitions: { found: [] } });
}

/** The plain text of an inline content as a heading shows it (see `headingText`). */
export function inlineText(content: string): string {
  const children: Token[] = [];
  md.inline.parse(content, md, {}, children);
  return headingText(children);
}

/**
 * Extracts links, heading anchors and explicit HTML anchors from `body`, whose first line is
 * line `bodyLine` of the file. `fastBlocks: false` parses the whole body with markdown-it (the
 * reference the block scanner is tested against).
 */
export function extractMarkdown(body: string, bodyLine: number, fastBlocks = true): MarkdownInfo {
  const definitions: Definitions = { found: [] };
  const env: BlockEnv & InlineWatch = { definitions };
  const links: Placed = { urls: [], lines: [], orders: [], count: 0 };
  const anchors: string[] = [];
  const explicit: string[] = [];
  const slugger = createSlugger();
  let firstH1: string | null = null;
  const visit = (html: boolean, content: string, blockLine: number, inHeading: string | null): void => {
    if (html) {
      if (ANCHOR_HINT.test(content)) htmlAnchors(content, explicit);
      return;
    }
    const mayAnchor = content.includes('<') && ANCHOR_HINT.test(content);
    const urls = content.includes('://');
    if (inHeading === null && !mayAnchor && !urls && !content.includes('[')) return;
    if (inHeading !== null && !urls && PLAIN_HEADING.test(content)) {
      // Plain text: what the inline parser would give back unchanged.
      anchors.push(slugger(content));
      if (firstH1 === null && inHeading === 'h1') firstH1 = singleLine(content);
      return;
    }
    if (inHeading === null && simpleLinks(content, blockLine, links, urls)) return;
    const linesBefore = newlinesBefore(content);
    const children: Token[] = [];
    env.line = blockLine;
    env.inLabel = env.inImage = env.openBrackets = 0;
    const parser = inHeading === null ? linkParser : md;
    parser.inline.parse(content, parser, env, children);
    if (inHeading !== null) {
      const text = headingText(children);
      anchors.push(slugger(text));
      if (firstH1 === null && inHeading === 'h1') firstH1 = singleLine(text);
    }
    collectLinks(children as Marked[], (offset) => blockLine + linesBefore(offset), links, mayAnchor ? explicit : null);
  };
  // CommonMark replaces U+0000 (what markdown-it's disabled `normalize` rule did).
  parseBodyBlocks(body.includes('\0') ? body.replace(/\0/g, '\uFFFD') : body, env, visit, fastBlocks);
  for (const d of definitions.found) place(links, d.url, d.line, 0);
  const found: MarkdownLink[] = [];
  for (const i of documentOrder(links)) found.push({ url: links.urls[i]!, line: links.lines[i]! + bodyLine });
  return {
    links: found,
    anchors,
    htmlAnchors: explicit.length === 0 ? NO_STRINGS : explicit,
    lineCount: bodyLine - 1 + countLines(body),
    firstH1,
    tooDeepLine: env.tooDeep === undefined ? null : env.tooDeep + bodyLine,
  };
}

/** Heading content with no inline syntax at all: its text is itself. */
const PLAIN_HEADING = /^[^*_`<>&[\]!\\~\n]*$/;

/** Characters that make inline parsing subtle (code spans, escapes, entities); `<` is looked at on its own. */
const SUBTLE = /[`\\&]/;
/**
 * What follows a `<` that starts a URI autolink as markdown-it reads one: a scheme, `:`, then
 * no space, control character or angle bracket up to the `>` — and here no square bracket
 * either, so nothing inside could be (or hide) a link.
 */
const AUTOLINK_AT = /[a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^<>\x00-\x20[\]]*>/y;
/** `[text](destination)` or `![alt](source)`, with an optional "title"; no brackets in the text. */
const SIMPLE_LINK = /!?\[[^[\]]*\]\(([^\s()<>\x00-\x1f]*)(?:[ \t\n]+"[^"]*")?\)/g;

/** `[text](destination)` or `![alt](source)`, found one after another with `lastIndex`. */
const SIMPLE_LINK_AT = new RegExp(SIMPLE_LINK.source, 'g');

/**
 * The fast path of the inline stage: content whose only brackets are plain inline links and
 * images, without code spans, HTML, escapes or entities, has exactly the links the regular
 * expression finds, and between them (`urls`: when it has a `://`) the `http(s)` autolinks and
 * URL literals that `plainUrls` finds (the differential test holds it to the full parser);
 * they are added to `into` (lines from `blockLine`). Anything else — a bracket left over
 * (references, footnotes, task boxes, nesting), a literal that runs into a link — adds nothing
 * and returns `false`.
 */
function simpleLinks(content: string, blockLine: number, into: Placed, urls: boolean): boolean {
  // `[^label]` may be a footnote call: the full parser decides.
  if (SUBTLE.test(content) || content.includes('[^')) return false;
  const angle = content.indexOf('<');
  if (angle !== -1 && !onlyAutolinks(content, angle)) return false;
  const before = into.count;
  let last = 0;
  // The line of each place: line breaks are counted once, as the places move forward.
  let line = blockLine;
  let newline = content.indexOf('\n');
  const lineAt = (index: number): number => {
    for (; newline !== -1 && newline < index; newline = content.indexOf('\n', newline + 1)) line += 1;
    return line;
  };
  const plain = (to: number): boolean => !hasBracket(content, last, to) && (!urls || plainUrls(content, last, to, lineAt, into));
  SIMPLE_LINK_AT.lastIndex = 0;
  for (let match = SIMPLE_LINK_AT.exec(content); match !== null; match = SIMPLE_LINK_AT.exec(content)) {
    if (!plain(match.index)) {
      into.count = before;
      return false;
    }
    place(into, match[1]!, lineAt(match.index), match.index + 1);
    last = match.index + match[0].length;
  }
  if (!plain(content.length)) {
    into.count = before;
    return false;
  }
  return true;
}

/**
 * The `http(s)` autolinks and URL literals of `content` from `from` to `to`: text without
 * brackets, code, escapes or entities, whose every `<` starts an autolink. `false` when a
 * literal runs past `to` (into the link there: the full parser decides).
 */
function plainUrls(content: string, from: number, to: number, lineAt: (index: number) => number, into: Placed): boolean {
  for (let at = from; at < to; ) {
    let angle = content.indexOf('<', at);
    if (angle === -1 || angle > to) angle = to;
    let colon = content.indexOf('://', at);
    if (colon === -1 || colon > to) colon = to;
    if (angle === to && colon === to) return true;
    if (angle < colon) {
      AUTOLINK_AT.lastIndex = angle + 1;
      AUTOLINK_AT.test(content);
      const close = AUTOLINK_AT.lastIndex - 1;
      const url = content.slice(angle + 1, close);
      if (protocolLength(url, 0) > 0) place(into, url, lineAt(angle), angle + 1);
      at = close + 1;
      continue;
    }
    const start = protocolLength(content, colon - 5) === 8 ? colon - 5 : protocolLength(content, colon - 4) === 7 ? colon - 4 : -1;
    const end = start < at ? -1 : literalEnd(content, start, content.length, false);
    if (end > to) return false;
    if (end > colon + 3) {
      place(into, content.slice(start, end), lineAt(start), start + 1);
      at = end;
    } else at = colon + 3;
  }
  return true;
}

/**
 * Links found so far, as parallel lists (no object per link until the result is built): the
 * destination, the 0-based body line and the place within the line (definitions: 0). `count`
 * is the length that counts (a fast path that gives up drops what it added).
 */
interface Placed {
  readonly urls: string[];
  readonly lines: number[];
  readonly orders: number[];
  count: number;
}

function place(into: Placed, url: string, line: number, order: number): void {
  into.urls[into.count] = url;
  into.lines[into.count] = line;
  into.orders[into.count] = order;
  into.count += 1;
}

/** The indices of `links` in document order: by line, then by place within the line, else as found (usually already so). */
function documentOrder(links: Placed): number[] {
  const { lines, orders, count } = links;
  const indices: number[] = [];
  for (let i = 0; i < count; i += 1) indices.push(i);
  const before = (a: number, b: number): number => lines[a]! - lines[b]! || orders[a]! - orders[b]! || a - b;
  for (let i = 1; i < count; i += 1) if (before(i - 1, i) > 0) return indices.sort(before);
  return indices;
}

/**
 * Whether every `<` of `text` from `first` on starts an autolink without brackets (`<https://…>`).
 * Such a span neither holds a link nor cuts one, inside a link's text or title too: whether
 * markdown-it takes it as an autolink or (a scheme it refuses, such as `javascript:`) as text,
 * the links around it are the same (`plainUrls` then takes the `http(s)` ones as links).
 */
function onlyAutolinks(text: string, first: number): boolean {
  for (let at = first; at !== -1; at = text.indexOf('<', at + 1)) {
    AUTOLINK_AT.lastIndex = at + 1;
    if (!AUTOLINK_AT.test(text)) return false;
  }
  return true;
}

function hasBracket(text: string, from: number, to: number): boolean {
  const open = text.indexOf('[', from);
  const close = text.indexOf(']', from);
  return (open !== -1 && open < to) || (close !== -1 && close < to);
}

/**
 * Every marked link and image among `tokens` and their children, depth-first in order (no
 * recursion); with `anchors`, also the anchors of inline HTML (not inside image descriptions,
 * which a page shows as plain text).
 */
function collectLinks(tokens: readonly Marked[], lineAt: (offset: number) => number, into: Placed, anchors: string[] | null): void {
  // Each token with whether it lies inside an image description.
  const stack: [Marked, boolean][] = tokens.map((token): [Marked, boolean] => [token, false]).reverse();
  while (stack.length > 0) {
    const [token, inImage] = stack.pop()!;
    const offset = token[OFFSET];
    if (offset !== undefined) {
      const url = token.attrGet(token.type === 'image' ? 'src' : 'href') ?? '';
      place(into, url, lineAt(offset), offset + 1);
    }
    if (anchors !== null && !inImage && token.type === 'html_inline') htmlAnchors(token.content, anchors);
    const children = token.children;
    const below = inImage || token.type === 'image';
    if (children !== null) for (let i = children.length - 1; i >= 0; i -= 1) stack.push([children[i] as Marked, below]);
  }
}

/** Lines of a text as an editor numbers them: a final line break ends the last line, it does not start one. */
export function countLines(text: string): number {
  if (text === '') return 0;
  let count = text.endsWith('\n') ? 0 : 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
}

/**
 * `(offset) => number of newlines in text before offset`, in logarithmic time per call (the
 * newline positions are found once), so many links in one paragraph stay linear.
 */
export function newlinesBefore(text: string): (offset: number) => number {
  let positions: number[] | undefined;
  return (offset) => {
    if (positions === undefined) {
      positions = [];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) positions.push(i);
    }
    let low = 0;
    let high = positions.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (positions[mid]! < offset) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

/**
 * The text of a heading as GitHub renders it: text and code, without HTML tags or image alt
 * text; a soft line break stays a line break.
 */
function headingText(children: readonly Token[]): string {
  let text = '';
  for (const child of children) {
    if (child.type === 'text' || child.type === 'text_special' || child.type === 'code_inline') text += child.content;
    else if (child.type === 'softbreak') text += '\n';
  }
  return text;
}

/** Every line break (`\r\n`, `\r` or `\n`) becomes a single space; then the ends are trimmed. */
export function singleLine(text: string): string {
  return text.replace(/\r\n?|\n/g, ' ').trim();
}
