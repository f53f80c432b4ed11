/**
 * The files written for coding agents that `docugraph init` found (read/agent-files.ts), by kind,
 * with the keys at the top of their frontmatter: whether they would be read as documents (their
 * frontmatter has the id key) decides whether `init` leaves them out (D-459).
 */
import { decodeText } from '../shared/normalize-text.js';
import { compareStrings } from '../shared/sort.js';
import { agentPattern } from '../read/agent-files.js';
import { MAX_FILE_BYTES } from '../read/read-bytes.js';
import { readFileInside } from '../read/safe-fs.js';
import { parseFrontmatter } from '../parse/frontmatter.js';

/** The agent files of one kind: an Agent Skill's `SKILL.md`, Spec Kit Plus's prompt history records (`*.prompt.md`, each with an `id:`). */
export interface AgentFiles {
  /** The `exclude` glob of the kind (`agentPattern`). */
  readonly pattern: string;
  readonly files: number;
  /** For each key at the top of their frontmatter (valid YAML or not), how many of the files have it. */
  readonly keys: ReadonlyMap<string, number>;
}

/** The agent files `paths` by kind, with their frontmatter keys counted. */
export function surveyAgentFiles(root: string, paths: readonly string[]): AgentFiles[] {
  const kinds = new Map<string, { files: number; keys: Map<string, number> }>();
  for (const path of paths) {
    const pattern = agentPattern(path)!;
    let kind = kinds.get(pattern);
    if (kind === undefined) kinds.set(pattern, (kind = { files: 0, keys: new Map() }));
    kind.files += 1;
    const read = readFileInside(root, path, MAX_FILE_BYTES);
    const decoded = read.ok ? decodeText(read.bytes) : null;
    const fm = decoded?.ok ? parseFrontmatter(decoded.text) : null;
    for (const key of fm === null ? [] : topKeys(fm)) kind.keys.set(key, (kind.keys.get(key) ?? 0) + 1);
  }
  return [...kinds].map(([pattern, kind]) => ({ pattern, ...kind })).sort((a, b) => compareStrings(a.pattern, b.pattern));
}

/** The keys at the top of parsed frontmatter; of frontmatter that does not parse, each `key:` that starts a line. */
function topKeys(fm: ReturnType<typeof parseFrontmatter>): string[] {
  if (fm.kind === 'ok') return Object.keys(fm.data);
  if (fm.kind === 'none') return [];
  const keys = new Set<string>();
  for (const line of fm.source.split('\n')) {
    const key = /^([A-Za-z_][A-Za-z0-9_-]*):/.exec(line)?.[1];
    if (key !== undefined) keys.add(key);
  }
  return [...keys];
}
