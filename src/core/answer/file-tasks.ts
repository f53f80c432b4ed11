/**
 * The tasks of a kit task's file and the code names they write (CONTEXT §1, §2): what ties a task
 * to the tasks it builds on (work-around.ts), and what tells a section about one task's work from
 * an outline of the whole file's work (document-cut.ts).
 */
import type { DocNode, Workspace } from '../shared/types.js';
import { idsUnder } from './picked-sections.js';

/** A name that more than this share of the file's tasks write ties nothing in particular (`src/`, the module's name). */
export const COMMON_SHARE = 0.25;
/** …unless the file has this few tasks. */
export const FEW_TASKS = 8;

/** The task items of `task`'s file, in file order (ids of one file sort together under its feature). */
export function tasksOfFile(workspace: Workspace, task: DocNode): DocNode[] {
  const out: DocNode[] = [];
  for (const id of idsUnder(workspace, task.id.slice(0, task.id.lastIndexOf('/') + 1))) {
    const node = workspace.nodes.get(id)!;
    if (node.item?.file === task.item!.file && node.type === 'task') out.push(node);
  }
  return out.sort((a, b) => a.item!.line - b.item!.line);
}

/**
 * The code names a task's lines write: CamelCase and snake_case identifiers anywhere
 * (`CostEngine`, `validate_cost`), and the identifiers, file stems and kebab-case module names
 * inside backticks and paths (`aegis-common`, `types` of `src/models/types.ts`).
 */
export function codeTokens(text: string): Set<string> {
  const out = new Set<string>();
  for (const match of text.matchAll(/\b[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+\b/g)) if (/[a-z][A-Z]/.test(match[0]) && match[0].length >= 5) out.add(match[0]);
  for (const match of text.matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g)) if (match[0].length >= 6) out.add(match[0]);
  const quoted = [...text.matchAll(/`([^`\n]{2,120})`/g)].map((m) => m[1]!);
  const paths = [...text.matchAll(/(?:^|[\s(])((?:[\w.-]+\/)+[\w.-]+)/gm)].map((m) => m[1]!);
  for (const written of [...quoted, ...paths]) {
    for (const part of written.split(/[^\w-]+/)) {
      // A module or file name (`aegis-common`, `CostEngine`), not a common word or a bare extension.
      if (part.length >= 6 && /[-_A-Z]|[a-z][0-9]/.test(part.slice(1)) && !/^-|-$/.test(part)) out.add(part);
    }
  }
  return out;
}

/**
 * Whether a section's `text` is an outline of the work of `taskId`'s file rather than about one
 * task of it: it names the code names of more than a quarter of the file's tasks, and of more
 * than FEW_TASKS (a project's source tree, a table of every class). A task's own name in such a
 * section names nothing in particular, as a requirement's number in an index of them all
 * (document-cut.ts). Made once per bundle; each call reads the section's words once.
 */
export function outlineTest(workspace: Workspace, taskId: string): (text: string) => boolean {
  const task = workspace.nodes.get(taskId);
  if (task?.item === undefined || task.type !== 'task') return () => false;
  let tasksOf: Map<string, number[]> | undefined;
  let limit = 0;
  const index = (): Map<string, number[]> => {
    const siblings = tasksOfFile(workspace, task);
    limit = Math.max(FEW_TASKS, siblings.length * COMMON_SHARE);
    const out = new Map<string, number[]>();
    siblings.forEach((sibling, k) => {
      for (const name of codeTokens(sibling.text)) {
        const list = out.get(name);
        if (list === undefined) out.set(name, [k]);
        else list.push(k);
      }
    });
    // A name most of the file's tasks write (the module's, the product's) ties nothing in particular (as in work-around.ts).
    for (const [name, list] of out) if (list.length > limit) out.delete(name);
    return out;
  };
  return (text) => {
    tasksOf ??= index();
    if (tasksOf.size === 0) return false;
    const named = new Set<number>();
    for (const match of text.matchAll(/[\w-]+/g)) {
      for (const word of match[0].includes('-') ? [match[0], ...match[0].split('-')] : [match[0]]) {
        for (const k of tasksOf.get(word) ?? []) named.add(k);
        if (named.size > limit) return true;
      }
    }
    return false;
  };
}
