/**
 * The per-file stage: bytes → normalised text → frontmatter → node candidate, plus lazy
 * access to the parsed Markdown body. Pure: it sees only one file.
 */
import { buildNode } from './build-node.js';
import { DEFAULT_CONFIG, type NodeConfig } from '../shared/config-types.js';
import { NO_DIAGNOSTICS } from '../shared/empty.js';
import { parseFrontmatter } from '../parse/frontmatter.js';
import { extractMarkdown } from '../parse/markdown.js';
import { decodeText } from '../shared/normalize-text.js';
import type { Diagnostic, DocNode, MarkdownInfo } from '../shared/types.js';

export interface FileAnalysis {
  readonly path: string;
  /** The node the file defines, before duplicate ids are resolved; `null` when none. */
  readonly node: DocNode | null;
  /** 1-based line of the id key (1 when there is none). */
  readonly idLine: number;
  /** Whether the body can hold a link at all (it has a `[`): links, images and definitions all need one. */
  readonly mayLink: boolean;
  /** Diagnostics found in this file alone. */
  readonly diagnostics: readonly Diagnostic[];
  /** The parsed body (memoised), or `null` when the file has no checkable body (unreadable, unclosed frontmatter). */
  readonly markdown: () => MarkdownInfo | null;
}

/**
 * Where a file's Markdown may already be, extracted elsewhere from the same body (the Markdown
 * worker, `markdown-ahead.ts`): `undefined` when it is not.
 */
export type EarlyMarkdown = () => MarkdownInfo | undefined;

/** Analyses one file's bytes; `config` says which frontmatter keys hold the fields. */
export function analyzeFile(path: string, bytes: Uint8Array, config: NodeConfig = DEFAULT_CONFIG, early?: EarlyMarkdown): FileAnalysis {
  const decoded = decodeText(bytes);
  if (!decoded.ok) return unreadable(path, `\`${path}\` cannot be read: ${decoded.reason}; save it as UTF-8`);
  return analyzeText(path, decoded.text, config, early);
}

/** A file that could not be read: only its `FILE_UNREADABLE` finding. */
export function unreadable(path: string, message: string): FileAnalysis {
  return {
    path,
    node: null,
    idLine: 1,
    mayLink: false,
    diagnostics: [{ code: 'FILE_UNREADABLE', message, nodeId: null, path, line: null }],
    markdown: () => null,
  };
}

/** Analyses one file's normalised text; `config` says which frontmatter keys hold the fields. */
export function analyzeText(path: string, text: string, config: NodeConfig = DEFAULT_CONFIG, early?: EarlyMarkdown): FileAnalysis {
  const fm = parseFrontmatter(text);
  const { body, bodyLine } = fm;
  const mayLink = body !== null && body.includes('[');
  // The memo keeps only the body and its line (not the frontmatter's parse, which dies young).
  let parsed: MarkdownInfo | null | undefined;
  const markdown = (): MarkdownInfo | null => {
    if (parsed === undefined) parsed = body === null ? null : (early?.() ?? extractMarkdown(body, bodyLine));
    return parsed;
  };
  if (fm.kind === 'none') return { path, node: null, idLine: 1, mayLink, diagnostics: NO_DIAGNOSTICS, markdown };
  if (fm.kind === 'invalid') {
    return {
      path,
      node: null,
      idLine: 1,
      mayLink,
      diagnostics: [{ code: 'FRONTMATTER_INVALID', message: fm.message, nodeId: null, path, line: fm.line }],
      markdown,
    };
  }
  const candidate = buildNode(path, text, fm, () => markdown()?.firstH1 ?? null, config);
  return { path, node: candidate.node, idLine: candidate.idLine, mayLink, diagnostics: candidate.diagnostics, markdown };
}
