/**
 * The per-file stage: bytes → normalised text → frontmatter → node candidate, plus lazy
 * access to the parsed Markdown body. Pure: it sees only one file.
 */
import { buildNode } from './build-node.js';
import type { MisspelledUse } from './field-keys.js';
import type { FileAnalysis, FileSource } from './file-analysis.js';
import { analyzeKitText } from './analyze-kit-file.js';
import { kitPlaceOf } from '../read/kit-paths.js';
import { claimsDocugraph, idOfInvalid } from './claims-docugraph.js';
import { DEFAULT_CONFIG, type NodeConfig } from '../shared/config-types.js';
import { NO_DIAGNOSTICS } from '../shared/empty.js';
import { parseFrontmatter } from '../parse/frontmatter.js';
import { extractMarkdown } from '../parse/markdown.js';
import { decodeLossy, decodeText } from '../shared/normalize-text.js';
import type { MarkdownInfo } from '../shared/types.js';

export type { FileAnalysis } from './file-analysis.js';

/** No misspelled keys (shared, never written). */
const NO_USES: readonly MisspelledUse[] = Object.freeze([]);

/**
 * Where a file's Markdown may already be, extracted elsewhere from the same body (the Markdown
 * worker, `markdown-ahead.ts`): `undefined` when it is not.
 */
export type EarlyMarkdown = () => MarkdownInfo | undefined;

/** Analyses one file's bytes; `config` says which frontmatter keys hold the fields. */
export function analyzeFile(path: string, bytes: Uint8Array, config: NodeConfig = DEFAULT_CONFIG, early?: EarlyMarkdown): FileAnalysis {
  const decoded = decodeText(bytes);
  if (decoded.ok) return analyzeText(path, decoded.text, config, early);
  // A spec kit's file is read anyway, each bad byte as U+FFFD, with one warning (KITS §7): its items are not lost.
  if (config.kits !== undefined && config.kits.length > 0 && kitPlaceOf(path, config.kits, config.kitRoots) !== null) {
    const { text, badLine } = decodeLossy(bytes);
    const analysis = analyzeText(path, text, config, early);
    const warning = { code: 'FILE_ENCODING' as const, message: `\`${path}\` is not valid UTF-8 (from line ${badLine}): it is read with each bad byte as U+FFFD; save it as UTF-8`, nodeId: analysis.node?.id ?? null, path, line: badLine };
    return { ...analysis, diagnostics: [warning, ...analysis.diagnostics] };
  }
  return unreadable(path, `\`${path}\` cannot be read: ${decoded.reason}; save it as UTF-8`);
}

/** A file that could not be read: only its `FILE_UNREADABLE` finding. */
export function unreadable(path: string, message: string): FileAnalysis {
  return {
    path,
    node: null,
    idLine: 1,
    mayLink: false,
    diagnostics: [{ code: 'FILE_UNREADABLE', message, nodeId: null, path, line: null }],
    misspelled: NO_USES,
    markdown: () => null,
  };
}

/** Analyses one file's normalised text; `config` says which frontmatter keys hold the fields. */
export function analyzeText(path: string, text: string, config: NodeConfig = DEFAULT_CONFIG, early?: EarlyMarkdown): FileAnalysis {
  // A spec kit's file holds items (KITS §2): its own reader.
  const place = config.kits === undefined || config.kits.length === 0 ? null : kitPlaceOf(path, config.kits, config.kitRoots);
  if (place !== null) return analyzeKitText(path, text, place, config, early);
  const fm = parseFrontmatter(text);
  const { body, bodyLine } = fm;
  const mayLink = body !== null && mayLinkIn(body);
  // The memo keeps only the body and its line (not the frontmatter's parse, which dies young).
  let parsed: MarkdownInfo | null | undefined;
  const markdown = (): MarkdownInfo | null => {
    if (parsed === undefined) parsed = body === null ? null : (early?.() ?? extractMarkdown(body, bodyLine));
    return parsed;
  };
  const source: FileSource = { text, body, bodyLine };
  if (fm.kind === 'none') return { path, node: null, idLine: 1, mayLink, diagnostics: NO_DIAGNOSTICS, misspelled: NO_USES, markdown, source };
  if (fm.kind === 'invalid') {
    // Frontmatter that does not claim to be DocuGraph's belongs to another tool, whose YAML
    // dialect may differ: a page, its links still checked (unclosed, its whole text is the body).
    if (!claimsDocugraph(fm.source, config)) {
      return fm.body === null ? analyzeBody(path, text, 1, mayLinkIn(text)) : { path, node: null, idLine: 1, mayLink, diagnostics: NO_DIAGNOSTICS, misspelled: NO_USES, markdown, source };
    }
    const lostId = idOfInvalid(fm.source, config);
    return {
      path,
      node: null,
      idLine: 1,
      mayLink,
      diagnostics: [{ code: 'FRONTMATTER_INVALID', message: fm.message, nodeId: null, path, line: fm.line }],
      misspelled: NO_USES,
      markdown,
      source,
      ...(lostId === null ? {} : { lostId }),
    };
  }
  const candidate = buildNode(path, text, fm, () => markdown()?.firstH1 ?? null, config);
  return { path, node: candidate.node, idLine: candidate.idLine, mayLink, diagnostics: candidate.diagnostics, misspelled: candidate.misspelled.length === 0 ? NO_USES : candidate.misspelled, markdown, source };
}

/** Whether a body can hold a link at all: links, images and definitions all need a `[`; autolinks and bare URLs a `:`. */
function mayLinkIn(body: string): boolean {
  return body.includes('[');
}

/** A file whose whole `text` from `bodyLine` is a body: no node, links checked. */
function analyzeBody(path: string, body: string, bodyLine: number, mayLink: boolean): FileAnalysis {
  let parsed: MarkdownInfo | undefined;
  return { path, node: null, idLine: 1, mayLink, diagnostics: NO_DIAGNOSTICS, misspelled: NO_USES, markdown: () => (parsed ??= extractMarkdown(body, bodyLine)), source: { text: body, body, bodyLine } };
}
