/**
 * The slugger gives github-slugger's answers — the same slugs, repeats numbered the same way —
 * on documents of a few headings (the scan) and of hundreds (the map), with punctuation,
 * Unicode spaces and letters, and keys that name object properties.
 */
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';
import { createSlugger } from '../../../src/core/parse/slugger.js';

describe('createSlugger', () => {
  it('equals github-slugger on random heading sequences', () => {
    const pieces = ['a', 'A', 'a-1', 'a 1', 'b', '1', '2', '__proto__', 'constructor', 'toString', 'Ü', 'x!', ' ', '-', 'hasOwnProperty', '\u00a0', '\u3000', '😀', 'İ', 'ﬁ', '\t', '(v2)', ':', '_', 'Straße'];
    let seed = 4;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let doc = 0; doc < 400; doc += 1) {
      const count = doc % 10 === 0 ? 300 : Math.floor(next() * 12);
      const reference = new GithubSlugger();
      const slugger = createSlugger();
      for (let i = 0; i < count; i += 1) {
        const heading = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pieces[Math.floor(next() * pieces.length)]!).join(doc % 2 === 0 ? '' : ' ');
        expect(slugger(heading), heading).toBe(reference.slug(heading));
      }
    }
  });

  it('equals github-slugger on every pair of ASCII characters (the plain fast path and the expression)', () => {
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
    const reference = new GithubSlugger();
    const slugger = createSlugger();
    for (const a of ascii) for (const b of ascii) expect(slugger(`Head ${a}${b}-x_1`), `${a}${b}`).toBe(reference.slug(`Head ${a}${b}-x_1`));
  });
});
