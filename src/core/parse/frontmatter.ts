/**
 * META-01 §2: split a file into frontmatter and body, and parse the frontmatter as YAML 1.2:
 * the fast path (simple-yaml.ts) for the shapes frontmatter almost always has, else the YAML
 * library (through yaml.ts), which alone reports errors.
 */
import { parseSimpleYaml, type FrontmatterEntry } from './simple-yaml.js';
import { firstDuplicateKey, firstSentence, parseYamlDocument, unresolvedAlias, yamlNodes, type YamlNode } from './yaml.js';
import { yamlHint } from './yaml-hints.js';

export type { FrontmatterEntry } from './simple-yaml.js';

export type FrontmatterResult =
  /** The first line is not `---`: no frontmatter; the whole text is the body. */
  | { readonly kind: 'none'; readonly body: string; readonly bodyLine: 1 }
  /** Frontmatter that is unclosed, not YAML, or not a mapping. `body` is `null` when unclosed. */
  | {
      readonly kind: 'invalid';
      readonly line: number;
      readonly message: string;
      readonly body: string | null;
      readonly bodyLine: number;
      /** The frontmatter's text (after the opening line; to the end of the file when it is not closed), to tell whose it is. */
      readonly source: string;
    }
  | {
      readonly kind: 'ok';
      readonly data: Readonly<Record<string, unknown>>;
      readonly entries: ReadonlyMap<string, FrontmatterEntry>;
      readonly body: string;
      readonly bodyLine: number;
    };

const OPEN = /^---[ \t]*$/;
const CLOSE = /^(?:---|\.\.\.)[ \t]*$/;

/** Splits normalised text (`\n` line ends, no BOM) into frontmatter and body and parses the YAML. */
export function parseFrontmatter(text: string): FrontmatterResult {
  const split = splitFrontmatter(text);
  if (split.kind === 'none') return { kind: 'none', body: text, bodyLine: 1 };
  if (split.kind === 'closed') return parseYaml(split.yamlText, split.body, split.bodyLine);
  return {
    kind: 'invalid',
    line: 1,
    message: 'frontmatter is not closed: add a line `---` after the last YAML line',
    body: null,
    bodyLine: split.bodyLine,
    source: text.slice(lineEnd(text, 0) + 1),
  };
}

/** The body of normalised text and its first line, as `parseFrontmatter` gives them, without parsing the YAML. */
export function frontmatterBody(text: string): { readonly body: string | null; readonly bodyLine: number } {
  const split = splitFrontmatter(text);
  return split.kind === 'none' ? { body: text, bodyLine: 1 } : split.kind === 'closed' ? split : { body: null, bodyLine: split.bodyLine };
}

type Split =
  | { readonly kind: 'none' }
  | { readonly kind: 'closed'; readonly yamlText: string; readonly body: string; readonly bodyLine: number }
  | { readonly kind: 'unclosed'; readonly bodyLine: number };

function splitFrontmatter(text: string): Split {
  const firstEnd = lineEnd(text, 0);
  if (!text.startsWith('---') || !OPEN.test(text.slice(0, firstEnd))) return { kind: 'none' };
  // Find the closing line; count lines as we go (the opening line is line 1).
  let start = firstEnd + 1;
  let line = 2;
  while (start <= text.length) {
    const end = lineEnd(text, start);
    if (CLOSE.test(text.slice(start, end))) {
      // Without the last line break, an error at the end of the YAML (an unclosed `[` or
      // quote) is reported on the last YAML line rather than on the closing fence.
      const yamlText = start > firstEnd + 1 ? text.slice(firstEnd + 1, start - 1) : '';
      const body = end >= text.length ? '' : text.slice(end + 1);
      return { kind: 'closed', yamlText, body, bodyLine: line + 1 };
    }
    if (end >= text.length) break;
    start = end + 1;
    line += 1;
  }
  return { kind: 'unclosed', bodyLine: line + 1 };
}

function lineEnd(text: string, from: number): number {
  const i = text.indexOf('\n', from);
  return i === -1 ? text.length : i;
}

/**
 * What YAML 1.2's core schema makes of a plain scalar — null, bool, int, float, else the
 * string — in the order the YAML library tries its tags. A test holds this to the library.
 */
export function resolvePlain(value: string): unknown {
  // Every tag but the string's starts with `~`, a letter of null/true/false, a digit, a sign
  // or `.`: a word is null, true or false in one of their three spellings, else a string
  // (`title`, `type`, `todo`), without trying the expressions below.
  const first = value.charCodeAt(0);
  if ((first >= 0x41 && first <= 0x5a) || (first >= 0x61 && first <= 0x7a)) {
    switch (value) {
      case 'null':
      case 'Null':
      case 'NULL':
        return null;
      case 'true':
      case 'True':
      case 'TRUE':
        return true;
      case 'false':
      case 'False':
      case 'FALSE':
        return false;
      default:
        return value;
    }
  }
  if (value === '' || value === '~') return null;
  if (/^0o[0-7]+$/.test(value)) return parseInt(value.slice(2), 8);
  if (/^[-+]?[0-9]+$/.test(value)) return parseInt(value, 10);
  if (/^0x[0-9a-fA-F]+$/.test(value)) return parseInt(value.slice(2), 16);
  if (/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/.test(value)) {
    return value.slice(-3).toLowerCase() === 'nan' ? Number.NaN : value.charAt(0) === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(value) && /[.eE]/.test(value)) return parseFloat(value);
  return value;
}

/** YAML line `n` (1-based) is file line `n + 1`: the opening `---` is line 1. */
function parseYaml(yamlText: string, body: string, bodyLine: number): FrontmatterResult {
  const simple = parseSimpleYaml(yamlText, resolvePlain);
  if (simple !== null) return { kind: 'ok', data: simple.data, entries: simple.entries, body, bodyLine };
  return parseFullYaml(yamlText, body, bodyLine);
}

/** The full YAML 1.2 parser: everything the fast path declines, and every error. */
export function parseFullYaml(yamlText: string, body: string, bodyLine: number): FrontmatterResult {
  const { isMap, isScalar, isSeq } = yamlNodes();
  // Duplicate keys are found below in linear time (the library's own check compares each
  // key with every earlier one).
  const parsed = parseYamlDocument(yamlText, { uniqueKeys: false });
  if (parsed === 'too-deep') return invalid(2, 'frontmatter is nested too deeply to be read; flatten it', body, bodyLine, yamlText);
  const { doc, lineAt } = parsed;
  const fileLine = (offset: number): number => lineAt(offset) + 1;
  const duplicate = firstDuplicateKey(doc.contents);
  const firstError = doc.errors[0];
  if (firstError !== undefined && (duplicate === null || firstError.pos[0] <= duplicate)) {
    const line = fileLine(firstError.pos[0]);
    return invalid(line, `frontmatter is not valid YAML: ${firstSentence(firstError.message)}${yamlHint(yamlText, firstError.pos[0])}`, body, bodyLine, yamlText);
  }
  if (duplicate !== null) return invalid(fileLine(duplicate), 'frontmatter is not valid YAML: Map keys must be unique', body, bodyLine, yamlText);
  const contents = doc.contents;
  // Nothing but blank lines and comments: an empty mapping (Jekyll and Hugo require the two lines).
  if (contents === null || (isScalar(contents) && contents.value === null && contents.range?.[0] === contents.range?.[1])) {
    return { kind: 'ok', data: {}, entries: new Map(), body, bodyLine };
  }
  if (!isMap(contents)) {
    const what = isScalar(contents) && contents.value === null ? 'a null value' : isSeq(contents) ? 'a list' : 'a single value';
    const line = contents?.range ? fileLine(contents.range[0]) : 1;
    return invalid(line, `frontmatter is ${what}, not a mapping: write keys such as \`id: BE-01\` and \`title: …\``, body, bodyLine, yamlText);
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const message = `frontmatter cannot be read: ${firstSentence(String((error as Error).message))}`;
    // An alias with no anchor (`note: *bold* text` was meant as text): its line, and the fix.
    const alias = error instanceof ReferenceError ? unresolvedAlias(doc) : null;
    if (alias === null) return invalid(2, message, body, bodyLine, yamlText);
    return invalid(fileLine(alias), `${message}${yamlHint(yamlText, alias)}`, body, bodyLine, yamlText);
  }
  const entries = new Map<string, FrontmatterEntry>();
  for (const pair of contents.items) {
    const key = pair.key as YamlNode | null;
    if (!isScalar(key) || key.range == null) continue;
    const value = pair.value as YamlNode | null;
    entries.set(String(key.value), {
      line: fileLine(key.range[0]),
      source: isScalar(value) && value.range ? yamlText.slice(value.range[0], value.range[1]) : null,
      itemLines: isSeq(value) ? value.items.map((item) => (item as YamlNode | null)?.range ? fileLine((item as YamlNode).range![0]) : fileLine(key.range![0])) : null,
    });
  }
  return { kind: 'ok', data: data as Record<string, unknown>, entries, body, bodyLine };
}

function invalid(line: number, message: string, body: string, bodyLine: number, source: string): FrontmatterResult {
  return { kind: 'invalid', line, message, body, bodyLine, source };
}
