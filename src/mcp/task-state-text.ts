/**
 * What `prompt_implement_task` says about the task's work state (TRACE §2), so that an agent is
 * told before it starts blocked, finished or dropped work. Ids come from documents: an entry
 * that is not an id is shown as a JSON string, never as Markdown.
 */
import { isIdShaped, type Blocker, type Workspace } from '../core/index.js';

/** The most blockers named before "and N more". */
const MAX_NAMED = 10;

/** An id in backticks; anything else (a missing entry) as an inert JSON string. */
function shown(id: string): string {
  return isIdShaped(id) ? `\`${id}\`` : `\`${JSON.stringify(id.slice(0, 200)).replace(/`/g, '\\u0060')}\``;
}

export function blocker(b: Blocker): string {
  if (b.state === 'missing') return `${shown(b.id)} (names no document)`;
  if (b.state === 'cycle') return `a dependency cycle through ${shown(b.id)}`;
  return `${shown(b.id)} (${b.state})`;
}

/** What blocked a task marked done while it was blocked (issue 53), for `set_task_state`'s `warning`. */
export function doneWhileBlocked(id: string, blockedBy: readonly Blocker[]): string {
  const more = blockedBy.length > MAX_NAMED ? ` and ${blockedBy.length - MAX_NAMED} more` : '';
  return `${shown(id)} was blocked by ${blockedBy.slice(0, MAX_NAMED).map(blocker).join(', ')}${more}: it is marked done before what it depends on (set_task_state with state "todo" undoes it).`;
}

/** The paragraph on the task's state, for the prompt. */
export function taskStateText(workspace: Workspace, taskId: string): string {
  const { state, blockedBy } = workspace.states.get(taskId)!;
  if (state === 'ready') return 'State: `ready` — every dependency is settled; the task can be started.';
  if (state === 'untracked') return 'State: `untracked` — the document has no status: it is a reference document, not tracked work. Check with the user that it is meant to be implemented.';
  if (state === 'done') return 'State: `done` — its status says it is finished. Confirm with the user before changing what it describes.';
  if (state === 'dropped') {
    const by = (workspace.relationsIn.get(taskId) ?? []).filter((e) => e.relation === 'supersedes').map((e) => shown(e.id));
    const why = by.length > 0 ? `superseded by ${by.join(', ')}` : 'its status says it is dropped';
    return `State: \`dropped\` — ${why}. Do not implement it without asking the user first.`;
  }
  const named = blockedBy.slice(0, MAX_NAMED).map(blocker).join(', ');
  const more = blockedBy.length > MAX_NAMED ? ` and ${blockedBy.length - MAX_NAMED} more` : '';
  return (
    `State: \`blocked\` — blocked by ${named}${more}. Do not start it as if those were done: tell the user what blocks it and ` +
    'ask whether to work on the blockers first (list_tasks with state "ready" gives what can be done now).'
  );
}
