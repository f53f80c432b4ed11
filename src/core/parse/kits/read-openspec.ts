/**
 * The OpenSpec reader (KITS §2–3): a capability's `spec.md` holds `### Requirement: <Name>`
 * headings (each with its `#### Scenario:` sections); a change holds `tasks.md` with checkbox
 * tasks numbered `1.1`, and delta specs whose `## ADDED Requirements` are items of the change
 * while `## MODIFIED` and `## REMOVED Requirements` refine the capability's own requirement.
 */
import type { KitPlace } from '../../read/kit-paths.js';
import { slug } from '../slugger.js';
import { headingTitle, type Outline } from './outline.js';
import { NO_KIT_READ, type KitRead, type KitRef } from './kit-read.js';
import { itemsOf, NO_CONTEXT, pickTasks, type Picked } from './pick-items.js';

export const REQUIREMENT = /^Requirement\s*:\s*(.+)$/i;
const DELTA = /^(ADDED|MODIFIED|REMOVED|RENAMED)\s+Requirements\s*:?$/i;
/** After the box: the task's number (`1.1`, `**1.1**`), then its text. */
const TASK_NUMBER = /^(?:\*\*)?(\d+(?:\.\d+)+)\.?(?:\*\*)?(?:[ \t]+|$)([\s\S]*)$/;

export function readOpenspec(outline: Outline, place: KitPlace): KitRead {
  if (place.stem === 'tasks' && place.scope.startsWith('change/')) return tasks(outline, place.scope);
  if (place.stem === 'spec') return requirements(outline, place.scope, null);
  const delta = /^specs\/([^/]+)\/spec$/.exec(place.stem);
  if (delta !== null) return requirements(outline, place.scope, delta[1]!);
  return NO_KIT_READ;
}

/** A spec's requirements; in a change's delta spec of `capability`, the MODIFIED and REMOVED ones refine the capability's instead. */
function requirements(outline: Outline, scope: string, capability: string | null): KitRead {
  const { entries } = outline;
  const picked = new Map<number, Picked>();
  const documentRefs: KitRef[] = [];
  let section: { kind: string; level: number } | null = null;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.kind !== 'heading') continue;
    const title = headingTitle(entry.text);
    if (section !== null && entry.level <= section.level) section = null;
    const delta = capability === null ? null : DELTA.exec(title);
    if (delta !== null) {
      section = { kind: delta[1]!.toUpperCase(), level: entry.level };
      continue;
    }
    // As OpenSpec reads it: the heading as written (`### ~~Requirement: X~~` is none), the name as shown.
    const match = REQUIREMENT.exec(entry.text.trim());
    if (match === null) continue;
    const name = headingTitle(match[1]!);
    if (name === '') continue;
    if (section !== null && (section.kind === 'MODIFIED' || section.kind === 'REMOVED')) {
      documentRefs.push({ relation: 'refines', id: `${capability!}/${slug(name)}`, line: entry.line, written: `${section.kind} Requirement: ${name}` });
    } else if (section === null || section.kind === 'ADDED') {
      picked.set(i, { id: `${scope}/${slug(name)}`, type: 'requirement', title: name, parent: null });
    }
  }
  return { items: itemsOf(outline, picked, () => {}, () => null, NO_CONTEXT), documentRefs };
}

function tasks(outline: Outline, scope: string): KitRead {
  const { picked, boxes } = pickTasks(outline, scope, TASK_NUMBER, 'T', true);
  // The change's proposal and design (KITS §3), and its delta specs: what the change adds and modifies.
  return { items: itemsOf(outline, picked, () => {}, (i) => boxes.get(i) ?? null, [`${scope}/proposal`, `${scope}/design`, `${scope}/specs/`]), documentRefs: [] };
}
