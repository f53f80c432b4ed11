/**
 * Levenshtein distance with Myers' bit-parallel algorithm (Myers 1999, in Hyyrö's block
 * form): the pattern's columns of the dynamic-programming table are held as bit vectors of
 * 32 rows, so one character of the other string costs a few word operations per 32
 * characters of the pattern instead of one cell per character. The answer is the same as
 * the table's (a differential test holds it to the plain algorithm); a "did you mean" over
 * hundreds of candidates compares each in time linear in its length.
 */

const WORD = 32;
const ASCII = 128;

/** How far a string is from one fixed pattern, asked for many strings. */
export type DistanceFrom = (text: string, bound?: number) => number;

/**
 * `(text, bound) => distance(pattern, text)`, the pattern's bit masks computed once. With
 * `bound`, a distance above it may be returned as `bound + 1` (and the work stops early).
 */
export function distanceFrom(pattern: string): DistanceFrom {
  const m = pattern.length;
  if (m === 0) return (text) => text.length;
  const blocks = Math.ceil(m / WORD);
  // Peq: for each character, the rows of the pattern that hold it, one word per block.
  const ascii = new Int32Array(ASCII * blocks);
  const other = new Map<number, Int32Array>();
  for (let i = 0; i < m; i += 1) {
    const code = pattern.charCodeAt(i);
    const bit = 1 << i % WORD;
    const block = (i / WORD) | 0;
    if (code < ASCII) {
      ascii[code * blocks + block]! |= bit;
    } else {
      let masks = other.get(code);
      if (masks === undefined) other.set(code, (masks = new Int32Array(blocks)));
      masks[block]! |= bit;
    }
  }
  const lastHigh = 1 << (m - 1) % WORD;
  if (blocks === 1) return (text, bound = Number.POSITIVE_INFINITY) => oneBlock(m, lastHigh, ascii, other, text, bound);
  const pv = new Int32Array(blocks);
  const mv = new Int32Array(blocks);
  const none = new Int32Array(blocks);
  return (text, bound = Number.POSITIVE_INFINITY) => {
    pv.fill(-1);
    mv.fill(0);
    let score = m;
    const n = text.length;
    for (let j = 0; j < n; j += 1) {
      const code = text.charCodeAt(j);
      let masks: Int32Array = none;
      let offset = 0;
      if (code < ASCII) {
        masks = ascii;
        offset = code * blocks;
      } else {
        masks = other.get(code) ?? none;
      }
      // The first row of the table grows by one per column: the carry into block 0 is +1.
      let hin = 1;
      for (let b = 0; b < blocks; b += 1) {
        const Pv = pv[b]!;
        const Mv = mv[b]!;
        let Eq = masks[offset + b]!;
        const high = b === blocks - 1 ? lastHigh : 1 << 31;
        const Xv = Eq | Mv;
        if (hin < 0) Eq |= 1;
        const Xh = (((Eq & Pv) + Pv) ^ Pv) | Eq;
        let Ph = Mv | ~(Xh | Pv);
        let Mh = Pv & Xh;
        const hout = (Ph & high) !== 0 ? 1 : (Mh & high) !== 0 ? -1 : 0;
        Ph <<= 1;
        Mh <<= 1;
        if (hin < 0) Mh |= 1;
        else if (hin > 0) Ph |= 1;
        pv[b] = Mh | ~(Xv | Ph);
        mv[b] = Ph & Xv;
        hin = hout;
      }
      score += hin;
      // Each remaining character lowers the distance by at most one.
      if (score - (n - j - 1) > bound) return bound + 1;
    }
    return score;
  };
}

/** The one-word case (a pattern of at most 32 characters), in locals. */
function oneBlock(m: number, high: number, ascii: Int32Array, other: ReadonlyMap<number, Int32Array>, text: string, bound: number): number {
  let Pv = -1;
  let Mv = 0;
  let score = m;
  const n = text.length;
  for (let j = 0; j < n; j += 1) {
    const code = text.charCodeAt(j);
    const Eq = code < ASCII ? ascii[code]! : (other.get(code)?.[0] ?? 0);
    const Xv = Eq | Mv;
    const Xh = (((Eq & Pv) + Pv) ^ Pv) | Eq;
    let Ph = Mv | ~(Xh | Pv);
    let Mh = Pv & Xh;
    if ((Ph & high) !== 0) score += 1;
    else if ((Mh & high) !== 0) score -= 1;
    Ph = (Ph << 1) | 1;
    Mh <<= 1;
    Pv = Mh | ~(Xv | Ph);
    Mv = Ph & Xv;
    if (score - (n - j - 1) > bound) return bound + 1;
  }
  return score;
}

/** Levenshtein distance between `a` and `b`; a distance above `bound` may be returned as `bound + 1`. */
export function editDistance(a: string, b: string, bound = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  // The distance is symmetric: the shorter string is the pattern (fewer words per step).
  const d = a.length <= b.length ? distanceFrom(a)(b, bound) : distanceFrom(b)(a, bound);
  return d > bound ? bound + 1 : d;
}
