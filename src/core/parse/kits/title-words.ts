/**
 * Whether two tasks' titles say the same work (heading-tasks.ts's recaps and notes, task-copies.ts's copies, pick-items.ts's
 * detail headings): their words, compared in any script.
 */
import { HEADING_DONE, titleKey } from './kit-read.js';

/** A title as compared with another: without marks of done, its case and spaces aside. */
export const plainTitle = (title: string): string => titleKey(title.replace(HEADING_DONE, ''));

/**
 * Whether two titles say the same work: the same, or more than two thirds of the shorter's words are the other's (`titleWords`).
 */
export function similar(a: string, b: string): boolean {
  if (plainTitle(a) === plainTitle(b)) return true;
  const [x, y] = [titleWords(a), titleWords(b)];
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  let shared = 0;
  for (const word of small) if (large.has(word)) shared += 1;
  return small.size > 0 && shared * 3 > small.size * 2;
}

/**
 * A title's words as `similar` compares them: words of three letters or more, and in Chinese, Japanese or Korean each pair of
 * characters (`ユーザー認証を実装` of `ユーザー認証を実装する`: a review). A word is of one script (`Unity同期` is `unity` and `同期`),
 * and in a title that writes Chinese, Japanese or Korean a word of two letters counts too (`DB設計` is not `UI設計`: a review).
 */
export function titleWords(title: string): Set<string> {
  const out = new Set<string>();
  const words = title.toLowerCase().match(WORD) ?? [];
  const cjk = words.some((word) => CJK.test(word));
  for (const word of words) {
    if (!CJK.test(word)) {
      if (word.length >= (cjk ? 2 : 3)) out.add(word);
      continue;
    }
    const chars = [...word];
    if (chars.length === 1) out.add(word);
    for (let k = 0; k + 1 < chars.length; k += 1) out.add(chars[k]! + chars[k + 1]!);
  }
  return out;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** A word of one script: a run of Chinese, Japanese or Korean (with `ー`), or of other letters and digits (`Unity同期` is two: a review of D-525). */
const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー])[\p{L}\p{N}])+/gu;
