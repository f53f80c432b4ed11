/**
 * META-01 §3: turn a file with valid frontmatter into a node, with the field diagnostics
 * (`ID_MISSING`, `ID_INVALID`, `TITLE_MISSING`, `DEPENDS_ON_INVALID`, `DEPENDS_ON_DUPLICATE`).
 */
import type { FrontmatterEntry, FrontmatterResult } from './frontmatter.js';
import { singleLine } from './markdown.js';
import type { Diagnostic, DocNode } from './types.js';

export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export type ParsedFrontmatter = Extract<FrontmatterResult, { kind: 'ok' }>;

export interface NodeCandidate {
  /** The node, or `null` when the frontmatter yields no valid id. */
  readonly node: DocNode | null;
  /** `ID_*` diagnostics (when `node` is `null`) or the node's field diagnostics. */
  readonly diagnostics: readonly Diagnostic[];
  /** 1-based line of the `id` key (1 when absent). */
  readonly idLine: number;
}

/**
 * Builds the node a file defines. `firstH1` is asked only when the title is missing.
 */
export function buildNode(
  path: string,
  text: string,
  frontmatter: ParsedFrontmatter,
  firstH1: () => string | null,
): NodeCandidate {
  const { data, entries } = frontmatter;
  const id = data['id'];
  const idEntry = entries.get('id');
  const idLine = idEntry?.line ?? 1;
  const idError = checkId(id, idEntry);
  if (idError !== null) {
    return { node: null, diagnostics: [{ ...idError, nodeId: null, path, line: idLine }], idLine };
  }
  const nodeId = id as string;
  const diagnostics: Diagnostic[] = [];
  const at = (line: number | undefined) => ({ nodeId, path, line: line ?? 1 });

  const rawTitle = data['title'];
  let title = typeof rawTitle === 'string' ? singleLine(rawTitle) : '';
  if (title === '') {
    title = firstH1() || nodeId;
    const why = rawTitle === undefined || rawTitle === null ? 'has no `title`' : typeof rawTitle === 'string' ? 'has an empty `title`' : 'has a `title` that is not a string';
    diagnostics.push({
      code: 'TITLE_MISSING',
      message: `document \`${nodeId}\` ${why}; add a line such as \`title: ${title}\` (shown as "${title}" until then)`,
      ...at(entries.get('title')?.line),
    });
  }

  const deps = readDependsOn(data['depends_on'], entries.get('depends_on'));
  for (const problem of deps.problems) diagnostics.push({ ...problem, ...at(problem.line) });

  const node: DocNode = {
    id: nodeId,
    title,
    type: typeof data['type'] === 'string' ? data['type'] : null,
    status: typeof data['status'] === 'string' ? data['status'] : null,
    path,
    dependsOn: deps.ids,
    dependsOnLines: deps.lines,
    text,
    frontmatter: data,
    bodyLine: frontmatter.bodyLine,
    body: frontmatter.body,
  };
  return { node, diagnostics, idLine };
}

type IdProblem = Pick<Diagnostic, 'code' | 'message'>;

function checkId(id: unknown, entry: FrontmatterEntry | undefined): IdProblem | null {
  if (id === undefined || id === null) {
    return {
      code: 'ID_MISSING',
      message: 'frontmatter has no `id`: add a line such as `id: BE-01` (letters, digits, `.`, `_`, `-`) so other documents can depend on this one',
    };
  }
  if (typeof id !== 'string') {
    const written = entry?.source ?? JSON.stringify(id);
    const kind = Array.isArray(id) ? 'a list' : typeof id === 'object' ? 'a mapping' : `a ${typeof id}`;
    const hint = typeof id === 'number' || typeof id === 'boolean' ? `; quote it: \`id: "${written}"\`` : '';
    return { code: 'ID_INVALID', message: `\`id\` must be a string, but it is ${kind} (\`${written}\`)${hint}` };
  }
  if (!ID_PATTERN.test(id)) {
    return {
      code: 'ID_INVALID',
      message: `\`id\` \`${id}\` is not valid: use letters, digits, \`.\`, \`_\` and \`-\`, starting with a letter or digit (e.g. \`${suggestId(id)}\`)`,
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

function readDependsOn(value: unknown, entry: FrontmatterEntry | undefined): DependsOn {
  if (value === undefined || value === null) return { ids: [], lines: [], problems: [] };
  const keyLine = entry?.line;
  if (typeof value === 'string') return { ids: [value], lines: [keyLine ?? 1], problems: [] };
  if (!Array.isArray(value)) {
    const kind = typeof value === 'object' ? 'a mapping' : `a ${typeof value}`;
    return {
      ids: [],
      lines: [],
      problems: [{ code: 'DEPENDS_ON_INVALID', message: `\`depends_on\` must be an id or a list of ids, but it is ${kind}; write e.g. \`depends_on: [BE-01, DEC-002]\``, line: keyLine }],
    };
  }
  const ids: string[] = [];
  const lines: number[] = [];
  const problems: (IdProblem & { line: number | undefined })[] = [];
  const seen = new Set<string>();
  value.forEach((item: unknown, index) => {
    const line = entry?.itemLines?.[index] ?? keyLine;
    if (typeof item !== 'string') {
      const shown = JSON.stringify(item) ?? String(item);
      const hint = typeof item === 'number' || typeof item === 'boolean' ? `; quote it: \`- "${shown}"\`` : '';
      problems.push({ code: 'DEPENDS_ON_INVALID', message: `\`depends_on\` item ${index + 1} (\`${shown}\`) is not an id string${hint}`, line });
      return;
    }
    if (seen.has(item)) {
      problems.push({ code: 'DEPENDS_ON_DUPLICATE', message: `\`depends_on\` lists \`${item}\` more than once; remove the repeat (it counts once)`, line });
      return;
    }
    seen.add(item);
    ids.push(item);
    lines.push(line ?? 1);
  });
  return { ids, lines, problems };
}
