/**
 * CATALOG `get_acceptance_criteria`: the list items under a task's "Acceptance criteria"
 * heading, or its frontmatter `acceptance_criteria` list.
 */
import { parseFrontmatter } from '../parse/frontmatter.js';
import { inlineText, parseBlocks, singleLine, type Token } from '../parse/markdown.js';
import { headingTitle, oneLine, outlineOf, spanText } from '../parse/kits/outline.js';
import { requireNode } from './require-node.js';
import type { DocNode, Workspace } from '../shared/types.js';

/** Heading texts that open the criteria section, compared ignoring case. */
export const CRITERIA_HEADINGS: readonly string[] = ['acceptance criteria', 'criterios de aceptación', 'definition of done'];

export interface Criterion {
  /** The item's text as written (inline Markdown kept), on one line; without the checkbox. */
  readonly text: string;
  /** `true`/`false` for task-list items (`- [x]` / `- [ ]`), `null` for plain items. */
  readonly done: boolean | null;
  /** 1-based line of the item in its file. */
  readonly line: number;
  /** A kit item's id, when the criterion is one (a task's criteria are in another file: KITS §7). */
  readonly id?: string | undefined;
}

export interface AcceptanceCriteria {
  readonly taskId: string;
  readonly title: string;
  readonly path: string;
  /**
   * Where the criteria come from: a heading's list, the frontmatter's list, a kit requirement's
   * criteria (`items`: Kiro's, KITS §2) or scenarios (`scenarios`: OpenSpec's `#### Scenario:`
   * sections, Spec Kit's acceptance scenarios of a user story), or nowhere.
   */
  readonly source: 'heading' | 'frontmatter' | 'items' | 'scenarios' | 'none';
  readonly criteria: readonly Criterion[];
}

/** The acceptance criteria of `taskId`; `TASK_NOT_FOUND` for an unknown id. */
export function getAcceptanceCriteria(workspace: Workspace, taskId: string): AcceptanceCriteria {
  const node = requireNode(workspace, taskId);
  // The id found (`1559` for `EIP-1559`).
  const base = { taskId: node.id, title: node.title, path: node.path };
  const fromKit = node.item === undefined ? null : kitCriteria(workspace, node);
  if (fromKit !== null) return { ...base, ...fromKit };
  const fromHeading = criteriaFromHeading(node);
  if (fromHeading !== null) return { ...base, source: 'heading', criteria: fromHeading };
  const fromFrontmatter = criteriaFromFrontmatter(node);
  if (fromFrontmatter !== null) return { ...base, source: 'frontmatter', criteria: fromFrontmatter };
  return { ...base, source: 'none', criteria: [] };
}

/**
 * A kit item's criteria (KITS §2, §5): a Kiro requirement's are the criteria that refine it, in
 * file order; an OpenSpec requirement's, its `Scenario:` sections; a Spec Kit user story's, the
 * numbered scenarios of its own lines. `null` for other items (their lines are read as a body).
 */
function kitCriteria(workspace: Workspace, node: DocNode): Pick<AcceptanceCriteria, 'source' | 'criteria'> | null {
  if (node.type === 'task') return taskCriteria(workspace, node);
  if (node.type === 'requirement' && node.path.startsWith('.kiro/')) {
    const criteria: Criterion[] = [];
    for (const edge of workspace.relationsIn.get(node.id) ?? []) {
      const child = workspace.nodes.get(edge.id)!;
      if (edge.relation === 'refines' && child.type === 'acceptance-criterion' && child.item !== undefined) criteria.push({ text: child.title, done: null, line: child.item.line });
    }
    return { source: 'items', criteria: criteria.sort((a, b) => a.line - b.line) };
  }
  if (node.type !== 'requirement' && node.type !== 'user-story') return null;
  const outline = outlineOf(node.text, node.item!.line);
  const { entries } = outline;
  const lastLine = outline.bodyLine + outline.starts.length - 2;
  const criteria: Criterion[] = [];
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (node.type === 'requirement' && entry.kind === 'heading') {
      const name = /^(?:Scenario|场景|場景)\s*[:：]\s*(.*)$/i.exec(headingTitle(entry.text));
      if (name === null) continue;
      // The scenario's own lines: to the next heading of its level or higher.
      let end = lastLine;
      for (let j = i + 1; j < entries.length; j += 1) if (entries[j]!.kind === 'heading' && entries[j]!.level <= entry.level) (end = entries[j]!.line - 1), (j = entries.length);
      const steps = end > entry.line ? oneLine(spanText(outline, entry.line + 1, end).text.replace(/^\s*[-*+]\s+/gm, '')) : '';
      criteria.push({ text: steps === '' ? name[1]! : `${name[1]!}: ${steps}`, done: null, line: entry.line });
    } else if (node.type === 'user-story' && entry.kind === 'item' && entry.ordered && entry.parent === -1) {
      criteria.push({ text: oneLine(entry.text), done: null, line: entry.line });
    }
  }
  return { source: 'scenarios', criteria };
}

/**
 * A kit task's criteria (KITS §7): what it implements, each criterion by its id and line — a
 * criterion it names, every criterion of a requirement it implements whole, a story's or an
 * OpenSpec requirement's scenarios — in the order named; `null` when it implements none (its
 * lines are then read as a body).
 */
function taskCriteria(workspace: Workspace, task: DocNode): Pick<AcceptanceCriteria, 'source' | 'criteria'> | null {
  const criteria: Criterion[] = [];
  const seen = new Set<string>();
  const add = (node: DocNode): void => {
    if (seen.has(node.id) || node.item === undefined) return;
    seen.add(node.id);
    criteria.push({ text: node.title, done: null, line: node.item.line, id: node.id });
  };
  let scenarios = false;
  for (const edge of workspace.relationsOut.get(task.id) ?? []) {
    if (edge.relation !== 'implements' && edge.relation !== 'verifies') continue;
    const target = workspace.nodes.get(edge.id);
    if (target === undefined) continue;
    if (target.type === 'acceptance-criterion') add(target);
    else {
      const own = kitCriteria(workspace, target);
      if (own === null) continue;
      scenarios ||= own.source === 'scenarios';
      // A requirement's own criteria (by their ids: its criteria are items), or its scenarios (by the requirement's).
      for (const c of own.criteria) {
        const child = own.source === 'items' ? criterionAt(workspace, target.id, c.line) : undefined;
        const key = child ?? `${target.id}#${c.line}`;
        if (seen.has(key)) continue;
        seen.add(key);
        criteria.push({ ...c, id: child ?? target.id });
      }
    }
  }
  return criteria.length === 0 ? null : { source: scenarios ? 'scenarios' : 'items', criteria };
}

/** The id of the criterion of `requirement` on `line` of its file. */
function criterionAt(workspace: Workspace, requirement: string, line: number): string | undefined {
  return workspace.relationsIn.get(requirement)?.find((edge) => edge.relation === 'refines' && workspace.nodes.get(edge.id)?.item?.line === line)?.id;
}

/** A GFM task-list marker at the start of an item's first paragraph. */
const TASK_MARKER = /^\[([ xX])\](?:[ \t]+|$)/;

/** The items of the first matching heading's section, or `null` when there is no such heading. */
function criteriaFromHeading(node: DocNode): Criterion[] | null {
  const tokens = parseBlocks(node.body);
  const start = tokens.findIndex(
    (t, i) => t.type === 'heading_open' && CRITERIA_HEADINGS.includes(singleLine(inlineText(tokens[i + 1]?.content ?? '')).toLowerCase()),
  );
  if (start === -1) return null;
  const level = headingLevel(tokens[start]!);
  // Every list item in the section, nested ones included, in document order; each collects
  // the text of its own paragraphs (a nested list's paragraphs belong to the nested item).
  const items: { line: number; parts: string[]; done: boolean | null }[] = [];
  const open: (typeof items)[number][] = [];
  for (const token of tokens.slice(start + 3)) {
    if (token.type === 'heading_open' && headingLevel(token) <= level) break;
    if (token.type === 'list_item_open') {
      const item = { line: (token.map?.[0] ?? 0) + node.bodyLine, parts: [], done: null };
      items.push(item);
      open.push(item);
    } else if (token.type === 'list_item_close') {
      open.pop();
    } else if (token.type === 'inline' && open.length > 0) {
      const item = open[open.length - 1]!;
      let content = token.content;
      const marker = item.parts.length === 0 ? TASK_MARKER.exec(content) : null;
      if (marker !== null) {
        item.done = marker[1] !== ' ';
        content = content.slice(marker[0].length);
      }
      item.parts.push(content);
    }
  }
  return items.map((item) => ({ text: joinLines(item.parts.join(' ')), done: item.done, line: item.line }));
}

function headingLevel(token: Token): number {
  return Number(token.tag.slice(1));
}

/** The string items of a frontmatter `acceptance_criteria` list; `[x] `/`[ ] ` prefixes set `done`. */
function criteriaFromFrontmatter(node: DocNode): Criterion[] | null {
  // A kit's item has no frontmatter of its own (model/frontmatter-of.ts); a document's is parsed from its text.
  const parsed = node.item === undefined ? parseFrontmatter(node.text) : null;
  if (parsed?.kind !== 'ok') return null;
  const value = parsed.data['acceptance_criteria'];
  if (!Array.isArray(value)) return null;
  const lines = parsed.entries.get('acceptance_criteria')?.itemLines ?? [];
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

/**
 * An item's wrapped lines as one line: each line break and the blanks around it become one
 * space. Linear in the text (a regular expression with a blank run on both sides of the break
 * backtracks quadratically on a long run of blanks).
 */
export function joinLines(text: string): string {
  const lines = text.split(/\r\n?|\n/);
  const last = lines.length - 1;
  return lines.map((line, i) => line.slice(i === 0 ? 0 : blanksFrom(line), i === last ? line.length : blanksTo(line))).join(' ').trim();
}

const isBlank = (code: number) => code === 0x20 || code === 0x09;

/** Index of the first character that is not a space or tab. */
function blanksFrom(line: string): number {
  let i = 0;
  while (i < line.length && isBlank(line.charCodeAt(i))) i += 1;
  return i;
}

/** Index just past the last character that is not a space or tab. */
function blanksTo(line: string): number {
  let i = line.length;
  while (i > 0 && isBlank(line.charCodeAt(i - 1))) i -= 1;
  return i;
}
