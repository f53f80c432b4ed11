/**
 * Spec Kit task ids the template does not write (KITS §7): a placeholder the team never filled
 * in (`- [x] T00X …`), and a planning phase's `P001` beside the template's `T001`.
 */
import type { Outline } from './outline.js';
import { oneLine } from './outline.js';
import { readBox, type Box } from './kit-read.js';
import { enclosing, type Picked } from './pick-items.js';

/** After the box, an id that is a placeholder (`T00X`, `TXXX`, `**T0XX**`), then the task's text. */
const PLACEHOLDER = /^(?:\*\*)?T((?=[0-9Xx]{2})[0-9]*[Xx][0-9Xx]*)(?:\*\*)?(?=[\s:.,)]|$)[ \t:.]*([\s\S]*)$/;

/** A task id of another letter than the template's `T` (`P001`), or of `T` and a letter (`TE01`, an amendment's); its letters. */
const LETTER_ID = /^(?:[A-SU-Z](?=\d{3}$)|T[A-Z](?=\d{2,3}$))/;
/**
 * Keeps a box whose id has another letter than `T` (`P001`) only as a planning phase's task beside the template's
 * (maslennikov-ig/SkillTree: `- [X] P001 [EXECUTOR: MAIN] …` to P004 before `T001`; an amendment's `- [X] TE01 [P] [US2] …`
 * to TE11 after `T055`: Victor77-coder/Ticket.com, a fifty-second round): in a file where some box has a `T`
 * id, not nested in a task, its letter opening two such boxes or more; in a file where none has and no heading is a task,
 * its letter opening every box at the top level, three or more (a team's own letter: `M001`…; not a checklist's `V001`
 * beside unnumbered boxes, nor acceptance boxes `C001` under `### T001:` headings: a review); else it is no id
 * (`- [ ] X509 certificate rotation`, `  - [ ] H264 decoding` under `T002`: a review) and what it held is its parent's.
 * `top`: how many boxes the file has at the top level (in no list item); `headed`: whether a heading of it is a task.
 */
export function lettered(picked: Map<number, Picked>, boxes: Map<number, Box>, scope: string, top: () => number, headed: () => boolean): void {
  const letterOf = (item: Picked): string | null => LETTER_ID.exec(item.id.slice(scope.length + 1))?.[0] ?? null;
  const counts = new Map<string, number>();
  let template = false;
  let any = false;
  for (const item of picked.values()) {
    const letter = letterOf(item);
    if (letter === null) template = true;
    else if (item.parent === null) counts.set(letter, (counts.get(letter) ?? 0) + 1);
    any ||= letter !== null;
  }
  // (A nested `H264` with no such box at the top level is text too: the review of a fifty-second round.)
  if (!any) return;
  // Where no box has a `T` id and no heading is a task, a letter that opens every box at the top level, three or more, is the
  // team's own: `M001` to `M035`, the tasks of 15394730733/geektime-ai-bootcamp's MySQL feature (a forty-second round).
  const team = (letter: string): boolean => counts.get(letter)! >= 3 && !headed() && counts.get(letter) === top();
  const kept = (letter: string, item: Picked): boolean => (template ? item.parent === null && counts.get(letter)! >= 2 : counts.has(letter) && team(letter));
  const gone = new Map<string, string | null>();
  for (const [i, item] of picked) {
    const letter = letterOf(item);
    if (letter === null || kept(letter, item)) continue;
    gone.set(item.id, item.parent);
    picked.delete(i);
    boxes.delete(i);
  }
  if (gone.size > 0) for (const [i, item] of picked) if (item.parent !== null && gone.has(item.parent)) picked.set(i, { ...item, parent: gone.get(item.parent)! });
}

/**
 * The boxes whose id is a placeholder the team never filled in (D-462; henriquelopeslima/l1face:
 * `- [x] T00X Criar entidade …`, then `T01X` from the tenth box on), into `picked` and `boxes`:
 * tasks all the same. Such a box stands for its place among the file's task boxes, as the
 * team's own references count (`depende de T003, T004`): it is `T<place>`, as wide as written,
 * when the digits written agree (`T01X` at place 12 is `T012`) and no task of the file has
 * that id; else `T#<n>`, its place among the placeholders (as OpenSpec's unnumbered boxes).
 * Only boxes count; the ids of the tasks written as headings are taken.
 */
export function placeholderTasks(outline: Outline, scope: string, picked: Map<number, Picked>, boxes: Map<number, Box>, marks: RegExp): void {
  const { entries } = outline;
  const taken = new Set<string>();
  for (const item of picked.values()) taken.add(item.id);
  let place = 0;
  let n = 0;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.kind !== 'item') continue;
    if (picked.has(i)) {
      place += 1;
      continue;
    }
    const box = readBox(entry.text);
    const match = box === null ? null : PLACEHOLDER.exec(box.rest);
    if (box === null || match === null) continue;
    place += 1;
    n += 1;
    const number = placeNumber(match[1]!, place);
    const id = number !== null && !taken.has(`${scope}/T${number}`) ? `${scope}/T${number}` : `${scope}/T#${n}`;
    taken.add(id);
    picked.set(i, { id, type: 'task', title: oneLine(match[2]!.replace(marks, '')), parent: enclosing(entries, picked, i) });
    boxes.set(i, box.box);
  }
}

/** `place` written as wide as the placeholder `written` (`01X`), when the digits written agree with it (`012`); else `null`. */
function placeNumber(written: string, place: number): string | null {
  const number = String(place).padStart(written.length, '0');
  if (number.length !== written.length) return null;
  for (let k = 0; k < written.length; k += 1) {
    const c = written[k]!;
    if (c !== 'X' && c !== 'x' && c !== number[k]) return null;
  }
  return number;
}
