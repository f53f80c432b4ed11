/**
 * TRACE §3: `docugraph.lock.json`, the reviews of a workspace's links — read at the root like
 * every other file (never through a link, regular files only, at most 16 MiB), parsed as JSON
 * and checked for exactly the shape `docugraph review` writes. A file of another shape is
 * `CONFIG_INVALID` on it (reviews are then off), with what to do.
 */
import { ID_SOURCE } from '../shared/id-shape.js';
import { compareStrings } from '../shared/sort.js';
import { LOCK_FILE } from '../shared/config-types.js';
import { echo } from '../shared/errors.js';
import { decodeText } from '../shared/normalize-text.js';
import { MAX_FILE_BYTES } from '../read/read-bytes.js';
import type { FileBytes } from '../read/discover-files.js';
import { readFileInside } from '../read/safe-fs.js';
import type { Diagnostic } from '../shared/types.js';

/** The reviews a lock file holds, and the commits its sources are pinned to (issue 57). */
export interface LockFile {
  /** The fingerprint recorded for each reviewed link, by its key `{from} -> {to}`. */
  readonly reviewed: ReadonlyMap<string, string>;
  /** Whether it has `reviewed` (reviews are on); a file that pins sources only leaves them off. */
  readonly reviews: boolean;
  /** The commit each source (`sources:` of docugraph.yml) is pinned to, by name. */
  readonly sources: ReadonlyMap<string, string>;
  /** 1-based line of each key in the file. */
  readonly lines: ReadonlyMap<string, number>;
}

/** What the root holds: no lock file (reviews off), one that is not valid, or its reviews. */
export type LockState =
  | { readonly kind: 'none' }
  | { readonly kind: 'invalid'; readonly diagnostics: readonly Diagnostic[] }
  | { readonly kind: 'ok'; readonly lock: LockFile };

/** A lock file's state and the text it was read from (`null`: none, or unreadable), to tell whether it changed. */
export interface LockRead {
  readonly state: LockState;
  readonly text: string | null;
}

export const NO_LOCK: LockState = Object.freeze({ kind: 'none' });

/** The findings of a lock file that could not be read, as one string to compare. */
const lockFindings = (read: LockRead): string => (read.state.kind === 'invalid' ? read.state.diagnostics.map((d) => d.message).join('\n') : read.state.kind);

/** Whether two reads of the lock file say the same (the same text, or the same findings of none). */
export function sameLockRead(before: LockRead, after: LockRead): boolean {
  return after.text !== null ? after.text === before.text : before.text === null && lockFindings(after) === lockFindings(before);
}

/** `{from} -> {to}`: two ids (META-01 §3, or a kit's items: KITS §2) around ` -> `. */
const KEY = new RegExp(`^${ID_SOURCE} -> ${ID_SOURCE}$`, 'u');
const FINGERPRINT = /^[0-9a-f]{16}$/;
/** A line where a merge left its markers. */
const CONFLICT = /^(?:<{7}|={7}|>{7})(?: |$)/m;
/** A line that starts with a JSON key: its quoted text. */
const KEY_LINE = /^\s*("(?:[^"\\\n]|\\.)*")\s*:/;

const SHAPE = '`{ "version": 1, "reviewed": { "FROM -> TO": "<16 hex digits>" }, "sources": { "NAME": { "commit": "<40 hex digits>" } } }`';
const COMMIT = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
const SOURCE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The text of a lock file with these reviews (`null`: none, reviews off) and source pins, as DocuGraph writes it: keys sorted, two-space indentation, a final newline. */
export function lockText(reviewed: Readonly<Record<string, string>> | null, sources: ReadonlyMap<string, string>): string {
  const pins: Record<string, { commit: string }> = {};
  for (const name of [...sources.keys()].sort(compareStrings)) pins[name] = { commit: sources.get(name)! };
  return `${JSON.stringify({ version: 1, ...(reviewed === null ? {} : { reviewed }), ...(sources.size === 0 ? {} : { sources: pins }) }, null, 2)}\n`;
}

/** The key of the review of the link from `from` to `to`. */
export function reviewKey(from: string, to: string): string {
  return `${from} -> ${to}`;
}

/** Reads and checks the root's lock file. */
export function readLockFile(root: string): LockRead {
  return lockFrom(readFileInside(root, LOCK_FILE, MAX_FILE_BYTES));
}

/** A lock file's state from its bytes (`ENOENT`: there is none), read as `readLockFile` reads it. */
export function lockFrom(read: FileBytes): LockRead {
  if (!read.ok) {
    if (read.code === 'ENOENT') return { state: NO_LOCK, text: null };
    return { state: invalid(null, `\`${LOCK_FILE}\` cannot be read: ${read.reason}; make it a regular file (\`docugraph review\` writes one)`), text: null };
  }
  const decoded = decodeText(read.bytes);
  if (!decoded.ok) return { state: invalid(null, `\`${LOCK_FILE}\` cannot be read: ${decoded.reason}; save it as UTF-8`), text: null };
  return { state: parseLockFile(decoded.text), text: decoded.text };
}

/** Checks the text of a lock file (normalised: no BOM, `\n` line ends). */
export function parseLockFile(text: string): LockState {
  const conflict = CONFLICT.exec(text);
  if (conflict !== null) {
    return invalid(lineAt(text, conflict.index), `\`${LOCK_FILE}\` holds merge conflict markers: keep the lines of both sides (each is the review of one link), remove the markers, then run \`docugraph validate\``);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(reason);
    return invalid(at === null ? null : lineAt(text, Number(at[1])), `\`${LOCK_FILE}\` is not valid JSON (${echo(reason)}); fix it, or delete it and review the links again with \`docugraph review\``);
  }
  if (!isObject(value)) return shape(null, 'it is not a JSON object');
  const extra = Object.keys(value).find((key) => key !== 'version' && key !== 'reviewed' && key !== 'sources');
  const lines = keyLines(text);
  if (extra !== undefined) return shape(lines.get(extra) ?? null, `it has the key \`${echo(extra)}\``);
  if (value['version'] !== 1) return shape(lines.get('version') ?? null, '`version` must be 1');
  const sources = new Map<string, string>();
  if ('sources' in value) {
    const pins = value['sources'];
    if (!isObject(pins)) return shape(lines.get('sources') ?? null, '`sources` must be an object');
    for (const [name, pin] of Object.entries(pins)) {
      const commit = isObject(pin) && Object.keys(pin).length === 1 ? pin['commit'] : undefined;
      if (!SOURCE_NAME.test(name) || typeof commit !== 'string' || !COMMIT.test(commit)) return shape(lines.get(name) ?? null, `the pin of the source \`${echo(name)}\` is not \`{ "commit": "<40 hex digits>" }\` (\`docugraph sources pin\` writes it)`);
      sources.set(name, commit);
    }
  }
  const reviews = 'reviewed' in value || !('sources' in value);
  const reviewed = reviews ? value['reviewed'] : {};
  if (!isObject(reviewed)) return shape(lines.get('reviewed') ?? null, '`reviewed` must be an object');
  const map = new Map<string, string>();
  for (const [key, fingerprint] of Object.entries(reviewed)) {
    const line = lines.get(key) ?? null;
    if (!KEY.test(key)) return shape(line, `the key \`${echo(key)}\` is not \`FROM -> TO\` (two document ids)`);
    if (typeof fingerprint !== 'string' || !FINGERPRINT.test(fingerprint)) return shape(line, `the review of \`${key}\` is not 16 lower-case hex digits`);
    map.set(key, fingerprint);
  }
  const repeated = repeatedKey(text);
  if (repeated !== null) return shape(repeated.line, `the key \`${echo(repeated.key)}\` appears twice; keep one line`);
  return { kind: 'ok', lock: { reviewed: map, lines, reviews, sources } };
}

function shape(line: number | null, problem: string): LockState {
  return invalid(line, `\`${LOCK_FILE}\` must be ${SHAPE}, as \`docugraph review\` writes it: ${problem}`);
}

function invalid(line: number | null, message: string): LockState {
  return { kind: 'invalid', diagnostics: [{ code: 'CONFIG_INVALID', message, nodeId: null, path: LOCK_FILE, line }] };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The line of each key that starts a line (the first, for a key written twice). */
function keyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  eachKey(text, (key, line) => {
    if (!lines.has(key)) lines.set(key, line);
  });
  return lines;
}

/** The first key of a review written on two lines, with the second line. */
function repeatedKey(text: string): { key: string; line: number } | null {
  const seen = new Set<string>();
  let found: { key: string; line: number } | null = null;
  eachKey(text, (key, line) => {
    if (found !== null || !KEY.test(key)) return;
    if (seen.has(key)) found = { key, line };
    seen.add(key);
  });
  return found;
}

function eachKey(text: string, visit: (key: string, line: number) => void): void {
  let line = 1;
  for (let start = 0; start <= text.length; line += 1) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const match = KEY_LINE.exec(text.slice(start, end));
    if (match !== null) {
      try {
        visit(JSON.parse(match[1]!) as string, line);
      } catch {
        // Not a JSON string after all: JSON.parse of the whole text has said why.
      }
    }
    start = end + 1;
  }
}

/** The 1-based line of the character at `index`. */
function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}
