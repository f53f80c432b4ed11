/**
 * What a repository's frontmatter says about its conventions, for `docugraph init` (META-01
 * §8): the key that holds the ids (`id`, or one such as `eip` that most blocks hold with
 * values all different), the keys its dependencies are listed under (`dependencies`,
 * `requires`, …), whether those values are comma lists, and the status words it uses
 * (`Final`, `Moved`, …). Counting only: one pass over the parsed blocks, nothing read here.
 */
import { normalStatus } from '../shared/relations.js';
import { compareStrings } from '../shared/sort.js';
import type { FrontmatterResult } from '../parse/frontmatter.js';
import { ID_PATTERN } from './build-node.js';
import { squash } from './field-keys.js';

/** A key and how many frontmatter blocks give it a value. */
export interface KeyCount {
  readonly key: string;
  readonly files: number;
}

export interface KeySurvey {
  /** Markdown files looked at. */
  readonly files: number;
  /** Of those, the ones with a frontmatter block that parses (other tools' included). */
  readonly withFrontmatter: number;
  /**
   * The id key: `id` when any block has it, else the key most blocks hold with an id-like
   * value, every value different (`numeric`: the values are whole numbers, as `eip: 1559`);
   * `null` when no key qualifies.
   */
  readonly idKey: (KeyCount & { readonly numeric: boolean }) | null;
  /** Dependency keys with a non-empty value somewhere, most used first (`depends_on` included when used). */
  readonly dependencyKeys: readonly KeyCount[];
  /** How many string values of those keys hold a comma, and the first one (by path) as an example. */
  readonly commaLists: { readonly values: number; readonly example: string } | null;
  /** The words of `status:` values (a word: letters, digits and dashes in normal form, at most 40 characters), most used first, then by word. */
  readonly statuses: readonly StatusCount[];
}

/** A status word, as TRACE §2 compares it, and how many blocks hold it. */
export interface StatusCount {
  /** Its normal form (`last-call`). */
  readonly word: string;
  /** How the first block (by path) wrote it (`Last Call`). */
  readonly written: string;
  readonly files: number;
}

/** A status value that is a word (not free text): its normal form, letters, digits and dashes. */
const STATUS_WORD = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,38}[\p{L}\p{N}])?$/u;

/** Words other tools use for the dependency list, as {@link squash} writes them. */
const DEPENDENCY_WORDS: ReadonlySet<string> = new Set(['dependson', 'dependencies', 'requires', 'depends', 'blockedby', 'dependenton']);

/**
 * Keys that hold one value per page but are never ids: titles, dates, ordering, layout,
 * routing. A key among these is not proposed as the id key however unique its values are.
 */
const NEVER_IDS: ReadonlySet<string> = new Set([
  'title', 'linktitle', 'description', 'summary', 'date', 'created', 'updated', 'lastmod', 'lastupdated', 'publishdate',
  'weight', 'order', 'position', 'sidebarposition', 'navorder', 'sidebarlabel', 'navtitle', 'layout', 'slug', 'permalink',
  'url', 'aliases', 'type', 'status', 'author', 'authors', 'image', 'version', 'keywords', 'tags', 'categories',
]);

/** A block must hold the key for the key to be the id key: more than half of the blocks, and at least two. */
const MIN_ID_FILES = 2;

interface Tally {
  files: number;
  idLike: number;
  numeric: number;
  values: Set<string>;
  unique: boolean;
}

/** Counts the conventions of `blocks` (each file's frontmatter, in path order; `null` for a file that could not be read). */
export function surveyKeys(blocks: Iterable<{ readonly path: string; readonly frontmatter: FrontmatterResult | null }>): KeySurvey {
  let files = 0;
  let withFrontmatter = 0;
  const tallies = new Map<string, Tally>();
  const dependencies = new Map<string, number>();
  let commaValues = 0;
  let example: string | null = null;
  const statuses = new Map<string, { written: string; files: number }>();
  for (const { frontmatter } of blocks) {
    files += 1;
    if (frontmatter?.kind !== 'ok') continue;
    withFrontmatter += 1;
    for (const key of Object.keys(frontmatter.data)) {
      const value = frontmatter.data[key];
      const squashed = squash(key);
      if (squashed === 'status' && typeof value === 'string') countStatus(statuses, value);
      if (DEPENDENCY_WORDS.has(squashed) && !isEmpty(value)) {
        dependencies.set(key, (dependencies.get(key) ?? 0) + 1);
        for (const text of strings(value)) {
          if (!text.includes(',')) continue;
          commaValues += 1;
          example ??= `${key}: ${text}`;
        }
      }
      if (NEVER_IDS.has(squashed) || DEPENDENCY_WORDS.has(squashed)) continue;
      let tally = tallies.get(key);
      if (tally === undefined) tallies.set(key, (tally = { files: 0, idLike: 0, numeric: 0, values: new Set(), unique: true }));
      tally.files += 1;
      const id = idText(value);
      if (id === null) continue;
      tally.idLike += 1;
      if (typeof value === 'number') tally.numeric += 1;
      if (!tally.unique) continue;
      if (tally.values.has(id)) (tally.unique = false), tally.values.clear();
      else tally.values.add(id);
    }
  }
  return {
    files,
    withFrontmatter,
    idKey: chooseIdKey(tallies, withFrontmatter),
    dependencyKeys: [...dependencies].map(([key, count]) => ({ key, files: count })).sort((a, b) => b.files - a.files || compareStrings(a.key, b.key)),
    commaLists: example === null ? null : { values: commaValues, example },
    statuses: [...statuses].map(([word, { written, files: n }]) => ({ word, written, files: n })).sort((a, b) => b.files - a.files || compareStrings(a.word, b.word)),
  };
}

function countStatus(statuses: Map<string, { written: string; files: number }>, value: string): void {
  const word = normalStatus(value);
  if (!STATUS_WORD.test(word)) return;
  const seen = statuses.get(word);
  if (seen === undefined) statuses.set(word, { written: value.trim(), files: 1 });
  else seen.files += 1;
}

function chooseIdKey(tallies: ReadonlyMap<string, Tally>, blocks: number): KeySurvey['idKey'] {
  const own = tallies.get('id');
  if (own !== undefined) return { key: 'id', files: own.files, numeric: false };
  let best: KeySurvey['idKey'] = null;
  for (const [key, tally] of tallies) {
    // Every block that has the key gives it an id-like value, all different.
    if (!tally.unique || tally.idLike !== tally.files || tally.files < MIN_ID_FILES || tally.files * 2 <= blocks) continue;
    if (best === null || tally.files > best.files || (tally.files === best.files && compareStrings(key, best.key) < 0)) {
      best = { key, files: tally.files, numeric: tally.numeric === tally.files };
    }
  }
  return best;
}

/** The id a value stands for (a string of id characters, or a non-negative whole number), else `null`. */
function idText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : null;
  return typeof value === 'string' && ID_PATTERN.test(value) ? value : null;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The strings of a value: itself, or the strings of a list. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
