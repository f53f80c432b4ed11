/**
 * The OpenSpec reader (KITS §2–3): a capability's `spec.md` holds `### Requirement: <Name>`
 * headings (each with its `#### Scenario:` sections); a change holds `tasks.md` with checkbox
 * tasks numbered `1.1`, and delta specs whose `## ADDED Requirements` are items of the change
 * while `## MODIFIED` and `## REMOVED Requirements` refine the capability's own requirement.
 * Revision 2 (KITS §7): an unnumbered checkbox is a task too, numbered by its place among the
 * unnumbered boxes of the numbered section it sits under (`## 2. Backend` → `T2.1`, `T2.2`, …),
 * else of the file (`T#1`, `T#2`, …), never taking a number a task writes; nested in a task (a
 * list item, or under a `### Task 1.1:` heading), it refines that task. A `### Task 1.1: <title>`
 * heading is task `T1.1` (done when it carries ✅ or `[x]`); `**Dependencies**: 1.1` in a task's
 * lines depends on that task. Boxes of an ordered list (`1. [x] …`) keep the list's numbers, and
 * `- [ ] T1 …` is `T1`, where the file writes those numbers once each and numbers its tasks no
 * other way (`listedNumbers`, `PLAIN_T`).
 */
import type { KitPlace } from '../../read/kit-paths.js';
import { slug } from '../slugger.js';
import { headingTitle, oneLine, type Outline } from './outline.js';
import { HEADING_DONE, matchesIn, NO_KIT_READ, numberList, readBox, type Box, type KitRead, type KitRef } from './kit-read.js';
import { enclosing, itemsOf, NO_CONTEXT, numberParents, type Picked } from './pick-items.js';
import { dropRecaps, headingsHolding } from './heading-tasks.js';
import { legendBox } from './by-place.js';
import { deltaKind, renamesOf } from './openspec-deltas.js';
import { listedNumbers } from './openspec-listed.js';

/** `### Requirement: <Name>`; in Chinese `### 需求：<Name>` (studyzy/imewlconverter writes its specs so); numbered, `## Requirement 1: <Name>` (hectoresen/ArenaCup26). */
export const REQUIREMENT = /^(?:Requirement|需求)(?:[ \t]+\d+)?\s*[:：]\s*(.+)$/i;
const NUMBERED_REQUIREMENT = /^(?:Requirement|需求)[ \t]+\d+[ \t]*[:：]/i;
/** After the box: the task's number (`1.1`, `**1.1**`, `2.3a`: one inserted later; `**1.1 Title**`, the bold closed after the title: ToMrArcher/copilot-cup), then its text. */
const TASK_NUMBER = /^(\*\*)?(\d+[a-z]?(?:\.\d+[a-z]?)+)\.?(\*\*)?(?:[ \t]+|$)([\s\S]*)$/;
/**
 * After the box, a task labelled with its number and a colon, dot or dash: `Task 1.1: Title`,
 * `**Task 1.1: Title** ✅` (the bold closed after the title), `**Task 1.1**: Title`.
 */
const TASK_LABEL = /^(\*\*)?(?:Task|TASK)[ \t]+(\d+[a-z]?(?:\.\d+[a-z]?)*)(\*\*)?[ \t]*[:：.\-–—](\*\*)?[ \t]*([\s\S]*)$/;

/**
 * `T1 Update CLI flag …` after the box: task `T1`, in a file writing three or more such ids, none twice, and numbering its tasks no
 * other way — no numbered box, task label or task heading, no numbered heading (randybias/k0rdent-mcp-server: 103 boxes; a review
 * found `T1 passes (empty input)` checklists beside numbered tasks, and `### Task 1:` headings over such steps, read wrong otherwise).
 */
const PLAIN_T = /^(\*\*)?T(\d+)(\*\*)?[ \t]+(\S[\s\S]*)$/;

/**
 * After the box, a task id of one or two capitals and a dotted number, as some teams number their
 * phases (`C2.1`, `P2.0`, `V.1`: Salk-Harnessing-Plants-Initiative/bloom); `T1.1` is task `1.1`.
 * A dot is needed (`V2 migration` is prose), and a file must write three such ids or more, none
 * twice (`- [ ] V2.0 tag pushed`, `UI.1 …` alone are text: a review).
 */
const LETTER_NUMBER = /^(?:\*\*)?([A-Z]{1,2})((?:\d+[a-z]?)?(?:\.\d+[a-z]?)+)(?:\*\*)?(?:[ \t]+|$)([\s\S]*)$/;

/**
 * The number a box's text gives its task (`1.1 …`, `**1.1** …`, `Task 1.1: …`, `T1.1 …`) and the
 * text after it; a task named by letters and a number (`C2.1 …`) has them as its `id`. `null` when
 * it gives none.
 */
function boxNumber(rest: string, letters: boolean, tees = false): { readonly number: string; readonly text: string; readonly id?: string } | null {
  const number = TASK_NUMBER.exec(rest);
  if (number !== null) return { number: number[2]!, text: number[1] !== undefined && number[3] === undefined ? withoutClosingBold(number[4]!) : number[4]! };
  const tee = tees ? PLAIN_T.exec(rest) : null;
  if (tee !== null) return { number: tee[2]!, text: tee[1] !== undefined && tee[3] === undefined ? withoutClosingBold(tee[4]!) : tee[4]! };
  const lettered = LETTER_NUMBER.exec(rest);
  if (lettered !== null && (letters || lettered[1] === 'T')) {
    const [, letters, digits, text] = lettered;
    return letters === 'T' && !digits!.startsWith('.') ? { number: digits!, text: text! } : { number: `${letters!}${digits!}`, text: text!, id: `${letters!}${digits!}` };
  }
  const label = TASK_LABEL.exec(rest);
  if (label === null) return null;
  // `**Task 1.1: Title**`: the bold that opened before the label closes after the title (`**Task 1.1**:` and `**Task 1.1:**` close it at once).
  const closed = label[1] === undefined || label[3] !== undefined || label[4] !== undefined;
  return { number: label[2]!, text: closed ? label[5]! : label[5]!.replace('**', '') };
}

/** `text` without the first `**` outside a code span: the bold that opened before a task's number closes in its title (`**1.1 Update schema**`, ``**1.4 Add `**kwargs` support**``). */
function withoutClosingBold(text: string): string {
  let code = false;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '`') code = !code;
    else if (!code && text.startsWith('**', i)) return text.slice(0, i) + text.slice(i + 2);
  }
  return text;
}

/** A numbered section heading (`## 2. Backend`, `### 2.1 API`): the unnumbered tasks under it are numbered in it (`T2.5`, `T2.1.1`). */
const SECTION = /^(\d+(?:\.\d+)+|\d+(?=\.))\.?\s/;
/** A numbered heading (`### 1. Title`, `### 1.2 API`; a whole number with its dot, colon or dash: `## 2024 Goals` is none): a task or a group of tasks. */
const NUMBERED_HEADING = /^(\d+(?:\.\d+)+|\d+(?=\.|[ \t]*[:：\-–—]))\.?(?:[ \t]*[:：\-–—])?[ \t]+(\S.*)$/;
/**
 * A task written as a heading: `### Task 1.1: Title`, or `#### T0.1: Title` (a colon or dash after
 * the number: mauriciocruzdeveloper/appMcDron3.0); ✅ or `[x]` in it: done.
 */
const TASK_HEADING = /^(?:Task\s+|T(?=\d+(?:\.\d+)*[ \t]*[:：\-–—]))(\d+(?:\.\d+)*)\s*[:：.\-–—]?\s*(.*)$/i;
/** `**Dependencies**: 1.1, 1.2`, `Depends on: 2.1`, `**依赖**: Task 1, Task 2` (Cool-B/douniu): the value, to the line's end. */
const DEPENDS_LABEL = /(?:^|[\s(])(?:\*\*|_)?(?:Dependencies|Depends(?:[ \t]+on)?|(?:前置)?依[赖賴存](?:任务|任務|タスク)?)(?:\*\*|_)?[ \t]*[:：][ \t]*(?:\*\*|_)?([^\n]*)/gi;

export function readOpenspec(outline: Outline, place: KitPlace): KitRead {
  if (place.stem === 'tasks' && place.scope.startsWith('change/')) return tasks(outline, place.scope);
  if (place.stem === 'spec') return requirements(outline, place.scope, null);
  const delta = /^specs\/([^/]+)\/spec$/.exec(place.stem);
  if (delta !== null) return requirements(outline, place.scope, delta[1]!);
  return NO_KIT_READ;
}

/**
 * A requirement's id part: its name's heading anchor, without the underscores a code name opens
 * with (`_throughput_deadline …` is `throughput_deadline-…`: j5ik2o/fraktor-rs; it was ID_INVALID,
 * and not read). Any other anchor an id cannot start with stays ID_INVALID (`-internal API`).
 */
function requirementSlug(name: string): string {
  const anchor = slug(name);
  return anchor.replace(/^_+/, '') || anchor;
}

/**
 * A spec's requirements; in a change's delta spec of `capability`, the MODIFIED and REMOVED ones
 * refine the capability's instead, as do the old names of its RENAMED ones. A MODIFIED or REMOVED
 * requirement written under its new name refines the requirement its rename names (the openspec
 * CLI applies RENAMED first: Salk-Harnessing-Plants-Initiative/bloom's `add-cyl-blob-upload`).
 */
function requirements(outline: Outline, scope: string, capability: string | null): KitRead {
  const { entries } = outline;
  const picked = new Map<number, Picked>();
  const documentRefs: KitRef[] = [];
  const renames = capability === null ? null : renamesOf(outline);
  for (const { name, line } of renames?.from ?? []) documentRefs.push({ relation: 'refines', id: `${capability!}/${requirementSlug(name)}`, line, written: `RENAMED Requirement: ${name}` });
  let section: { kind: string; level: number } | null = null;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.kind !== 'heading') continue;
    const title = headingTitle(entry.text);
    // Numbered (`## Requirement 2: …`) at the level of a delta's section (`## REMOVED Requirements`) would close it: none (a review).
    if (section !== null && entry.level <= section.level && NUMBERED_REQUIREMENT.test(entry.text.trim())) continue;
    if (section !== null && entry.level <= section.level) section = null;
    const kind = capability === null ? null : deltaKind(title, entry.level);
    if (kind !== null) {
      section = { kind, level: entry.level };
      continue;
    }
    // As OpenSpec reads it: the heading as written (`### ~~Requirement: X~~` is none), the name as shown.
    const match = REQUIREMENT.exec(entry.text.trim());
    if (match === null) continue;
    const name = headingTitle(match[1]!);
    if (name === '') continue;
    if (section !== null && (section.kind === 'MODIFIED' || section.kind === 'REMOVED')) {
      const old = renames?.to.get(name) ?? name;
      documentRefs.push({ relation: 'refines', id: `${capability!}/${requirementSlug(old)}`, line: entry.line, written: `${section.kind} Requirement: ${name}` });
    } else if (section === null || section.kind === 'ADDED') {
      picked.set(i, { id: `${scope}/${requirementSlug(name)}`, type: 'requirement', title: name, parent: null });
    }
  }
  return { items: itemsOf(outline, picked, () => {}, () => null, NO_CONTEXT), documentRefs };
}

function tasks(outline: Outline, scope: string): KitRead {
  const { picked, boxes } = pickOpenspecTasks(outline, scope);
  // A progress list that names the heading tasks again (`## 总体进度追踪` over `- [x] Task 1: …`: Cool-B/douniu) adds none; it ticks them.
  dropRecaps(outline, picked, boxes, true);
  // The change's proposal and design (KITS §3), and its delta specs: what the change adds and modifies.
  return {
    items: itemsOf(outline, picked, (item, span, refs) => {
      for (const { match, line } of matchesIn(DEPENDS_LABEL, span.text, span.lineAt)) {
        const written = match[0].trim().replace(/^\(/, '');
        for (const n of numberList(match[1]!, refs.room, 'task').numbers) if (`${scope}/T${n}` !== item.id) refs.add({ relation: 'depends_on', id: `${scope}/T${n}`, line, written });
      }
    }, (i) => boxes.get(i) ?? null, [`${scope}/proposal`, `${scope}/design`, `${scope}/specs/`]),
    documentRefs: [],
  };
}

/** The most parts of a number whose groups are reserved (`1.2.3` reserves `1` and `1.2`): a task's number is a few parts, and a line of thousands costs no more. */
const MAX_PARTS = 8;

/** `number` and the groups it is part of, into `written`. Linear in the number's length. */
function reserve(written: Set<string>, number: string): void {
  written.add(number);
  let at = number.indexOf('.');
  for (let k = 1; at !== -1 && k < MAX_PARTS; k += 1, at = number.indexOf('.', at + 1)) written.add(number.slice(0, at));
}

/** A change's tasks (see the top of this file): numbered ones as written, unnumbered ones by their place; task headings. Linear. */
function pickOpenspecTasks(outline: Outline, scope: string): { picked: Map<number, Picked>; boxes: Map<number, Box> } {
  const { entries } = outline;
  const picked = new Map<number, Picked>();
  const boxes = new Map<number, Box>();
  const ids = new Set<string>();
  // The numbered section (`## 2. Backend`) and the task heading (`### Task 2.1: …`) the entries are under.
  let section: { n: string; level: number } | null = null;
  let taskHeading: { id: string; level: number } | null = null;
  // The numbers written (boxes, task headings, numbered group headings `### 1.2 API`) and the groups they are parts of, first: a place
  // never takes one (`- [ ] 2.1` after `- [ ] step`), and a task numbered `1.2.1` is never made part of a box placed as `1.2`.
  const written = new Set<string>();
  // The numbers written as tasks' (not the groups they are parts of).
  const exact = new Set<string>();
  // Each heading's title and each item's box, read once (the passes below ask for them again).
  const titles: string[] = [];
  const read: (Readonly<{ box: Box; rest: string }> | null)[] = [];
  entries.forEach((entry, i) => {
    if (entry.kind === 'heading') titles[i] = headingTitle(entry.text);
    else read[i] = entry.kind === 'item' ? readBox(entry.text) : null;
  });
  // Ids written with letters (`C2.1`) count only in a file that writes three or more, each once.
  const lettered: string[] = [];
  for (const box of read) {
    const found = box == null || TASK_NUMBER.test(box.rest) ? null : LETTER_NUMBER.exec(box.rest);
    if (found !== null && found[1] !== 'T') lettered.push(`${found[1]!}${found[2]!}`);
  }
  const letters = lettered.length >= 3 && new Set(lettered).size === lettered.length;
  const plain: string[] = [];
  let numbered = false;
  entries.forEach((entry, i) => {
    const box = read[i];
    if (entry.kind === 'heading') numbered ||= TASK_HEADING.test(titles[i]!) || NUMBERED_HEADING.test(titles[i]!) || SECTION.test(titles[i]!);
    else if (box != null && boxNumber(box.rest, letters) !== null) numbered = true;
    else if (box != null) {
      const found = PLAIN_T.exec(box.rest);
      if (found !== null) plain.push(found[2]!);
    }
  });
  const tees = !numbered && plain.length >= 3 && new Set(plain).size === plain.length;
  const holding = headingsHolding(entries, (i) => TASK_HEADING.test(titles[i]!) || NUMBERED_HEADING.test(titles[i]!), (i) => read[i] != null);
  // Numbered headings are tasks (`### 1. Title`, their steps prose: xujiangze/worker_plan) only in a file that numbers its
  // tasks no other way: no numbered box, no `Task 1.1:` heading, no numbered heading over boxes (a group), and two or more of them.
  let otherForm = false;
  let candidates = 0;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    const box = read[i] ?? null;
    const title = titles[i] ?? '';
    const boxedNumber = box !== null ? (boxNumber(box.rest, letters, tees)?.number ?? null) : null;
    const headed = entry.kind === 'heading' ? (TASK_HEADING.exec(title)?.[1] ?? null) : null;
    const grouped = entry.kind === 'heading' && headed === null ? (NUMBERED_HEADING.exec(title)?.[1] ?? null) : null;
    if (boxedNumber !== null || headed !== null || (grouped !== null && holding.boxes[i] === true)) otherForm = true;
    else if (grouped !== null && holding.headings[i] !== true) candidates += 1;
    const number = boxedNumber ?? headed ?? grouped;
    if (number !== null) reserve(written, number), exact.add(number);
  }
  const headingNumbers = !otherForm && candidates >= 2;
  const listed = listedNumbers(entries, titles, read, (title) => SECTION.test(title) || TASK_HEADING.test(title), (rest) => boxNumber(rest, letters, tees) !== null, written, exact);
  // The places taken in each section (`2.`), and in the file (`#`).
  const places = new Map<string, number>();
  const placed = (prefix: string): string => {
    let k = places.get(prefix) ?? 0;
    do k += 1;
    while (written.has(`${prefix}${k}`));
    places.set(prefix, k);
    return `${prefix}${k}`;
  };
  const pick = (i: number, id: string, title: string, box: Box, parent: string | null): void => {
    picked.set(i, { id, type: 'task', title, parent });
    boxes.set(i, box);
    ids.add(id);
  };
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.kind === 'heading') {
      if (section !== null && entry.level <= section.level) section = null;
      if (taskHeading !== null && entry.level <= taskHeading.level) taskHeading = null;
      const title = titles[i]!;
      // `### Task 1.1: Title`, or `### 1. Title` over no box (its steps written as prose: xujiangze/worker_plan).
      // A numbered heading over numbered headings groups them (`### 1.` over `#### 1.1 Sub`).
      const task = TASK_HEADING.exec(title) ?? (headingNumbers && holding.headings[i] !== true ? NUMBERED_HEADING.exec(title) : null);
      if (task !== null) {
        const id = `${scope}/T${task[1]!}`;
        pick(i, id, task[2]!.replace(HEADING_DONE, '').replace(/\s+/g, ' ').trim(), HEADING_DONE.test(title) ? 'x' : ' ', null);
        taskHeading = { id, level: entry.level };
        continue;
      }
      const numbered = SECTION.exec(title);
      if (numbered !== null) section = { n: numbered[1]!, level: entry.level };
      continue;
    }
    const box = read[i] ?? null;
    if (box === null) continue;
    const number = boxNumber(box.rest, letters, tees);
    // A legend of the boxes' states (`## Legend` over `- [ ] Pending`): no task (D-543).
    if (number === null && legendBox(entries, i)) continue;
    const parent = enclosing(entries, picked, i) ?? (number === null ? (taskHeading?.id ?? null) : null);
    if (number !== null) pick(i, `${scope}/${number.id ?? `T${number.number}`}`, oneLine(number.text), box.box, parent);
    else if (listed.has(i)) pick(i, `${scope}/T${listed.get(i)!.number}`, oneLine(listed.get(i)!.text), box.box, parent);
    // Unnumbered (KITS §7): by its place among the unnumbered boxes of its numbered section, else of the file; nested, it refines the task it is in.
    else pick(i, `${scope}/T${placed(section !== null ? `${section.n}.` : '#')}`, oneLine(box.rest), box.box, parent);
  }
  numberParents(picked, ids, scope);
  return { picked, boxes };
}
