/**
 * One door to the kit readers (KITS §2): a kit file's body → its items and references, by the
 * kit its place names. Pure: it sees one file's text.
 */
import type { KitPlace } from '../../read/kit-paths.js';
import { NO_KIT_READ, type KitRead } from './kit-read.js';
import { outlineOf, type Outline } from './outline.js';
import { readKiro } from './read-kiro.js';
import { readOpenspec } from './read-openspec.js';
import { readSpeckit } from './read-speckit.js';
import { sharedStories } from './shared-stories.js';
import { SHARED_STORIES } from '../../read/kit-paths.js';

export type { Box, KitItem, KitRead, KitRef } from './kit-read.js';
export { MAX_ITEM_REFS } from './kit-read.js';

/**
 * The items of the kit file at `place`, whose body (the text after any frontmatter) starts at
 * line `bodyLine`; its outline, or `null` for a file that holds no items (a design, a plan, a
 * proposal: the largest files of a feature are never outlined).
 */
export function readKitFile(body: string, bodyLine: number, place: KitPlace): { read: KitRead; outline: Outline | null } {
  if (!holdsItems(place)) return { read: NO_KIT_READ, outline: null };
  const outline = outlineOf(body, bodyLine);
  const read = place.stem === SHARED_STORIES ? sharedStories(outline, place.scope) : place.kit === 'kiro' ? readKiro(outline, place) : place.kit === 'speckit' ? readSpeckit(outline, place) : readOpenspec(outline, place);
  return { read, outline };
}

/** Whether a kit file at `place` can hold items (KITS §2): requirements, specs, tasks, stories. */
function holdsItems(place: KitPlace): boolean {
  const { kit, stem } = place;
  if (place.conventions === true) return false;
  if (stem === SHARED_STORIES) return true;
  if (kit === 'kiro') return stem === 'requirements' || stem === 'tasks';
  if (kit === 'speckit') return stem === 'spec' || stem === 'tasks';
  return stem === 'spec' || (stem === 'tasks' && place.scope.startsWith('change/')) || /^specs\/[^/]+\/spec$/.test(stem);
}
