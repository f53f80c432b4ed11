/**
 * A task numbered twice (D-512): the second task of a number that a kit file writes again for other
 * work (xuanyiying/IntervAI writes tasks 44–48 twice) is read as a task of its own, `T44#2` (a third
 * `T44#3`), besides its ID_DUPLICATE. Not a copy: the same title as a task of that number before it
 * (a file pasted twice: NathanielPereira/Assistente-Dados-Hospitalar), nor a heading that details a
 * box of the list above it (`- [x] T001 Create entry point`, then `### T001: Create Entry Point`,
 * D-506) — that task again, ignored. The reader (kit-nodes.ts) and the writer of a task's box
 * (write-task-state.ts) both ask here, so that `done auth/T44#2` finds what the load read.
 */
import type { KitItem } from '../parse/kits/read-kit.js';
import { titleKey } from '../parse/kits/kit-read.js';
import { isKitId } from '../shared/id-shape.js';

/** By index in `items` (a file's items in order), the id each copy is read under; `fileId`'s own id is never a task's. */
export function taskCopies(items: readonly KitItem[], fileId: string | null): Map<number, string> {
  // Per id, its first item; what a repeat compares is made only when the id is written again (most never are).
  const seen = new Map<string, KitItem | Repeated>();
  const copies = new Map<number, string>();
  items.forEach((item, index) => {
    if (!isKitId(item.id) || item.id === fileId) return;
    let before = seen.get(item.id);
    if (before === undefined) {
      seen.set(item.id, item);
      return;
    }
    if (!(before instanceof Repeated)) seen.set(item.id, (before = new Repeated(before)));
    const title = titleKey(item.title);
    const other = item.type === 'task' && before.heading === isHeading(item) && !before.titles.has(title);
    before.titles.add(title);
    if (!other) return;
    const as = `${item.id}#${(before.count += 1)}`;
    if (isKitId(as)) copies.set(index, as);
  });
  return copies;
}

/** An id written more than once: whether its first item is a heading, the titles written under it, how many copies are read. */
class Repeated {
  readonly heading: boolean;
  readonly titles: Set<string>;
  count = 1;
  constructor(first: KitItem) {
    this.heading = isHeading(first);
    this.titles = new Set([titleKey(first.title)]);
  }
}

/** Whether a kit item is written as a heading (`### T001: Title`), not a list item. */
const isHeading = (item: KitItem): boolean => item.text.trimStart().startsWith('#');
