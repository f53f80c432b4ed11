/**
 * The Spec Kit reader (KITS §2–3): `specs/<feature>/` spec.md holds user stories
 * (`### User Story 1 - Title (Priority: P1)`) and requirements opening a list item
 * (`- **FR-001**: …`, `- **SC-001**: …`); tasks.md holds checkbox tasks `- [ ] T012 [P] [US1] …`,
 * which name their story (`[US1]`), requirements (`FR-003` anywhere in their text) and the
 * tasks they wait for (`depends on T012, T013`, `(after T012)`).
 */
import type { KitPlace } from '../../read/kit-paths.js';
import { headingTitle, oneLine, type Outline } from './outline.js';
import { BOXED_HEADING, HEADING_DONE, matchesIn, NO_KIT_READ, readBox, readSpecKitBox, storyNumber, ItemRefs, MAX_ITEM_REFS, type Box, type KitRead, type KitRef } from './kit-read.js';
import { dropRecaps, headingTasks, nextHeadingLine, numberedTaskHeadings, numberedTasksOf, saysDone, similar, type HeadingTaskOf } from './heading-tasks.js';
import { dependencies, numbersAfterLabel, requirementIds } from './speckit-ids.js';
import { mappedRefs, mappedRequirements, mappingLine, mappingRoom, pairMappings, tableMappings } from './speckit-mappings.js';
import { PART_CODE, REQUIREMENT_PREFIX, REQUIREMENT_PREFIXES } from '../../shared/requirement-prefixes.js';
import { enclosing, itemsOf, NO_CONTEXT, pickTasks, type Picked, type Span } from './pick-items.js';
import { headingStories, LISTED_STORY, storyOf, withoutStruck, type StoryHeading } from './speckit-stories.js';
import { lettered, placeholderTasks } from './speckit-task-ids.js';
import { mayReadByPlace } from './by-place.js';
import { boldIdTasks, boxesByPlace, boxlessTasks, numberedBox } from './speckit-by-place.js';
import { ID_LETTER, titledInBold } from './speckit-titled.js';
import { titleCount, underHeadings } from './under-headings.js';
import { rangeBoxes, withRanges } from './speckit-ranges.js';
import { rowTasks, TASK_ROWS } from './speckit-table-tasks.js';
import { checkpointLists, withCheckpoints } from './speckit-checkpoints.js';

/**
 * `**FR-001**`, `**FR-001:**`, `**SC-002**`, `**FR-007a**`, `**FR-004A**` (one inserted later: DvornikovDV/VKR), `**FR-011-002**`,
 * `**NFR-003**`, `**NFR-003 (Observabilidade)**` (a name in parentheses: Tomvaz11/iabank; full-width, `**SC-001（目标）**`:
 * 1CE-YY/Aetheris) at the start of a list item (a full-width `：` too), then its text.
 */
const REQUIREMENT = new RegExp(`^\\*\\*((?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d+(?:-\\d+)*${ID_LETTER}?)(?:[ \\t]*[(（][^)）\\n]*[)）])?[ \\t]*[:：]?\\*\\*[ \\t]*[:：]?[ \\t]*([\\s\\S]*)$`);
/**
 * The same without the bold, its colon written (`- FR-BE-001: 비밀번호는 …`: KamiJeong/taste_spec_kit), in a file that writes
 * none in bold; a part's letters may follow the prefix (`FR-BE-001`). Where the file writes no colon after any (`- FR-7
 * オフライン移動を蓄積し、…`: rokusoudo-product/terra-town), a space stands for it; beside colons, `- FR-003 is …` is prose.
 */
const PLAIN_REQUIREMENT = new RegExp(`^((?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d+(?:-\\d+)*${ID_LETTER}?)[ \\t]*[:：][ \\t]*(\\S[\\s\\S]*)$`);
/** The same with a space for its colon, in a file that writes no colon after such an id either (a range is none: `- FR-1 to FR-3 …`). */
const SPACED_REQUIREMENT = new RegExp(
  `^((?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d+(?:-\\d+)*${ID_LETTER}?)(?![\\w-]|\\.\\d)(?![ \\t]*(?:[-–—~～〜/+&,、]|to\\b|and\\b|through\\b|vs\\.?|到|至)?[ \\t]*(?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d)[ \\t]+(\\S[\\s\\S]*)$`,
);
/**
 * A heading that is a requirement: its id, a colon, dash or dot — or a space only (`### FR-4 子 Agent 按对象存在性条件启动`:
 * studyzy/save-token-kit) — and its title (`FR-1: Language List Display`, `NFR-003 — Latency`); the template's prefixes
 * only (`### CS-101: Intro to programming` is a course); not a heading of a range or list (`### FR-001 to FR-005`, `FR-001, FR-002`).
 */
const REQUIREMENT_HEADING = new RegExp(`^((?:FR|SC|NFR)-\\d+(?:-\\d+)*${ID_LETTER}?)(?![\\w-]|\\.\\d)(?![ \\t]*(?:[-–—~～〜:：/+&,、]|to\\b|and\\b|through\\b|vs\\.?|到|至)?[ \\t]*(?:FR|SC|NFR)-\\d)(?:[ \\t]*[:：.—–-][ \\t]*|[ \\t]+)(\\S.*)$`);
/** A requirement id's type, by its prefix (`FR-001`, `RF-001`: functional). */
const typeOf = (id: string): string => REQUIREMENT_PREFIXES[id.slice(0, id.indexOf('-'))]!.type;
/** After the box: the task id (`T012`, `**T012**`, `T009a` or `T019A` or `T071-A`, `T024.A`: one inserted later (13g7895123's repositories; luanalves/realestate_backend), `T031-MIN`: a variant of T031 (0xRabbidfly/pepedawn), `T012-01`: a feature's sequence, `TASK-004`, `BE-T000`: a team's part prefix, KamiJeong/taste_spec_kit; `T-HF02`: Rickwen1126/notebooklm-controller; `**T-01**`, `**T-45a**`, `**T-1.1**` in bold only: seanlee111/cwebp, SlobodaFR/home-trainer; `T-1 day before launch` is no id, a review; `P001` beside `T` ids: a phase's, maslennikov-ig/SkillTree; `TE01` beside them: an amendment's, Victor77-coder/Ticket.com; `[T001]` in brackets: Noveris-AI/Noveris-AI, `[TASK-001]`: DaniyalAneeq/Physical-AI-Robotic-Book), then its text; not a range glued together that points elsewhere (`T030.2~T030.6: …（見上方…）`; `T001 – T003 Setup` stays T001: a review), nor a list of ids (`- [ ] T028, T029: add_task + list_tasks tools ONLY`, a recap: javeria-kamran/Taskops). */
const TASK_ID = /^(?!(?:\*\*)?T\d+(?:\.\d+)*(?:[~～〜–-]|[ \t]*[,、][ \t]*)T\d)(?:\*\*|\[(?=T\d+\]|TASK-\d+\]))?((?:[A-Z]{2,4}-)?T\d+[a-zA-WYZ]?(?:\.\d+)*(?:-\d+|-[A-Z]{1,4}(?![\w-])|\.[A-Z](?![\w-]))?|[A-SU-Z]\d{3}|T[A-Z]\d{2,3}|T-[A-Z]{1,4}\d+|(?<=\*\*)T-\d+(?:\.\d+)*[a-z]?(?=\*\*)|TASK-\d+(?:-(?:\d+|[A-Z][A-Z0-9]*))*(?:\.\d+)?)(?:\*\*|(?<=\[(?:T|TASK-)\d+)\])?(?=[\s:.,)]|(?<=\[(?:T|TASK-)\d+\])\[|\[(?:P|US\d+(?:\.\d+)?|[A-Z]{2,6})\]|$)[ \t:.]*([\s\S]*)$/;
/**
 * A task written as a heading: `### T001: Title`, `### T012 - Title`, `### T003 [P]: [US1] Title`,
 * `### T039-A: Title` (one inserted later, as boxes write `T071-A`: motecshine/utmos.dev), `### T0.1 Title` (jorge-robledo11/web-app), `### TASK-001: Title [P]`, `### TASK-002-001：Title` (a feature's sequence: jianglu0823/sales-agent), `### TASK-001-BE: Title`, `### TASK-001-BE-01:` (a part's, before a colon), `### TASK-016.5: Title` (one inserted later; ✅ or `[x]` in it: done); not a heading of a range or list of tasks
 * (`### T001-T010: Setup`, `### T001 – T003`, `### T001 and T002`). Groups: the id, the marks
 * before the separator, the title.
 */
const TASK_HEADING = /^(T\d+[a-z]?(?:\.\d+)*(?:[-.][A-Z](?![\w-]))?|T-\d+(?:-[A-Z0-9]+)*|TASK-\d+(?:-\d+)*(?:(?:-[A-Za-z0-9]+)+(?=[ \t]*(?:[:：]|\[|$)))?(?!-?\d)(?:\.\d+)?)(?!\.\d)(?![ \t]*(?:[-–—~～〜:：/+&,]|to\b|and\b|through\b)?[ \t]*T(?:ASK-)?\d)((?:[ \t]*\[(?:P|US\d+(?:\.\d+)?|Story:?\s*US\d+(?:\.\d+)?)\])*)(?:[ \t]*[:：.\-–—][ \t]*|[ \t]+)(\S.*)$/;
/** A task's mark in brackets: parallel `[P]`, a priority `[P1]`, a story `[US1]`, `[Story: US1]`, `[Story 1]`. */
const MARK_SOURCE = String.raw`\[(?:P\d?|US\d+(?:\.\d+)?|Story:?\s*(?:US)?\d+(?:\.\d+)?)\]`;
/** Spec Kit's marks before a task's text: `[P]`, `[US1]`, `[Story: US1]`. */
const MARKS = new RegExp(`^(?:${MARK_SOURCE}[ \\t]*)+`, 'i');
/** A heading that is a task: `### T001: Title`, `### - [x] T001 …`, `## Task 1: Title`. */
const isTaskHeading = (title: string): boolean => TASK_HEADING.test(BOXED_HEADING.exec(title)?.[1] ?? title) || WORD_TASK_HEADING.test(title);
/**
 * A task written as a heading with the word (`## Task 1: Environment Configuration Setup`): task `T1`; a part's capital first (`### Task
 * A.1: Add Priority Field to Task Model`: yasmin191/hackathon-todo-evolution), `TA.1`; the template's id after it, a box before it
 * (`## [ ] Task T001 - 작업 1`: D-565's review), `T001`.
 */
const WORD_TASK_HEADING = /^(?:\[[ xX]\][ \t]+)?Task[ \t]+T?((?:[A-Z]\.)?\d+(?:\.\d+)*)(?![ \t]*[-–—~～〜,、][ \t]*T\d)[ \t]*[:：.\-–—][ \t]*(\S.*)$/i;
/** One of those marks, whole. */
const MARK = new RegExp(`^${MARK_SOURCE}$`, 'i');
/**
 * `[US1]`, `[Story: US1]`, `[Story 1]` (Noveris-AI/Noveris-AI), `[US3.5]` (a story inserted later); `US-011` or `US11` in the text (a
 * story, KITS §7), and `US1.1` there (a feature that numbers its stories so, eliascoelho911/Listify;
 * where it has no such story, `US1.2` is US1's scenario 2: model/kit-targets.ts).
 */
const STORY_REF = /\[(?:Story:?\s*(?:US)?(?=\d+(?:[a-z](?![a-z]))?(?:\.\d+)?\](?!\())|US)(\d+(?:[a-z](?![a-z]))?(?:\.\d+)?)\]|\bUS-?(\d+(?:[a-z](?![a-z]))?(?:\.\d+)?)\b/gi;


export function readSpeckit(outline: Outline, place: KitPlace): KitRead {
  if (place.stem === 'spec') return spec(outline, place.scope);
  if (place.stem === 'tasks') return tasks(outline, place.scope);
  return NO_KIT_READ;
}

function spec(outline: Outline, scope: string): KitRead {
  const { entries } = outline;
  const picked = new Map<number, Picked>();
  // Requirements without the bold only in a file that writes none with it, nor as headings: beside those, `- FR-003: …` cites one
  // (a decision's "parts of the spec it affects": 30675137/Cinema_Bussiness_Center_Platform; a clarification under `### FR-001:`: a review).
  // (A bold one inserted later with a capital, `**FR-003A**` under `### Added after clarification`, leaves them read: a review.)
  const bold = (text: string): boolean => {
    const id = REQUIREMENT.exec(text)?.[1];
    return id !== undefined && !/[A-Z]$/.test(id);
  };
  const plain = !entries.some((entry) => (entry.kind === 'item' && bold(entry.text)) || (entry.kind === 'heading' && REQUIREMENT_HEADING.test(headingTitle(entry.text))));
  const spaced = plain && !entries.some((entry) => entry.kind === 'item' && PLAIN_REQUIREMENT.test(entry.text));
  // The stories headings define, by outline index: a bold item of the same id is their clarification, of another id a story (a review).
  const stories = new Map<number, StoryHeading>();
  // A story whose heading strikes it through is withdrawn: no story where a live heading takes its number (osetrovich-app), else the story it was.
  const withdrawn = new Map<number, StoryHeading>();
  for (const [i, entry] of entries.entries()) {
    if (entry.kind !== 'heading') continue;
    const unstruck = withoutStruck(entry.text);
    const story = storyOf(headingTitle(unstruck ?? entry.text));
    if (story !== null) stories.set(i, story);
    const was = story === null && unstruck !== null ? storyOf(headingTitle(entry.text)) : null;
    if (was !== null) withdrawn.set(i, was);
  }
  const live = new Set([...stories.values()].map((story) => storyNumber(story.number)));
  for (const [i, story] of withdrawn) if (!live.has(storyNumber(story.number))) stories.set(i, story);
  // `### US1 — el ingreso recurrente` beside `### User Story 1 - …` is that story's section (its requirements: BRY4N18/TSI), no second story.
  const named = new Set([...stories.values()].filter((story) => story.byId !== true).map((story) => storyNumber(story.number)));
  for (const [i, story] of stories) if (story.byId === true && named.has(storyNumber(story.number))) stories.delete(i);
  const headedStories = new Set([...stories.values()].map((story) => `${scope}/US${storyNumber(story.number)}`));
  // The ids taken by bold story items and by requirements written with a space (the weaker forms give way, no duplicate).
  const taken = new Set<string>();
  let defined: Set<string> | undefined;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.kind === 'heading') {
      const title = headingTitle(entry.text);
      // `### US-1: 구글 계정 연결 (M-01)`: shiro-jwjang/obsidrive; its priority may come first, `### [P1] US1: 開発環境構築` (tamurashingo/dogatto).
      const story = stories.get(i);
      if (story !== undefined) picked.set(i, { id: `${scope}/US${storyNumber(story.number)}`, type: 'user-story', title: story.title, parent: null });
      // A requirement that is a heading of its own (`### FR-1: Language List Display`): the heading and its section; not one a list item
      // above defines, written without a colon, whose section it is (`- **SC-007**: 95% of users …` then `### SC-007 Measurement
      // Methodology`: CarlitoDon/sync-erp; `### SC-001 — How we measure`) — `### FR-003: Scheduled exports` after `- **FR-003**` is a second FR-003 (reviews).
      const heading = story === undefined ? REQUIREMENT_HEADING.exec(title) : null;
      if (heading !== null && !(taken.has(heading[1]!) && !/^[ \t]*[:：]/.test(title.slice(heading[1]!.length)))) picked.set(i, { id: `${scope}/${heading[1]!}`, type: typeOf(heading[1]!), title: heading[2]!, parent: null });
      continue;
    }
    // A story as a bold list item (`- **US-1（散歩ユーザー）**: 通勤…`: terra-town), the first of an id no heading defines (a review).
    const listed = entry.kind === 'item' && entry.parent === -1 ? LISTED_STORY.exec(entry.text) : null;
    if (listed !== null) {
      const id = `${scope}/US${storyNumber(listed[1]!)}`;
      if (!taken.has(id) && !headedStories.has(id)) picked.set(i, { id, type: 'user-story', title: oneLine(listed[3] ?? listed[2] ?? ''), parent: null });
      taken.add(id);
      continue;
    }
    const bolded = entry.kind === 'item' ? REQUIREMENT.exec(entry.text) : null;
    // The title in the bold: only an id the file defines no other way, once (speckit-titled.ts).
    const titled = entry.kind === 'item' && bolded === null ? titledInBold(entry.text) : null;
    if (titled !== null && (taken.has(titled[1]!) || (defined ??= definedIds(entries)).has(titled[1]!))) continue;
    const strong = bolded ?? titled ?? (entry.kind === 'item' && plain ? PLAIN_REQUIREMENT.exec(entry.text) : null);
    const weak = strong === null && spaced && entry.kind === 'item' ? SPACED_REQUIREMENT.exec(entry.text) : null;
    const requirement = strong ?? weak;
    if (requirement === null) continue;
    const id = requirement[1]!;
    // A requirement written with a space is the first of its id; a later line so is a clarification (`- FR-002 now means …`: a review).
    if (weak !== null && taken.has(id)) continue;
    taken.add(id);
    picked.set(i, { id: `${scope}/${id}`, type: typeOf(id), title: oneLine(requirement[2]!), parent: enclosing(entries, picked, i) });
  }
  return { items: itemsOf(outline, picked, () => {}, () => null, NO_CONTEXT), documentRefs: [] };
}

/** The requirement ids a file defines the strong ways: in bold (`**FR-001**:`), plain (`- FR-001:`), or as headings. */
const definedIds = (entries: Outline['entries']): Set<string> =>
  new Set(entries.map((e) => (e.kind === 'item' ? (REQUIREMENT.exec(e.text) ?? PLAIN_REQUIREMENT.exec(e.text))?.[1] : e.kind === 'heading' ? REQUIREMENT_HEADING.exec(headingTitle(e.text))?.[1] : undefined)).filter((id): id is string => id !== undefined));

function tasks(outline: Outline, scope: string): KitRead {
  const { picked, boxes } = pickTasks(outline, scope, TASK_ID, '', false, (text) => text.replace(MARKS, ''), readSpecKitBox);
  parallelNotes(outline, picked, boxes);
  let taskHeadings: boolean | undefined;
  const anyTaskHeading = (): boolean => (taskHeadings ??= outline.entries.some((entry) => entry.kind === 'heading' && isTaskHeading(headingTitle(entry.text))));
  lettered(picked, boxes, scope, () => outline.entries.filter((entry) => entry.kind === 'item' && entry.parent === -1 && readBox(entry.text) !== null).length, anyTaskHeading);
  // `## Task 1: Title` only where no box has a task id: over `- [ ] T001` boxes such a heading groups them.
  const words = picked.size === 0;
  // A file with no box and no task heading numbers its tasks in headings, if at all: `### 1.1.1 [P] Title` under `## 1.1
  // Scaffolding` (D-511); under `### T001:` numbered headings are its parts (`#### 1.1 Implementation notes`: a review).
  const headed = words && anyTaskHeading();
  const numbered = words && !headed ? numberedTaskHeadings(outline) : null;
  const numberedTasks = numbered === null ? null : numberedTasksOf(numbered);
  // A heading that names a box's task with other words, no separator, after its id (`### T032 findings (quickstart validation)`
  // after `- [x] T032 Run the quickstart.md validation flow …`: RubaiyaKamal/AI-Powered-Accounting-and-Finance-Assistant) is a note
  // on it, not a second task (an ID_DUPLICATE error); a detail heading (`### T001: Create Entry Point`, `### T002 iOS push
  // notifications` over the box's own title: a review) stays as it was (heading-tasks.ts, dropRecaps).
  // (Only after the box: a list after the headings is their recap, or other work's: heading-tasks.ts, dropRecaps.)
  const boxTitles = new Map([...picked].map(([at, item]) => [item.id, { at, title: item.title }]));
  const taskOf: HeadingTaskOf = (title, index) => {
    const task = TASK_HEADING.exec(BOXED_HEADING.exec(title)?.[1] ?? title);
    const box = task === null ? undefined : boxTitles.get(`${scope}/${task[1]!}`);
    if (box !== undefined && box.at < index && /^[ \t]+\p{L}/u.test(task![0].slice(task![1]!.length)) && !similar(task![3]!, box.title)) return null;
    if (task !== null) return { id: `${scope}/${task[1]!}`, title: withoutTrailingMarks(task[3]!.replace(MARKS, '').replace(HEADING_DONE, '')) };
    const heading = numbered?.get(index);
    if (heading !== undefined) return { id: `${scope}/T${heading.number}`, title: heading.title };
    const word = words ? WORD_TASK_HEADING.exec(title) : null;
    return word === null ? null : { id: `${scope}/T${word[1]!}`, title: withoutTrailingMarks(word[2]!.replace(HEADING_DONE, '')) };
  };
  if (headingTasks(outline, taskOf, picked, boxes)) dropRecaps(outline, picked, boxes, true, false);
  placeholderTasks(outline, scope, picked, boxes, MARKS);
  // A box that stands for a range of tasks (`- [x] T009-T017 All Zod schemas created`), in a file that writes its tasks by their ids.
  const ranged = picked.size > 0 ? rangeBoxes(outline.entries, scope, picked, boxes, readSpecKitBox, MARKS) : new Map<string, string[]>();
  // A tasks.md that gives its tasks no id at all (`- [ ] Initialize Next.js Application`): each box a task by its place, as OpenSpec's are.
  // Not a checklist beside work written another way (`#### 1. 问题调查与分析 ✅` over `## 验收标准` boxes: by-place.ts); boxes numbered as Kiro's are read.
  if (picked.size === 0) boldIdTasks(outline, scope, picked, boxes, MARKS);
  // A file whose every box stands for a range of tasks (`- [x] T001-T003 Project scaffolding`): their tasks (a review).
  if (picked.size === 0) for (const [first, rest] of rangeBoxes(outline.entries, scope, picked, boxes, readSpecKitBox, MARKS, true)) ranged.set(first, rest);
  if (picked.size === 0) boxlessTasks(outline, scope, picked, MARKS);
  if (picked.size === 0 && (mayReadByPlace(outline) || outline.entries.some((entry) => entry.kind === 'item' && numberedBox(entry.text)))) boxesByPlace(outline, scope, picked, boxes, MARKS);
  const context = [`${scope}/plan`, `${scope}/data-model`, `${scope}/research`];
  const fromHeadings = headingIds(outline, scope);
  const storiesAbove = headingStories(outline, scope, (title) => TASK_HEADING.test(BOXED_HEADING.exec(title)?.[1] ?? title));
  const mapped = mappedRequirements(outline.entries, scope, (text) => readBox(text) !== null);
  // And a mapping table (`| SC-003: … | T041, T047 |`).
  if (outline.body.includes('|')) tableMappings(outline.body, outline.bodyLine, scope, mapped);
  // And a line of pairs (`FR-D-001→T007 · FR-D-002→T004/T005`).
  if (outline.body.includes('·')) pairMappings(outline.body, outline.bodyLine, scope, mapped);
  // `row`: a task kept as a table's row (its entry index `-1`) and the entry before it, whose headings it is under.
  const refsOf = (item: { readonly id: string }, span: Span, refs: ItemRefs, index: number, row?: number): void => {
    // A mapping line or table row elsewhere in the file (`- T009~T011 -> FR-001, FR-003`, `| SC-003 | T041 |`) names what the task implements.
    if (index >= 0 || row !== undefined) mappedRefs(mapped.get(item.id), refs, scope, 'implements');
    const at = row ?? index;
    let tagged = false;
    for (const { match, line } of matchesIn(STORY_REF, span.text, span.lineAt)) {
      refs.add({ relation: 'implements', id: `${scope}/US${storyNumber(match[1] ?? match[2]!)}`, line, written: match[0] });
      tagged = true;
    }
    // The stories a phase heading names in words, for a task that tags none (D-546).
    if (!tagged) for (const ref of storiesAbove(at)) refs.add(ref);
    for (const { ids, index: at, written } of requirementIds(span.text)) for (const id of ids) refs.add({ relation: 'implements', id: `${scope}/${id}`, line: span.lineAt(at), written });
    for (const { ids, index: at, written } of dependencies(span.text)) {
      // Where tasks are numbered headings, so are the tasks a dependency names (`**依赖**: 1.1.7, 1.2.5`).
      for (const id of numberedTasks === null ? ids : [...ids, ...numbersAfterLabel(written).flatMap(numberedTasks).map((n) => `T${n}`)]) if (`${scope}/${id}` !== item.id) refs.add({ relation: 'depends_on', id: `${scope}/${id}`, line: span.lineAt(at), written });
    }
    for (const ref of fromHeadings(at)) refs.add(ref);
    // A task written as a heading whose own lines say it is done (`**Status**: ✅ **COMPLETED**`, mixseek's 009-member).
    if (index >= 0 && outline.entries[index]!.kind === 'heading' && boxes.get(index) !== 'x' && saysDone(span.text, span.line, nextHeadingLine(outline, index))) boxes.set(index, 'x');
  };
  const mappedOf = (id: string): readonly KitRef[] => {
    const refs = new ItemRefs(MAX_ITEM_REFS);
    mappedRefs(mapped.get(id), refs, scope, 'implements');
    return refs.refs;
  };
  const items = withRanges(itemsOf(outline, picked, refsOf, (i) => boxes.get(i) ?? null, context, mappingRoom(mapped, picked)), ranged, mappedOf);
  // Tasks kept as a table's rows (`| T001 | Confirm or create the iOS app target. | … |`), in a file that writes its tasks no other way.
  if (picked.size === 0 && TASK_ROWS.test(outline.body)) items.push(...rowTasks(outline, scope, context, MARKS, refsOf));
  return { items: withCheckpoints(items), documentRefs: [] };
}

/** A title without the marks that close it (`構造作成 [P]`), read from its end (linear however many). */
function withoutTrailingMarks(title: string): string {
  let rest = title.trimEnd();
  while (rest.endsWith(']')) {
    const open = rest.lastIndexOf('[');
    if (open === -1 || !MARK.test(rest.slice(open))) break;
    rest = rest.slice(0, open).trimEnd();
  }
  return rest;
}

/**
 * Drops the tasks read from a `[P]` written where the box goes (kit-read.ts) whose id a box of the file has: a note
 * that runs a task beside others (`- [P] T003 (tests) en paralelo con T004` after `- [ ] T003 …`), not the task again.
 */
function parallelNotes({ entries }: Outline, picked: Map<number, Picked>, boxes: Map<number, Box>): void {
  const boxed = new Set<string>();
  const notes: number[] = [];
  for (const [i, item] of picked) {
    if (readBox(entries[i]!.text) === null) notes.push(i);
    else boxed.add(item.id);
  }
  for (const i of notes) {
    if (!boxed.has(picked.get(i)!.id)) continue;
    picked.delete(i);
    boxes.delete(i);
  }
}

/**
 * The references the section headings above each outline entry name (KITS §7): a heading's ids
 * (requirements, and stories written `US2`) hold for every task under it, down to the next
 * heading of its level or higher.
 */
function headingIds(outline: Outline, scope: string): (index: number) => readonly KitRef[] {
  const { entries } = outline;
  const titles = titleCount(entries);
  const checkpoints = checkpointLists(outline, titles);
  return underHeadings(entries, (entry, i) => {
    const refs: KitRef[] = [];
    // Its checkpoint's list (`**Checkpoint**: … (SC-005, FR-005, FR-012).` after the phase's tasks: D-571).
    for (const { line, listed, written } of checkpoints.get(i) ?? []) for (const { ids } of requirementIds(listed)) for (const id of ids) refs.push({ relation: 'implements', id: `${scope}/${id}`, line, written });
    const title = headingTitle(entry.text);
    const written = `${'#'.repeat(entry.level)} ${title}`;
    for (const { ids } of requirementIds(entry.text)) for (const id of ids) refs.push({ relation: 'implements', id: `${scope}/${id}`, line: entry.line, written });
    // A line right under it that maps the section to requirements (`**需求對應**：FR-001, FR-002`: 13g7895123/blog) says the same;
    // not under the file's one title, where it would be every task's (a review; a file of `# Phase 1` headings maps each).
    if (entry.level > 1 || titles > 1) mappingLine(outline, entry.line, entries[i + 1]?.line ?? outline.bodyLine + outline.starts.length - 1, (line, text) => {
      for (const { ids } of requirementIds(text)) for (const id of ids) refs.push({ relation: 'implements', id: `${scope}/${id}`, line, written: text.trim() });
    });
    // The stories a heading names by id (`### Implementação — Data Layer (US1 + US2)`), not a task heading's own marks.
    if (!TASK_HEADING.test(title)) for (const match of entry.text.matchAll(STORY_REF)) refs.push({ relation: 'implements', id: `${scope}/US${storyNumber(match[1] ?? match[2]!)}`, line: entry.line, written });
    return refs;
  });
}
