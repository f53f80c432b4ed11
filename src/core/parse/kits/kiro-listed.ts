/** Kiro: the requirements a task lists under a sub-heading that names them (D-525), or in parentheses by the team's `REQ-` ids (D-543). Pure: one task's span. */
import { numberList, type ItemRefs } from './kit-read.js';
import { MAX_RANGE } from './number-list.js';
import type { Span } from './pick-items.js';

/**
 * A task's sub-heading that names its requirements (`### 需求` under a heading task `## 任务 2: …`: 233748863/BOT-MMORPG-AI-CN),
 * and a list item under it that opens with the word for requirement, its number and a colon (`- 需求 3: 导航栏更新`): the task's
 * requirement, all of it. Elsewhere such a list may say what the task does not do (`Out of scope: - Requirement 2: Export`: a review).
 */
const REQUIREMENTS_HEADING = /^#{2,6}[ \t]+(?:Requirements?|Requisitos?|需求|要件|요구사항|(?:ال)?متطلبات)[ \t]*[:：]?[ \t]*$/i;
const LISTED_REQUIREMENT = /^[ \t]*[-*+][ \t]+(?:Requirements?|Requisitos?|需求|要件|요구사항|(?:ال)?متطلب)[ \t]*(\d+(?:\.\d+)?)[ \t]*[:：]/i;

/** The requirements listed under a task's sub-heading that names them (`REQUIREMENTS_HEADING`), and in parentheses by `REQ-` ids (`inlineRequirements`), as `implements`. */
export function listedRequirements(refs: ItemRefs, span: Span, scope: string): void {
  const { text } = span;
  inlineRequirements(refs, span, scope);
  if (!text.includes('#')) return;
  let under = false;
  for (let at = 0; at < text.length; ) {
    let end = text.indexOf('\n', at);
    if (end === -1) end = text.length;
    const line = text.slice(at, end);
    if (line.startsWith('#')) under = REQUIREMENTS_HEADING.test(line);
    else if (under) {
      const listed = LISTED_REQUIREMENT.exec(line);
      if (listed !== null) for (const n of numberList(listed[1]!, refs.room, 'requirement').numbers) refs.add({ relation: 'implements', id: `${scope}/R${n}`, line: span.lineAt(at), written: line.trim() });
    }
    at = end + 1;
  }
}

/**
 * A requirement or criterion written with the team's `REQ-` before its number (`_Requisitos: REQ-1.1, REQ-4.1_`:
 * HeltonFraga01/cortexx, whose requirements.md heads them `### REQ-1:` and `#### REQ-1.1:`; `(REQ-1.6, 1.7)`:
 * No-Country-simulation/S07-26-Team-26): the number is the kit's (`1.1`). Not a team's tag (`REQ-SEC-01`), nor a number with a
 * leading zero (`REQ-001`: an id of the team's own), nor one of more digits or parts after a dash (`REQ-2024-001`: a review).
 */
const REQ_NUMBER = /(?<![\w-])REQ-(?=[1-9]\d{0,2}(?:\.\d{1,3})*(?![\w-]|\.\d))/g;

/** `value` with `REQ-` taken from before the numbers it prefixes (`REQ_NUMBER`). */
export const unprefixed = (value: string): string => (value.includes('REQ-') ? value.replace(REQ_NUMBER, '') : value);

/** Parentheses that open with a `REQ-` number and hold only numbers, `REQ-` numbers and their separators: `(REQ-5.3)`, `(REQ-1, REQ-4, REQ-5)`. */
const INLINE = /[(（](REQ-[1-9][^()（）\n]*)[)）]/g;
const LIST_ONLY = /^[\d.,、，;\s–—-]*$/;

/**
 * The requirements and criteria a task cites in parentheses by the team's `REQ-` ids, with no label (`- [ ] Implementar bloqueo de
 * transiciones de estado inválidas (REQ-5.3)`: No-Country-simulation/S07-26-Team-26, 252 such lines in six features): `implements`.
 * Prose in the parentheses (`(REQ-5 is out of scope)`) makes them none.
 */
export function inlineRequirements(refs: ItemRefs, span: Span, scope: string): void {
  const { text } = span;
  if (!text.includes('REQ-')) return;
  for (const match of text.matchAll(INLINE)) {
    const inner = unprefixed(match[1]!);
    if (!LIST_ONLY.test(inner)) continue;
    const line = span.lineAt(match.index);
    const { numbers, more } = numberList(inner, refs.room, 'requirement');
    for (const n of numbers) refs.add({ relation: 'implements', id: `${scope}/R${n}`, line, written: match[0] });
    refs.count(more, line);
  }
}

/**
 * A task's id written whole after `T` in a dependency whose numbers name none: `[depends:T-CE-01]` (a part's code:
 * BarryYin/Contract_Review2026), `**依赖**：T02～T35` (a range of ids with a leading zero: ma-pony/saas-template, D-545) — an id
 * with a hyphen or a leading zero, as numbers do not write it; not one of another source or feature (`platform:auth/T1`: a test).
 */
const WRITTEN_TASK = /(?<![\w/:-])T((?:-[A-Z]{1,4})?-\d{1,4}|0\d{0,3})(?:[ \t]*[～〜~–—][ \t]*|-)?(?:T((?:-[A-Z]{1,4})?-\d{1,4}|\d{1,4}))?(?![\w-]|\.\d)/g;

/**
 * The tasks a dependency's value names, as the numbers after `T` (`numberList`), or where those are none, as the ids written
 * (`-CE-01`, `02` … `35`: `asWritten`, not to be mapped again), a range between two of the same shape expanded (at most
 * `MAX_RANGE`), at most `room`; the rest counted in `more`.
 */
export function taskNumbers(value: string, room: number): { readonly numbers: string[]; readonly more: number; readonly asWritten: boolean } {
  const listed = numberList(value, room, 'task');
  if (listed.numbers.length > 0 || listed.more > 0 || !value.includes('T')) return { numbers: listed.numbers, more: listed.more, asWritten: false };
  const numbers: string[] = [];
  let more = 0;
  for (const match of value.matchAll(WRITTEN_TASK)) {
    for (const id of match[2] === undefined ? [match[1]!] : between(match[1]!, match[2])) {
      if (numbers.length < room) numbers.push(id);
      else more += 1;
    }
  }
  return { numbers, more, asWritten: numbers.length > 0 };
}

/** The ids from `first` to `last` when they share their shape (`02`–`35`, `-CE-01`–`-CE-03`) and the range is short; else the two. */
function between(first: string, last: string): string[] {
  const head = first.replace(/\d+$/, '');
  const from = first.slice(head.length);
  const to = last.slice(head.length);
  if (!last.startsWith(head) || !/^\d+$/.test(to) || to.length !== from.length || Number(to) < Number(from) || Number(to) - Number(from) >= MAX_RANGE) return [first, last];
  const out: string[] = [];
  for (let n = Number(from); n <= Number(to); n += 1) out.push(`${head}${String(n).padStart(from.length, '0')}`);
  return out;
}

/**
 * Where the value of the label `match` (its group 1 the `_` or `**` that opens it), which starts at `start`, ends (`limit` at most):
 * after a label opened with `_` or `**`, at its closing `_` or `*`, or a blank line; after a plain one, at the line's end or a `_` or
 * `*`. A label whose own mark closes after its colon (`_Requirements:_ 2.1`) reads as a plain one; so does one whose mark closes before
 * it (`**依存**: Task 1.1, 1.2`: monoharada/leonardo-learn, D-556), and on over the lines right after it that hold only ids (`wrappedIds`).
 */
export function labelValueEnd(text: string, match: RegExpExecArray, start: number, limit: number): number {
  const closed = match[1] !== undefined && match[0].split(match[1]).length > 2;
  const end = valueEnd(text, start, limit, closed ? undefined : match[1]);
  return closed && !/[:：][ \t]*(?:\*\*|_)$/.test(match[0]) ? wrappedIds(text, end, limit) : end;
}

/** Where a value that starts at `start` ends (`limit` at most), after a label opened with `opener` or none (`labelValueEnd`). */
function valueEnd(text: string, start: number, limit: number, opener: string | undefined): number {
  const close = opener === '_' ? '_' : '*';
  for (let at = start; at < limit; at += 1) {
    const c = text[at];
    if (opener === undefined ? c === '\n' || c === '_' || c === '*' : c === close || (c === '\n' && text[at + 1] === '\n')) return at;
  }
  return limit;
}

/** A line that holds only ids (`    2.2`, `1.3, 2.2,`, `3`): a wrapped label value's next line. */
const ID_LINE = /^[ \t]*R?\d+(?:\.\d+)*(?:[ \t]*[,、，~～–—-][ \t]*R?\d+(?:\.\d+)*)*[ \t]*[,、，]?[ \t]*$/;

/**
 * Where a bold label's value closed before its colon ends (`- **Requirements**: 1.3, 2.1,` then `    2.2`, as a formatter wraps it;
 * `**Requirements**:` then `1.3, 2.2`): past the lines right after its own (`end`, a line's end) that hold only ids, up to `limit`.
 * Not a list's next item, nor words (a review of D-556).
 */
function wrappedIds(text: string, end: number, limit: number): number {
  let at = end;
  while (at < limit && text.charCodeAt(at) === 0x0a) {
    const next = text.indexOf('\n', at + 1);
    const stop = next === -1 ? text.length : next;
    if (stop > limit || !ID_LINE.test(text.slice(at + 1, stop))) break;
    at = stop;
  }
  return at;
}
