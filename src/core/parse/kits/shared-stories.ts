/**
 * A Markdown file beside a kit's feature folders (`.kiro/specs/user-stories.md`,
 * `specs/stories.md`; KITS §7): each heading that opens with a story's id — `### US-011: Title`,
 * `### US3 - Title` — is a user story, id `<file's name>/<id as written>`
 * (`user-stories/US-011`), that tasks of any feature name by `US-011`.
 */
import { headingTitle, type Outline } from './outline.js';
import type { KitRead } from './kit-read.js';
import { itemsOf, NO_CONTEXT, type Picked } from './pick-items.js';

const STORY = /^(US-?\d+)(?:[ \t]*[:：.\-–—][ \t]*|[ \t]+|$)(.*)$/i;

export function sharedStories(outline: Outline, scope: string): KitRead {
  const picked = new Map<number, Picked>();
  outline.entries.forEach((entry, i) => {
    if (entry.kind !== 'heading') return;
    const story = STORY.exec(headingTitle(entry.text));
    if (story !== null) picked.set(i, { id: `${scope}/${story[1]!}`, type: 'user-story', title: story[2]!.trim(), parent: null });
  });
  return { items: itemsOf(outline, picked, () => {}, () => null, NO_CONTEXT), documentRefs: [] };
}
