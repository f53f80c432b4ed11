/**
 * The Spec Kit reader (KITS §2–3): `specs/<feature>/` spec.md holds user stories
 * (`### User Story 1 - Title (Priority: P1)`) and requirements opening a list item
 * (`- **FR-001**: …`, `- **SC-001**: …`); tasks.md holds checkbox tasks `- [ ] T012 [P] [US1] …`,
 * which name their story (`[US1]`), requirements (`FR-003` anywhere in their text) and the
 * tasks they wait for (`depends on T012, T013`, `(after T012)`).
 */
import type { KitPlace } from '../../read/kit-paths.js';
import { headingTitle, oneLine, type Outline } from './outline.js';
import { matchesIn, NO_KIT_READ, type KitRead } from './kit-read.js';
import { enclosing, itemsOf, NO_CONTEXT, pickTasks, type Picked } from './pick-items.js';

const STORY = /^User\s+Story\s+(\d+)\s*(?:[-–—:]\s*)?(.*?)\s*(?:\(\s*Priority\s*:[^)]*\).*)?$/i;
/** `**FR-001**`, `**FR-001:**`, `**SC-002**`, `**FR-007a**` (one inserted later) at the start of a list item, then its text. */
const REQUIREMENT = /^\*\*((?:FR|SC)-\d+[a-z]?)[ \t]*:?\*\*[ \t]*:?[ \t]*([\s\S]*)$/;
/** After the box: the task id (`T012`, `**T012**`, `T009a`: one inserted later), then its text. */
const TASK_ID = /^(?:\*\*)?(T\d+[a-z]?)(?:\*\*)?(?=[\s:.,)]|$)[ \t:.]*([\s\S]*)$/;
/** Spec Kit's marks before a task's text: `[P]`, `[US1]`, `[Story: US1]`. */
const MARKS = /^(?:\[(?:P|US\d+|Story:?\s*US\d+)\][ \t]*)+/i;
const STORY_REF = /\[(?:Story:?\s*)?US(\d+)\]/gi;
const REQUIREMENT_REF = /\b((?:FR|SC)-\d+[a-z]?)\b/g;
const DEPENDS_REF = /\b(?:depends\s+on|after|requires|blocked\s+by)[ \t]*:?[ \t]+((?:T\d+[a-z]?\b)(?:(?:[ \t]*(?:,|&|\band\b)[ \t]*|[ \t]+)T\d+[a-z]?\b)*)/gi;

export function readSpeckit(outline: Outline, place: KitPlace): KitRead {
  if (place.stem === 'spec') return spec(outline, place.scope);
  if (place.stem === 'tasks') return tasks(outline, place.scope);
  return NO_KIT_READ;
}

function spec(outline: Outline, scope: string): KitRead {
  const { entries } = outline;
  const picked = new Map<number, Picked>();
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.kind === 'heading') {
      const story = STORY.exec(headingTitle(entry.text));
      if (story !== null) picked.set(i, { id: `${scope}/US${story[1]!}`, type: 'user-story', title: story[2]!, parent: null });
      continue;
    }
    const requirement = REQUIREMENT.exec(entry.text);
    if (requirement === null) continue;
    const id = requirement[1]!;
    picked.set(i, { id: `${scope}/${id}`, type: id.startsWith('FR') ? 'functional-requirement' : 'success-criterion', title: oneLine(requirement[2]!), parent: enclosing(entries, picked, i) });
  }
  return { items: itemsOf(outline, picked, () => {}, () => null, NO_CONTEXT), documentRefs: [] };
}

function tasks(outline: Outline, scope: string): KitRead {
  const { picked, boxes } = pickTasks(outline, scope, TASK_ID, '', false, (text) => text.replace(MARKS, ''));
  const context = [`${scope}/plan`, `${scope}/data-model`, `${scope}/research`];
  return {
    items: itemsOf(outline, picked, (item, span, refs) => {
      for (const { match, line } of matchesIn(STORY_REF, span.text, span.lineAt)) refs.add({ relation: 'implements', id: `${scope}/US${match[1]!}`, line, written: `[US${match[1]!}]` });
      for (const { match, line } of matchesIn(REQUIREMENT_REF, span.text, span.lineAt)) refs.add({ relation: 'implements', id: `${scope}/${match[1]!}`, line, written: match[1]! });
      for (const { match, line } of matchesIn(DEPENDS_REF, span.text, span.lineAt)) {
        const words = match[0].slice(0, match[0].length - match[1]!.length).replace(/[\s:]+/g, ' ').trim().toLowerCase();
        for (const id of match[1]!.match(/T\d+[a-z]?/g) ?? []) if (`${scope}/${id}` !== item.id) refs.add({ relation: 'depends_on', id: `${scope}/${id}`, line, written: `${words} ${id}` });
      }
    }, (i) => boxes.get(i) ?? null, context),
    documentRefs: [],
  };
}
