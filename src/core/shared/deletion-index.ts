/**
 * The candidates one edit away from a string, found through their one-deletion variants
 * (symmetric deletion): two strings share a variant — either string itself or it with one
 * character deleted — when one is the other with a character inserted, deleted or replaced.
 *
 * The variants are kept as 32-bit hashes in typed arrays, bucketed by a counting sort, not
 * as strings in a map: for 100,000 ids that is a million numbers instead of a million
 * strings (far less work and memory, nothing for the garbage collector to trace). A hash
 * match is confirmed on the strings, so the answer is exactly that of a map of variants.
 */

/** Candidates sharing a one-deletion variant with a string, in the order a map of variants gives them. */
export type DeletionIndex = (wanted: string) => Set<string>;

/**
 * Indexes `candidates` (those of at most `maxLength` characters; variants of their lower
 * case). `query(wanted)` gives, for each variant of `wanted` (lower case) — itself, then with
 * the character at 0, 1, … deleted —, the candidates that have it among their own, each
 * once, in the order of `candidates`.
 */
export function createDeletionIndex(candidates: readonly string[], maxLength: number): DeletionIndex {
  // ASCII candidates are folded to lower case as they are hashed; the others are lowered first
  // (a lower case may be longer than the word). Nothing else is allocated per candidate.
  const others = new Map<number, string>();
  let total = 0;
  for (let k = 0; k < candidates.length; k += 1) {
    const candidate = candidates[k]!;
    if (candidate.length > maxLength) continue;
    let length = candidate.length;
    if (!isAscii(candidate)) {
      const lower = candidate.toLowerCase();
      others.set(k, lower);
      length = lower.length;
    }
    total += length + 1;
  }
  const hashes = new Int32Array(total);
  const owners = new Int32Array(total);
  let prefix = new Int32Array(maxLength + 2);
  let at = 0;
  for (let k = 0; k < candidates.length; k += 1) {
    const candidate = candidates[k]!;
    if (candidate.length > maxLength) continue;
    const other = others.get(k);
    const word = other ?? candidate;
    if (word.length >= prefix.length) prefix = new Int32Array(word.length + 1);
    const end = variantHashes(word, other === undefined, hashes, at, prefix);
    for (let i = at; i < end; i += 1) owners[i] = k;
    at = end;
  }
  const lowerOf = (owner: number): string => others.get(owner) ?? candidates[owner]!.toLowerCase();
  // Counting sort by bucket (stable: within a bucket, candidates keep their order). About
  // sixteen variants per bucket: the counts stay small enough for the processor's caches (one
  // bucket per variant made the three passes over a million variants miss memory each time),
  // and a question reads a few more hashes.
  const bits = Math.max(4, Math.ceil(Math.log2(total / 16 + 1)));
  const mask = (1 << bits) - 1;
  const starts = new Int32Array(mask + 2);
  for (let i = 0; i < total; i += 1) starts[(hashes[i]! & mask) + 1]! += 1;
  for (let b = 0; b <= mask; b += 1) starts[b + 1]! += starts[b]!;
  const sortedHashes = new Int32Array(total);
  const sortedOwners = new Int32Array(total);
  const next = starts.slice(0, mask + 1);
  for (let i = 0; i < total; i += 1) {
    const slot = next[hashes[i]! & mask]!++;
    sortedHashes[slot] = hashes[i]!;
    sortedOwners[slot] = owners[i]!;
  }

  return (wanted) => {
    const found = new Set<string>();
    if (wanted.length > maxLength + 1) return found;
    const lower = wanted.toLowerCase();
    const own = new Int32Array(lower.length + 1);
    variantHashes(lower, false, own, 0, new Int32Array(lower.length + 1));
    for (let v = 0; v <= lower.length; v += 1) {
      const hash = own[v]!;
      let variant: string | undefined;
      const end = starts[(hash & mask) + 1]!;
      for (let i = starts[hash & mask]!; i < end; i += 1) {
        if (sortedHashes[i] !== hash) continue;
        const owner = sortedOwners[i]!;
        const candidate = candidates[owner]!;
        if (found.has(candidate)) continue;
        variant ??= v === 0 ? lower : lower.slice(0, v - 1) + lower.slice(v);
        if (hasVariant(lowerOf(owner), variant)) found.add(candidate);
      }
    }
    return found;
  };
}

const BASE = 0x01000193;

/**
 * Writes the hashes of `word`'s variants — `word`, then `word` without its character at 0,
 * 1, … — into `out` from `at`; returns the index after the last. With `fold`, the ASCII
 * letters of `word` are hashed in lower case. `prefix` is scratch space of more than
 * `word.length` numbers.
 */
function variantHashes(word: string, fold: boolean, out: Int32Array, at: number, prefix: Int32Array): number {
  const n = word.length;
  // prefix[i]: hash of word[0, i); the hash of a string s is Σ s[k]·BASE^(len−1−k) mod 2^32.
  prefix[0] = 0;
  for (let i = 0; i < n; i += 1) prefix[i + 1] = Math.imul(prefix[i]!, BASE) + codeAt(word, i, fold);
  out[at] = mix(prefix[n]!);
  // Deleting character i: prefix[i]·BASE^(n−1−i) + suffix(i+1), with suffix built from the end.
  let suffix = 0;
  let power = 1;
  for (let i = n - 1; i >= 0; i -= 1) {
    out[at + 1 + i] = mix(Math.imul(prefix[i]!, power) + suffix);
    suffix = (suffix + Math.imul(codeAt(word, i, fold), power)) | 0;
    power = Math.imul(power, BASE);
  }
  return at + n + 1;
}

/** The code unit at `i`, an ASCII capital letter in lower case when `fold`. */
function codeAt(word: string, i: number, fold: boolean): number {
  const code = word.charCodeAt(i);
  return fold && code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
}

/** Whether every code unit of `text` is ASCII. */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Spreads a hash over all bits (MurmurHash3's finaliser), so that its low bits make good buckets. */
function mix(hash: number): number {
  let h = hash | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Whether `variant` is `word` or `word` with one character deleted. */
function hasVariant(word: string, variant: string): boolean {
  if (word.length === variant.length) return word === variant;
  if (word.length !== variant.length + 1) return false;
  let i = 0;
  while (i < variant.length && word.charCodeAt(i) === variant.charCodeAt(i)) i += 1;
  // word[i] is the deleted character: the rest must match shifted by one.
  for (let k = i; k < variant.length; k += 1) if (word.charCodeAt(k + 1) !== variant.charCodeAt(k)) return false;
  return true;
}
