/**
 * A node's frontmatter mapping as parsed (unknown keys kept), made again from its text when a
 * stage asks for it: the few that do (an acceptance criterion list, a broken relation's key)
 * read a few nodes, and a node that does not keep its mapping costs the parse's objects only
 * while it is read — at 100,000 documents, about a third of the objects an on-disk index
 * restored (issue 38).
 */
import { parseFrontmatter } from '../parse/frontmatter.js';
import type { DocNode } from '../shared/types.js';

const NONE: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * The mapping the file of `node` parsed to (`{}` without one); a spec kit's item has none of
 * its own (KITS §2: its file's frontmatter is its document's).
 */
export function frontmatterOf(node: DocNode): Readonly<Record<string, unknown>> {
  if (node.item !== undefined) return NONE;
  const parsed = parseFrontmatter(node.text);
  return parsed.kind === 'ok' ? parsed.data : NONE;
}
