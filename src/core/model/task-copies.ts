/**
 * A task numbered twice (D-512): the second task of a number that a kit file writes again for other
 * work (xuanyiying/IntervAI writes tasks 44–48 twice) is read as a task of its own, `T44#2` (a third
 * `T44#3`), besides its ID_DUPLICATE. Not a copy: the same title as a task of that number before it
 * (a file pasted twice: NathanielPereira/Assistente-Dados-Hospitalar), nor a heading that details a
 * box of the list above it (`- [x] T001 Create entry point`, then `### T001: Create Entry Point`,
 * D-506) — that task again, ignored. The reader (kit-nodes.ts) and the writer of a task's box
 * (write-task-state.ts) both ask here, so that `done auth/T44#2` finds what the load read.
 *
 * A recap (D-525) is no copy and no error: a task's number written again after it, in a list of such, on one line,
 * in the task's state, citing nothing, in words that say the same work (`isRecap`) — a list of what is pending (`- [ ] 1.5 -
 * Testar \`docker-compose up\` com Redis` under `## Itens Pendentes`, after `- [ ] 1.5 Testar \`docker-compose up\` com Redis
 * funcionando (teste manual)`: HeltonFraga01/cortexx), a log of done work (`- [x] S001: spec.md更新完了`: akiojin/unity-mcp-server).
 * The task is the first; the recap is ignored without a finding.
 */
import type { KitItem } from '../parse/kits/read-kit.js';
import { titleKey } from '../parse/kits/kit-read.js';
import { plainTitle, titleWords } from '../parse/kits/heading-tasks.js';
import { isKitId } from '../shared/id-shape.js';

/** By index in `items` (a file's items in order), the id each copy is read under; `fileId`'s own id is never a task's. */
export function taskCopies(items: readonly KitItem[], fileId: string | null): Map<number, string> {
  return taskRepeats(items, fileId).copies;
}

/** The copies (`taskCopies`) and, by index in `items`, the recaps: repeats of a task that are that task again, ignored without a finding. */
export function taskRepeats(items: readonly KitItem[], fileId: string | null): { readonly copies: Map<number, string>; readonly recaps: Set<number> } {
  // Per id, its first item; what a repeat compares is made only when the id is written again (most never are).
  // Per id, the index of its first item until it is written again.
  const seen = new Map<string, number | Repeated>();
  const copies = new Map<number, string>();
  const recaps = new Set<number>();
  let lastRepeat = -2;
  /** Where the run of repeats the current one is in began (repeats one after the other, line after line). */
  let runStart = -1;
  items.forEach((item, index) => {
    if (!isKitId(item.id) || item.id === fileId) return;
    let before = seen.get(item.id);
    if (before === undefined) {
      seen.set(item.id, index);
      return;
    }
    if (typeof before === 'number') seen.set(item.id, (before = new Repeated(items[before]!, before)));
    // A recap is one of a list of them: the item before it, or the one after it, repeats a task too.
    const next = items[index + 1];
    const inList = lastRepeat === index - 1 || (next !== undefined && seen.has(next.id));
    if (lastRepeat !== index - 1 || items[index - 1]!.end + 1 !== item.line) runStart = index;
    lastRepeat = index;
    // Not a list that goes on from the task itself, line after line (`- [x] T00 Create stock_item.ts`, then `- [x] T00 [P] Create
    // stock_transaction.ts`, seven boxes numbered `T00`: abdouz19/atelier, D-543): a recap repeats tasks written before its list.
    const goesOn = before.at === runStart - 1 && before.first.end + 1 === items[runStart]!.line;
    if (inList && !goesOn && isRecap(item, before, next)) {
      recaps.add(index);
      return;
    }
    const title = titleKey(item.title);
    const other = item.type === 'task' && before.heading === isHeading(item) && !before.titles.has(title);
    before.titles.add(title);
    if (!other) return;
    const as = `${item.id}#${(before.count += 1)}`;
    if (isKitId(as)) copies.set(index, as);
  });
  return { copies, recaps };
}

/**
 * Whether `item`, a task's number written again after the task in a list of such, says that task again: one line, in the same
 * state, citing nothing, no sub-task after it (`next`: Kiro's `- [ ] 8. 搜索…` written twice, the second over `- [x] 8.1 …`, is the
 * task written twice: WhitePlusMS/calenparse), in words that say the same work, notes in brackets and a word for done aside. Not
 * a heading: `### T001: Create Entry Point` after the box `- [x] T001 Create entry point` details it (D-506). A number written
 * again in another state (`- [x] T010 Write tests for user model`, `- [ ] T010 Write tests for order model`), or for a line with
 * lines of its own (Kiro's `- [x] 11. Toolbar` above `- [ ] 11. Toolbar` and its steps), is what it was (reviews).
 */
function isRecap(item: KitItem, before: Repeated, next: KitItem | undefined): boolean {
  const first = before.first;
  if (item.type !== 'task' || first.type !== 'task' || item.line <= first.line || item.end !== item.line || item.box !== first.box || isHeading(item)) return false;
  for (const ref of item.refs) if (ref.relation !== 'refines') return false;
  if (next !== undefined && next.refs.some((ref) => ref.relation === 'refines' && ref.id === item.id)) return false;
  const said = item.title.replace(AS_DONE, ' ');
  if (plainTitle(said) === before.plain()) return true;
  // More than two thirds of what the recap says is the task's (not the other way: `- [ ] 5. Testing` is no recap of a task
  // `5. Testing of the payment refunds flow`, nor the task of it: a review).
  const words = titleWords(said);
  const task = before.words();
  let shared = 0;
  for (const word of words) if (task.has(word)) shared += 1;
  return words.size > 0 && shared * 3 > words.size * 2;
}

/**
 * What a log of done work adds to a task's title (`S001: spec.md更新完了`, `C003: Unity同期スクリプト実装完了（GREEN、全テスト合格）`
 * for `**C003**: Unity Packageバージョン同期スクリプト実装`: akiojin/unity-mcp-server), and a task's own notes: notes in brackets, and a
 * word for done. Set aside on both sides.
 */
const AS_DONE = /[(（][^()（）]*[)）]|完了|完成|済み?|✅|\b(?:done|completed?|finished|concluíd[ao]|conclu[ií]do)\b/giu;

/** An id written more than once: whether its first item is a heading, the titles written under it, how many copies are read. */
class Repeated {
  readonly heading: boolean;
  readonly titles: Set<string>;
  count = 1;
  #plain: string | undefined;
  #words: Set<string> | undefined;
  /** `at`: the first's index in the file's items. */
  constructor(
    readonly first: KitItem,
    readonly at: number,
  ) {
    this.heading = isHeading(first);
    this.titles = new Set([titleKey(first.title)]);
  }
  /** The first's title as a recap's is compared with it (made once, however often the number is written again: a review). */
  plain(): string {
    return (this.#plain ??= plainTitle(this.first.title.replace(AS_DONE, ' ')));
  }
  words(): Set<string> {
    return (this.#words ??= titleWords(this.first.title.replace(AS_DONE, ' ')));
  }
}

/** Whether a kit item is written as a heading (`### T001: Title`), not a list item. */
const isHeading = (item: KitItem): boolean => item.text.trimStart().startsWith('#');
