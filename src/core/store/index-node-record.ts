/**
 * A node of the on-disk index written as a record (index-records.ts): one of a shape the
 * columns do not take. Its texts are pieces of its file's text, its `type` and `status` words
 * of the chunk, its `path` `0` when it is the file's; made a node again in place.
 */
import type { DocNode } from '../shared/types.js';

/** A string of a file's text: the slice from a place to its end, a slice `[start, end)`, or the string itself when it is none. */
type Piece = number | readonly [number, number] | string;

/** The node as a record: its `text`, `body` and item source as pieces of the file's text, its `type` and `status` as words, its `path` 0 (it is the file's: a restore takes no other). */
export function strip(node: DocNode, text: string | null, path: string, word: (value: string | null) => number | null): Record<string, unknown> {
  const out: Record<string, unknown> = { ...node };
  out['type'] = word(node.type);
  out['status'] = word(node.status);
  out['path'] = node.path === path ? 0 : node.path;
  out['text'] = piece(node.text, text);
  out['body'] = piece(node.body, text);
  if (node.item !== undefined) out['item'] = { ...node.item, source: node.item.source.text === text ? 0 : node.item.source.text };
  return out;
}

function piece(value: string, text: string | null): Piece {
  if (text === null) return value;
  if (text.endsWith(value)) return text.length - value.length;
  const at = value.length === 0 ? 0 : text.indexOf(value);
  return at === -1 ? value : [at, at + value.length];
}

const WORD_KEYS = ['type', 'status'] as const;

/** A record's `type`, `status` and `path` as `strip` wrote them made strings again (in place; a string is kept); `false` when a number is not a word of the chunk. */
export function unpack(value: unknown, words: readonly string[], path: string): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  for (const key of WORD_KEYS) {
    const at = record[key];
    if (at === null || typeof at === 'string') continue;
    if (typeof at !== 'number' || words[at] === undefined) return false;
    record[key] = words[at];
  }
  // A node's path is its file's (or, dressed by an earlier restore, the path itself): another would lead a write elsewhere.
  if (record['path'] !== 0 && record['path'] !== path) return false;
  record['path'] = path;
  return true;
}

/** A node record made a node again: its pieces sliced out of the file's text (in place, keeping its keys' order); `undefined` when a piece is out of range. */
export function dress(record: Record<string, unknown>, text: string | null, shared: { readonly text: string } | null): DocNode | undefined {
  const textOf = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return text !== null && value >= 0 && value <= text.length ? text.slice(value) : undefined;
    if (!Array.isArray(value) || text === null) return undefined;
    const [start, end] = value as [number, number];
    return start >= 0 && start <= end && end <= text.length ? text.slice(start, end) : undefined;
  };
  const nodeText = textOf(record['text']);
  const body = textOf(record['body']);
  if (nodeText === undefined || body === undefined || typeof record['id'] !== 'string') return undefined;
  record['text'] = nodeText;
  record['body'] = body;
  const item = record['item'] as Record<string, unknown> | undefined;
  if (item !== undefined) {
    if (item['source'] === 0) {
      if (shared === null) return undefined;
      item['source'] = shared;
    } else if (typeof item['source'] === 'string') item['source'] = { text: item['source'] };
    else return undefined;
  }
  return record as unknown as DocNode;
}
