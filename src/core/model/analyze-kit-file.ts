/**
 * The per-file stage for a spec kit's file (KITS §2): frontmatter as for any document, then
 * the kit's reader over the body, then the file's node and its items as nodes. A kit file
 * whose frontmatter has an `id` is an ordinary document (its items are still read); one whose
 * frontmatter claims to be DocuGraph's and does not parse is `FRONTMATTER_INVALID`, its items
 * still read.
 */
import { buildNode } from './build-node.js';
import { claimsDocugraph } from './claims-docugraph.js';
import type { MisspelledUse } from './field-keys.js';
import type { FileAnalysis } from './file-analysis.js';
import { kitDocumentNode, kitItemNodes, kitPlaceProblem, prefixedRead, type KitDocument } from './kit-nodes.js';
import { own } from './read-relations.js';
import { qualifiedNames, withQualifiedRefs } from './qualified-refs.js';
import { rootPrefix, type KitPlace } from '../read/kit-paths.js';
import { parseFrontmatter } from '../parse/frontmatter.js';
import { readKitFile } from '../parse/kits/read-kit.js';
import { headingTitle } from '../parse/kits/outline.js';
import { extractMarkdown } from '../parse/markdown.js';
import { DEFAULT_CONFIG, type NodeConfig } from '../shared/config-types.js';
import { NO_DIAGNOSTICS } from '../shared/empty.js';
import type { Diagnostic, DocNode, MarkdownInfo } from '../shared/types.js';

const NO_USES: readonly MisspelledUse[] = Object.freeze([]);
const NO_FRONTMATTER: Readonly<Record<string, unknown>> = Object.freeze({});

/** Analyses the normalised text of the kit file at `place`; `early` may hold its Markdown, extracted elsewhere. */
export function analyzeKitText(path: string, text: string, place: KitPlace, config: NodeConfig = DEFAULT_CONFIG, early?: () => MarkdownInfo | undefined): FileAnalysis {
  const fm = parseFrontmatter(text);
  let body: string | null = fm.body;
  let bodyLine = fm.bodyLine;
  // Unclosed frontmatter that is not DocuGraph's: the whole text is the body.
  if (fm.kind === 'invalid' && body === null && !claimsDocugraph(fm.source, config)) {
    body = text;
    bodyLine = 1;
  }
  const read = body === null ? null : readKitFile(body, bodyLine, place);
  // Under a kit root (a monorepo's package), every id the file makes or names is the root's (`api:auth/T2.1`).
  const prefixed = read === null || place.root === undefined ? read : { ...read, read: prefixedRead(read.read, rootPrefix(place)) };
  // Ids written in full to another package or repository (issue 57), after the root's prefix (they have their own).
  const kit = prefixed === null ? null : { ...prefixed, read: withQualifiedRefs(prefixed.read, qualifiedNames(config)) };
  let parsed: MarkdownInfo | null | undefined;
  const markdown = (): MarkdownInfo | null => {
    if (parsed === undefined) parsed = body === null ? null : (early?.() ?? extractMarkdown(body, bodyLine));
    return parsed;
  };
  let heading: string | null | undefined;
  const firstH1 = (): string | null => {
    if (heading === undefined) {
      // A file without items has no outline: its first heading is its Markdown's (extracted once, for its links too).
      const entry = kit?.outline?.entries.find((e) => e.kind === 'heading' && e.level === 1);
      heading = entry !== undefined ? headingTitle(entry.text) : kit?.outline === null ? (markdown()?.firstH1 ?? null) : null;
    }
    return heading;
  };
  let data = NO_FRONTMATTER;
  let diagnostics: readonly Diagnostic[] = NO_DIAGNOSTICS;
  let misspelled = NO_USES;
  let idLine = 1;
  let node: DocNode | null = null;
  // Whether the file's node is not the kit's (it has an `id`), or there is none (frontmatter that claims to be DocuGraph's and does not parse).
  let ordinary = false;
  if (fm.kind === 'ok') {
    data = fm.data;
    if (own(data, config.fields.id) !== undefined) {
      const candidate = buildNode(path, text, fm, firstH1, config);
      ({ node, diagnostics, idLine } = candidate);
      if (candidate.misspelled.length > 0) misspelled = candidate.misspelled;
      ordinary = true;
    }
  } else if (fm.kind === 'invalid' && claimsDocugraph(fm.source, config)) {
    diagnostics = [{ code: 'FRONTMATTER_INVALID', message: fm.message, nodeId: null, path, line: fm.line }];
    ordinary = true;
  }
  const doc: KitDocument = {
    path,
    text,
    place,
    frontmatter: data,
    status: stringOf(own(data, config.fields.status)),
    title: stringOf(own(data, config.fields.title)),
    firstH1: firstH1(),
    body: body ?? '',
    bodyLine,
  };
  // Folder and file names make the ids: checked as a frontmatter id is (KITS §2, META-01 §3).
  const problem = kitPlaceProblem(place, path, ordinary);
  if (problem !== null && (!ordinary || (kit?.read.items.length ?? 0) > 0)) diagnostics = [...diagnostics, problem];
  if (!ordinary && problem === null) node = kitDocumentNode(doc, kit?.read.documentRefs ?? []);
  const made = kit === null || problem !== null ? null : kitItemNodes(kit.read, doc, node?.id ?? null, config);
  if (made !== null && made.diagnostics.length > 0) diagnostics = [...diagnostics, ...made.diagnostics];
  return { path, node, idLine, mayLink: body !== null && KIT_LINK.test(body), diagnostics, misspelled, markdown, items: made?.items ?? [], source: { text, body, bodyLine } };
}

/**
 * What a kit file's body needs to hold a link at all (its Markdown is then extracted and its
 * links checked): `](` (a link or an image), `][` (a reference), `]:` (a definition) or `://`
 * (an autolink, a bare URL). A task's box `[ ]` and Spec Kit's marks `[P] [US1]` are none.
 */
const KIT_LINK = /\]\(|\]\[|\]:|:\/\//;

/** A frontmatter value that is a non-empty string, else `null`. */
function stringOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
