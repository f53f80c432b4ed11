/**
 * META-01 §3: turn a file with valid frontmatter into a node, with the field diagnostics
 * (`ID_MISSING`, `ID_INVALID`, `TITLE_MISSING`, `DEPENDS_ON_INVALID`, `DEPENDS_ON_DUPLICATE`,
 * and TRACE §1's `RELATION_INVALID` for the typed relations: model/read-relations.ts),
 * and the keys it holds that look meant as a field (`FIELD_MISSPELLED`, once per key for the
 * workspace: model/misspelled-keys.ts). The field keys come from the configuration (§8).
 */
import { DEFAULT_CONFIG, type NodeConfig } from '../shared/config-types.js';
import { NO_DIAGNOSTICS } from '../shared/empty.js';
import { shownValue } from '../shared/id-shape.js';
import { findMisspelledKeys, misspelledMessage, type MisspelledUse } from './field-keys.js';
import type { FrontmatterEntry, FrontmatterResult } from '../parse/frontmatter.js';
import { singleLine } from '../parse/markdown.js';
import { isIdNumber, own, readEntries, readTypedRelations, relationKeySet } from './read-relations.js';
import { visible } from './visible.js';
import type { Diagnostic, DocNode } from '../shared/types.js';

export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The dependency key a node's `dependsOnKeys` leaves out. */
const DEFAULT_DEPENDENCY_KEY = 'depends_on';

export type ParsedFrontmatter = Extract<FrontmatterResult, { kind: 'ok' }>;

export interface NodeCandidate {
  /** The node, or `null` when the frontmatter yields no valid id. */
  readonly node: DocNode | null;
  /** `ID_*` diagnostics (when `node` is `null`) or the node's field diagnostics. */
  readonly diagnostics: readonly Diagnostic[];
  /** 1-based line of the id key (1 when absent). */
  readonly idLine: number;
  /** Keys meant as a field and given a value (FIELD_MISSPELLED, reported once per key by the assembly). */
  readonly misspelled: readonly MisspelledUse[];
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
  // Keys meant as a field, with a value: reported once per key for the whole workspace (assembly).
  const misspelled: MisspelledUse[] = [];
  const relationKeys = relationKeySet(config.relations ?? DEFAULT_CONFIG.relations);
  for (const found of findMisspelledKeys(entries, fields, isPage)) {
    if (relationKeys.has(found.key)) continue;
    if (!isEmptyValue(own(data, found.key))) misspelled.push({ key: found.key, line: found.line, message: misspelledMessage(found, fields, hasIdKey) });
  }
  if (isPage) return { node: null, diagnostics: NO_DIAGNOSTICS, idLine, misspelled };
  const idError = checkId(id, idEntry, data, config);
  if (idError !== null) {
    return { node: null, diagnostics: [{ ...idError, nodeId: null, path, line: idLine }], idLine, misspelled };
  }
  const nodeId = typeof id === 'number' ? String(id) : (id as string);
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

  const deps = readEntries(data, entries, fields.dependsOn, fields.separator, 'depends_on');
  for (const problem of deps.problems) diagnostics.push({ ...problem, ...at(problem.line) });
  const typed = readTypedRelations(data, entries, config.relations ?? DEFAULT_CONFIG.relations, fields.separator);
  for (const problem of typed.problems) diagnostics.push({ ...problem, ...at(problem.line) });

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
    ...(deps.keys.every((key) => key === DEFAULT_DEPENDENCY_KEY) ? {} : { dependsOnKeys: deps.keys }),
    ...(typed.relations === null ? {} : { relations: typed.relations }),
    text,
    bodyLine: frontmatter.bodyLine,
    body: frontmatter.body,
  };
  return { node, diagnostics: diagnostics.length === 0 ? NO_DIAGNOSTICS : diagnostics, idLine, misspelled };
}

/** A value that names nothing: null, `""`, `[]` or `{}`. */
function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
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
  // A non-negative integer stands for its decimal digits (`eip: 1559`) — as written: `007` or
  // `0x1F` would silently become another id, so those are asked to be quoted.
  if (isIdNumber(id)) {
    const written = entry?.source ?? String(id);
    if (written === String(id)) return null;
    return { code: 'ID_INVALID', message: `\`${key}\` \`${written}\` is a number YAML reads as ${id}; quote it to keep it as written: \`${key}: "${written}"\`` };
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
      message: `\`${key}\` \`${shownValue(id)}\` is not valid: use letters, digits, \`.\`, \`_\` and \`-\`, starting with a letter or digit (e.g. \`${suggestId(id)}\`)`,
    };
  }
  return null;
}

/** A valid id close to an invalid one, for the message. */
function suggestId(id: string): string {
  const cleaned = id.trim().replace(/\s+/g, '-').replace(/[^A-Za-z0-9._-]/g, '').replace(/^[._-]+/, '');
  return cleaned === '' ? 'DOC-1' : cleaned;
}
