/**
 * META-01 §3: turn a file with valid frontmatter into a node, with the field diagnostics
 * (`ID_MISSING`, `ID_INVALID`, `TITLE_MISSING`, `DEPENDS_ON_INVALID`, `DEPENDS_ON_DUPLICATE`,
 * `FIELD_MISSPELLED`). The field keys come from the configuration (`docugraph.yml`, §8).
 */
import { DEFAULT_CONFIG, type NodeConfig } from '../shared/config-types.js';
import { NO_DIAGNOSTICS } from '../shared/empty.js';
import { findMisspelledKeys, misspelledMessage } from './field-keys.js';
import type { FrontmatterEntry, FrontmatterResult } from '../parse/frontmatter.js';
import { singleLine } from '../parse/markdown.js';
import type { Diagnostic, DocNode } from '../shared/types.js';

export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export type ParsedFrontmatter = Extract<FrontmatterResult, { kind: 'ok' }>;

export interface NodeCandidate {
  /** The node, or `null` when the frontmatter yields no valid id. */
  readonly node: DocNode | null;
  /** `ID_*` diagnostics (when `node` is `null`) or the node's field diagnostics. */
  readonly diagnostics: readonly Diagnostic[];
  /** 1-based line of the id key (1 when absent). */
  readonly idLine: number;
}

/**
 * Builds the node a file defines. `firstH1` is asked only when the title is missing.
 * Frontmatter without the id key is a page (no node, no `ID_MISSING`) unless it has a
 * dependency key or `config.requireId` is set.
 */
export function buildNode(
  path: string,
  text: string,
  frontmatter: ParsedFrontmatter,
  firstH1: () => string | null,
  config: NodeConfig = DEFAULT_CONFIG,
): NodeCandidate {
  const { data, entries } = frontmatter;
  const fields = config.fields;
  const id = own(data, fields.id);
  const idEntry = entries.get(fields.id);
  const idLine = idEntry?.line ?? 1;
  const hasIdKey = id !== undefined;
  const isPage = !hasIdKey && !config.requireId && !fields.dependsOn.some((key) => own(data, key) !== undefined);
  const misspelled = (nodeId: string | null): Diagnostic[] =>
    findMisspelledKeys(entries, fields, isPage).map((found) => ({
      code: 'FIELD_MISSPELLED',
      message: misspelledMessage(found, fields, hasIdKey),
      nodeId,
      path,
      line: found.line,
    }));
  if (isPage) return { node: null, diagnostics: misspelled(null), idLine };
  const idError = checkId(id, idEntry, data, config);
  if (idError !== null) {
    return { node: null, diagnostics: [{ ...idError, nodeId: null, path, line: idLine }, ...misspelled(null)], idLine };
  }
  const nodeId = id as string;
  const diagnostics: Diagnostic[] = [];
  const at = (line: number | undefined) => ({ nodeId, path, line: line ?? 1 });

  const rawTitle = own(data, fields.title);
  let title = typeof rawTitle === 'string' ? visible(singleLine(rawTitle)) : '';
  if (title === '') {
    title = visible(firstH1() ?? '') || nodeId;
    const key = fields.title;
    const why = rawTitle === undefined || rawTitle === null ? `has no \`${key}\`` : typeof rawTitle === 'string' ? `has an empty \`${key}\`` : `has a \`${key}\` that is not a string`;
    diagnostics.push({
      code: 'TITLE_MISSING',
      message: `document \`${nodeId}\` ${why}; add a line such as \`${key}: ${title}\` (shown as "${title}" until then)`,
      ...at(entries.get(key)?.line),
    });
  }

  const deps = readDependencies(data, entries, fields.dependsOn);
  for (const problem of deps.problems) diagnostics.push({ ...problem, ...at(problem.line) });
  for (const d of misspelled(nodeId)) diagnostics.push(d);

  const type = own(data, fields.type);
  const status = own(data, fields.status);
  const node: DocNode = {
    id: nodeId,
    title,
    type: typeof type === 'string' ? type : null,
    status: typeof status === 'string' ? status : null,
    path,
    dependsOn: deps.ids,
    dependsOnLines: deps.lines,
    text,
    frontmatter: data,
    bodyLine: frontmatter.bodyLine,
    body: frontmatter.body,
  };
  return { node, diagnostics: diagnostics.length === 0 ? NO_DIAGNOSTICS : diagnostics, idLine };
}

/** The value of an own key of the mapping (`undefined` when absent; never an inherited `toString`). */
function own(data: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(data, key) ? data[key] : undefined;
}

/**
 * The display title is one line of text for every surface (bundle headings, lists, graph
 * labels, terminals): control characters a document may hold (ESC, BEL, NUL, DEL, C1) are
 * written visibly, as `\u001b`, instead of reaching a terminal or forging structure.
 */
function visible(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

type IdProblem = Pick<Diagnostic, 'code' | 'message'>;

function checkId(id: unknown, entry: FrontmatterEntry | undefined, data: Readonly<Record<string, unknown>>, config: NodeConfig): IdProblem | null {
  const key = config.fields.id;
  if (id === undefined || id === null) {
    const depKey = id === undefined ? config.fields.dependsOn.find((k) => own(data, k) !== undefined) : undefined;
    const why =
      depKey !== undefined
        ? `frontmatter has \`${depKey}\` but no \`${key}\`, so it is meant to be a document`
        : id === undefined && config.requireId
          ? `frontmatter has no \`${key}\` (docugraph.yml sets \`requireId: true\`)`
          : `frontmatter has no \`${key}\``;
    return {
      code: 'ID_MISSING',
      message: `${why}: add a line such as \`${key}: BE-01\` (letters, digits, \`.\`, \`_\`, \`-\`) so other documents can depend on this one`,
    };
  }
  if (typeof id !== 'string') {
    const written = entry?.source ?? JSON.stringify(id);
    const kind = Array.isArray(id) ? 'a list' : typeof id === 'object' ? 'a mapping' : `a ${typeof id}`;
    const hint = typeof id === 'number' || typeof id === 'boolean' ? `; quote it: \`${key}: "${written}"\`` : '';
    return { code: 'ID_INVALID', message: `\`${key}\` must be a string, but it is ${kind} (\`${written}\`)${hint}` };
  }
  if (!ID_PATTERN.test(id)) {
    return {
      code: 'ID_INVALID',
      message: `\`${key}\` \`${id}\` is not valid: use letters, digits, \`.\`, \`_\` and \`-\`, starting with a letter or digit (e.g. \`${suggestId(id)}\`)`,
    };
  }
  return null;
}

/** A valid id close to an invalid one, for the message. */
function suggestId(id: string): string {
  const cleaned = id.trim().replace(/\s+/g, '-').replace(/[^A-Za-z0-9._-]/g, '').replace(/^[._-]+/, '');
  return cleaned === '' ? 'DOC-1' : cleaned;
}

interface DependsOn {
  readonly ids: readonly string[];
  readonly lines: readonly number[];
  readonly problems: readonly (IdProblem & { line: number | undefined })[];
}

/**
 * The entries of every dependency key, merged in the configured order; an id listed twice
 * (in one key or across keys) counts once and gets `DEPENDS_ON_DUPLICATE`.
 */
function readDependencies(data: Readonly<Record<string, unknown>>, entries: ReadonlyMap<string, FrontmatterEntry>, keys: readonly string[]): DependsOn {
  const ids: string[] = [];
  const lines: number[] = [];
  const problems: (IdProblem & { line: number | undefined })[] = [];
  /** Each id seen, with the key that listed it first. */
  const seen = new Map<string, string>();
  const add = (key: string, item: string, line: number | undefined) => {
    const first = seen.get(item);
    if (first !== undefined) {
      const message =
        first === key
          ? `\`${key}\` lists \`${item}\` more than once; remove the repeat (it counts once)`
          : `\`${key}\` lists \`${item}\`, which \`${first}\` already lists; remove the repeat (it counts once)`;
      problems.push({ code: 'DEPENDS_ON_DUPLICATE', message, line });
      return;
    }
    seen.set(item, key);
    ids.push(item);
    lines.push(line ?? 1);
  };
  for (const key of keys) {
    const value = own(data, key);
    if (value === undefined || value === null) continue;
    const entry = entries.get(key);
    const keyLine = entry?.line;
    if (typeof value === 'string') {
      add(key, value, keyLine);
      continue;
    }
    if (!Array.isArray(value)) {
      const kind = typeof value === 'object' ? 'a mapping' : `a ${typeof value}`;
      problems.push({ code: 'DEPENDS_ON_INVALID', message: `\`${key}\` must be an id or a list of ids, but it is ${kind}; write e.g. \`${key}: [BE-01, DEC-002]\``, line: keyLine });
      continue;
    }
    value.forEach((item: unknown, index) => {
      const line = entry?.itemLines?.[index] ?? keyLine;
      if (typeof item !== 'string') {
        const shown = JSON.stringify(item) ?? String(item);
        const hint = typeof item === 'number' || typeof item === 'boolean' ? `; quote it: \`- "${shown}"\`` : '';
        problems.push({ code: 'DEPENDS_ON_INVALID', message: `\`${key}\` item ${index + 1} (\`${shown}\`) is not an id string${hint}`, line });
        return;
      }
      add(key, item, line);
    });
  }
  return { ids, lines, problems };
}
