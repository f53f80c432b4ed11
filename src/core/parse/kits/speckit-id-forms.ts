/**
 * How a Spec Kit tasks.md writes requirement ids and task ids in its mapping lines (speckit-mappings.ts) and in the lines that
 * say which tasks verify a requirement (speckit-verified.ts): the forms both read.
 */
import { PART_CODE, REQUIREMENT_PREFIX } from '../../shared/requirement-prefixes.js';

/** The requirements' side opens with a requirement id (`FR-001, …`; a team's part code too, `FR-IDN-001`: JhonyKing/atlas); `T002 (FR-002 …)` is a dependency, no mapping (a review). */
export const REQUIREMENTS_SIDE = new RegExp(`^[ \\t]*(?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d`);
/** Its tasks' side: task ids (`T011`, `T002a`, `T4.1`) and what joins them (`,`, `、`, `~`, a dash, `&`, `+`, `and`), no other word. */
export const REVERSE_TASKS = /^(?:[\s,~～〜–—\-、，&+]|T\d+[a-z]?(?:\.\d+)*(?![\w.])|and\b)*$/;
/** A requirement's mapping written the other way round: its ids in bold (`**FR-003/004**`) and a colon; task ids only after it (and notes in parentheses). */
export const REVERSE_MAPPING = new RegExp(`^[ \\t]*\\*\\*((?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d[^*\\n]*)\\*\\*[ \\t]*[:：]`);
/** The same without the bold, a note in parentheses after the id (`- SC-003 (developer scope isolation): T036.`: Najam-ul-islam/progress-tracker's "Success Criteria Mapping"). */
export const PLAIN_REVERSE_MAPPING = new RegExp(`^[ \\t]*((?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d+[a-z]?(?:[ \\t]*[(（][^()（）\\n]*[)）])?)[ \\t]*[:：]`);

/** A requirement id (a part code too), a number after one, or what joins them (`,`, a dash, `..`, `to`, `through`). */
export const ID_OR_JOIN = `(?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d+(?:-\\d+)*[a-zA-Z]?|\\d+[a-z]?|[,、/&+~～〜–—]|\\.\\.|to\\b|and\\b|through\\b`;
/** The ids a row's first cell opens with, and what joins them (`FR-001, FR-003`, `SC-CMP-001–SC-CMP-004`, `FR-SEC-001..002`, `FR-004; FR-005`). */
export const LEADING_IDS = new RegExp(`^(?:[ \\t]*(?:${ID_OR_JOIN}|;))+`);
/** The same, notes in parentheses among them (`FR-001 (complete with optional date), FR-004 (batch 1-100)`), up to a `;` that ends the list. */
export const LISTED_IDS = new RegExp(`^(?:[ \\t]*(?:${ID_OR_JOIN}|[(（][^()（）\\n]*[)）]))+`);

/** `text` without the stops and spaces that end it (`T036.`, `T041。`), by hand: a pattern anchored at the end is quadratic in a run of dots (a review). */
export function withoutFinalStop(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t' || text[end - 1] === '.' || text[end - 1] === '。')) end -= 1;
  return text.slice(0, end);
}
