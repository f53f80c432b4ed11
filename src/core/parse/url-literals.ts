/**
 * GFM autolink literals (`https://github.com/o/r/blob/main/x.md` written bare in text), the
 * `http://` and `https://` ones only: those are the ones that can name the repository's own
 * files (META-01 §5). Where one ends follows micromark-extension-gfm-autolink-literal, the
 * reference the differential test holds the Markdown stage to: the domain, then the path up to
 * white space, without trailing punctuation (`.`, `,`, `)` beyond the balanced ones, `&amp;`,
 * …). After an unclosed `[`, GFM finds literals by mdast's second rule instead (a regular
 * expression over the text, then the same trailing punctuation cut); `afterBracket` asks for
 * that one. Linear in the literal's length; no regular expression that can backtrack.
 */

const PUNCTUATION = /\p{P}|\p{S}/u;
const WHITESPACE = /\s/;
/** What may end a path when only trailing punctuation follows it (micromark's `pathInside`). */
const PATH_STOPS = new Set('!"&\')*,.:;<?]_~');
/** Trailing punctuation (micromark's `trail`), besides `&entity;` and `]`. */
const TRAIL = new Set('!"\')*,.:;?_~');
/** What mdast's `splitUrl` cuts off the end of a literal. */
const SPLIT_TRAIL = new Set('!"&\'),.:;<>?]}');
const WORD = /[\w-]/;
const DOMAIN = /[\w.-]/;
const BREAK = /[\t\n\r ]/;
/** What closes emphasis or strikethrough (mdast's text node ends before it). */
const EMPHASIS = new Set('*_~');
/** An entity at the end of a literal that stands for one of `SPLIT_TRAIL`. */
const TRAIL_ENTITY = /&(?:amp|quot|apos|lt|gt|excl|comma|period|colon|semi|quest|rsqb|rcub|rpar);$/i;

/** `http://` or `https://` at `at`, any case: its length, or 0. */
export function protocolLength(text: string, at: number): number {
  if (at < 0) return 0;
  const lower = text.slice(at, at + 8).toLowerCase();
  return lower.startsWith('https://') ? 8 : lower.startsWith('http://') ? 7 : 0;
}

/**
 * The end of the literal that starts at `start` (its `h`) in `text`, read up to `max`; `-1`
 * when none starts there. The caller has checked `protocolLength(text, start) > 0`.
 */
export function literalEnd(text: string, start: number, max: number, afterBracket: boolean): number {
  const before = start === 0 ? -1 : text.charCodeAt(start - 1);
  if (afterBracket) return bracketLiteralEnd(text, start, max, before);
  // micromark: anything but an ASCII letter may come before it.
  if (isAsciiAlpha(before)) return -1;
  let at = start + protocolLength(text, start);
  if (at >= max || isControl(text.charCodeAt(at)) || isSpace(text, at) || isPunctuation(text, at)) return -1;
  at = domainEnd(text, at, max);
  return at === -1 ? -1 : pathEnd(text, at, max);
}

/** The end of the domain starting at `from`, or `-1` when an underscore is in its last two segments. */
function domainEnd(text: string, from: number, max: number): number {
  let underscoreLast = false;
  let underscoreBefore = false;
  let at = from;
  for (; at < max; at += 1) {
    const char = text[at]!;
    if (char === '.' || char === '_') {
      if (isTrail(text, at, max)) break;
      if (char === '_') underscoreLast = true;
      else (underscoreBefore = underscoreLast), (underscoreLast = false);
    } else if (isSpace(text, at) || (char !== '-' && isPunctuation(text, at))) break;
  }
  return underscoreLast || underscoreBefore ? -1 : at;
}

/** The end of the path starting at `from`: up to white space, trailing punctuation left out, parentheses balanced. */
function pathEnd(text: string, from: number, max: number): number {
  let open = 0;
  let close = 0;
  for (let at = from; at < max; at += 1) {
    const char = text[at]!;
    if (char === '(') open += 1;
    else if (char === ')' && close < open) close += 1;
    else if (PATH_STOPS.has(char)) {
      if (isTrail(text, at, max)) return at;
      if (char === ')') close += 1;
    } else if (isSpace(text, at)) return at;
  }
  return max;
}

/** Whether only trailing punctuation follows from `from` until the text, a space or a `<` ends it. */
function isTrail(text: string, from: number, max: number): boolean {
  for (let at = from; ; ) {
    if (at >= max) return true;
    const char = text[at]!;
    if (TRAIL.has(char)) at += 1;
    else if (char === '&') {
      // `&amp;` and the like: letters then `;`.
      let end = at + 1;
      while (end < max && isAsciiAlpha(text.charCodeAt(end))) end += 1;
      if (end === at + 1 || end >= max || text[end] !== ';') return false;
      at = end + 1;
    } else if (char === ']') {
      at += 1;
      if (at >= max || text[at] === '(' || text[at] === '[' || isSpace(text, at)) return true;
    } else return char === '<' || isSpace(text, at);
  }
}

/**
 * mdast's rule, which runs on text nodes (emphasis, code and HTML already taken out), read here
 * on the source: after a space, punctuation or the start; the text up to white space, a `<` or
 * a `` ` `` (HTML and code end a text node), less the closing emphasis at its end (`*`, `_`,
 * `~` that also occur before the literal); a domain of word characters, `-` and `.` holding a
 * dot, whose last two segments have no `_`; then trailing punctuation cut (an entity counts as
 * the character it stands for) and closing parentheses kept while they balance.
 */
function bracketLiteralEnd(text: string, start: number, max: number, before: number): number {
  if (before !== -1 && !isSpaceCode(before) && !PUNCTUATION.test(String.fromCharCode(before))) return -1;
  const domainStart = start + protocolLength(text, start);
  let stop = domainStart;
  while (stop < max && !BREAK.test(text[stop]!) && text[stop] !== '<' && text[stop] !== '`') stop += 1;
  while (stop > domainStart && EMPHASIS.has(text[stop - 1]!) && text.lastIndexOf(text[stop - 1]!, start) !== -1) stop -= 1;
  let at = domainStart;
  while (at < stop && WORD.test(text[at]!)) at += 1;
  if (at >= stop || text[at] !== '.') return -1;
  while (at < stop && DOMAIN.test(text[at]!)) at += 1;
  if (isPunctuation(text, domainStart)) return -1;
  // Only non-empty segments are checked: `example.com.` is a domain.
  const parts = text.slice(domainStart, at).split('.');
  if (parts.slice(-2).some((part) => part !== '' && (part.includes('_') || !/[\dA-Za-z]/.test(part)))) return -1;
  let end = stop;
  for (;;) {
    if (text[end - 1] === ';' && TRAIL_ENTITY.test(text.slice(Math.max(domainStart, end - 8), end))) end = text.lastIndexOf('&', end);
    else if (end > domainStart && SPLIT_TRAIL.has(text[end - 1]!)) end -= 1;
    else break;
  }
  let opened = 0;
  let closed = 0;
  for (let i = domainStart; i < end; i += 1) (opened += text[i] === '(' ? 1 : 0), (closed += text[i] === ')' ? 1 : 0);
  // Closing parentheses in the cut part come back while they balance an open one.
  for (let i = end; i < stop && opened > closed; i += 1) if (text[i] === ')') (end = i + 1), (closed += 1);
  return end;
}

function isAsciiAlpha(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isControl(code: number): boolean {
  return code < 0x20 || code === 0x7f;
}

function isSpace(text: string, at: number): boolean {
  return isSpaceCode(text.charCodeAt(at));
}

function isSpaceCode(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d || (code > 0x7f && WHITESPACE.test(String.fromCharCode(code)));
}

function isPunctuation(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code < 0x80 ? (code >= 0x21 && code <= 0x2f) || (code >= 0x3a && code <= 0x40) || (code >= 0x5b && code <= 0x60) || (code >= 0x7b && code <= 0x7e) : PUNCTUATION.test(text[at]!);
}
