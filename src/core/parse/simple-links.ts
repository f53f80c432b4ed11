/**
 * The fast path of the Markdown stage's inline step (META-01 §5): most inline content holds
 * only plain links, images and bare URLs, which regular expressions and a scan find exactly as
 * the full parser would (the differential test holds them to micromark). Anything subtler is
 * left to the parser.
 */
import { literalEnd, protocolLength } from './url-literals.js';

/**
 * Links found so far, as parallel lists (no object per link until the result is built): the
 * destination, the 0-based body line and the place within the line (definitions: 0). `count`
 * is the length that counts (a fast path that gives up drops what it added).
 */
export interface Placed {
  readonly urls: string[];
  readonly lines: number[];
  readonly orders: number[];
  count: number;
}

export function place(into: Placed, url: string, line: number, order: number): void {
  into.urls[into.count] = url;
  into.lines[into.count] = line;
  into.orders[into.count] = order;
  into.count += 1;
}

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
export function simpleLinks(content: string, blockLine: number, into: Placed, urls: boolean): boolean {
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
  const next: NextMarks = { angle, colon: urls ? content.indexOf('://') : -1 };
  const plain = (to: number): boolean => !hasBracket(content, last, to) && (!urls || plainUrls(content, last, to, lineAt, into, next));
  SIMPLE_LINK_AT.lastIndex = 0;
  for (let match = SIMPLE_LINK_AT.exec(content); match !== null; match = SIMPLE_LINK_AT.exec(content)) {
    // An autolink in a link's text is a link of its own (never one in an image's description): the full parser finds it.
    if (!plain(match.index) || (urls && match[0].includes('<'))) {
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

/** Where the next `<` and `://` of a content are, at or after the span being scanned (`-1`: none is left). */
interface NextMarks {
  angle: number;
  colon: number;
}

/**
 * The `http(s)` autolinks and URL literals of `content` from `from` to `to`: text without
 * brackets, code, escapes or entities, whose every `<` starts an autolink. `false` when a
 * literal runs past `to` (into the link there: the full parser decides).
 */
function plainUrls(content: string, from: number, to: number, lineAt: (index: number) => number, into: Placed, next: NextMarks): boolean {
  for (let at = from; at < to; ) {
    // Each search goes on from where the last one stopped (the spans come in order): every `<`
    // and `://` of the content is found once, however many spans there are.
    if (next.angle !== -1 && next.angle < at) next.angle = content.indexOf('<', at);
    if (next.colon !== -1 && next.colon < at) next.colon = content.indexOf('://', at);
    const angle = next.angle === -1 || next.angle > to ? to : next.angle;
    const colon = next.colon === -1 || next.colon > to ? to : next.colon;
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
