/**
 * One line of gitignore syntax (gitignore(5)) read into a rule that matches path segments:
 * `#` comments, `!` negation, trailing spaces (unless escaped), a trailing `/` for
 * directories only, anchoring (a `/` at the start or in the middle), `**` segments, and the
 * characters of each segment (`*`, `?`, bracket classes, backslash escapes). Where git and
 * the `ignore` package differ, see docs/decisions.md ("globs").
 */
import { ANY_CHAR, CLASS_BASE, STAR, type CharClass, type WildSegment } from './match-segment.js';

/** One `/`-separated piece of a pattern. */
export type GlobSegment =
  | { readonly kind: 'literal'; readonly text: string }
  | ({ readonly kind: 'wild' } & WildSegment)
  /** Any one path segment (the first of the one or more a trailing `**` takes). */
  | { readonly kind: 'any' }
  /** `**`: zero or more whole path segments. */
  | { readonly kind: 'globstar' };

export interface GlobRule {
  /** A `!` rule: a path it matches is no longer ignored. */
  readonly negative: boolean;
  /** A trailing `/`: the rule matches directories only. */
  readonly directoryOnly: boolean;
  /** `false`: no `/` in the pattern; its one segment matches a name at any depth. */
  readonly anchored: boolean;
  readonly segments: readonly GlobSegment[];
}

const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const STAR_CODE = 0x2a;
const QUESTION = 0x3f;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const DASH = 0x2d;
const COLON = 0x3a;

/** git's POSIX classes, ASCII only (its own ctype, not the C library's). */
const POSIX_CLASSES: ReadonlyMap<string, readonly number[]> = new Map([
  ['alnum', [0x30, 0x39, 0x41, 0x5a, 0x61, 0x7a]],
  ['alpha', [0x41, 0x5a, 0x61, 0x7a]],
  ['blank', [0x20, 0x20, 0x09, 0x09]],
  ['cntrl', [0x00, 0x1f, 0x7f, 0x7f]],
  ['digit', [0x30, 0x39]],
  ['graph', [0x21, 0x7e]],
  ['lower', [0x61, 0x7a]],
  ['print', [0x20, 0x7e]],
  ['punct', [0x21, 0x2f, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x7e]],
  ['space', [0x20, 0x20, 0x09, 0x0a, 0x0d, 0x0d]],
  ['upper', [0x41, 0x5a]],
  ['xdigit', [0x30, 0x39, 0x41, 0x46, 0x61, 0x66]],
]);

/** The pieces of a pattern between its separators, before `**` is told apart. */
interface Piece {
  readonly tokens: number[];
  readonly classes: CharClass[];
  /** Unescaped stars read (a run is kept as one token). */
  stars: number;
  /** A token other than an unescaped star. */
  other: boolean;
  /** The separator after it is `\/` (an escaped slash). */
  escapedAfter: boolean;
}

/**
 * Reads one pattern. `listEntry`: an entry of a list (`docugraph.yml`), whose trailing line
 * ends are dropped too. `null`: a comment, a blank line, or a pattern that matches nothing
 * (a lone trailing backslash, a class never closed or naming an unknown class, an empty segment).
 */
export function parseGlob(line: string, listEntry = false): GlobRule | null {
  if (!SPECIAL.test(line)) return plainRule(line);
  if (line.charCodeAt(0) === 0x23) return null;
  const negative = line.charCodeAt(0) === 0x21;
  let body = trimEnd(negative ? line.slice(1) : line, listEntry);
  if (body === '' || endsInEscape(body)) return null;
  const directoryOnly = body.charCodeAt(body.length - 1) === SLASH;
  if (directoryOnly) body = body.slice(0, -1);
  if (body === '' || endsInEscape(body)) return null;
  const anchored = body.includes('/');
  if (anchored && body.charCodeAt(0) === SLASH) body = body.slice(1);
  const pieces = splitPieces(body);
  if (pieces === null || pieces.some((piece) => piece.tokens.length === 0)) return null;
  return { negative, directoryOnly, anchored, segments: anchored ? anchoredSegments(pieces) : [segmentOf(pieces[0]!)] };
}

/** What a line needs for more than `plainRule`: a comment, `!`, a wildcard, an escape, a trailing space or line end. */
const SPECIAL = /^[#!]|[*?[\\\r\n]| $/;

/** A line of literal segments (most `exclude` entries): the same rule, read without the general path. */
function plainRule(line: string): GlobRule | null {
  const directoryOnly = line.endsWith('/');
  let body = directoryOnly ? line.slice(0, -1) : line;
  const anchored = body.includes('/');
  if (anchored && body.startsWith('/')) body = body.slice(1);
  const texts = body.split('/');
  if (texts.includes('')) return null;
  return { negative: false, directoryOnly, anchored, segments: texts.map((text) => ({ kind: 'literal', text })) };
}

/** Splits on `/` and `\/` outside classes; reads escapes, wildcards and classes. */
function splitPieces(body: string): Piece[] | null {
  const piece = (): Piece => ({ tokens: [], classes: [], stars: 0, other: false, escapedAfter: false });
  const pieces: Piece[] = [piece()];
  let current = pieces[0]!;
  let nextClose = -1;
  for (let i = 0; i < body.length; ) {
    const code = body.charCodeAt(i);
    if (code === SLASH || (code === BACKSLASH && body.charCodeAt(i + 1) === SLASH)) {
      current.escapedAfter = code === BACKSLASH;
      current = piece();
      pieces.push(current);
      i += code === SLASH ? 1 : 2;
    } else if (code === STAR_CODE) {
      current.stars += 1;
      if (current.tokens[current.tokens.length - 1] !== STAR) current.tokens.push(STAR);
      i += 1;
    } else if (code === OPEN) {
      const scanned = scanClass(body, i, nextClose);
      if (scanned === null) return null;
      nextClose = scanned.nextClose;
      current.tokens.push(CLASS_BASE - current.classes.length);
      current.classes.push(scanned.cls);
      current.other = true;
      i = scanned.end + 1;
    } else {
      const escaped = code === BACKSLASH;
      current.tokens.push(escaped ? body.charCodeAt(i + 1) : code === QUESTION ? ANY_CHAR : code);
      current.other = true;
      i += escaped ? 2 : 1;
    }
  }
  return pieces;
}

/**
 * The segments of an anchored pattern. A piece of stars alone, two or more, is `**`: zero or
 * more segments before a `/`; one or more at the end (`a/**` is not `a` itself) and before an
 * escaped `\/` (git matches any text, then the slash).
 */
function anchoredSegments(pieces: readonly Piece[]): GlobSegment[] {
  const segments: GlobSegment[] = [];
  pieces.forEach((piece, at) => {
    if (piece.other || piece.stars < 2) {
      segments.push(segmentOf(piece));
      return;
    }
    if (at === pieces.length - 1 || piece.escapedAfter) segments.push({ kind: 'any' });
    if (segments[segments.length - 1]?.kind !== 'globstar') segments.push({ kind: 'globstar' });
  });
  return segments;
}

function segmentOf(piece: Piece): GlobSegment {
  const { tokens, classes } = piece;
  const first = tokens.findIndex((token) => token < 0);
  if (first < 0) return { kind: 'literal', text: textOf(tokens, 0, tokens.length) };
  const head = textOf(tokens, 0, first);
  const tail = textOf(tokens, tokens.findLastIndex((token) => token < 0) + 1, tokens.length);
  return { kind: 'wild', tokens, classes, minLength: tokens.filter((token) => token !== STAR).length, head, tail };
}

/** The literal characters `tokens[from..to)` as a string (a loop: a line may hold a million). */
function textOf(tokens: readonly number[], from: number, to: number): string {
  let text = '';
  for (let i = from; i < to; i += 1) text += String.fromCharCode(tokens[i]!);
  return text;
}

/**
 * A bracket expression at `body[start] === '['`, read as git's wildmatch reads it: a `]` first
 * is a member, `\` escapes, `a-z` ranges (a reversed one keeps only its first end), `[:name:]`.
 * `null` when it never closes or names an unknown class: git then matches nothing.
 * `nextClose` carries the first `]` found by a `[:` look-ahead, so a line of `[[:[[:…` is read once.
 */
function scanClass(body: string, start: number, nextClose: number): { end: number; cls: CharClass; nextClose: number } | null {
  let i = start + 1;
  const lead = body.charCodeAt(i);
  const negated = lead === 0x21 || lead === 0x5e;
  if (negated) i += 1;
  const ranges: number[] = [];
  let previous = -1;
  let close = nextClose;
  for (;;) {
    if (i >= body.length) return null;
    const code = body.charCodeAt(i);
    if (code === BACKSLASH) {
      i += 1;
      if (i >= body.length) return null;
      previous = body.charCodeAt(i);
      ranges.push(previous, previous);
    } else if (code === DASH && previous >= 0 && i + 1 < body.length && body.charCodeAt(i + 1) !== CLOSE) {
      i += 1;
      if (body.charCodeAt(i) === BACKSLASH) i += 1;
      if (i >= body.length) return null;
      const to = body.charCodeAt(i);
      if (previous <= to) ranges.push(previous, to);
      previous = -1;
    } else if (code === OPEN && body.charCodeAt(i + 1) === COLON) {
      if (close < i + 2) close = body.indexOf(']', i + 2);
      if (close < 0) return null;
      if (close > i + 2 && body.charCodeAt(close - 1) === COLON) {
        const named = POSIX_CLASSES.get(body.slice(i + 2, close - 1));
        if (named === undefined) return null;
        ranges.push(...named);
        previous = -1;
        i = close;
      } else {
        previous = code;
        ranges.push(code, code);
      }
    } else {
      previous = code;
      ranges.push(code, code);
    }
    i += 1;
    if (body.charCodeAt(i) === CLOSE) return { end: i, cls: { negated, ranges }, nextClose: close };
  }
}

/**
 * Drops trailing spaces unless the last is escaped (`a\ ` keeps one), as git does; in a list
 * entry, trailing line ends (LF, CR LF) too, as the `ignore` package does for list entries.
 */
function trimEnd(body: string, listEntry: boolean): string {
  let lineEnd = body.length;
  let end = lineEnd;
  for (;;) {
    if (listEntry && body.charCodeAt(lineEnd - 1) === 0x0d) lineEnd -= 1;
    end = lineEnd;
    while (end > 0 && body.charCodeAt(end - 1) === 0x20) end -= 1;
    if (!listEntry || body.charCodeAt(end - 1) !== 0x0a) break;
    lineEnd = end - 1;
  }
  if (end === lineEnd) return body.slice(0, lineEnd);
  let backslashes = 0;
  while (body.charCodeAt(end - backslashes - 1) === BACKSLASH) backslashes += 1;
  // An odd run escapes the first trailing space: it stays, escaped.
  return body.slice(0, backslashes % 2 === 1 ? end + 1 : end);
}

/** `true` when `body` ends in an unpaired backslash (it escapes nothing: git matches nothing). */
function endsInEscape(body: string): boolean {
  let count = 0;
  while (body.charCodeAt(body.length - count - 1) === BACKSLASH) count += 1;
  return count % 2 === 1;
}
