/**
 * The fast "did you mean" machinery gives exactly the answers of the plain algorithms it
 * replaced: Myers' bit-parallel edit distance against the dynamic-programming table, and the
 * hashed one-deletion index against a map of every variant string.
 */
import { describe, expect, it } from 'vitest';
import { createDeletionIndex } from '../../../src/core/shared/deletion-index.js';
import { distanceFrom, editDistance } from '../../../src/core/shared/edit-distance.js';
import { closestMatch, closestMatches, createPathSuggester, createSuggester } from '../../../src/core/shared/suggest.js';
import { expectBe, expectEqual } from '../../helpers/many-checks.js';

/** The textbook table, no shortcuts (two rows, reused). */
function tableDistance(a: string, b: string): number {
  let previous = Int32Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/**
 * The map of variants the index replaced: every candidate and its one-deletion variants (lower
 * case). With `only`, the map holds just the variants of that word, the only keys its question
 * looks up, so it answers that question as the whole map does (a hundred thousand ids have a
 * million variants).
 */
function mapPool(candidates: readonly string[], maxLength: number, only?: string): (wanted: string) => string[] {
  const variants = (word: string) => [word, ...Array.from({ length: word.length }, (_, i) => word.slice(0, i) + word.slice(i + 1))];
  const kept = only === undefined ? null : new Set(variants(only.toLowerCase()));
  const index = new Map<string, string[]>();
  for (const candidate of candidates) {
    if (candidate.length > maxLength) continue;
    for (const variant of variants(candidate.toLowerCase())) {
      if (kept !== null && !kept.has(variant)) continue;
      const list = index.get(variant);
      if (list === undefined) index.set(variant, [candidate]);
      else if (list[list.length - 1] !== candidate) list.push(candidate);
    }
  }
  return (wanted) => {
    if (only !== undefined && wanted !== only) throw new Error(`this map answers \`${only}\` only`);
    const found = new Set<string>();
    if (wanted.length > maxLength + 1) return [];
    for (const variant of variants(wanted.toLowerCase())) for (const candidate of index.get(variant) ?? []) found.add(candidate);
    return [...found];
  };
}

function generator(seed: number): (alphabet: string, maxLength: number) => string {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return (alphabet, maxLength) => {
    const chars = Array.from(alphabet);
    let out = '';
    const length = Math.floor(next() * (maxLength + 1));
    for (let i = 0; i < length; i += 1) out += chars[Math.floor(next() * chars.length)]!;
    return out;
  };
}

describe('bit-parallel edit distance', () => {
  it('equals the table on random strings across word boundaries (ASCII and beyond)', () => {
    const random = generator(11);
    for (const alphabet of ['ab', 'abc-', 'aé😀B', 'abcdefghijklmnopqrstuvwxyz0123456789-.']) {
      for (let n = 0; n < 1500; n += 1) {
        const a = random(alphabet, n % 3 === 0 ? 100 : 40);
        const b = n % 5 === 0 ? a.slice(1) + a.slice(0, 1) : random(alphabet, n % 3 === 0 ? 100 : 40);
        const expected = tableDistance(a, b);
        const label = () => `${JSON.stringify(a)} ${JSON.stringify(b)}`;
        expectBe(distanceFrom(a)(b), expected, label);
        expectBe(editDistance(a, b), expected, label);
        const bound = n % 7;
        const bounded = editDistance(a, b, bound);
        if (expected <= bound) expectBe(bounded, expected, label);
        else expectBe(bounded, bound + 1, label);
      }
    }
  });

  it('patterns of exactly 31, 32, 33, 64 and 65 characters', () => {
    const random = generator(5);
    for (const length of [31, 32, 33, 64, 65]) {
      for (let n = 0; n < 200; n += 1) {
        const a = random('xyz', 200).padEnd(length, 'x').slice(0, length);
        const b = random('xyz', 80);
        expectBe(distanceFrom(a)(b), tableDistance(a, b), () => `${a} ${b}`);
      }
    }
  });
});

describe('hashed deletion index', () => {
  it('gives the same candidates in the same order as a map of variant strings', () => {
    const random = generator(3);
    for (let round = 0; round < 40; round += 1) {
      const candidates = [...new Set(Array.from({ length: 300 }, () => random(round % 2 === 0 ? 'abAB-1' : 'aİé😀b', 12)))];
      const expected = mapPool(candidates, 8);
      const index = createDeletionIndex(candidates, 8);
      for (let q = 0; q < 100; q += 1) {
        const wanted = q % 4 === 0 ? (candidates[q] ?? '') + 'x' : random('abAB-1İé', 11);
        expectEqual([...index(wanted)], expected(wanted), wanted);
      }
    }
  });

  it('finds ids one edit away among a hundred thousand', () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => `BE-${String(i).padStart(6, '0')}`);
    const index = createDeletionIndex(ids, 32);
    expect([...index('be-01234')]).toEqual(mapPool(ids, 32, 'be-01234')('be-01234'));
    expect([...index('MISSING-129')]).toEqual([]);
  });
});

describe('"did you mean" ignores case, with candidates lowered once', () => {
  it('closestMatches given the candidates in lower case answers as when it lowers them itself', () => {
    const random = generator(5);
    for (let round = 0; round < 50; round += 1) {
      const candidates = Array.from({ length: 60 }, () => random('aAbB-.é', 10));
      const lowered = candidates.map((c) => c.toLowerCase());
      for (let q = 0; q < 20; q += 1) {
        const wanted = random('aAbB-.é', 10);
        expectEqual(closestMatches(wanted, candidates, 3, Number.POSITIVE_INFINITY, lowered), closestMatches(wanted, candidates, 3), wanted);
        expectEqual(closestMatch(wanted, candidates, lowered), closestMatch(wanted, candidates), wanted);
      }
    }
  });

  it('a missing file gets the file whose name differs in case, in a directory of a few names and of many', () => {
    expect(createPathSuggester(['docs/GUIDE.md', 'docs/Other.md'])('docs/guidex.md')).toBe('docs/GUIDE.md');
    const many = Array.from({ length: 150 }, (_, i) => `docs/NOTE-${String(i).padStart(3, '0')}-LONG-NAME.md`);
    expect(createPathSuggester(many)('docs/note-042-long-namex.md')).toBe('docs/NOTE-042-LONG-NAME.md');
    expect(createSuggester(many).some('DOCS/NOTE-042-LONG-NAME.MDX', 1)).toEqual(['docs/NOTE-042-LONG-NAME.md']);
  });
});
