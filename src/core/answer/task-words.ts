/**
 * The words a kit task is ranked by (CONTEXT §1–§3): its own lines and the lines of what it
 * implements, as BM25 terms without bare numbers.
 */
import { termsOf } from '../shared/words.js';
import type { Workspace } from '../shared/types.js';
import { PART_CODE, REQUIREMENT_PREFIX } from '../shared/requirement-prefixes.js';

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
const PREFIXED_ID = new RegExp(`\\b(?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d[\\w.-]*`, 'g');

/** Whether `matched` (the words a unit shares with a task) holds a word other than the common ones. */
export function sharesRealWords(matched: readonly string[]): boolean {
  return realWords(matched).length > 0;
}

/** `terms` without the common English words, when it holds another (`the` alone is still looked for). */
export function withoutCommonWords(terms: readonly string[]): string[] {
  const real = terms.filter((term) => !STOP_WORDS.has(term));
  return real.length === 0 ? [...terms] : real;
}

/** `matched` without the common words, to show in a reason (all of it when it has no other). */
export function shownWords(matched: readonly string[]): string[] {
  const real = realWords(matched);
  return real.length === 0 ? [...matched] : real;
}

/**
 * The terms of `matched` that say something of a text's work: not the common English words, nor a
 * lone Han, kana or Hangul character (`在` "at", `の`, `및` "and": in the scripts written without
 * spaces, words of content are pairs and more; a lone one is a particle standing between code),
 * nor a Japanese pair that holds hiragana or a small katakana and that no other pair matched
 * continues (`への`, `ドを`, `後に` alone: a particle or an ending glued to a neighbour, kaze-jp/kusa;
 * `ラッ` of both `ラッパー` and `ドラッグ`, 108yen/task-orchestrator-mcp — a fifty-second round). Pairs
 * that run on (`キャ`, `ャッ`, `ッシ`, `シュ` of `キャッシュ`; `お気`, `気に`, `に入` of `お気に入り`) are a word.
 */
function realWords(matched: readonly string[]): string[] {
  let firsts: Set<string> | undefined;
  let lasts: Set<string> | undefined;
  const runsOn = (pair: string): boolean => {
    if (firsts === undefined || lasts === undefined) {
      firsts = new Set();
      lasts = new Set();
      for (const term of matched) {
        if (!CJK_PAIR.test(term)) continue;
        firsts.add(term[0]!);
        lasts.add(term[1]!);
      }
    }
    return firsts.has(pair[1]!) || lasts.has(pair[0]!);
  };
  return matched.filter((term) => !STOP_WORDS.has(term) && !LONE_CJK.test(term) && !(KANA_PAIR.test(term) && !runsOn(term)));
}

/** A lone Han, kana or Hangul character, or Japanese's mark that draws a vowel out (`ー`, of no script of its own: a term by itself). */
const LONE_CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]$/u;
/** Two characters of the scripts written without spaces (a term of `shared/words.ts`). */
const CJK_PAIR = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{2}$/u;
/** Two characters of Japanese, one of them hiragana or a small katakana. */
const KANA_PAIR = /^(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{2}$).*[\p{Script=Hiragana}ァィゥェォッャュョヮヵヶ]/u;

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
