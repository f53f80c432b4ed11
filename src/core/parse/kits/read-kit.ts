/**
 * One door to the kit readers (KITS §2): a kit file's body → its items and references, by the
 * kit its place names. Pure: it sees one file's text.
 */
import type { KitPlace } from '../../read/kit-paths.js';
import type { KitRead } from './kit-read.js';
import { outlineOf, type Outline } from './outline.js';
import { readKiro } from './read-kiro.js';
import { readOpenspec } from './read-openspec.js';
import { readSpeckit } from './read-speckit.js';
import { sharedStories } from './shared-stories.js';
import { SHARED_STORIES } from '../../read/kit-paths.js';

export type { Box, KitItem, KitRead, KitRef } from './kit-read.js';
export { MAX_ITEM_REFS } from './kit-read.js';

/** The items of the kit file at `place`, whose body (the text after any frontmatter) starts at line `bodyLine`. */
export function readKitFile(body: string, bodyLine: number, place: KitPlace): { read: KitRead; outline: Outline } {
  const outline = outlineOf(body, bodyLine);
  const read = place.stem === SHARED_STORIES ? sharedStories(outline, place.scope) : place.kit === 'kiro' ? readKiro(outline, place) : place.kit === 'speckit' ? readSpeckit(outline, place) : readOpenspec(outline, place);
  return { read, outline };
}
