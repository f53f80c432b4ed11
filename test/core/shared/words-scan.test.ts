/**
 * `termsOf`'s scan of character codes (issue 55: the search index within 15 % of a load) gives
 * exactly the terms of the plain definition — every maximal run of letters, digits and marks
 * (`RUN`), cut as words.ts says — on generated texts of every kind of character it meets, and
 * on the project's own docs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { termsOf } from '../../../src/core/shared/words.js';
import { Bm25 } from '../../../src/core/answer/bm25.js';
import { ROOT } from '../../helpers/paths.js';
import { fuzzRuns, FUZZ_SEED, mulberry32 } from '../../helpers/prng.js';

/** The definition, written plainly: the reference the scan must agree with. */
function reference(text: string): string[] {
  const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
  const PARTS = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+/gu;
  const fold = (word: string) => (word.length < 4 || !word.endsWith('s') ? word : word.endsWith('ies') && word.length > 4 ? `${word.slice(0, -3)}y` : word.endsWith('ss') || word.endsWith('us') || word.endsWith('is') ? word : word.slice(0, -1));
  const out: string[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const run = match[0];
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(run)) {
      let at = 0;
      for (const m of run.matchAll(CJK)) {
        if (m.index > at) out.push(fold(run.slice(at, m.index).toLowerCase()));
        const chars = [...m[0]];
        if (chars.length === 1) out.push(chars[0]!);
        for (let i = 0; i + 1 < chars.length; i += 1) out.push(chars[i]! + chars[i + 1]!);
        at = m.index + m[0].length;
      }
      if (at < run.length) out.push(fold(run.slice(at).toLowerCase()));
      continue;
    }
    const lower = run.toLowerCase();
    out.push(fold(lower));
    if (lower !== run && run !== run.toUpperCase()) {
      const parts = run.match(PARTS);
      if (parts !== null && parts.length > 1) for (const part of parts) out.push(fold(part.toLowerCase()));
    }
  }
  return out;
}

const PIECES = ['a', 'Z', 'q', 'S', 's', 'ies', '7', ' ', '-', '_', '.', '\n', '`', 'é', 'É', 'ß', '\u0301', 'ё', '配', '置', 'ロ', 'グ', '한', '—', '’', '😀', '𝐀', '\ud800', 'Ⅻ', '٣', 'HTTP', 'Date', 'sessionStore', 'OpenClaw', 'İ', 'ﬁ'];

describe('termsOf by scan', () => {
  it('agrees with the plain definition on 20,000 generated texts (FUZZ_SEED, FUZZ_RUNS)', () => {
    const next = mulberry32(FUZZ_SEED + 55);
    for (let k = 0; k < fuzzRuns(20_000); k += 1) {
      let text = '';
      const length = Math.floor(next() * 24);
      for (let i = 0; i < length; i += 1) text += PIECES[Math.floor(next() * PIECES.length)]!;
      expect(termsOf(text), `seed ${FUZZ_SEED}, case ${k}: ${JSON.stringify(text)}`).toEqual(reference(text));
    }
  });

  it("agrees with it on the project's docs and kits fixtures", () => {
    const files = [...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(ROOT, 'docs', f)), join(ROOT, 'README.md')];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(termsOf(text)).toEqual(reference(text));
    }
  });
});

describe('BM25 fed texts (their ASCII runs interned by their characters, no string made)', () => {
  it('is the index fed those texts\' terms as strings: the same frequencies, scores and matched terms, on generated texts', () => {
    const next = mulberry32(FUZZ_SEED + 56);
    for (let round = 0; round < fuzzRuns(300); round += 1) {
      const texts: string[] = [];
      for (let u = 0; u < 1 + Math.floor(next() * 12); u += 1) {
        let text = '';
        const length = Math.floor(next() * 40);
        for (let i = 0; i < length; i += 1) text += PIECES[Math.floor(next() * PIECES.length)]!;
        texts.push(text);
      }
      const scanned = new Bm25();
      for (const text of texts) scanned.add((_visit, scan) => scan(text));
      scanned.seal();
      const units = texts.map(termsOf);
      const given = new Bm25(units);
      const all = [...new Set(units.flat())].sort();
      const label = `seed ${FUZZ_SEED}, round ${round}: ${JSON.stringify(texts)}`;
      expect(all.map((term) => scanned.frequency(term)), label).toEqual(all.map((term) => given.frequency(term)));
      expect(scanned.scores(all), label).toEqual(given.scores(all));
      for (let u = 0; u < texts.length; u += 1) expect(scanned.matched(all, u), label).toEqual(given.matched(all, u));
      // A term no text holds is none of them.
      expect(scanned.frequency('zzz-none'), label).toBe(0);
    }
  });
});
