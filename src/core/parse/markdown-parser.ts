/**
 * The Markdown parser behind `markdown.ts`, configured once: markdown-it with GFM tables,
 * strikethrough and footnotes, raw HTML recognised, and the corrections that make it find
 * the same links as micromark (the CommonMark/GFM reference; see
 * test/core/markdown-differential.test.ts): destinations kept as written, GFM footnote
 * calls and definitions, link definitions as CommonMark takes them from paragraphs.
 */
import MarkdownIt, { type StateBlock, type StateInline, type Token } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import paragraph from 'markdown-it/lib/rules_block/paragraph.mjs';
import reference from 'markdown-it/lib/rules_block/reference.mjs';
import image from 'markdown-it/lib/rules_inline/image.mjs';
import link from 'markdown-it/lib/rules_inline/link.mjs';
import autolink from 'markdown-it/lib/rules_inline/autolink.mjs';
import escape from 'markdown-it/lib/rules_inline/escape.mjs';
import { unescapeAll } from 'markdown-it/lib/common/utils.mjs';
import { useFastBlockState } from './block-state.js';
import { literalEnd, protocolLength } from './url-literals.js';


/**
 * The inline rules that decide what is a link: emphasis, strikethrough, entities and line
 * breaks never change that (in silent mode, while link labels are scanned, they match
 * nothing or only skip characters), so link extraction runs without them. Headings, whose
 * text matters, use the full set (`md.inline`).
 */
const LINK_RULES = ['text', 'escape', 'backticks', 'footnote_call', 'label_end', 'link', 'image', 'autolink', 'url_literal', 'html_inline'];

/**
 * The source offset (in the inline content) where each checked link starts: inline links and
 * images, and `http(s)` autolinks and URL literals (the only ones that can name the
 * repository's own files). Links written with a reference (`[text][label]`, `[label]`) get
 * none: their definition is what is checked, once. Nothing inside an image description is
 * marked: a page shows it as plain text.
 */
export const OFFSET = Symbol('offset');
export type Marked = Token & { [OFFSET]?: number };

/**
 * What the inline rules track while one inline content is parsed (reset before each): how deep
 * they are inside link texts and image descriptions, and how many `[` that opened no link are
 * still waiting for their `]` (GFM finds URL literals after those by another rule).
 */
export interface InlineWatch {
  inLabel?: number;
  inImage?: number;
  openBrackets?: number;
}

/** Marks where each inline link and image starts, in both parsers, and keeps the counts of `InlineWatch`. */
function markLinkStarts(parser: MarkdownIt): void {
  for (const [name, original] of [['link', link], ['image', image]] as const) {
    parser.inline.ruler.at(name, (state: StateInline, silent: boolean) => {
      const start = state.pos;
      const before = state.tokens.length;
      const watch = state.env as InlineWatch;
      if (!silent) (watch.inLabel = (watch.inLabel ?? 0) + 1), name === 'image' && (watch.inImage = (watch.inImage ?? 0) + 1);
      const matched = original(state, silent);
      if (!silent) (watch.inLabel! -= 1), name === 'image' && (watch.inImage! -= 1);
      if (matched && !silent && (watch.inImage ?? 0) === 0 && state.src.charCodeAt(state.pos - 1) === 0x29 /* ')' */) {
        const token = state.tokens.slice(before).find((t) => t.type === 'link_open' || t.type === 'image') as Marked | undefined;
        if (token !== undefined) token[OFFSET] = start;
      }
      // A `[` that opened no link waits for a `]` (outside link texts, where nothing is a literal anyway).
      if (!matched && !silent && name === 'link' && (watch.inLabel ?? 0) === 0 && state.src.charCodeAt(start) === 0x5b) watch.openBrackets = (watch.openBrackets ?? 0) + 1;
      return matched;
    });
  }
  parser.inline.ruler.at('autolink', (state: StateInline, silent: boolean) => {
    const start = state.pos;
    const before = state.tokens.length;
    const matched = autolink(state, silent);
    if (matched && !silent && ((state.env as InlineWatch).inImage ?? 0) === 0) {
      // The pending text, if any, comes first.
      const token = state.tokens.slice(before).find((t) => t.type === 'link_open') as Marked | undefined;
      if (token !== undefined && protocolLength(token.attrGet('href') ?? '', 0) > 0) token[OFFSET] = start;
    }
    return matched;
  });
  // `\h` escapes nothing (a letter is not punctuation): the `\` is text, and the `h` may start a URL literal, as in GFM.
  parser.inline.ruler.at('escape', (state: StateInline, silent: boolean) => {
    const next = state.src.charCodeAt(state.pos + 1);
    if (state.src.charCodeAt(state.pos) !== 0x5c || !((next >= 0x41 && next <= 0x5a) || (next >= 0x61 && next <= 0x7a))) return escape(state, silent);
    if (!silent) state.pending += '\\';
    state.pos += 1;
    return true;
  });
  parser.inline.ruler.before('link', 'label_end', labelEnd);
  parser.inline.ruler.after('autolink', 'url_literal', urlLiteral);
}

/** A `]` outside link texts closes the last `[` that opened no link; it is text all the same. */
function labelEnd(state: StateInline, silent: boolean): boolean {
  const watch = state.env as InlineWatch;
  if (!silent && state.src.charCodeAt(state.pos) === 0x5d && (watch.inLabel ?? 0) === 0 && (watch.openBrackets ?? 0) > 0) watch.openBrackets! -= 1;
  return false;
}

/**
 * A GFM URL literal (`https://…` in text), found at its `:` as markdown-it's own linkify rule
 * does: the `http` or `https` before it is the end of the pending text. Not inside link texts
 * or image descriptions (GFM makes no link there), never while a link label is only scanned.
 */
function urlLiteral(state: StateInline, silent: boolean): boolean {
  const watch = state.env as InlineWatch;
  const pos = state.pos;
  const src = state.src;
  if (silent || (watch.inLabel ?? 0) > 0 || src.charCodeAt(pos) !== 0x3a || src.charCodeAt(pos + 1) !== 0x2f || src.charCodeAt(pos + 2) !== 0x2f) return false;
  // The pending text ends with the source before `pos` (since the last token), so the scheme is
  // read from the source: the pending text may be long, and reading it (a rope, flattened on
  // each read) at every `://` would be quadratic; only its length is asked.
  const waiting = state.pending.length;
  const scheme = waiting >= 5 && protocolLength(src, pos - 5) === 8 ? 5 : waiting >= 4 && protocolLength(src, pos - 4) === 7 ? 4 : 0;
  if (scheme === 0) return false;
  const start = pos - scheme;
  const afterBracket = (watch.openBrackets ?? 0) > 0;
  const end = literalEnd(src, start, state.posMax, afterBracket);
  if (end <= pos + 3) return false;
  state.pending = state.pending.slice(0, -scheme);
  // The second rule reads mdast's text, in which escapes and entities are decoded.
  const url = afterBracket ? unescapeAll(src.slice(start, end)) : src.slice(start, end);
  const open = state.push('link_open', 'a', 1) as Marked;
  open.attrs = [['href', url]];
  open.markup = 'linkify';
  open.info = 'auto';
  if ((watch.inImage ?? 0) === 0) open[OFFSET] = start;
  state.push('text', '', 0).content = url;
  const close = state.push('link_close', 'a', -1);
  close.markup = 'linkify';
  close.info = 'auto';
  // Found by the second rule, after the brackets were paired: those it holds count.
  if (afterBracket) for (let at = pos; at < end; at += 1) if (src[at] === '[') watch.openBrackets! += 1;
  else if (src[at] === ']' && watch.openBrackets! > 0) watch.openBrackets! -= 1;
  state.pos = end;
  return true;
}

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

/**
 * What the parse environment records: `tooDeep` is the first (0-based body) line where the
 * parser's nesting limit made it skip content, so the caller can say that part was not checked.
 * `line` is the block line of the inline content being parsed.
 */
export interface NestingWatch {
  tooDeep?: number;
  line?: number;
}

/**
 * markdown-it stops at `maxNesting` levels (block quotes, lists, brackets) and silently skips
 * what lies deeper; micromark does not. Rather than lose those links without a word (or recurse
 * deeper than the stack allows), record where it happened.
 */
function watchNesting(parser: MarkdownIt): void {
  const max = (parser.options as { maxNesting?: number }).maxNesting ?? 100;
  const block = parser.block;
  const tokenizeBlock = block.tokenize.bind(block);
  block.tokenize = (state: StateBlock, startLine: number, endLine: number) => {
    if (state.level >= max) {
      const first = state.skipEmptyLines(startLine);
      if (first < endLine && state.sCount[first]! >= state.blkIndent) mark(state.env as NestingWatch, first);
    }
    tokenizeBlock(state, startLine, endLine);
  };
  const inline = parser.inline;
  const tokenizeInline = inline.tokenize.bind(inline);
  inline.tokenize = (state: StateInline) => {
    if (state.level >= max && state.pos < state.posMax) mark(state.env as NestingWatch, (state.env as NestingWatch).line ?? 0);
    tokenizeInline(state);
  };
  const skipToken = inline.skipToken.bind(inline);
  inline.skipToken = (state: StateInline) => {
    if (state.level >= max) mark(state.env as NestingWatch, (state.env as NestingWatch).line ?? 0);
    skipToken(state);
  };
}

function mark(env: NestingWatch, line: number): void {
  if (env.tooDeep === undefined || line < env.tooDeep) env.tooDeep = line;
}

/** Link reference definitions, with the line each starts on (duplicates included). */
export interface Definitions {
  readonly found: { url: string; line: number }[];
}

/**
 * The `reference` rule, wrapped: records each definition with its line (duplicates too), and
 * — since CommonMark takes definitions from the start of a paragraph — treats an indented or
 * lazy line right after one as more of that paragraph: another definition, or paragraph text
 * (markdown-it would make it code, or end the block quote before it). A loop, not recursion:
 * thousands of definitions in a row cannot exhaust the stack.
 */
function definitionRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  let outcome = oneDefinition(state, startLine, endLine, silent);
  if (outcome === 'none') return false;
  while (outcome === 'more') {
    const next = state.line;
    const indent = state.sCount[next]!;
    if (next >= endLine || state.isEmpty(next) || (indent >= 0 && indent - state.blkIndent < 4)) break;
    state.sCount[next] = state.blkIndent;
    outcome = oneDefinition(state, next, endLine, false);
    if (outcome === 'none') {
      state.sCount[next] = indent;
      paragraph(state, next, endLine);
    }
  }
  return true;
}

/**
 * One definition at `line`: `none` when there is none, `more` when one was recorded and the
 * next line may continue the paragraph, `done` when it matched but nothing follows from it.
 */
function oneDefinition(state: StateBlock, line: number, endLine: number, silent: boolean): 'none' | 'more' | 'done' {
  const env = state.env as { references?: Record<string, { href: string; title: string }>; definitions?: Definitions };
  const kept = env.references ?? {};
  env.references = {};
  const matched = reference(state, line, endLine, silent);
  const [label, found] = Object.entries(env.references)[0] ?? [];
  env.references = kept;
  if (!matched) return 'none';
  // GFM footnote definitions (`[^1]: …`) are not link definitions.
  if (silent || label === undefined || found === undefined || label.startsWith('^')) return 'done';
  env.definitions?.found.push({ url: found.href, line });
  if (kept[label] === undefined) kept[label] = found;
  return 'more';
}
// No `alt`: like the original rule, a definition cannot interrupt a paragraph.

/** The two parsers, configured at their first use (a command that parses no Markdown with them — `--version`, a small workspace the block scanner reads — never makes them: some 5 ms). */
export interface Parsers {
  /** The block parser, and the inline parser for headings (every inline rule). */
  readonly md: MarkdownIt;
  /** The inline parser of link extraction: `LINK_RULES` only. */
  readonly linkParser: MarkdownIt;
}

let made: Parsers | undefined;

export function parsers(): Parsers {
  return (made ??= configure());
}

function configure(): Parsers {
  // The block parser, and the inline parser for headings (every inline rule).
  const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false }).use(footnote);
  useFastBlockState(md);
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
  // The parser of links (LINK_RULES).
  const linkParser = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
  linkParser.normalizeLink = md.normalizeLink;
  linkParser.validateLink = md.validateLink;
  // Link extraction reads destinations, never the text: an autolink's text is left as written
  // (no URL parsing or punycode decoding for a text nobody reads).
  linkParser.normalizeLinkText = (url) => url;
  markLinkStarts(md);
  markLinkStarts(linkParser);
  md.inline.ruler.before('link', 'footnote_call', footnoteCall);
  linkParser.inline.ruler.before('link', 'footnote_call', footnoteCall);
  linkParser.inline.ruler.enableOnly(LINK_RULES);
  linkParser.inline.ruler2.enableOnly([]);
  watchNesting(md);
  watchNesting(linkParser);
  md.block.ruler.at('reference', definitionRule);
  return { md, linkParser };
}
