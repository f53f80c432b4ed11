/**
 * A chunk of the on-disk index (src/core/store/index-records.ts): every entry comes back as it
 * went in, whatever its file held — no text, a text with characters above U+00FF, no body, no
 * stamp, links never checked, no link target, an empty target, a target with a NUL — and a
 * chunk whose columns disagree is not restored.
 */
import { serialize, deserialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { chunkOf, restore, wellShaped, type Chunk, type SnapshotFile } from '../../../src/core/store/index-records.js';
import { ChunkTexts } from '../../../src/core/store/index-texts.js';
import type { FileAnalysis } from '../../../src/core/model/file-analysis.js';
import { extractMarkdown } from '../../../src/core/parse/markdown.js';
import type { FileEntry } from '../../../src/core/check/link-checks.js';
import type { DocNode } from '../../../src/core/shared/types.js';

/** An analysis of `path` with `text` (no source when `null`); its node's text and body slices of it. */
function analysis(path: string, text: string | null, extra: Partial<FileAnalysis> = {}): FileAnalysis {
  const body = text === null ? null : text.slice(text.indexOf('\n') + 1);
  const node =
    text === null
      ? null
      : ({ id: path.toUpperCase(), title: 'T', type: 'task', status: 'todo', path, dependsOn: ['X'], dependsOnLines: [2], text, bodyLine: 2, body: body! } as unknown as DocNode);
  return {
    path,
    node,
    idLine: text === null ? 0 : 1,
    mayLink: text !== null,
    diagnostics: [],
    misspelled: [],
    markdown: () => null,
    ...(text === null ? {} : { source: { text, body, bodyLine: 2 } }),
    ...extra,
  };
}

function file(path: string, entry: FileEntry, recheck = false): SnapshotFile {
  return { path, stat: [1n, BigInt(path.length), 3n, 1_700_000_000_123_456_789n, -5n], entry, recheck };
}

const stamp = { size: 12, mtimeMs: 1_700_000_000_123.4568, ctimeMs: 1_700_000_000_999.25, ino: 2 ** 40 + 3 };

/** A node's fields as a plain object (a restored node reads its texts through getters). */
function fieldsOf(node: DocNode | null): unknown {
  if (node === null) return null;
  const keys = ['id', 'title', 'type', 'status', 'path', 'dependsOn', 'dependsOnLines', 'dependsOnKeys', 'relations', 'text', 'bodyLine', 'body', 'item'] as const;
  return Object.fromEntries(keys.filter((key) => node[key] !== undefined).map((key) => [key, node[key]]));
}

/** What a restored entry is compared by (its `markdown` is a function; its node, source and links, what they give). */
function comparable(entry: FileEntry): unknown {
  const { markdown: _, node, source, items, ...rest } = entry.analysis;
  const links = entry.links === null ? null : { diagnostics: entry.links.diagnostics, targets: entry.links.targets };
  const analysis = { ...rest, node: fieldsOf(node), ...(source === undefined ? {} : { source: { text: source.text, body: source.body, bodyLine: source.bodyLine } }), ...(items === undefined ? {} : { items: items.map(fieldsOf) }) };
  const stamp = entry.stamp === null ? null : { size: entry.stamp.size, mtimeMs: entry.stamp.mtimeMs, ctimeMs: entry.stamp.ctimeMs, ino: entry.stamp.ino };
  return { ...entry, analysis, links, stamp };
}

/** A chunk as the index holds it: its columns through V8 serialisation, its texts and its link targets as bytes. */
function written(files: readonly SnapshotFile[]): { chunk: Chunk; texts: ChunkTexts; targets: ChunkTexts } {
  const { chunk, texts, targets } = chunkOf(files);
  return { chunk: deserialize(serialize(chunk)) as Chunk, texts: ChunkTexts.of(Buffer.from(texts))!, targets: ChunkTexts.of(Buffer.from(targets))! };
}

describe('a chunk of the index', () => {
  const files: SnapshotFile[] = [
    file('plain.md', { analysis: analysis('plain.md', '---\nbody [a](b.md)\n'), stamp, links: { diagnostics: [], targets: ['b.md', 'c/d.md'] } }, true),
    file('wide.md', { analysis: analysis('wide.md', '---\n漢字 and ✓\n'), stamp, links: { diagnostics: [{ code: 'LINK_BROKEN', message: 'm', nodeId: null, path: 'wide.md', line: 2 }], targets: [''] } }),
    file('none.md', { analysis: analysis('none.md', null, { diagnostics: [{ code: 'FILE_UNREADABLE', message: 'x', nodeId: null, path: 'none.md', line: null }] }), stamp: null, links: null }),
    file('nul.md', { analysis: analysis('nul.md', '---\n\n', { lostId: 'L-1', misspelled: [{ key: 'titel', line: 1, message: 'm' }] }), stamp, links: { diagnostics: [], targets: ['a\0b', 'c'] } }),
    file('empty.md', { analysis: { ...analysis('empty.md', 'x'), source: { text: 'x', body: null, bodyLine: 1 } }, stamp, links: { diagnostics: [], targets: [] } }),
    // A node without a type, with another status and a typed relation (kept as a record, not in the columns).
    file('odd.md', { analysis: { ...analysis('odd.md', '---\nodd\n'), node: { ...analysis('odd.md', '---\nodd\n').node!, type: null, status: 'done', relations: { implements: { ids: ['A'], lines: [3], keys: ['implements'] } } } }, stamp, links: null }),
  ];

  it('gives back every entry as it went in, through V8 serialisation', () => {
    const { chunk, texts, targets } = written(files);
    expect(wellShaped(chunk)).toBe(true);
    const keys = new Int32Array(new Uint8Array(chunk.keys).buffer);
    files.forEach((original, i) => {
      const restored = restore(chunk, texts, targets, i)!;
      expect(restored, original.path).not.toBeNull();
      expect(comparable(restored.entry), original.path).toEqual(comparable(original.entry));
      expect(restored.recheck, original.path).toBe(original.recheck);
      // Its JSON is the same too, key order included.
      expect(JSON.stringify(restored.entry.analysis.node), original.path).toBe(JSON.stringify(original.entry.analysis.node));
      expect([...keys.subarray(i * 10, i * 10 + 10)]).toEqual([...new Int32Array(BigInt64Array.from(original.stat).buffer)]);
    });
    // Restored, then written again (a later write of the index): the very same chunk (restoring dresses the chunk's records in place).
    const again = chunkOf(files);
    const restored = files.map((original, i) => ({ ...original, entry: restore(chunk, texts, targets, i)!.entry }));
    expect(chunkOf(restored)).toEqual(again);
    // Written again from the bytes: no restored text, and no restored list of targets, was kept as a string meanwhile.
    const kept = (value: unknown, field: string): unknown => (value as Record<string, unknown> | undefined)?.[field] ?? null;
    // (A node that is a record slices its text when restored: `odd.md`'s.)
    expect(restored.map(({ entry }) => kept(entry.analysis.source, 'madeText'))).toEqual([null, null, null, null, null, '---\nodd\n']);
    expect(restored.map(({ entry }) => kept(entry.links, 'split'))).toEqual(files.map(() => null));
    // The same once every restored entry's targets were read.
    for (const { entry } of restored) void entry.links?.targets;
    expect(chunkOf(restored)).toEqual(again);
    // Its Markdown is parsed from its body when first asked for, once; none without a body.
    const plain = restore(chunk, texts, targets, 0)!.entry.analysis;
    expect(plain.markdown()).toEqual(extractMarkdown('body [a](b.md)\n', 2));
    expect(plain.markdown()).toBe(plain.markdown());
    expect(restore(chunk, texts, targets, 2)!.entry.analysis.markdown()).toBeNull();
    expect(restore(chunk, texts, targets, 4)!.entry.analysis.markdown()).toBeNull();
    // An entry restored with a time is as if read then.
    expect(restore(chunk, texts, targets, 0, 1234)!.entry.readAt).toBe(1234);
    expect(restore(chunk, texts, targets, 0)!.entry.readAt).toBeUndefined();
    // Each type and status is written once per chunk.
    expect(chunk.words).toEqual(['task', 'todo', 'done']);
    // The texts and bodies are slices of the file's text, which is a slice of the chunk's.
    expect(restore(chunk, texts, targets, 1)!.entry.analysis.node!.body).toBe('漢字 and ✓\n');
  });

  it('keeps every UTF-16 code unit of a text, a lone surrogate too, and makes a file\'s text a string only when it is read', () => {
    const odd = '---\nhalf \ud800 of a pair, \udc00 and \u00ff\n';
    const { chunk, texts, targets } = written([file('odd.md', { analysis: analysis('odd.md', odd), stamp, links: null }), ...files.slice(0, 2)]);
    const entry = restore(chunk, texts, targets, 0)!.entry;
    const made = (): unknown => (entry.analysis.source as unknown as { madeText: unknown }).madeText;
    expect(made()).toBeNull();
    expect(entry.analysis.node!.title).toBe('T');
    expect(made()).toBeNull();
    expect(entry.analysis.node!.text).toBe(odd);
    expect(made()).toBe(odd);
    expect(entry.analysis.source!.body).toBe(odd.slice(4));
    expect(restore(chunk, texts, targets, 1)!.entry.analysis.node!.body).toBe('body [a](b.md)\n');
    expect(ChunkTexts.of(Buffer.from([1, 0, 0]))).toBeNull();
    expect(ChunkTexts.of(Buffer.from([9, 0, 0, 0, 1]))).toBeNull();
    expect(ChunkTexts.of(Buffer.from([1, 0, 0, 0, 65, 66]))).toBeNull();
  });

  it('is not restored when its columns disagree or a value has the wrong type', () => {
    const { chunk, texts, targets } = written(files);
    expect(wellShaped({ ...chunk, paths: chunk.paths.slice(1) })).toBe(false);
    expect(wellShaped({ ...chunk, numbers: chunk.numbers.slice(1) })).toBe(false);
    expect(wellShaped({ ...chunk, keys: chunk.keys.slice(8) })).toBe(false);
    expect(wellShaped({ ...chunk, linkTargets: 'a' } as unknown as Chunk)).toBe(false);
    // The file whose node is a record (its path is not the file's); the others' are in the columns.
    const odd = 5;
    expect(chunk.nodes.map((node) => (node === null || node === 0 ? node : 'record'))).toEqual([0, 0, null, 0, 0, 'record']);
    expect(chunk.columns.ids).toEqual(['PLAIN.MD', 'WIDE.MD', 'NUL.MD', 'EMPTY.MD']);
    const broken = (change: Partial<Record<keyof Chunk, unknown>>, at = 0) => restore({ ...chunk, ...change } as Chunk, texts, targets, at);
    const recordBroken = (record: Record<string, unknown>) => broken({ nodes: chunk.nodes.map((node, i) => (i === odd ? record : node)) }, odd);
    const oddRecord = chunk.nodes[odd] as Record<string, unknown>;
    expect(broken({ paths: [7, ...chunk.paths.slice(1)] })).toBeNull();
    expect(broken({ diagnostics: ['x', ...chunk.diagnostics.slice(1)] })).toBeNull();
    expect(broken({ linkTargets: [{}, ...chunk.linkTargets.slice(1)] })).toBeNull();
    // Lists of the right kind holding values of the wrong one (a later stage would throw on them).
    const first = <T>(column: readonly T[], value: unknown) => [value, ...column.slice(1)];
    expect(broken({ diagnostics: first(chunk.diagnostics, [null]) })).toBeNull();
    expect(broken({ linkDiagnostics: first(chunk.linkDiagnostics, [{ code: 'LINK_BROKEN', message: 'm', nodeId: null, path: 7, line: 1 }]) })).toBeNull();
    expect(broken({ misspelled: first(chunk.misspelled, [null]) })).toBeNull();
    expect(broken({ linkTargets: first(chunk.linkTargets, [42]) })).toBeNull();
    expect(recordBroken({ ...oddRecord, dependsOn: 5 })).toBeNull();
    expect(recordBroken({ ...oddRecord, dependsOnLines: ['1'] })).toBeNull();
    expect(recordBroken({ ...oddRecord, title: 7 })).toBeNull();
    // A type or status that is no word of the chunk, a path that is neither the file's (0) nor a string.
    expect(recordBroken({ ...oddRecord, type: chunk.words.length })).toBeNull();
    expect(recordBroken({ ...oddRecord, status: -1 })).toBeNull();
    expect(recordBroken({ ...oddRecord, path: 1 })).toBeNull();
    // A node's path is its file's: one of its own (a hand-made index) would lead a write elsewhere (issue 53).
    expect(recordBroken({ ...oddRecord, path: '../elsewhere.md' })).toBeNull();
    expect(recordBroken({ ...oddRecord, path: 'elsewhere.md' })).toBeNull();
    expect(wellShaped({ ...chunk, words: [1] } as unknown as Chunk)).toBe(false);
    expect(recordBroken({ ...oddRecord, relations: { implements: { ids: [1], lines: [], keys: [] } } })).toBeNull();
    expect(broken({ items: first(chunk.items, [{ ...oddRecord, item: { line: 1, end: 2, file: 'f', box: '?', context: [], source: 0 } }]) })).toBeNull();
    // The same values, rightly typed, restore.
    expect(recordBroken({ ...oddRecord, relations: { implements: { ids: ['A'], lines: [3], keys: ['implements'] } } })).not.toBeNull();
    // A node in the columns: a type or status that is no word, dependencies or a body out of range, a place past the columns.
    const columnNumbers = (at: number, value: number) => {
      const numbers = chunk.columns.numbers.slice();
      numbers[at] = value;
      return { columns: { ...chunk.columns, numbers } };
    };
    expect(broken(columnNumbers(0, chunk.words.length))).toBeNull();
    expect(broken(columnNumbers(1, 0.5))).toBeNull();
    expect(broken(columnNumbers(2, chunk.columns.deps.length))).toBeNull();
    expect(broken(columnNumbers(3, -1))).toBeNull();
    expect(broken(columnNumbers(5, 1e9))).toBeNull();
    expect(broken(columnNumbers(0, -1))!.entry.analysis.node!.type).toBeNull();
    const place = chunk.numbers.slice();
    place[11] = chunk.columns.ids.length;
    expect(broken({ numbers: place })).toBeNull();
    // Link targets among the texts: past them, or in texts that are none of the two.
    expect(chunk.linkTargets).toEqual([1, 1, null, ['a\0b', 'c'], 0, null]);
    for (const [at, value] of [[12, 2], [13, 1e9], [14, -1]] as const) {
      const numbers = chunk.numbers.slice();
      numbers[at] = value;
      expect(broken({ numbers }), `number ${at}`).toBeNull();
    }
    expect(wellShaped({ ...chunk, columns: { ...chunk.columns, titles: [7, ...chunk.columns.titles.slice(1)] } } as unknown as Chunk)).toBe(false);
    expect(wellShaped({ ...chunk, columns: { ...chunk.columns, depLines: chunk.columns.depLines.slice(1) } })).toBe(false);
    expect(wellShaped({ ...chunk, columns: { ...chunk.columns, numbers: chunk.columns.numbers.slice(1) } })).toBe(false);
    const numbers = chunk.numbers.slice();
    numbers[2] = 1e9; // the text's length: past the chunk's text
    expect(broken({ numbers })).toBeNull();
    expect(broken({})).not.toBeNull();
  });
});
