/**
 * Neutralising text that came from documents (ids, titles, paths, link targets, messages
 * quoting them) before it reaches the CLI's output, which people read on a terminal and CI
 * reads as a log. One rule for every renderer:
 *
 * - Characters a terminal or a log viewer may act on instead of showing — C0 controls
 *   (ESC, BEL, CR, LF, …), DEL, C1 controls (U+0080–U+009F), the line and paragraph
 *   separators U+2028/U+2029 and bidirectional formatting (U+061C, U+200E/F,
 *   U+202A–U+202E, U+2066–U+2069) — are written visibly: `\n`, `\r`, `\t`, `\xHH` up to
 *   U+00FF, `\u{HHHH}` above. Text that is already visible (a literal `\x1b`, `é`, emoji)
 *   is left as it is.
 * - CI workflow commands cannot be forged: GitHub's runner acts on a line that starts
 *   (after white space) with `::` and on `##[command]` anywhere in a line (Azure Pipelines
 *   on `##vso[`). A value that begins a line has its leading `:` written `\x3a`; the first
 *   `#` of `##[`/`##vso[` is written `\x23`.
 */

/** Every unsafe character (for one value inside a line). */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Unsafe characters except LF and tab, and CR only when it does not end a CRLF line (for a block on a terminal). */
const UNSAFE_IN_BLOCK = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;
/** Unsafe characters except CR and LF (which GitHub's workflow commands escape as `%0D`, `%0A`). */
const UNSAFE_EXCEPT_NEWLINES = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Characters `JSON.stringify` leaves raw that a terminal may act on (JSON white space excepted). */
const UNSAFE_IN_JSON = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The first `#` of `##[` or `##vso[` (invisible format characters in between count as
 * nothing, as culture-aware string search treats them).
 */
const LEGACY_COMMAND = /#(?=\p{Cf}*#\p{Cf}*(?:vso)?\[)/giu;
/** A leading `:` followed by another: `::command::` once white space is trimmed. */
const COMMAND_START = /^([\s\p{Cf}]*):(?=\p{Cf}*:)/u;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The visible form of one character: `\n`, `\r`, `\t`, `\xHH` up to U+00FF, else `\u{HHHH}`. */
export function visibleChar(ch: string): string {
  const named = NAMED[ch];
  if (named !== undefined) return named;
  const code = ch.codePointAt(0)!;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/** Breaks `##[` and `##vso[` so that no CI runner reads a command in the text. */
export function defuseLegacyCommands(text: string): string {
  return text.replace(LEGACY_COMMAND, '\\x23');
}

/** Whether a text has nothing to neutralise inline: no unsafe character and no `#` (the common case, checked fast). */
const PLAIN = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069#]*$/;

/** One value inside a line of output: every unsafe character visible, no `##[` command. */
export function safeInline(text: string): string {
  if (PLAIN.test(text)) return text;
  return defuseLegacyCommands(text.replace(UNSAFE, visibleChar));
}

/** A value that begins a line of output: as `safeInline`, and it cannot start a `::` command. */
export function safeLineStart(text: string): string {
  const safe = safeInline(text);
  return safe.includes(':') ? safe.replace(COMMAND_START, '$1\\x3a') : safe;
}

/**
 * A whole text (a bundle, a Mermaid or DOT graph) shown on a terminal: line breaks (LF,
 * CRLF) and tabs kept, every other unsafe character visible. Not for pipes or files, which
 * get the exact bytes.
 */
export function safeBlock(text: string): string {
  return text.replace(UNSAFE_IN_BLOCK, visibleChar);
}

/**
 * Text for a GitHub workflow command, before its `%`/CR/LF escaping: every unsafe character
 * except CR and LF visible (those two the command escapes as `%0D`/`%0A`), no `##[` command.
 */
export function safeWorkflowText(text: string): string {
  return defuseLegacyCommands(text.replace(UNSAFE_EXCEPT_NEWLINES, visibleChar));
}

/** The first `#` of `##[` or `##vso[` in JSON text, where `\u` escapes may stand for characters. */
const LEGACY_COMMAND_IN_JSON = /#(?=(?:\p{Cf}|\\u[0-9a-fA-F]{4})*#(?:\p{Cf}|\\u[0-9a-fA-F]{4})*(?:vso)?\[)/giu;

/**
 * JSON text for a terminal, a pipe or a CI log: the characters `JSON.stringify` leaves raw
 * (DEL, C1, U+2028/9, bidirectional formatting) become `\uHHHH` escapes, and so does the
 * first `#` of a `##[` or `##vso[` command; each denotes the same JSON value. Such characters
 * can only occur inside strings, so the structure is untouched, and a parser reads exactly
 * the value it would read without them.
 */
export function safeJson(json: string): string {
  const escaped = json.replace(UNSAFE_IN_JSON, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.includes('#') ? escaped.replace(LEGACY_COMMAND_IN_JSON, '\\u0023') : escaped;
}
