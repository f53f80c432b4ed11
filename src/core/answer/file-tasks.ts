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

/** The task items of a task's file, in file order, and the code names each writes (`codeTokens`). */
export interface FileTasks {
  readonly tasks: readonly DocNode[];
  readonly names: readonly ReadonlySet<string>[];
  /** How many of the tasks write each name. */
  readonly writers: ReadonlyMap<string, number>;
}

/** Per workspace (a snapshot never changes), each task file's `FileTasks`: a bundle asks twice (the work around its task, the outline test), a server many times. */
const madeFor = new WeakMap<Workspace, Map<string, FileTasks>>();

/** The tasks of `task`'s file and their code names (ids of one file sort together under its feature). */
export function fileTasks(workspace: Workspace, task: DocNode): FileTasks {
  let files = madeFor.get(workspace);
  if (files === undefined) madeFor.set(workspace, (files = new Map()));
  const file = task.item!.file;
  let made = files.get(file);
  if (made === undefined) {
    const tasks: DocNode[] = [];
    for (const id of idsUnder(workspace, task.id.slice(0, task.id.lastIndexOf('/') + 1))) {
      const node = workspace.nodes.get(id)!;
      if (node.item?.file === file && node.type === 'task') tasks.push(node);
    }
    tasks.sort((a, b) => a.item!.line - b.item!.line);
    const names = tasks.map((node) => codeTokens(node.text));
    const writers = new Map<string, number>();
    for (const set of names) for (const name of set) writers.set(name, (writers.get(name) ?? 0) + 1);
    files.set(file, (made = { tasks, names, writers }));
  }
  return made;
}

/**
 * The code names a task's lines write: CamelCase and snake_case identifiers anywhere
 * (`CostEngine`, `validate_cost`), and the identifiers, file stems and kebab-case module names
 * inside backticks and paths (`aegis-common`, `types` of `src/models/types.ts`).
 */
function codeTokens(text: string): Set<string> {
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
    const { tasks, names, writers } = fileTasks(workspace, task);
    limit = Math.max(FEW_TASKS, tasks.length * COMMON_SHARE);
    const out = new Map<string, number[]>();
    names.forEach((set, k) => {
      for (const name of set) {
        // A name most of the file's tasks write (the module's, the product's) ties nothing in particular (as in work-around.ts).
        if (writers.get(name)! > limit) continue;
        const list = out.get(name);
        if (list === undefined) out.set(name, [k]);
        else list.push(k);
      }
    });
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
