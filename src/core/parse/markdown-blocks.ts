/**
 * The block stage of the Markdown parse, made cheaper for the documents most workspaces hold.
 *
 * A body is cut into chunks at blank lines that no block can continue past (a column-0 line
 * after a blank line, outside a fenced code block). Each chunk is then read by a small line
 * scanner when every line in it is one of a few plain forms — ATX headings, paragraph text,
 * one-line `-`/`*`/`+` list items with their lazy continuation lines, fenced code, a GFM
 * table — and by markdown-it otherwise, so anything unusual costs what it always did. The
 * result is the inline content of each block (with its line and whether it is a heading) and
 * the HTML blocks: exactly what a whole-body markdown-it parse gives (a differential test
 * holds it to that), at a fraction of the allocation.
 *
 * A body is not cut (markdown-it parses it whole, as before) when it has a line starting with
 * `<` (an HTML block may run past blank lines, or hold a fence line the tracking would
 * misread) or a `]:` (link and footnote definitions: the inline stage needs all of them
 * before the first block). An indented fence opener (1–3 spaces, maybe inside a list item)
 * stops the cutting from there on.
 */
import { parsers, type Definitions, type NestingWatch } from './markdown-parser.js';
import type { Token } from 'markdown-it';
import { closesFence, fenceLike, headingContent, indentedFence, isBlank, opensFence, plainStart, type Fence } from './block-lines.js';
import { scanTable } from './scan-table.js';

/**
 * Receives each block the inline stage looks at, in document order: inline content (`heading`:
 * `h1`…`h6` for a heading's, else `null`) or, with `html`, an HTML block's source; `line` is the
 * 0-based body line where the block starts. A body with link or footnote definitions is parsed
 * whole before its first block is given (inline parsing needs every definition); other bodies
 * are given chunk by chunk.
 */
export type BlockVisitor = (html: boolean, content: string, line: number, heading: string | null) => void;

/** One chunk's plain blocks while the scan may still give up on it (reused: no object per block). */
const found = { contents: [] as string[], lines: [] as number[], headings: [] as (string | null)[], count: 0 };

function keep(content: string, line: number, heading: string | null): void {
  found.contents[found.count] = content;
  found.lines[found.count] = line;
  found.headings[found.count] = heading;
  found.count += 1;
}

/** The environment a parse shares across chunks: link definitions and the nesting watch. */
export type BlockEnv = { definitions: Definitions } & NestingWatch;

/**
 * Whether cutting `text` is not safe (see the module comment): a `]:`, or a line starting with
 * `<` after at most 3 spaces. Plain searches (a multiline expression tried at every position
 * cost more than the rest of the scan); a body has few `<`.
 */
function noCutting(text: string): boolean {
  if (text.includes(']:')) return true;
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    let start = at;
    while (start > 0 && at - start < 3 && text.charCodeAt(start - 1) === 0x20) start -= 1;
    if (start === 0 || text.charCodeAt(start - 1) === 0x0a) return true;
  }
  return false;
}

/** Gives `visit` the blocks of `text` (a body, U+0000 already replaced), in document order. */
export function parseBodyBlocks(text: string, env: BlockEnv, visit: BlockVisitor, fast = true): void {
  if (!fast || noCutting(text)) {
    parseChunk(text, 0, env, visit);
    return;
  }
  let start = 0;
  let startLine = 0;
  let fence: Fence | null = null;
  let afterBlank = false;
  let cutting = true;
  let line = 0;
  for (let at = 0; at < text.length && cutting; line += 1) {
    let end = text.indexOf('\n', at);
    if (end === -1) end = text.length;
    if (fence !== null) {
      if (closesFence(text, at, end, fence)) fence = null;
    } else if (isBlank(text, at, end)) {
      afterBlank = true;
    } else {
      const first = text.charCodeAt(at);
      if (afterBlank && first !== 0x20 && first !== 0x09 && at > start) {
        chunk(text, start, at, startLine, env, visit);
        start = at;
        startLine = line;
      }
      afterBlank = false;
      if (fenceLike(text, at)) fence = opensFence(text, at, end);
      else if (first === 0x20 && indentedFence(text, at, end)) cutting = false;
    }
    at = end + 1;
  }
  chunk(text, start, text.length, startLine, env, visit);
}

/** One chunk: scanned when plain, else parsed by markdown-it. */
function chunk(text: string, start: number, end: number, line: number, env: BlockEnv, visit: BlockVisitor): void {
  found.count = 0;
  if (scanPlain(text, start, end, line)) {
    const { contents, lines, headings, count } = found;
    for (let i = 0; i < count; i += 1) visit(false, contents[i]!, lines[i]!, headings[i]!);
    // Nothing kept alive by the scratch lists.
    for (let i = 0; i < count; i += 1) contents[i] = '';
    return;
  }
  parseChunk(text.slice(start, end), line, env, visit);
}

/** markdown-it's block parse of one chunk, its lines (and what it records in `env`) moved by `line`. */
function parseChunk(source: string, line: number, env: BlockEnv, visit: BlockVisitor): void {
  const definitions = env.definitions.found.length;
  // The nesting watch records the chunk's first too-deep line, counted from the chunk's start.
  const tooDeep = env.tooDeep;
  delete env.tooDeep;
  const tokens: Token[] = parsers().md.parse(source, env);
  for (let i = definitions; i < env.definitions.found.length; i += 1) env.definitions.found[i]!.line += line;
  if (tooDeep !== undefined) env.tooDeep = tooDeep;
  else if (env.tooDeep !== undefined) env.tooDeep += line;
  let blockLine = 0;
  let heading: string | null = null;
  for (const token of tokens) {
    if (token.map !== null) blockLine = token.map[0];
    if (token.type === 'heading_open') heading = token.tag;
    else if (token.type === 'heading_close') heading = null;
    else if (token.type === 'html_block') visit(true, token.content, blockLine + line, null);
    else if (token.type === 'inline') visit(false, token.content, blockLine + line, heading);
  }
}

const HEADINGS = ['', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/**
 * Reads a chunk whose every line is plain: headings, paragraph text, `-`/`*`/`+` items with
 * one space and plain text, fenced code opened and closed at column 0, blank lines, into
 * `found`. Returns `false` (having kept some blocks, which the caller drops) at the first line
 * that is not.
 */
function scanPlain(text: string, start: number, end: number, firstLine: number): boolean {
  // Tabs and table pipes change columns or may start a table: markdown-it decides.
  // (Searched in the chunk only: a search from `start` to the end of the body, chunk after chunk, would be quadratic.)
  const source = text.slice(start, end);
  if (source.includes('\t')) return false;
  if (source.includes('|')) return !source.includes('\\') && scanTable(text, start, end, firstLine, keep);
  /** The open paragraph (or list item's paragraph): where its content starts, and its line; -1 when none. */
  let open = -1;
  let openLine = 0;
  let openEnd = 0;
  let fence: Fence | null = null;
  const close = (): void => {
    if (open !== -1) keep(text.slice(open, openEnd).trim(), openLine, null);
    open = -1;
  };
  let line = firstLine;
  for (let at = start; at < end; line += 1) {
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    const next = lineEnd + 1;
    if (fence !== null) {
      if (closesFence(text, at, lineEnd, fence)) fence = null;
      at = next;
      continue;
    }
    if (isBlank(text, at, lineEnd)) {
      close();
      at = next;
      continue;
    }
    const first = text.charCodeAt(at);
    if (first === 0x23 /* # */) {
      const content = headingContent(text, at, lineEnd);
      if (content === null) return false;
      close();
      keep(content.text, line, HEADINGS[content.level]!);
    } else if (fenceLike(text, at)) {
      fence = opensFence(text, at, lineEnd);
      if (fence === null) return false;
      close();
    } else if (first === 0x2d /* - */ || first === 0x2a /* * */ || first === 0x2b /* + */) {
      // A bullet item: the marker, one space, then plain text that is not a link definition.
      if (text.charCodeAt(at + 1) !== 0x20 || !plainStart(text, at + 2, lineEnd) || text.charCodeAt(at + 2) === 0x5b /* [ */) return false;
      close();
      open = at + 2;
      openLine = line;
      openEnd = lineEnd;
    } else if (plainStart(text, at, lineEnd)) {
      if (open === -1) {
        // A paragraph may begin with a link definition: markdown-it decides.
        if (first === 0x5b /* [ */) return false;
        open = at;
        openLine = line;
      }
      openEnd = lineEnd;
    } else {
      return false;
    }
    at = next;
  }
  // An unclosed fence runs to the end of the body, which is where this chunk ends.
  close();
  return true;
}
