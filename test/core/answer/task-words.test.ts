/**
 * The words a unit shares with a task that say something of its work (answer/task-words.ts): what ties an earlier task,
 * a section or an uncited item to a task, and what a reason shows.
 */
import { describe, expect, it } from 'vitest';
import { sharesRealWords, shownWords } from '../../../src/core/answer/task-words.js';

describe('shared words', () => {
  it('common English words and lone characters of the scripts written without spaces say nothing; `ー` alone neither', () => {
    expect(sharesRealWords(['the', 'and', '在', 'の', 'ー'])).toBe(false);
    expect(shownWords(['ー', 'edit', '復帰'])).toEqual(['edit', '復帰']);
  });

  it('a Japanese pair with hiragana or a small katakana says something only where another pair runs on from it', () => {
    expect(sharesRealWords(['への', 'ドを', '後に', '前に', 'ラッ'])).toBe(false);
    expect(shownWords(['キャ', 'ャッ', 'ッシ', 'シュ', 'への'])).toEqual(['キャ', 'ャッ', 'ッシ', 'シュ']);
    expect(sharesRealWords(['検索'])).toBe(true);
  });

  it('shows every word when none says anything (a reason is never empty)', () => {
    expect(shownWords(['the', 'への'])).toEqual(['the', 'への']);
  });
});
