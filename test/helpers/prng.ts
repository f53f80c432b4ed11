/**
 * A small seeded PRNG (mulberry32) and the fuzz settings read from the environment, so every
 * fuzz test is deterministic: `FUZZ_SEED` picks the seed (default 1), `FUZZ_RUNS` how many
 * random cases each generator runs (default: the test's own count, kept small for `npm test`;
 * `npm run fuzz` raises it). A failing case prints its seed and index so it can be replayed.
 */

/** The seed of this run (`FUZZ_SEED`, default 1). */
export const FUZZ_SEED = readInt('FUZZ_SEED', 1);

/** How many random cases to run: `FUZZ_RUNS` when set, else `defaultRuns`. */
export function fuzzRuns(defaultRuns: number): number {
  return readInt('FUZZ_RUNS', defaultRuns);
}

/** `true` when FUZZ_RUNS is set (`npm run fuzz`): a long run the user asked for. */
export const LONG_FUZZ = process.env['FUZZ_RUNS'] !== undefined && process.env['FUZZ_RUNS'] !== '';

/** A test's time limit: `ms` in `npm test`, none to speak of (a day) in a long fuzz run. */
export function fuzzTimeout(ms: number): number {
  return LONG_FUZZ ? 24 * 60 * 60 * 1000 : ms;
}

function readInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be an integer ≥ 0, got ${raw}`);
  return value;
}

/** mulberry32: a 32-bit state, uniform floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random choices over one seeded stream. */
export class Rng {
  private readonly next: () => number;

  constructor(readonly seed: number) {
    this.next = mulberry32(seed);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }

  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** `true` with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += alphabet.charAt(Math.floor(this.next() * alphabet.length));
    return out;
  }

  /** A new generator derived from this one (independent stream per case). */
  fork(salt: number): Rng {
    return new Rng((Math.imul(this.seed ^ 0x9e3779b9, 0x85ebca6b) + salt) >>> 0);
  }
}

/** Hard characters for ids, titles and paths: controls, newlines, quotes, escapes, bidi, astral. */
export const NASTY_CHARS = [
  '\0', '\x01', '\x07', '\x08', '\t', '\n', '\r', '\r\n', '\x1b', '\x1b[31m', '\x7f', '\u0085', '\u2028', '\u2029',
  '\u202e', '\ufeff', '\ufffd', '\ud800', '\udc00', '😀', 'é', 'ß', '"', "'", '`', '\\', '/', '..', '#', '%', '%zz', '%00',
  '[', ']', '(', ')', '<', '>', '{', '}', '|', '*', '&', '!', '?', ':', ',', ' ', '  ', '-', '::error ', '\n## Documents\n',
] as const;

/** A random string mixing plain characters with `NASTY_CHARS`. */
export function nastyString(rng: Rng, maxPieces = 8): string {
  let out = '';
  const pieces = rng.int(0, maxPieces);
  for (let i = 0; i < pieces; i += 1) out += rng.chance(0.5) ? rng.chars('abcXYZ019-_.', rng.int(1, 4)) : rng.pick(NASTY_CHARS);
  return out;
}

/** A random JSON value, nested up to `depth`, for argument fuzzing. */
export function randomJson(rng: Rng, depth = 2): unknown {
  const kind = rng.int(0, depth > 0 ? 9 : 6);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return rng.pick([0, -1, 1, 0.5, -0.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 5e-324, 3, 10, 1e21]);
    case 3:
      return rng.int(-1000, 1000);
    case 4:
    case 5:
      return nastyString(rng);
    case 6:
      return rng.pick(['BE-02', 'TASK-1', '', ' ', 'json', 'mermaid', 'dot', 'upstream', 'downstream', 'both', '.', '..', '/', '/etc', 'x'.repeat(5000)]);
    case 7:
    case 8: {
      const out: Record<string, unknown> = {};
      const keys = rng.int(0, 4);
      for (let i = 0; i < keys; i += 1) out[rng.pick(['taskId', 'maxDepth', 'a', '__proto__', 'constructor', nastyString(rng, 2)])] = randomJson(rng, depth - 1);
      return out;
    }
    default:
      return Array.from({ length: rng.int(0, 3) }, () => randomJson(rng, depth - 1));
  }
}
