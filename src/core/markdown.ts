/**
 * META-01 §5: parse a Markdown body as CommonMark + GFM tables (markdown-it, chosen by
 * measurement: see bench/) and keep what the checks need — link destinations (inline links,
 * images, link reference definitions) with their lines, and heading anchors. Text inside
 * code spans, code blocks and HTML blocks never yields a link.
 *
 * Only the inline content that can hold a link (it has a `[`) and headings are parsed
 * inline; the rest of the body is only split into blocks.
 */
import GithubSlugger from 'github-slugger';
import MarkdownIt, { type StateBlock, type StateInline, type Token } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import paragraph from 'markdown-it/lib/rules_block/paragraph.mjs';
import reference from 'markdown-it/lib/rules_block/reference.mjs';
import image from 'markdown-it/lib/rules_inline/image.mjs';
import link from 'markdown-it/lib/rules_inline/link.mjs';
import type { MarkdownInfo, MarkdownLink } from './types.js';

/** The parser, configured once: CommonMark with GFM tables, strikethrough and footnotes, raw HTML recognised. */
const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false }).use(footnote);
// Keep destinations as written (after CommonMark unescaping): no percent-encoding, no scheme filter.
md.normalizeLink = (url) => url;
md.validateLink = () => true;
// Line endings are normalised before (META-01 §1); inline content is parsed on demand below.
// Footnote definitions stay where they are written (`footnote_tail` would move them to the
// end, and drop those never referred to); `^[inline]` notes are not GFM.
md.core.ruler.disable(['normalize', 'inline', 'text_join', 'footnote_tail']);
md.inline.ruler.disable(['footnote_inline', 'footnote_ref']);
{
  // A footnote definition also ends a block quote's or list's lazy continuation, as in GFM.
  const rules = (md.block.ruler as unknown as { __rules__: { name: string; fn: (...args: never[]) => boolean }[] }).__rules__;
  const definition = rules.find((rule) => rule.name === 'footnote_def')!.fn as unknown as (s: StateBlock, a: number, b: number, c: boolean) => boolean;
  md.block.ruler.at('footnote_def', definition, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
}

/**
 * The inline rules that decide what is a link: emphasis, strikethrough, entities and line
 * breaks never change that (in silent mode, while link labels are scanned, they match
 * nothing or only skip characters), so link extraction runs without them. Headings, whose
 * text matters, use the full set (`md.inline`).
 */
const LINK_RULES = ['text', 'escape', 'backticks', 'footnote_call', 'link', 'image', 'autolink', 'html_inline'];
const linkParser = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
linkParser.normalizeLink = md.normalizeLink;
linkParser.validateLink = md.validateLink;

/**
 * The source offset (in the inline content) where each inline link or image starts. Links
 * written with a reference (`[text][label]`, `[label]`) get none: their definition is what
 * is checked, once.
 */
const OFFSET = Symbol('offset');
type Marked = Token & { [OFFSET]?: number };

/** Marks where each inline link and image starts, in both parsers. */
function markLinkStarts(parser: MarkdownIt): void {
  for (const [name, original] of [['link', link], ['image', image]] as const) {
    parser.inline.ruler.at(name, (state: StateInline, silent: boolean) => {
      const start = state.pos;
      const before = state.tokens.length;
      const matched = original(state, silent);
      if (matched && !silent && state.src.charCodeAt(state.pos - 1) === 0x29 /* ')' */) {
        const token = state.tokens.slice(before).find((t) => t.type === 'link_open' || t.type === 'image') as Marked | undefined;
        if (token !== undefined) token[OFFSET] = start;
      }
      return matched;
    });
  }
}
markLinkStarts(md);
markLinkStarts(linkParser);

/**
 * A GFM footnote call, `[^label]` where a definition `[^label]: …` exists: not a link, and
 * tried before links, so `[^1](x.md)` is a call followed by text (as in GFM).
 */
function footnoteCall(state: StateInline, silent: boolean): boolean {
  const src = state.src;
  const start = state.pos;
  if (src.charCodeAt(start) !== 0x5b /* [ */ || src.charCodeAt(start + 1) !== 0x5e /* ^ */) return false;
  const refs = (state.env as { footnotes?: { refs?: Record<string, number> } }).footnotes?.refs;
  if (refs === undefined) return false;
  const end = src.indexOf(']', start + 2);
  if (end === -1 || end > state.posMax || end === start + 2) return false;
  const label = src.slice(start + 2, end);
  if (/[ \n]/.test(label) || refs[`:${label}`] === undefined) return false;
  if (!silent) state.push('footnote_ref', '', 0);
  state.pos = end + 1;
  return true;
}
md.inline.ruler.before('link', 'footnote_call', footnoteCall);
linkParser.inline.ruler.before('link', 'footnote_call', footnoteCall);
linkParser.inline.ruler.enableOnly(LINK_RULES);
linkParser.inline.ruler2.enableOnly([]);

/** Link reference definitions, with the line each starts on (duplicates included). */
interface Definitions {
  readonly found: { url: string; line: number }[];
}

/**
 * The `reference` rule, wrapped: records each definition with its line (duplicates too), and
 * — since CommonMark takes definitions from the start of a paragraph — treats an indented or
 * lazy line right after one as more of that paragraph: another definition, or paragraph text
 * (markdown-it would make it code, or end the block quote before it).
 */
function definitionRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const env = state.env as { references?: Record<string, { href: string; title: string }>; definitions?: Definitions };
  const kept = env.references ?? {};
  env.references = {};
  const matched = reference(state, startLine, endLine, silent);
  const [label, found] = Object.entries(env.references)[0] ?? [];
  env.references = kept;
  if (!matched || silent || label === undefined || found === undefined) return matched;
  // GFM footnote definitions (`[^1]: …`) are not link definitions.
  if (label.startsWith('^')) return matched;
  env.definitions?.found.push({ url: found.href, line: startLine });
  if (kept[label] === undefined) kept[label] = found;
  const next = state.line;
  const indent = state.sCount[next]!;
  if (next < endLine && !state.isEmpty(next) && (indent < 0 || indent - state.blkIndent >= 4)) {
    state.sCount[next] = state.blkIndent;
    if (!definitionRule(state, next, endLine, false)) {
      state.sCount[next] = indent;
      paragraph(state, next, endLine);
    }
  }
  return matched;
}
// No `alt`: like the original rule, a definition cannot interrupt a paragraph.
md.block.ruler.at('reference', definitionRule);

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
 * Extracts links and heading anchors from `body`, whose first line is line `bodyLine` of the file.
 */
export function extractMarkdown(body: string, bodyLine: number): MarkdownInfo {
  const definitions: Definitions = { found: [] };
  const env = { definitions };
  // CommonMark replaces U+0000 (what markdown-it's disabled `normalize` rule did).
  const tokens = md.parse(body.includes('\0') ? body.replace(/\0/g, '\uFFFD') : body, env);
  const links: (MarkdownLink & { order: number })[] = [];
  const anchors: string[] = [];
  const slugger = new GithubSlugger();
  let firstH1: string | null = null;
  let blockLine = 0;
  let inHeading: string | null = null;
  for (const token of tokens) {
    if (token.map !== null) blockLine = token.map[0];
    if (token.type === 'heading_open') inHeading = token.tag;
    else if (token.type === 'heading_close') inHeading = null;
    if (token.type !== 'inline') continue;
    const content = token.content;
    if (inHeading === null && !content.includes('[')) continue;
    if (inHeading !== null && PLAIN_HEADING.test(content)) {
      // Plain text: what the inline parser would give back unchanged.
      anchors.push(slugger.slug(content));
      if (firstH1 === null && inHeading === 'h1') firstH1 = singleLine(content);
      continue;
    }
    const simple = inHeading === null ? simpleLinks(content) : null;
    if (simple !== null) {
      for (const link of simple) links.push({ url: link.url, line: blockLine + countNewlines(content, link.offset), order: link.offset + 1 });
      continue;
    }
    const children: Token[] = [];
    const parser = inHeading === null ? linkParser : md;
    parser.inline.parse(content, parser, env, children);
    if (inHeading !== null) {
      const text = headingText(children);
      anchors.push(slugger.slug(text));
      if (firstH1 === null && inHeading === 'h1') firstH1 = singleLine(text);
    }
    for (const child of children) collectLinks(child as Marked, content, blockLine, links);
  }
  for (const d of definitions.found) links.push({ url: d.url, line: d.line, order: 0 });
  // Document order: by line, then by position within the line.
  links.sort((a, b) => a.line - b.line || a.order - b.order);
  return {
    links: links.map((l) => ({ url: l.url, line: l.line + bodyLine })),
    anchors,
    firstH1,
  };
}

/** Heading content with no inline syntax at all: its text is itself. */
const PLAIN_HEADING = /^[^*_`<>&[\]!\\~\n]*$/;

/** Characters that make inline parsing subtle (code spans, HTML, autolinks, escapes, entities). */
const SUBTLE = /[`<\\&]/;
/** `[text](destination)` or `![alt](source)`, with an optional "title"; no brackets in the text. */
const SIMPLE_LINK = /!?\[[^[\]]*\]\(([^\s()<>\x00-\x1f]*)(?:[ \t\n]+"[^"]*")?\)/g;

/**
 * The fast path of the inline stage: content whose only brackets are plain inline links and
 * images, without code spans, HTML, escapes or entities, has exactly the links the regular
 * expression finds (the differential test holds it to the full parser). Anything else —
 * a bracket left over (references, footnotes, task boxes, nesting) — returns `null`.
 */
function simpleLinks(content: string): { url: string; offset: number }[] | null {
  // `[^label]` may be a footnote call: the full parser decides.
  if (SUBTLE.test(content) || content.includes('[^')) return null;
  const found: { url: string; offset: number }[] = [];
  let last = 0;
  for (const match of content.matchAll(SIMPLE_LINK)) {
    if (hasBracket(content, last, match.index)) return null;
    found.push({ url: match[1]!, offset: match.index });
    last = match.index + match[0].length;
  }
  return hasBracket(content, last, content.length) ? null : found;
}

function hasBracket(text: string, from: number, to: number): boolean {
  const open = text.indexOf('[', from);
  const close = text.indexOf(']', from);
  return (open !== -1 && open < to) || (close !== -1 && close < to);
}

function collectLinks(token: Marked, content: string, blockLine: number, into: (MarkdownLink & { order: number })[]): void {
  const offset = token[OFFSET];
  if (offset !== undefined) {
    const url = token.attrGet(token.type === 'image' ? 'src' : 'href') ?? '';
    into.push({ url, line: blockLine + countNewlines(content, offset), order: offset + 1 });
  }
  for (const child of token.children ?? []) collectLinks(child as Marked, content, blockLine, into);
}

function countNewlines(text: string, end: number): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
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
