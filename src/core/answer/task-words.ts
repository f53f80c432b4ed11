/**
 * The words a kit task is ranked by (CONTEXT §1–§3): its own lines and the lines of what it
 * implements, as BM25 terms without bare numbers.
 */
import { termsOf } from '../shared/words.js';
import type { Workspace } from '../shared/types.js';
import { REQUIREMENT_PREFIX } from '../shared/requirement-prefixes.js';

/**
 * The terms of a task's words for ranking, without bare numbers (a task's own `3.` matches every
 * `Property 3`), single Latin letters (its box's `x`, a list's `a`), story marks (`[US1]`: every
 * task of the story has it) or the kit's reference words.
 */
export function queryTerms(text: string): string[] {
  // Nor the prefix of an id (`FR-1.1`: a task citing one shared `fr` with every requirement so named; `RF` alone is a word: D-503's reviews).
  return termsOf(text.replace(PREFIXED_ID, ' ')).filter((term) => !/^(?:\d+|[a-z]|us\d+)$/.test(term) && !KIT_WORDS.has(term));
}

/** A requirement's id as written (`FR-001`, `NFR-2.1`, `FR-SEC-19`). */
const PREFIXED_ID = new RegExp(`\\b(?:${REQUIREMENT_PREFIX})-(?:[A-Z]{2,4}-)?\\d[\\w.-]*`, 'g');

/** Whether `matched` (the words a unit shares with a task) holds a word other than the common ones. */
export function sharesRealWords(matched: readonly string[]): boolean {
  return matched.some(isRealWord);
}

/** `terms` without the common English words, when it holds another (`the` alone is still looked for). */
export function withoutCommonWords(terms: readonly string[]): string[] {
  const real = terms.filter((term) => !STOP_WORDS.has(term));
  return real.length === 0 ? [...terms] : real;
}

/** `matched` without the common words, to show in a reason (all of it when it has no other). */
export function shownWords(matched: readonly string[]): string[] {
  const real = matched.filter(isRealWord);
  return real.length === 0 ? [...matched] : real;
}

/**
 * Whether `term` says something of a text's work: not one of the common English words, nor a
 * lone Han, kana or Hangul character (`在` "at", `の`, `및` "and": in the scripts written without
 * spaces, words of content are pairs and more; a lone one is a particle standing between code).
 */
function isRealWord(term: string): boolean {
  return !STOP_WORDS.has(term) && !LONE_CJK.test(term);
}

const LONE_CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

/** English words every text has: a section that shares only these with a task does not match it. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  termsOf('a the an and or of to in on for with is are be by as at from that this it its into not no all each when then than shall must should will can may do does if so we you our your their there these those which who what how'),
);

/** The words a kit writes around its references (`_Requirements: 1.2_`, `**Dependencies**: 1.1`): every task has them; they say nothing of its work. */
const KIT_WORDS: ReadonlySet<string> = new Set(termsOf('requirement requirements depends depend dependency dependencies task tasks acceptance criteria criterion'));

/** The terms of `taskId`'s lines and of the lines of what it implements. */
export function taskQuery(workspace: Workspace, taskId: string): string[] {
  const words = [workspace.nodes.get(taskId)!.text];
  for (const edge of workspace.relationsOut.get(taskId) ?? []) if (edge.relation === 'implements') words.push(workspace.nodes.get(edge.id)?.text ?? '');
  return queryTerms(words.join('\n'));
}
