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
import { OFFSET, parsers, type Definitions, type InlineWatch, type Marked } from './markdown-parser.js';
import { place, simpleLinks, type Placed } from './simple-links.js';
import { createSlugger } from './slugger.js';
import type { MarkdownInfo, MarkdownLink } from '../shared/types.js';

export type { Token } from 'markdown-it';

/** The block tokens of `body` (inline content not parsed yet). Lines in `map` are 0-based. */
export function parseBlocks(body: string): Token[] {
  return parsers().md.parse(body.includes('\0') ? body.replace(/\0/g, '\uFFFD') : body, { definitions: { found: [] } });
}

/** The plain text of an inline content as a heading shows it (see `headingText`). */
export function inlineText(content: string): string {
  // Plain text: what the inline parser would give back unchanged (a kit file's every heading asks).
  if (PLAIN_HEADING.test(content)) return content;
  const children: Token[] = [];
  const { md } = parsers();
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
    if (inHeading !== null) headingId(content, explicit);
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
    const parser = inHeading === null ? parsers().linkParser : parsers().md;
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

/**
 * A heading's own id written after its text, `## Docker 守护进程加固 {#docker-daemon}` (Docusaurus, Hugo; WeOps-Lab/bklite-website),
 * as an attribute list that may hold more (`{: #id }` MkDocs and kramdown, `{#id .unnumbered}` pandoc): an anchor besides
 * the one its text makes. Not an escaped `\{#id}`.
 */
function headingId(content: string, into: string[]): void {
  if (!content.endsWith('}')) return;
  const id = HEADING_ID.exec(content);
  if (id !== null) into.push(id[1]!);
}

const HEADING_ID = /(?<!\\)\{:?[ \t]*#([\p{L}\p{N}_-][\p{L}\p{N}_.:-]*)(?:[ \t]+[^{}]*)?\}$/u;

/** Heading content with no inline syntax at all: its text is itself. */
const PLAIN_HEADING = /^[^*_`<>&[\]!\\~\n]*$/;

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
