/**
 * Long lists of findings in the on-disk index (issue 38), by column. At 100,000 files the kept
 * state stage holds some 48,000 findings: as records, V8's deserialiser took 0.13 s to make an
 * object of each (and a string of every path and id, which the nodes restored already hold). A
 * list whose every finding has a finding's fields, in their order, is written as columns — its
 * codes as words, its lines as numbers, its paths and ids as the index's own files when they are
 * a file's path and its node's id, else as strings — and made again with one literal each.
 * Any other list stays as it was. Like the rest of the index, columns are data: one this module
 * did not make is `null`, never an exception.
 */
import type { Diagnostic } from '../shared/types.js';
import { isStrings } from './index-shapes.js';

/** A finding's fields, in the order every stage makes them. */
const FINDING_KEYS = ['code', 'message', 'nodeId', 'path', 'line'] as const;

/** A list of findings by column: per finding `FIELDS` numbers, then its message. */
export interface FindingColumns {
  readonly codes: readonly string[];
  readonly messages: readonly string[];
  /** Per finding: its code (a word of `codes`); its line (`NaN`: none); its path (k ≥ 0: the index's file k; else string -k-1); its node id (`NaN`: none; -1: the node of its file; else string k). */
  readonly numbers: Float64Array;
  readonly strings: readonly string[];
}

const FIELDS = 4;

/** How a list of findings is written: by column when it can be, else as it is. */
export type WrittenFindings = FindingColumns | readonly Diagnostic[];

/**
 * `list` by column, with `fileAt` (where a path is among the index's files) and `nodeIdOf` (the
 * id of file k's node); `list` itself when a finding has other fields or another order.
 */
export function writeFindings(list: readonly Diagnostic[], fileAt: (path: string) => number | undefined, nodeIdOf: (file: number) => string | null): WrittenFindings {
  if (list.length === 0 || !list.every(isPlainFinding)) return list;
  const codes: string[] = [];
  const codeAt = new Map<string, number>();
  const strings: string[] = [];
  const stringAt = new Map<string, number>();
  const string = (value: string): number => {
    let at = stringAt.get(value);
    if (at === undefined) stringAt.set(value, (at = strings.push(value) - 1));
    return at;
  };
  const numbers = new Float64Array(list.length * FIELDS);
  list.forEach((finding, i) => {
    let code = codeAt.get(finding.code);
    if (code === undefined) codeAt.set(finding.code, (code = codes.push(finding.code) - 1));
    const file = fileAt(finding.path);
    numbers[i * FIELDS] = code;
    numbers[i * FIELDS + 1] = finding.line ?? Number.NaN;
    numbers[i * FIELDS + 2] = file ?? -string(finding.path) - 1;
    numbers[i * FIELDS + 3] = finding.nodeId === null ? Number.NaN : file !== undefined && nodeIdOf(file) === finding.nodeId ? -1 : string(finding.nodeId);
  });
  return { codes, messages: list.map((finding) => finding.message), numbers, strings };
}

/** The findings `value` holds (as `writeFindings` wrote them), with `pathOf` and `nodeIdOf` of the index's files; `null` when it is not what it wrote. */
export function readFindings(value: unknown, pathOf: (file: number) => string | undefined, nodeIdOf: (file: number) => string | null | undefined): readonly Diagnostic[] | null {
  if (Array.isArray(value)) return value as Diagnostic[];
  if (typeof value !== 'object' || value === null) return null;
  const { codes, messages, numbers, strings } = value as FindingColumns;
  if (!isStrings(codes) || !isStrings(messages) || !isStrings(strings) || !(numbers instanceof Float64Array) || numbers.length !== messages.length * FIELDS) return null;
  const out = new Array<Diagnostic>(messages.length);
  for (let i = 0; i < messages.length; i += 1) {
    const code = codes[numbers[i * FIELDS]!];
    const lineAt = numbers[i * FIELDS + 1]!;
    const pathAt = numbers[i * FIELDS + 2]!;
    const nodeAt = numbers[i * FIELDS + 3]!;
    const path = !Number.isInteger(pathAt) ? undefined : pathAt >= 0 ? pathOf(pathAt) : strings[-pathAt - 1];
    const nodeId = Number.isNaN(nodeAt) ? null : nodeAt === -1 && pathAt >= 0 ? (nodeIdOf(pathAt) ?? undefined) : Number.isInteger(nodeAt) && nodeAt >= 0 ? strings[nodeAt] : undefined;
    if (code === undefined || path === undefined || nodeId === undefined) return null;
    out[i] = { code: code as Diagnostic['code'], message: messages[i]!, nodeId, path, line: Number.isNaN(lineAt) ? null : lineAt };
  }
  return out;
}

function isPlainFinding(finding: Diagnostic): boolean {
  const keys = Object.keys(finding);
  return keys.length === FINDING_KEYS.length && keys.every((key, i) => key === FINDING_KEYS[i]);
}
