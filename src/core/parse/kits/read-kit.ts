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
  const inner = markdownInFence(body);
  const outline = inner === null ? outlineOf(body, bodyLine) : outlineOf(inner.text, bodyLine + inner.lines);
  const read = place.stem === SHARED_STORIES ? sharedStories(outline, place.scope) : place.kit === 'kiro' ? readKiro(outline, place) : place.kit === 'speckit' ? readSpeckit(outline, place) : readOpenspec(outline, place);
  return { read, outline };
}

/** A fence's opening line, with `markdown` or `md` for its language, and a closing line of the same character. */
const FENCE_OPEN = /^(`{3,}|~{3,})[ \t]*(?:markdown|md)[ \t]*$/i;

/**
 * The Markdown of a kit file written whole inside one fence (`````markdown` on its first line,
 * ```````` on its last: a chat assistant's answer saved as it came, ekicyou/dcomp_sample-rs's
 * event-hit-test-cache/requirements.md), which a viewer shows as code: its text and how many
 * lines come before it; `null` for any other file. Its items are the team's all the same.
 */
function markdownInFence(body: string): { readonly text: string; readonly lines: number } | null {
  const start = body.search(/\S/);
  if (start === -1 || (body[start] !== '`' && body[start] !== '~')) return null;
  const lines = body.split('\n');
  let first = 0;
  while (lines[first]!.trim() === '') first += 1;
  let last = lines.length - 1;
  while (lines[last]!.trim() === '') last -= 1;
  const open = FENCE_OPEN.exec(lines[first]!);
  if (open === null || last <= first) return null;
  const fence = open[1]!;
  const closes = (line: string): boolean => line.trimEnd().length >= fence.length && line.trimEnd() === fence[0]!.repeat(line.trimEnd().length);
  if (!closes(lines[last]!)) return null;
  // Closed before its last line: not one fence around the whole file.
  for (let i = first + 1; i < last; i += 1) if (closes(lines[i]!)) return null;
  return { text: lines.slice(first + 1, last).join('\n'), lines: first + 1 };
}

/** Whether a kit file at `place` can hold items (KITS §2): requirements, specs, tasks, stories. */
function holdsItems(place: KitPlace): boolean {
  const { kit, stem } = place;
  if (place.conventions === true) return false;
  if (stem === SHARED_STORIES) return true;
  if (kit === 'kiro') return stem === 'requirements' || stem === 'tasks' || stem === 'bugfix';
  if (kit === 'speckit') return stem === 'spec' || stem === 'tasks';
  return stem === 'spec' || (stem === 'tasks' && place.scope.startsWith('change/')) || /^specs\/[^/]+\/spec$/.test(stem);
}
