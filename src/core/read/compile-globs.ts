/**
 * gitignore-syntax rules (a `.gitignore`, `.docugraphignore`, or the `include`/`exclude` lists
 * of `docugraph.yml`) compiled into a matcher that cannot backtrack. A path is taken one
 * segment at a time, from the top: each anchored rule with a wildcard or `**` keeps the set of
 * pattern positions it can reach (glob-frontier.ts), each segment is matched by
 * `matchSegment`, and a directory's sets are kept for the names inside it. Rules without a
 * wildcard are found in hash maps by the name or path they equal, so thousands of them cost
 * a lookup. The last rule that matches decides, and a directory that is ignored ignores
 * everything in it, as in git. It answers as the `ignore` package (v7) does (`test`,
 * `ignores`), except where docs/decisions.md ("globs") says it follows git. Pure: no I/O.
 */
import { firstFrontier, lastAccepting, nextFrontier, type Frontier } from './glob-frontier.js';
import { matchSegment } from './match-segment.js';
import { parseGlob, type GlobRule } from './parse-glob.js';

/** What decided a path: a rule (or a directory above it) ignores it, a `!` rule re-includes it, or no rule matched. */
export interface GlobTest {
  readonly ignored: boolean;
  readonly unignored: boolean;
}

/** Compiled rules. Paths are relative, `/`-separated, a directory with a trailing `/` (`docs/`). */
export interface GlobMatcher {
  /** `true` when `path`, or a directory above it, is matched last by a rule that is not `!`. */
  matches(path: string): boolean;
  /** The answer of `matches` with which kind of rule decided it. */
  test(path: string): GlobTest;
  /** How many rules hold a wildcard: each is tried on every path (the others are looked up). */
  readonly wildcards: number;
}

const IGNORED: GlobTest = Object.freeze({ ignored: true, unignored: false });
const UNIGNORED: GlobTest = Object.freeze({ ignored: false, unignored: true });
const UNDECIDED: GlobTest = Object.freeze({ ignored: false, unignored: false });
/** Directories remembered, and positions held for them, before the memory is dropped and refilled. */
const MAX_DIRECTORIES = 1 << 16;
const MAX_POSITIONS = 1 << 22;

/** Where each rule is looked for; each list holds rule positions in ascending order. */
interface RuleIndex {
  readonly rules: readonly GlobRule[];
  /** Unanchored rules without a wildcard, by the name they equal. */
  readonly names: Map<string, number[]>;
  /** Anchored rules without a wildcard, by the path they equal. */
  readonly paths: Map<string, number[]>;
  /** Unanchored rules with a wildcard (tried on every name). */
  readonly basenames: number[];
  /** Anchored rules with a wildcard whose first segment has none, by that segment. */
  readonly firsts: Map<string, number[]>;
  /** Anchored rules whose first segment has a wildcard or is `**`. */
  readonly wildFirsts: number[];
  /** The longest key of `paths`: a longer path is not looked up. */
  longestPath: number;
}

/** A directory's answer, and the frontier below it (`null` once it is ignored). */
interface Known {
  readonly answer: GlobTest;
  readonly frontier: Frontier | null;
}

const NO_RULES: readonly number[] = Object.freeze([]);
/** A directory that is ignored: everything in it is, so nothing below needs its frontier. */
const IGNORED_DIRECTORY: Known = Object.freeze({ answer: IGNORED, frontier: null });

/**
 * Compiles gitignore-syntax rules: a file's text (one rule a line) or a list (one rule an
 * entry). Later rules win over earlier ones.
 */
export function compileGlobs(patterns: string | readonly string[]): GlobMatcher {
  const index = indexRules(parseRules(patterns));
  if (index.rules.length === 0) return { matches: () => false, test: () => UNDECIDED, wildcards: 0 };
  const known = new Map<string, Known>();
  let held = 0;
  const remember = (key: string, entry: Known): void => {
    const size = entry.frontier === null ? 1 : entry.frontier.positions.length + 2 * entry.frontier.rules.length + 1;
    if (known.size >= MAX_DIRECTORIES || held + size > MAX_POSITIONS) (known.clear(), (held = 0));
    known.set(key, entry);
    held += size;
  };

  /** The answer for the directory `key.slice(0, end)`, named `segment`, once `frontier` has taken its segments. */
  const directoryAnswer = (frontier: Frontier, segment: string, key: string, end: number): GlobTest =>
    answerOf(index, lastAccepted(index.rules, frontier, true, lastUntracked(index, segment, end <= index.longestPath ? key.slice(0, end) : null, true)));

  const test = (path: string): GlobTest => {
    const isDirectory = path.endsWith('/');
    const key = isDirectory ? path.slice(0, -1) : path;
    const cached = isDirectory ? known.get(key) : undefined;
    if (cached !== undefined) return cached.answer;
    const parentEnd = key.lastIndexOf('/');
    // The directory the path is in: known when a walk asked about it, else taken from the top
    // (each directory above is looked up once per segment, never by its whole path). The path
    // is split only then: a walk asks about each folder once its parent is known, and a split
    // of every path made the work per folder grow with its depth.
    let frontier: Frontier | null = null;
    if (parentEnd !== -1) {
      const parentKey = key.slice(0, parentEnd);
      let parent = known.get(parentKey);
      if (parent === undefined) {
        const segments = key.split('/');
        const last = segments.length - 1;
        for (let at = 0, end = -1; at < last && parent?.answer.ignored !== true; at += 1) {
          end += segments[at]!.length + 1;
          frontier = advance(index, frontier, segments[at]!);
          parent = { answer: directoryAnswer(frontier, segments[at]!, key, end), frontier };
        }
        remember(parentKey, parent!.answer.ignored ? IGNORED_DIRECTORY : parent!);
      }
      if (parent!.answer.ignored) return IGNORED;
      frontier = parent!.frontier;
    }
    const name = key.slice(parentEnd + 1);
    if (!isDirectory) return answerOf(index, lastMatch(index, frontier, name, key.length <= index.longestPath ? key : null, false));
    frontier = advance(index, frontier, name);
    const answer = directoryAnswer(frontier, name, key, key.length);
    remember(key, answer.ignored ? IGNORED_DIRECTORY : { answer, frontier });
    return answer;
  };
  const wildcards = index.basenames.length + index.wildFirsts.length + [...index.firsts.values()].reduce((sum, list) => sum + list.length, 0);
  return { matches: (path) => test(path).ignored, test, wildcards };
}

function parseRules(patterns: string | readonly string[]): GlobRule[] {
  const listed = typeof patterns !== 'string';
  // As `ignore` reads a text: one CR before each LF and at the very end is dropped.
  const lines = listed ? patterns : (patterns.endsWith('\r') ? patterns.slice(0, -1) : patterns).split(/\r?\n/);
  const rules: GlobRule[] = [];
  lines.forEach((line, at) => {
    const rule = parseGlob(at === 0 && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line, listed);
    if (rule !== null) rules.push(rule);
  });
  return rules;
}

function indexRules(rules: readonly GlobRule[]): RuleIndex {
  const index: RuleIndex = { rules, names: new Map(), paths: new Map(), basenames: [], firsts: new Map(), wildFirsts: [], longestPath: -1 };
  const add = (map: Map<string, number[]>, key: string, at: number): void => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [at]);
    else list.push(at);
  };
  rules.forEach((rule, at) => {
    const first = rule.segments[0]!;
    const literal = rule.segments.every((segment) => segment.kind === 'literal');
    const text = literal ? rule.segments.map((segment) => (segment.kind === 'literal' ? segment.text : '')).join('/') : '';
    if (literal && rule.anchored) index.longestPath = Math.max(index.longestPath, text.length);
    if (literal) add(rule.anchored ? index.paths : index.names, text, at);
    else if (!rule.anchored) index.basenames.push(at);
    else if (first.kind === 'literal') add(index.firsts, first.text, at);
    else index.wildFirsts.push(at);
  });
  return index;
}

/** The frontier after `segment`, from the directory's (`null`: at the top). */
function advance(index: RuleIndex, frontier: Frontier | null, segment: string): Frontier {
  if (frontier === null) return firstFrontier(index.rules, index.firsts.get(segment) ?? NO_RULES, index.wildFirsts, segment);
  return nextFrontier(index.rules, frontier, segment);
}

/** The last rule matching the path `key`, named `segment` inside the directory of `frontier` (`null`: at the top), else -1. */
function lastMatch(index: RuleIndex, frontier: Frontier | null, segment: string, key: string | null, isDirectory: boolean): number {
  const best = lastUntracked(index, segment, key, isDirectory);
  if (frontier === null) return lastAccepted(index.rules, advance(index, null, segment), isDirectory, best);
  return lastAccepting(index.rules, frontier, segment, isDirectory, best);
}

function answerOf(index: RuleIndex, at: number): GlobTest {
  return at < 0 ? UNDECIDED : index.rules[at]!.negative ? UNIGNORED : IGNORED;
}

/** The last rule of `frontier` above `best` that has matched every segment taken. */
function lastAccepted(rules: readonly GlobRule[], frontier: Frontier, isDirectory: boolean, best: number): number {
  for (let k = frontier.rules.length - 1; k >= 0 && frontier.rules[k]! > best; k -= 1) {
    const rule = rules[frontier.rules[k]!]!;
    if ((isDirectory || !rule.directoryOnly) && frontier.positions[frontier.starts[k + 1]! - 1] === rule.segments.length) return frontier.rules[k]!;
  }
  return best;
}

/** The last rule matching by name or whole path (`null`: longer than any rule's), the rules no frontier follows, else -1. */
function lastUntracked(index: RuleIndex, name: string, key: string | null, isDirectory: boolean): number {
  const { rules } = index;
  const byName = lastLiteral(rules, index.names.get(name), -1, isDirectory);
  const best = key === null ? byName : lastLiteral(rules, index.paths.get(key), byName, isDirectory);
  const wild = index.basenames;
  for (let k = wild.length - 1; k >= 0 && wild[k]! > best; k -= 1) {
    const rule = rules[wild[k]!]!;
    const part = rule.segments[0]!;
    if ((isDirectory || !rule.directoryOnly) && part.kind === 'wild' && matchSegment(part, name)) return wild[k]!;
  }
  return best;
}

/** The last of `list` (rules equal to the path) above `best` that applies to it, else `best`. */
function lastLiteral(rules: readonly GlobRule[], list: readonly number[] | undefined, best: number, isDirectory: boolean): number {
  if (list === undefined) return best;
  for (let k = list.length - 1; k >= 0 && list[k]! > best; k -= 1) if (isDirectory || !rules[list[k]!]!.directoryOnly) return list[k]!;
  return best;
}
