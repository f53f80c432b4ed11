/**
 * The Kiro reader (KITS §2–3; cc-sdd writes the same files): `.kiro/specs/<feature>/`
 * requirements.md holds `### Requirement N` headings, each with numbered acceptance criteria
 * under an `Acceptance Criteria` heading; tasks.md holds checkbox tasks numbered `1.`, `1.1`,
 * which cite criteria (`_Requirements: 1.1, 2.3_`), other tasks (`_Depends: 4.1_`) and what
 * they test (`**Validates: Requirements 1.2**`).
 */
import type { KitPlace } from '../../read/kit-paths.js';
import { headingTitle, type Outline } from './outline.js';
import { forEachLineOutsideFences } from '../block-lines.js';
import { BOXED_HEADING, matchesIn, NO_KIT_READ, numberList, readBox, type ItemRefs, type KitRead } from './kit-read.js';
import { featureParts } from './other-feature.js';
import { prefixedRange } from './kiro-prefixed.js';
import { headingsHolding, headingTasks, numberedTaskHeadings, numberedTasksOf, type HeadingTaskOf } from './heading-tasks.js';
import { itemsOf, numberParents, pickTasks, type Span } from './pick-items.js';
import { hyphenated, HYPHEN_TASK, idHeadingTask, lettered, letteredBeside, unboldTitle, wholeNumbered, wholeParents } from './kiro-task-forms.js';
import { boxesByPlace, mayReadByPlace } from './by-place.js';
import { kiroRequirements } from './kiro-requirements.js';
import { kiroBugfix } from './kiro-bugfix.js';
import { REQUIREMENT_PREFIX } from '../../shared/requirement-prefixes.js';
import { checkRelations, CHECKS_LABEL, isTestTask, VALIDATES_LABEL, VALIDATES_WORD, VERIFIED_LABEL, VERIFIED_TRAILER } from './kiro-check-labels.js';
import { labelValueEnd, listedRequirements, taskNumbers, unprefixed } from './kiro-listed.js';
import { traceTables } from './kiro-trace-table.js';
import { mappedRefs, mappingRoom } from './speckit-mappings.js';

/** After the box: the task's number (`1.`, `1.1`, `5.2.1`, `10a.`, `10a.1`, `9A.1` (a part inserted after 9: stify12/AI-assistant), `11-1.` and `11-1.1` (one inserted after 11: joocy75-hash/holholhol), `4-R.` and `4-R.1` (a revision of 4: justdick/hms), `**2.3**`, `3.4*` or `3.4\*`: optional, `4.1.1.1:` with a colon: satoshi256kbyte/trail-of-thorns; a whole number with one, `- [ ] 1: create X`, stays prose as without its dot: a task's steps write it), then its text; a whole number without its dot is prose (`- [ ] 4 barriers render`). */
const TASK_NUMBER = /^(?:\*\*)?((?:\d{1,3}-(?:\d{1,3}|[A-Z])|\d+[a-z]?|\d+[A-Z](?=\.\d))(?:\.(?:\d+[a-z]?|[A-Z](?=[ \t])))+|(?:\d{1,3}-(?:\d{1,3}|[A-Z])|\d+[a-z]?)(?=\.))\.?(?:\*\*)?(?:\\?\*)?(?:[ \t]*[:：])?(?:[ \t]+|$)([\s\S]*)$/;
/**
 * A task written as a heading: `### Task 1.1: Types and Interfaces`, `## Task 1: Lobby Cache Layer ✅ COMPLETE`; in the
 * team's language (`### ✅ Tarea 1.1: Migración`: 7Republik/reservo-spot; `Tarefa`, `Tâche`, `Aufgabe`, `Задача`, `タスク`,
 * `任务`), its done mark before the word or after the number (`### タスク 1.1 ✅: entry スキーマの追加`: nonnta-ww/bulr-app-mvp).
 */
const TASK_WORD = 'Task|TASK|Tarea|TAREA|Tarefa|TAREFA|Tâche|Aufgabe|Задача|タスク|任务|任務';
const TASK_HEADING = new RegExp(`^(?:(?:✅|\\[[ xX]\\])[ \\t]*)?(?:${TASK_WORD})[ \\t]*(\\d+[a-z]?(?:\\.\\d+[a-z]?)*(?:-[A-Za-z][A-Za-z0-9]*(?=[ \\t]*[:：]))?)(?![.-]?\\d)(?:[ \\t]*(?:✅|\\[[xX]\\]))?[ \\t]*[:：.\\-–—][ \\t]*(.*)$`);
/** A heading that opens with a task's number (`### 1.1 Create Database Migration File`, `## 2. Sign-in`; a whole number with its dot, colon or dash: `## 2024 Goals` is none): a task where no box has a number. */
const NUMBERED_HEADING = /^(\d+[a-z]?(?:\.\d+[a-z]?)+|\d+[a-z]?(?=\.|[ \t]*[:：\-–—]))\.?(?:[ \t]*[:：\-–—])?[ \t]+(\S.*)$/;
/**
 * Where a label's value starts (`_Requirements: `, `_Requirements:_ ` closed before its value,
 * `_Depends: `, `**Validates: `; Chinese `_需求: `, `对应：需求 1、12`, `**关联需求**: Requirement 4`, `_覆盖全部需求：1.1-1.7_`
 * ("covers all requirements": lbiceman/canvasTable); in other languages `WORDED_LABEL` below; a team's
 * `_Refs: Requirements 3.1, 3.2; Design Decision 1_` (Brunobiu/FreteGOBR); `CHECKS_LABEL` below): group 1 is
 * the `_` or `**` that opens it, if any.
 */
const REQUIREMENTS_LABEL = /(?:^|[\s(])(_|\*\*)?(?:Requirements?|Requisitos?|Requerimientos?|Exigences?|Anforderungen|Requisiti|(?:对应|對應|相关|相關|关联|關聯|(?:覆盖|覆蓋|涵盖|涵蓋)(?:全部|所有)?)?需求(?:映射|對應|对应)?|要件|요구사항|对应|對應|対応(?:FR|要件)|Требования|Требование)(?:\*\*)?[ \t]*[:：][ \t]*(?:\*\*|\1)?/gim;
/**
 * The label in the languages of `REQUIREMENT` (kiro-requirements.ts) that `REQUIREMENTS_LABEL` does not know: Arabic `_المتطلبات: 1.1_`
 * (7Mohamed-Gamal/ElDawliya_Sys), Polish `_Wymagania: 1.1_` (catsy86-ops/dluznik), …, singular or plural. Their words are also prose
 * (Vietnamese `yêu cầu` "request", Indonesian `kebutuhan` "need", `krav` "demand"), so only opened by `_` or `**`, as Kiro writes it
 * (`Krav: 1 sekund svarstid` is prose: a review).
 */
const WORDED_LABEL = /(?:^|[\s(])(_|\*\*)(?:(?:ال)?متطلبات|Wymagani[ae]|Gereksinim(?:ler)?|Yêu cầu|Persyaratan|Kebutuhan|Vereisten?|Вимог[аи]|Požadav(?:ek|ky)|Požiadavk[ay]|Krav|Vaatimus|Vaatimukset|Követelmény(?:ek)?|Απαίτηση|Απαιτήσεις)(?:\*\*)?[ \t]*[:：][ \t]*(?:\*\*|\1)?/gim;
/**
 * The word for requirement right before the numbers, the colon after them (`- _需求 2.5: 通知审核_`,
 * `- _需求 10.3, 11.3: AI 学习触发_`, `- _需求 1-10: 所有需求_`: Angus1976/superinsight1225): a label whose
 * value is the numbers, up to the colon; what follows it is their title.
 */
const NUMBERS_FIRST_LABEL = /(?:^|[\s(])(_|\*\*)(?:需求|要件|요구사항)[ \t]*(?=\d[\d.,、，\s~～–—-]*[:：])/gm;
/** `_Req 6.5, 8.5; design "Component 4"._` (fmarquesfilho/garimpo, 16 lines): italic or bold `Req` right before the numbers, no colon. */
const REQ_LABEL = /(?:^|[\s(])(_|\*\*)Reqs?\.?(?=[ \t]+R?\d)/gm;
/**
 * A team's `_Refs:` label (Brunobiu/FreteGOBR: `- _Refs: Requirements 3.1, 3.2; Design Decision 1_`), only italic or bold and
 * only before a word for requirements or a number (`_Refs: 1.1, 1.2_`): a plain `Ref: design.md section 4.2` or `_Refs: Bugs 3, 6_`
 * points elsewhere (reviews); so is `_Satisface: Requirement 1, Requirement 5_` (000ether999/centinelaia, D-557).
 */
const REFS_LABEL = /(?:^|[\s(])(_|\*\*)(?:Refs?|Satisf(?:ies|ace))(?:\*\*)?[ \t]*[:：][ \t]*(?:\*\*|\1)?(?=[ \t]*(?:(?:Requirements?|Requisitos?|Reqs?)\b|需求|要件|R?\d))/gim;
/** A label of `REQUIREMENTS_LABEL` or `WORDED_LABEL` on one line; group 1 is the `_` or `**` that opens it. */
const CITES = [new RegExp(REQUIREMENTS_LABEL.source, 'i'), new RegExp(WORDED_LABEL.source, 'i')];
/**
 * Whether the tasks of `body` cite requirements under a label of their own, opened by `_` or `**`
 * (`- _需求: 2.1_`, `**Requirements**: 1.1`) and naming numbers, outside code: a YAML example's
 * `requirements: none`, a prose line `对应：…` or a link to the requirements file is no practice of citing (reviews).
 */
function citesOtherwise(body: string): boolean {
  let found = false;
  forEachLineOutsideFences(body, (line) => {
    if (found) return;
    // A label that cites: opened by `_` or `**`, its value a list of numbers (not `**Requirements**: [requirements.md](…)`: a review).
    for (const cites of CITES) {
      const label = cites.exec(line);
      found ||= label !== null && label[1] !== undefined && numberList(line.slice(label.index + label[0].length)).numbers.length > 0;
    }
  });
  return found;
}
/** `_Depends: 4.1_`, `**Dependencies**: 1.1`, in the team's language too (`- **依存**: T-001`: cocoabreak/feathermd; `**依赖**: 1.1.2`). */
const DEPENDS_LABEL = /(?:^|[\s([])(_|\*\*)?(?:Dependencies|Depends(?:[ \t]+on)?|(?<![\u3040-\u30ff\u3400-\u9fff])(?:前置)?依[赖賴存](?:关系|關係|関係)?)(?:\*\*)?[ \t]*[:：][ \t]*(?:\*\*|\1)?/gim;
const STORY_REF = /\bUS-?(\d+)/g;
const TAG_REF = /(?<![\w-])([A-Z]{2,}(?:-[A-Z]{2,})+(?:-\d+)?|REQ-[A-Z]{1,6}-\d+[A-Z]?)(?![\w-])/g;
/**
 * A requirement a team names with a prefix (`FR-1.1`, `NFR-2`, `FR-6b.2`: kiro-prefixed.ts; `NFR3` without its dash: `UNDASHED_REF`), in a list of
 * requirements, and a range of them (`FR-1.1〜1.3`, `FR-1.1-FR-1.3`, `NFR-2–4`): groups 1 the prefix, 2 the start's number, 3 the end's.
 */
const PREFIXED_REF = new RegExp(
  `(?<![\\w-])(${REQUIREMENT_PREFIX})-(\\d+[a-z]?(?:\\.\\d+)?)(?:[ \\t]*[～〜~–—-][ \\t]*(?:\\1-)?(\\d+[a-z]?(?:\\.\\d+)?))?(?![\\w-]|\\.\\d)`,
  'g',
);
/** An English prefix cited without its dash (`_Requirements: NFR3_`, `NFR1–NFR3`: twotaco/faxi), as `dashed` reads its heading (kiro-prefixed.ts). */
const UNDASHED_REF = /(?<![\w-])(FR|NFR|SC)(?=\d)/g;
/** The longest value read after a label: a list of numbers, not a chapter. */
const MAX_VALUE = 4000;

export function readKiro(outline: Outline, place: KitPlace): KitRead {
  if (place.stem === 'requirements') return kiroRequirements(outline, place.scope);
  if (place.stem === 'bugfix') return kiroBugfix(outline, place.scope);
  if (place.stem === 'tasks') return tasks(outline, place.scope);
  return NO_KIT_READ;
}

function tasks(outline: Outline, scope: string): KitRead {
  const first = pickTasks(outline, scope, TASK_NUMBER, 'T', true, (text, match) => (match[0].startsWith('**') ? unboldTitle(text) : text));
  const headed = outline.entries.some((entry) => entry.kind === 'heading' && TASK_HEADING.test(headingTitle(entry.text)));
  // `## T-001: Title` headings are the tasks where a list of boxes names each of them again (their progress); where a heading
  // details one box of a list (`### T-002: Login endpoint details`), the boxes are (reviews).
  const hyphenBoxes = (): ReturnType<typeof pickTasks> | null => {
    const found = hyphenated(outline, scope);
    if (found === null) return null;
    const headed = new Set<string>();
    for (const entry of outline.entries) {
      const hyphen = entry.kind === 'heading' ? HYPHEN_TASK.exec(headingTitle(entry.text)) : null;
      if (hyphen !== null) headed.add(`${scope}/T-${hyphen[1]!}`);
    }
    return [...found.picked.values()].every((item) => headed.has(item.id)) ? null : found;
  };
  // Boxes numbered `1 Title` are tasks only where no numbered heading holds boxes (its steps there: a review); those headings asked once.
  let held: ReturnType<typeof headingsHolding> | undefined;
  const holdingBoxes = (): ReturnType<typeof headingsHolding> => (held ??= headingsHolding(outline.entries, () => false, (i) => readBox(outline.entries[i]!.text) !== null));
  const stepsUnderHeadings = (): boolean => outline.entries.some((entry, i) => entry.kind === 'heading' && holdingBoxes().boxes[i] === true && NUMBERED_HEADING.test(headingTitle(entry.text)));
  const { picked, boxes } = first.picked.size === 0 && !headed && !stepsUnderHeadings() ? (wholeNumbered(outline, scope) ?? lettered(outline, scope) ?? hyphenBoxes() ?? first) : first;
  // Parents numbered whole without the dot over their numbered sub-tasks (`- [x] 1 数据库 Schema 改造` over `- [x] 1.1 …`).
  if (picked === first.picked && picked.size > 0) wholeParents(outline, scope, picked, boxes);
  // A later part's tasks numbered with a capital first, beside the numbered ones (`- [x] P2.1. Implement …`: Stefan/orka-ppm).
  const beside = picked === first.picked && picked.size > 0 ? letteredBeside(outline, scope, picked) : null;
  if (beside !== null) for (const [i, item] of beside.picked) if (!picked.has(i)) (picked.set(i, item), boxes.set(i, beside.boxes.get(i)!));
  // Boxes that name their task in bold words (`- [x] **Task 0**：CLI 基础设施`: yeemio/owlclaw, ten features).
  const worded = TASK_WORDS.test(outline.body);
  const named = worded ? pickTasks(outline, scope, BOLD_TASK, 'T', false) : null;
  if (named !== null && named.picked.size > 0) {
    for (const [i, item] of named.picked) if (!picked.has(i)) (picked.set(i, item), boxes.set(i, named.boxes.get(i)!));
    numberParents(picked, new Set([...picked.values()].map((item) => item.id)), scope);
  }
  // Boxes that name their task in plain words (`- [x] 任务 1: …`), in a file with no other task: elsewhere they are a task's steps or a summary (reviews).
  if (worded && picked.size === 0 && !headed && !stepsUnderHeadings()) {
    const plain = pickTasks(outline, scope, WORD_TASK, 'T', false);
    for (const [i, item] of plain.picked) (picked.set(i, item), boxes.set(i, plain.boxes.get(i)!));
  }
  // With no numbered box and no `Task 1.1:` heading, tasks are numbered headings if any (`### 1.1 Create the migration` over its steps; `## 1. Overview` over none is prose).
  const numbered = picked.size === 0 && !headed;
  // A file whose task headings are boxes (`### - [x] 1. Title`) numbers its phases in other headings (`## 1. Foundation`): those are no tasks.
  const boxHeadings = numbered && outline.entries.some((entry) => entry.kind === 'heading' && BOXED_HEADING.test(headingTitle(entry.text)));
  const holding = numbered ? holdingBoxes() : null;
  const boxIds = new Set([...picked.values()].map((item) => item.id));
  // A file with no box at all: its headings numbered `1.1.1` that hold no other are its tasks (D-511).
  const leaves = numbered ? numberedTaskHeadings(outline) : null;
  const leafTasks = leaves === null ? null : numberedTasksOf(leaves);
  // The `Task N` heading open at each level (`### Task 1 — Course Builder`): where no box is numbered, its sub-headings numbered
  // within it over boxes (`#### 1.1 — Course Creation Wizard Component`: konxc/learning.konxc.space) are its sub-tasks.
  const taskHeadings: (string | undefined)[] = [];
  const subTasks = headed && picked.size === 0;
  const subTaskOf = (title: string, index: number): RegExpExecArray | null => {
    const sub = subTasks && holdingBoxes().boxes[index] === true ? NUMBERED_HEADING.exec(title) : null;
    const parent = taskHeadings.findLast((n) => n !== undefined);
    return sub !== null && parent !== undefined && sub[1]!.startsWith(`${parent}.`) ? sub : null;
  };
  const taskOf: HeadingTaskOf = (title, index) => {
    const level = outline.entries[index]!.level;
    taskHeadings.length = level;
    const leaf = leaves?.get(index);
    if (leaf !== undefined) return { id: `${scope}/T${leaf.number}`, title: leaf.title };
    // `### T-001: lightbox.svelte.ts の実装 ✅`, `## T-001: 契約とテスト基盤` over the boxes that are its steps (cocoabreak/feathermd); `### T01：…`.
    const byId = idHeadingTask(title, outline);
    if (byId !== null) return numbered ? { id: `${scope}/${byId.id}`, title: byId.title } : null;
    // A heading that is a box (`### - [x] 1. Title`, s-hiraoku/b2b-design-system): the task its number names, its box its state.
    const boxed = numbered ? BOXED_HEADING.exec(title) : null;
    const worded = TASK_HEADING.exec(title);
    const task = worded ?? subTaskOf(title, index) ?? (boxed !== null ? TASK_NUMBER.exec(boxed[1]!) : numbered && !boxHeadings && holding!.boxes[index] === true ? NUMBERED_HEADING.exec(title) : null);
    // `## Task 1: …` over its own box `- [x] 1. (P) …` (inakanou/ArchiTrack): the box, with its lines, is the task; the heading groups it.
    if (task === null || boxIds.has(`${scope}/T${task[1]!}`)) return null;
    if (task === worded) taskHeadings[level] = task[1]!;
    return { id: `${scope}/T${task[1]!}`, title: task[0].startsWith('**') ? unboldTitle(task[2]!) : task[2]! };
  };
  if (headingTasks(outline, taskOf, picked, boxes)) numberParents(picked, new Set([...picked.values()].map((item) => item.id)), scope);
  // A file that gives no task otherwise: its boxes, by place (`- [x] 共通フォーカストラップとテストを追加する`), as Spec Kit's and OpenSpec's.
  if (picked.size === 0 && mayReadByPlace(outline)) boxesByPlace(outline, scope, picked, boxes);
  const hyphens = [...picked.values()].some((item) => item.id.startsWith(`${scope}/T-`)); // tasks `T-001`: `- **依存**: T-001` names one
  const tasksOf = leafTasks ?? (hyphens ? (n: string): readonly string[] => [`-${n}`] : null);
  const context = [`${scope}/design`];
  let cites: boolean | undefined; // whether the file cites under a label of its own, read at most once (a scan of the whole file)
  const citing = (body: string): boolean => (cites ??= citesOtherwise(body));
  const { checks, trailer } = checkRelations(outline.body, citing);
  // `**Validates: Requirements 2.1**` in a file whose tasks cite no other way (every task of kirillDR01/Grins_irrigation_platform's
  // customer-management, implementation ones too): how the team cites, `implements` — on a task that is no test (D-530): a test's
  // (`**Property-Based Test**: Validates: Requirements 13.1`: filipnovakov13/kiro-hackaton) verifies, as anywhere.
  const teamCites = VALIDATES_WORD.test(outline.body) && !citing(outline.body);
  const traced = outline.body.includes('|') ? traceTables(outline.body, outline.bodyLine, scope, [...picked].sort(([a], [b]) => a - b).map(([, item]) => item.id)) : null;
  return {
    items: itemsOf(outline, picked, (item, span, refs, index) => {
      labelRefs(refs, REQUIREMENTS_LABEL, span, scope, 'implements');
      labelRefs(refs, WORDED_LABEL, span, scope, 'implements');
      labelRefs(refs, REFS_LABEL, span, scope, 'implements');
      labelRefs(refs, REQ_LABEL, span, scope, 'implements');
      labelRefs(refs, NUMBERS_FIRST_LABEL, span, scope, 'implements', true);
      listedRequirements(refs, span, scope);
      labelRefs(refs, DEPENDS_LABEL, span, scope, 'depends_on', false, tasksOf, item.id);
      labelRefs(refs, VALIDATES_LABEL, span, scope, teamCites && !isTestTask(item.title, span.text) ? 'implements' : 'verifies');
      labelRefs(refs, CHECKS_LABEL, span, scope, checks);
      labelRefs(refs, VERIFIED_LABEL, span, scope, 'verifies');
      labelRefs(refs, VERIFIED_TRAILER, span, scope, trailer);
      if (index !== -1 && traced !== null) mappedRefs(traced.get(item.id), refs, scope, isTestTask(item.title, span.text) ? 'verifies' : 'implements');
    }, (i) => boxes.get(i) ?? null, context, traced === null ? undefined : mappingRoom(traced, picked), GROUP_METADATA),
    documentRefs: [],
  };
}

/** After the box, a task named in bold words: `**Task 0**：Title`, `**Task 2.1**: Title` (in the team's language too). */
const BOLD_TASK = new RegExp(`^\\*\\*(?:${TASK_WORD})[ \\t]*(\\d+[a-z]?(?:\\.\\d+[a-z]?)*)\\*\\*[ \\t]*[:：.\\-–—]?[ \\t]*([\\s\\S]*)$`);
/**
 * After the box, a task named in words, in bold or plain before a colon or dash (`- [x] 任务 1: 实现财务函数`: lbiceman/canvasTable,
 * 15 tasks; `- [ ] Task 2: Build`) — in a file with no other task: where its tasks are headings (`### Task 1.1: …`), numbered
 * boxes or numbered headings over boxes, such boxes are a summary of them (`- [x] Task 1.1: 扩展现有认证系统 - JWT authentication
 * working`: Angus1976/superinsight1225) or a task's steps (`- [ ] 1. Set up login` over `- [ ] Task 1: write the form`: reviews).
 */
const WORD_TASK = new RegExp(`^(?:\\*\\*(?=(?:${TASK_WORD})[^*\\n]*\\*\\*))?(?:${TASK_WORD})[ \\t]*(\\d+[a-z]?(?:\\.\\d+[a-z]?)*)(?![.-]?\\d)(?:\\*\\*[ \\t]*[:：.\\-–—]?|[ \\t]*[:：.\\-–—])[ \\t]*([\\s\\S]*)$`);
/** Whether a file may hold tasks named in words: it writes one of the words before a number (`Tasks` in a title alone does not). */
const TASK_WORDS = new RegExp(`(?:${TASK_WORD})[ \\t]*\\d`);

/** Kiro's task groups (pick-items.ts, `groupMetadata`): a list item that opens with a requirements label in `_` or `**`, and a task's lines that cite under one. */
const GROUP_LABELS = [REQUIREMENTS_LABEL, WORDED_LABEL, REQ_LABEL, REFS_LABEL];
const GROUP_METADATA = {
  // `search` leaves a global label's `lastIndex` as it was (`matchAll` elsewhere starts from it); a match at 0 after `_` or `**` opens with it.
  opens: (text: string): boolean => /^(?:_|\*\*)/.test(text) && GROUP_LABELS.some((label) => text.search(label) === 0),
  cites: (text: string): boolean => GROUP_LABELS.some((label) => text.search(label) !== -1),
};

/** The phases a dependency value opens with: `Phase 1, 2 `, `Phases 1–3 and 4 `, `フェーズ1`, `阶段 2`. */
const PHASES = /^[\s*_]*(?:phases?\b|フェーズ|阶段|階段|fases?\b|étapes?\b)(?:[\s\d,、，&–—-]|\band\b)*/i;

/**
 * The references written after each `label` of a span, as far as `refs` has room (the rest
 * counted), each quoting its line's source: the numbers of criteria, requirements (`implements`,
 * `verifies`) or tasks (`depends_on`); and in a list of requirements, stories (`US-011`: the
 * feature's, else one the features share) and a team's tags (`FR-SEC-19`), which the model
 * resolves (model/kit-targets.ts).
 */
/**
 * `tasksOf`: in a file whose tasks are numbered headings, the tasks a number names (a group's number: each of its tasks); `self`:
 * the task whose lines these are, on which it never depends (`タスク 6 の _Depends:_ 4 は…` quoted in task 4's prose: j5ik2o/takt-sdd).
 */
function labelRefs(refs: ItemRefs, label: RegExp, span: Span, scope: string, relation: 'implements' | 'verifies' | 'depends_on', toColon = false, tasksOf: ((n: string) => readonly string[]) | null = null, self = ''): void {
  const task = relation === 'depends_on';
  for (const { value: raw, line, written } of labelValues(label, span)) {
    // `**Dependencies:** Phase 1, 2 complete` names phases, not tasks (shintairiku/evaluation-system); what follows them may name tasks (`Phase 1 tasks 1.2, 2`: a review).
    const whole = task ? raw.replace(PHASES, '') : toColon ? raw.replace(/[:：][\s\S]*$/, '') : raw;
    // Another feature's criteria or tasks, by its folder's name (`web-admin-dashboard/2.1`, `documents-management タスク11.4`): its ids.
    for (const { feature, text: value } of featureParts(whole, scope, task)) {
      const at = feature ?? scope;
      const { numbers, more, asWritten } = task ? taskNumbers(value, refs.room) : { ...numberList(unprefixed(value), refs.room, 'requirement'), asWritten: false };
      const mapped = feature === null && !asWritten ? tasksOf : null;
      for (const n of numbers) for (const each of mapped?.(n).length ? mapped(n) : [n]) if (`${at}/${task ? 'T' : 'R'}${each}` !== self) refs.add({ relation, id: `${at}/${task ? 'T' : 'R'}${each}`, line, written });
      refs.count(more, line);
      if (task) continue;
      for (const story of value.matchAll(STORY_REF)) refs.add({ relation, id: `${at}/US${Number(story[1]!)}`, line, written });
      for (const tag of value.matchAll(TAG_REF)) refs.add({ relation, id: `${at}/${tag[1]!}`, line, written });
      for (const id of value.replace(UNDASHED_REF, '$1-').matchAll(PREFIXED_REF)) for (const n of prefixedRange(id[2]!, id[3])) refs.add({ relation, id: `${at}/${id[1]!}-${n}`, line, written });
    }
  }
}

/**
 * The value after each match of `label` in a span, line by line (with the file line each part
 * is on, and that line's label and value as written): an italic or bold label's value runs to
 * its closing `_` or `**`, across line breaks (a long list wraps) but not past a blank line; a
 * plain one to the end of its line. At most `MAX_VALUE` characters each, looked at once: the
 * next label is looked for after the value (a label inside a value is part of it), so the work
 * is linear in the span's length.
 */
function* labelValues(label: RegExp, span: Span): Generator<{ value: string; line: number; written: string }> {
  const { text } = span;
  for (const { match, line } of matchesIn(label, text, span.lineAt)) {
    const start = match.index + match[0].length;
    const end = labelValueEnd(text, match, start, Math.min(text.length, start + MAX_VALUE));
    label.lastIndex = Math.max(label.lastIndex, end);
    // As written: from the label (its opening mark included) to the value's closing mark.
    const from = match.index + match[0].length - match[0].trimStart().length + (/^[(]/.test(match[0].trimStart()) ? 1 : 0);
    const closer = match[1] === '_' ? (text[end] === '_' ? 1 : 0) : match[1] === '**' ? (text.startsWith('**', end) ? 2 : 0) : 0;
    const shown = text.slice(from, end + closer).split('\n');
    const parts = text.slice(start, end).split('\n');
    for (let k = 0; k < parts.length; k += 1) if (parts[k]!.trim() !== '') yield { value: parts[k]!, line: line + k, written: shown[k]!.trim() };
  }
}
