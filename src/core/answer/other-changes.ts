/**
 * CONTEXT §3, OpenSpec: another change whose delta spec touches a requirement this change's
 * delta touches (the same capability, the same requirement name) joins a task's bundle — the
 * other delta's requirement, `also changed by change/<name>`, and the other change's tasks that
 * name it — so that two changes in flight do not contradict each other unseen.
 */
import type { Workspace } from '../shared/types.js';
import { rootOfId } from '../shared/id-shape.js';
import { idsUnder } from './picked-sections.js';
import { compareStrings } from '../shared/sort.js';
import { slug } from '../parse/slugger.js';

/** At most this many requirements of other changes, and as many of their tasks, join one bundle. */
const MAX_OTHER = 4;

export interface OtherChange {
  readonly id: string;
  readonly reason: string;
}

/** A requirement of a capability, as a change's delta names it: `<capability>/<requirement slug>` (`auth/session-timeout`). */
type Key = string;

/** A change's part in a requirement: the node of its delta that shows it (an ADDED requirement, or the delta spec that MODIFIES it). */
interface Touch {
  readonly change: string;
  readonly id: string;
}

/** An OpenSpec change's item or file: the change's id (`change/add-2fa`, under a kit root `api:change/add-2fa`). */
const CHANGE = /^((?:[^/:]+:)?change\/[^/]+)\//;

const byKey = new WeakMap<Workspace, ReadonlyMap<Key, readonly Touch[]>>();

/** Every change's touches by key (made once per workspace), in id order. */
function touches(workspace: Workspace): ReadonlyMap<Key, readonly Touch[]> {
  let made = byKey.get(workspace);
  if (made !== undefined) return made;
  const map = new Map<Key, Touch[]>();
  // The changes of the workspace's root (`change/…`) and of each kit root (`api:change/…`).
  for (const id of workspace.ids) {
    const at = CHANGE.exec(id);
    if (at === null) continue;
    for (const key of keysOf(workspace, id)) {
      const touch = { change: at[1]!, id };
      const list = map.get(key);
      if (list === undefined) map.set(key, [touch]);
      else list.push(touch);
    }
  }
  byKey.set(workspace, (made = map));
  return made;
}

/**
 * The requirements node `id` of a change touches: an ADDED requirement of a delta spec its own
 * (`auth/<its slug>`), a delta spec the capability's requirements it MODIFIES or REMOVES (its
 * `refines` entries, read/openspec).
 */
function keysOf(workspace: Workspace, id: string): readonly Key[] {
  const node = workspace.nodes.get(id)!;
  const name = /(?:^|\/)openspec\/changes\/[^/]+\/specs\/([^/]+)\/spec\.md$/.exec(node.path)?.[1];
  if (name === undefined) return [];
  // A kit root's capabilities are its own (`api:auth/…`).
  const capability = `${rootOfId(id)}${name}`;
  if (node.item === undefined) return node.relations?.refines?.ids.filter((entry) => entry.startsWith(`${capability}/`)) ?? [];
  return node.type === 'requirement' ? [`${capability}/${id.slice(id.lastIndexOf('/') + 1)}`] : [];
}

/** The other changes' requirements and tasks that join the bundle of `taskId`, leaving out what `included` holds. */
export function otherChanges(workspace: Workspace, taskId: string, included: ReadonlySet<string>): OtherChange[] {
  const task = workspace.nodes.get(taskId);
  const at = CHANGE.exec(taskId);
  const change = at === null ? undefined : `${at[1]!}/`;
  if (task?.item === undefined || change === undefined || !/(?:^|\/)openspec\/changes\//.test(task.path)) return [];
  const index = touches(workspace);
  const requirements: OtherChange[] = [];
  const tasks: OtherChange[] = [];
  const mine = new Set<Key>();
  for (const id of idsUnder(workspace, change)) for (const key of keysOf(workspace, id)) mine.add(key);
  for (const key of [...mine].sort(compareStrings)) {
    for (const other of index.get(key) ?? []) {
      if (`${other.change}/` === change || included.has(other.id) || requirements.some((r) => r.id === other.id) || requirements.length === MAX_OTHER) continue;
      requirements.push({ id: other.id, reason: `also changed by ${other.change}: the requirement ${key}` });
      // Its tasks that name the requirement (its name as written in the capability, or its slug).
      const name = key.slice(key.indexOf('/') + 1);
      for (const candidate of idsUnder(workspace, `${other.change}/T`)) {
        const node = workspace.nodes.get(candidate)!;
        if (tasks.length < MAX_OTHER && node.type === 'task' && !included.has(candidate) && !tasks.some((t) => t.id === candidate) && slug(node.text).includes(name)) {
          tasks.push({ id: candidate, reason: `a task of ${other.change} that names the requirement ${key}` });
        }
      }
    }
  }
  return [...requirements, ...tasks];
}
