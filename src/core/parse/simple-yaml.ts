/**
 * A fast path for the frontmatter most documents have: top-level `key: value` lines whose
 * values are single-line scalars (plain, or quoted without escapes), one-line flow lists of
 * plain scalars, or block lists of such scalars. Anything else — comments after a value,
 * multi-line or escaped scalars, nested structures, anchors, tags, tabs, duplicate keys —
 * returns `null`, and the caller uses the full YAML parser, which alone reports errors.
 *
 * For what it accepts, the result is exactly what the full parser gives (a differential
 * test holds it to that): plain scalars are resolved by the YAML library's own core-schema
 * tags, passed in as `resolvePlain`.
 */
/** Where a top-level key of the frontmatter stands in the file. */
export interface FrontmatterEntry {
  /** 1-based line of the key in the file. */
  readonly line: number;
  /** The value's source text when it is a scalar (for messages such as "quote it"). */
  readonly source: string | null;
  /** 1-based line of each item when the value is a sequence, else `null`. */
  readonly itemLines: readonly number[] | null;
}

export interface SimpleYaml {
  readonly data: Record<string, unknown>;
  readonly entries: Map<string, FrontmatterEntry>;
}

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*))?$/;
const ITEM_LINE = /^( *)- +(.*)$/;
/** Characters a plain scalar may not start with (YAML indicators). */
const INDICATORS = '?:,[]{}#&*!|>\'"%@`-';

/** Parses `text` (frontmatter lines; file line = index + 2) or returns `null` to defer to the full parser. */
export function parseSimpleYaml(text: string, resolvePlain: (value: string) => unknown): SimpleYaml | null {
  if (text.includes('\t') || text.includes('\r')) return null;
  const lines = text.split('\n');
  const data: Record<string, unknown> = {};
  const entries = new Map<string, FrontmatterEntry>();
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlankOrComment(line)) {
      i += 1;
      continue;
    }
    const match = KEY_LINE.exec(line);
    if (match === null) return null;
    const key = match[1]!;
    if (key === '__proto__' || entries.has(key) || typeof resolvePlain(key) !== 'string') return null;
    const raw = (match[2] ?? '').trimEnd();
    const keyLine = i + 2;
    i += 1;
    if (raw === '') {
      const items: unknown[] = [];
      const itemLines: number[] = [];
      let indent = -1;
      for (; i < lines.length; i += 1) {
        const next = lines[i]!;
        if (isBlankOrComment(next)) continue;
        const item = ITEM_LINE.exec(next);
        if (item === null) break;
        if (indent === -1) indent = item[1]!.length;
        else if (item[1]!.length !== indent) return null;
        const value = scalar(item[2]!.trimEnd(), resolvePlain);
        if (value === undefined) return null;
        items.push(value.value);
        itemLines.push(i + 2);
      }
      data[key] = items.length === 0 ? null : items;
      entries.set(key, items.length === 0 ? { line: keyLine, source: '', itemLines: null } : { line: keyLine, source: null, itemLines });
      continue;
    }
    if (raw.startsWith('[')) {
      const items = flowList(raw, resolvePlain);
      if (items === null) return null;
      data[key] = items;
      entries.set(key, { line: keyLine, source: null, itemLines: items.map(() => keyLine) });
      continue;
    }
    const value = scalar(raw, resolvePlain);
    if (value === undefined) return null;
    data[key] = value.value;
    entries.set(key, { line: keyLine, source: value.source, itemLines: null });
  }
  return entries.size === 0 ? null : { data, entries };
}

function isBlankOrComment(line: string): boolean {
  const trimmed = line.trimStart();
  return trimmed === '' || trimmed.startsWith('#');
}

/** A one-line scalar: plain, single-quoted or double-quoted without escapes. */
function scalar(raw: string, resolvePlain: (value: string) => unknown): { value: unknown; source: string } | undefined {
  const first = raw.charAt(0);
  if (first === '"') {
    const inner = raw.slice(1, -1);
    if (raw.length < 2 || !raw.endsWith('"') || inner.includes('"') || inner.includes('\\')) return undefined;
    return { value: inner, source: raw };
  }
  if (first === "'") {
    const inner = raw.slice(1, -1);
    if (raw.length < 2 || !raw.endsWith("'") || !/^(?:[^']|'')*$/.test(inner)) return undefined;
    return { value: inner.replace(/''/g, "'"), source: raw };
  }
  if (!isPlain(raw)) return undefined;
  return { value: resolvePlain(raw), source: raw };
}

/** A plain scalar that means the same in block and flow context, on one line. */
function isPlain(raw: string): boolean {
  return (
    raw !== '' &&
    !INDICATORS.includes(raw.charAt(0)) &&
    !raw.includes(': ') &&
    !raw.includes(' #') &&
    !raw.endsWith(':') &&
    raw.trim() === raw
  );
}

/** `[a, b, c]` of plain scalars on one line. */
function flowList(raw: string, resolvePlain: (value: string) => unknown): unknown[] | null {
  if (!raw.endsWith(']')) return null;
  const inner = raw.slice(1, -1);
  if (/[[\]{}"'#]/.test(inner)) return null;
  if (inner.trim() === '') return [];
  const items = inner.split(',').map((item) => item.trim());
  if (!items.every(isPlain)) return null;
  return items.map(resolvePlain);
}
