/**
 * CATALOG `get_acceptance_criteria`: the list items under a task's "Acceptance criteria"
 * heading, or its frontmatter `acceptance_criteria` list.
 */
import { parseFrontmatter } from './frontmatter.js';
import { headingText, parseMarkdown, singleLine, type MdNode } from './markdown.js';
import { requireNode } from './require-node.js';
import type { DocNode, Workspace } from './types.js';

/** Heading texts that open the criteria section, compared ignoring case. */
export const CRITERIA_HEADINGS: readonly string[] = ['acceptance criteria', 'criterios de aceptación', 'definition of done'];

export interface Criterion {
  /** The item's text as written (inline Markdown kept), on one line; without the checkbox. */
  readonly text: string;
  /** `true`/`false` for task-list items (`- [x]` / `- [ ]`), `null` for plain items. */
  readonly done: boolean | null;
  /** 1-based line of the item in the file. */
  readonly line: number;
}

export interface AcceptanceCriteria {
  readonly taskId: string;
  readonly title: string;
  readonly path: string;
  /** Where the criteria come from. */
  readonly source: 'heading' | 'frontmatter' | 'none';
  readonly criteria: readonly Criterion[];
}

/** The acceptance criteria of `taskId`; `TASK_NOT_FOUND` for an unknown id. */
export function getAcceptanceCriteria(workspace: Workspace, taskId: string): AcceptanceCriteria {
  const node = requireNode(workspace, taskId);
  const base = { taskId, title: node.title, path: node.path };
  const fromHeading = criteriaFromHeading(node);
  if (fromHeading !== null) return { ...base, source: 'heading', criteria: fromHeading };
  const fromFrontmatter = criteriaFromFrontmatter(node);
  if (fromFrontmatter !== null) return { ...base, source: 'frontmatter', criteria: fromFrontmatter };
  return { ...base, source: 'none', criteria: [] };
}

/** The items of the first matching heading's section, or `null` when there is no such heading. */
function criteriaFromHeading(node: DocNode): Criterion[] | null {
  const blocks = parseMarkdown(node.body).children ?? [];
  const start = blocks.findIndex((b) => b.type === 'heading' && CRITERIA_HEADINGS.includes(singleLine(headingText(b)).toLowerCase()));
  if (start === -1) return null;
  const level = blocks[start]!.depth ?? 1;
  const criteria: Criterion[] = [];
  for (const block of blocks.slice(start + 1)) {
    if (block.type === 'heading' && (block.depth ?? 1) <= level) break;
    collectItems(block, node, criteria);
  }
  return criteria;
}

/** Every list item under `block`, nested ones included, in document order. */
function collectItems(block: MdNode, node: DocNode, into: Criterion[]): void {
  if (block.type === 'listItem') {
    const text = (block.children ?? [])
      .filter((child) => child.type !== 'list')
      .map((child) => node.body.slice(child.position?.start.offset ?? 0, child.position?.end.offset ?? 0))
      .join(' ');
    into.push({
      text: joinLines(text),
      done: typeof block.checked === 'boolean' ? block.checked : null,
      line: (block.position?.start.line ?? 1) + node.bodyLine - 1,
    });
  }
  for (const child of block.children ?? []) collectItems(child, node, into);
}

/** The string items of a frontmatter `acceptance_criteria` list; `[x] `/`[ ] ` prefixes set `done`. */
function criteriaFromFrontmatter(node: DocNode): Criterion[] | null {
  const value = node.frontmatter['acceptance_criteria'];
  if (!Array.isArray(value)) return null;
  const parsed = parseFrontmatter(node.text);
  const lines = parsed.kind === 'ok' ? (parsed.entries.get('acceptance_criteria')?.itemLines ?? []) : [];
  const criteria: Criterion[] = [];
  value.forEach((item: unknown, index) => {
    if (typeof item !== 'string') return;
    const box = /^\[([ xX])\]\s+/.exec(item);
    criteria.push({
      text: joinLines(box === null ? item : item.slice(box[0].length)),
      done: box === null ? null : box[1] !== ' ',
      line: lines[index] ?? 1,
    });
  });
  return criteria;
}

/** An item's wrapped lines as one line: each line break and the indentation around it become one space. */
function joinLines(text: string): string {
  return text.replace(/[ \t]*(?:\r\n?|\n)[ \t]*/g, ' ').trim();
}
