/**
 * META-01 §5: parse a Markdown body as CommonMark + GFM and keep what the checks need:
 * link destinations (inline links, images, link reference definitions, autolinks and bare URLs) and heading anchors.
 * Text inside code spans, code blocks and HTML never yields a link.
 */
import GithubSlugger from 'github-slugger';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { htmlAnchors } from '../../src/core/parse/html-anchors.js';
import type { MarkdownInfo, MarkdownLink } from '../../src/core/shared/types.js';

const parseOptions = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };

interface Point {
  readonly line: number;
  readonly offset?: number;
}

/** The parts of an mdast node the core reads. */
export interface MdNode {
  readonly type: string;
  readonly url?: string;
  readonly value?: string;
  readonly depth?: number;
  /** Task-list state of a list item: `true`/`false`, or `null`/absent for plain items. */
  readonly checked?: boolean | null;
  readonly children?: readonly MdNode[];
  readonly position?: { readonly start: Point; readonly end: Point };
}

/** Parses a Markdown body (CommonMark + GFM) into an mdast tree. */
export function parseMarkdown(body: string): MdNode {
  return fromMarkdown(body, parseOptions) as MdNode;
}

/**
 * Extracts links, heading anchors and explicit HTML anchors from `body`, whose first line is
 * line `bodyLine` of the file. The anchors of each piece of raw HTML (an mdast `html` node, block
 * or inline) are read with the core's own attribute scanner: what is compared is which HTML the
 * parser finds.
 */
export function extractMarkdown(body: string, bodyLine: number): MarkdownInfo {
  const tree = parseMarkdown(body);
  const links: MarkdownLink[] = [];
  const anchors: string[] = [];
  const explicit: string[] = [];
  const slugger = new GithubSlugger();
  let firstH1: string | null = null;
  const offset = bodyLine - 1;
  const stack: MdNode[] = [tree];
  // mdast-util-gfm-autolink-literal finds the bare URLs after an unclosed `[` in a second pass,
  // whose link nodes have no position: each is found in the body after the last place seen.
  let cursor = 0;
  const literalAt = (node: MdNode): number => {
    const text = node.children?.[0]?.value ?? '';
    const found = body.indexOf(text, cursor);
    if (found === -1) return cursor;
    cursor = found + text.length;
    return found;
  };
  const lineOf = (at: number): number => body.slice(0, at).split('\n').length;
  // Depth-first, in document order: push children reversed.
  while (stack.length > 0) {
    const node = stack.pop()!;
    const start = node.position?.start.offset;
    if (start !== undefined) cursor = Math.max(cursor, node.type === 'link' ? (node.position?.end.offset ?? start) : start);
    switch (node.type) {
      case 'link':
      case 'image':
      case 'definition': {
        const at = node.position === undefined ? literalAt(node) : (node.position.start.offset ?? 0);
        // A `www.` literal (GFM gives it `http://`) is not kept: DocuGraph finds only `http(s)://` ones.
        if (node.type === 'link' && /^www\./i.test(body.slice(at, at + 4))) break;
        links.push({ url: node.url ?? '', line: (node.position?.start.line ?? lineOf(at)) + offset });
        break;
      }
      case 'html':
        htmlAnchors(node.value ?? '', explicit);
        break;
      case 'heading': {
        const text = headingText(node);
        // A heading's own id after its text (`## Title {#id}`), read from its inline source.
        const kids = node.children ?? [];
        const from = kids[0]?.position?.start.offset;
        const to = kids[kids.length - 1]?.position?.end.offset;
        const own = from === undefined || to === undefined ? null : /(?<!\\)\{:?[ \t]*#([\p{L}\p{N}_-][\p{L}\p{N}_.:-]*)(?:[ \t]+[^{}]*)?\}$/u.exec(body.slice(from, to));
        if (own !== null) explicit.push(own[1]!);
        anchors.push(slugger.slug(text));
        if (firstH1 === null && node.depth === 1) firstH1 = singleLine(text);
        break;
      }
      default:
        break;
    }
    const children = node.children;
    if (children !== undefined) {
      for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i]!);
    }
  }
  const lineCount = body === '' ? 0 : body.split('\n').length - (body.endsWith('\n') ? 1 : 0);
  return { links, anchors, htmlAnchors: explicit, lineCount: offset + lineCount, firstH1, tooDeepLine: null };
}

/**
 * The text of a heading as GitHub renders it: text and code, without HTML tags or image alt text.
 */
export function headingText(node: MdNode): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value ?? '';
  if (node.type === 'html' || node.type === 'image' || node.children === undefined) return '';
  let text = '';
  for (const child of node.children) text += headingText(child);
  return text;
}

/** Every line break (`\r\n`, `\r` or `\n`) becomes a single space; then the ends are trimmed. */
export function singleLine(text: string): string {
  return text.replace(/\r\n?|\n/g, ' ').trim();
}
