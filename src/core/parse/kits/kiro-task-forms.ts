/**
 * Kiro tasks numbered in other ways than the template's `1.`, `1.1` (KITS §7), each read only
 * where a file numbers its tasks no other way: whole numbers without the dot (`- [ ] 1 Title`),
 * a part's capital first (`- [ ] A1.1 Title`; beside numbered ones, `- [x] P2.1. Title`), an id with a hyphen (`- [x] T-001: Title`,
 * `### T-001: Title ✅`: cocoabreak/feathermd); boxes with no number at all: by-place.ts.
 */
import { headingTitle, type Outline } from './outline.js';
import { pickTasks, type Picked } from './pick-items.js';
import type { Box } from './kit-read.js';

/** After the box, a whole number without its dot, then the text (`- [x] 1 Add \`scene scaffold\` CLI command`). */
const WHOLE_NUMBER = /^(?:\*\*)?(\d+)(?:\*\*)?[ \t]+([\s\S]*)$/;

/** After the box, a task number that opens with a capital, dotted, with its dot or colon, or bold (`A1.`, `A1.1`, `A1:`, `**B1**`: a plan in parts, joocy75-hash/holholhol), then the text; not `S3 bucket`, `K8s`, nor a priority (`**P1**`): reviews. */
const LETTERED = /^(?:\*\*)?((?!P\d)[A-Z]\d+(?:\.\d+)+|(?!P\d)[A-Z]\d+(?=\.|[:：]|\*\*))\.?(?:\*\*)?(?:\\?\*)?(?:[ \t]*[:：])?[ \t]+([\s\S]*)$/;

/**
 * The tasks of a file that numbers every task with a part's capital first (`- [ ] A1. 메트릭 수집 서비스 완성`,
 * `- [ ] A1.1 CCU/DAU 집계 서비스 구현`): each the task of its id as written (`<feature>/A1.1`, a part of `A1`),
 * as OpenSpec's lettered ids are; only where no task is numbered otherwise and three or more are, none twice.
 */
export function lettered(outline: Outline, scope: string): ReturnType<typeof pickTasks> | null {
  const found = pickTasks(outline, scope, LETTERED, '', true);
  const ids = [...found.picked.values()].map((item) => item.id);
  return ids.length >= 3 && new Set(ids).size === ids.length ? found : null;
}

/**
 * Beside numbered tasks, a task number with a capital first, dotted (`P2.1.`, `P2.1.1`, `B1.1`), then the text; not `T`, `R` or `V`
 * (a test plan's `- [ ] T1.1 …`, an acceptance checklist's `- [x] R1.1 …`, a release's `V1.0`), nor undotted (`D1.`, `S3:`: a verification list's, a
 * bucket's; reviews).
 */
const LETTERED_BESIDE = /^(?:\*\*)?((?![TRV]\d)[A-Z]\d+(?:\.\d+)+)\.?(?:\*\*)?(?:\\?\*)?(?:[ \t]*[:：])?[ \t]+([\s\S]*)$/;

/**
 * In a file that numbers its tasks (`numbered`), the tasks of a later part numbered with a capital first (`- [x] P2.1.
 * Implement Anomaly Detection` over `- [x] P2.1.1 Create \`lib/anomaly-detection.ts\``, after tasks `0.`–`12.`: Stefan/orka-ppm),
 * each of its id as written; not a numbered task's steps (`- [ ] A1.1 Check` inside `- [ ] 3. Review`). Three or more, none twice,
 * none a numbered task's id.
 */
export function letteredBeside(outline: Outline, scope: string, numbered: ReadonlyMap<number, Picked>): ReturnType<typeof pickTasks> | null {
  const found = pickTasks(outline, scope, LETTERED_BESIDE, '', true);
  for (const i of [...found.picked.keys()]) {
    let up = outline.entries[i]!.parent;
    while (up !== -1 && !numbered.has(up)) up = outline.entries[up]!.parent;
    if (up !== -1) (found.picked.delete(i), found.boxes.delete(i));
  }
  const ids = [...found.picked.values()].map((item) => item.id);
  const taken = new Set([...numbered.values()].map((item) => item.id));
  return ids.length >= 3 && new Set(ids).size === ids.length && !ids.some((id) => taken.has(id)) ? found : null;
}

/**
 * The tasks of a file that numbers its boxes `1 Title`, `2 Title`, … without the dot (KITS §7:
 * LuChangQiu/kiro-spec-engine, 44 features): a box is task `T<n>` when its number continues the
 * file's count (1, then each one more than the last) and is at the top of its list, else prose
 * (`- [ ] 4 barriers render`, a list that starts again at 1, a nested step); `null` when fewer
 * than two are. Only where no box has a number written with a dot, no heading names a task and
 * no numbered heading holds boxes.
 */
export function wholeNumbered(outline: Outline, scope: string): ReturnType<typeof pickTasks> | null {
  const found = pickTasks(outline, scope, WHOLE_NUMBER, 'T', false);
  const picked = new Map<number, Picked>();
  let next = 1;
  for (const [i, item] of found.picked) {
    // Only a box at the top of its list: a nested `- [ ] 1 Create repo` is a step of its task (a review).
    if (outline.entries[i]!.parent !== -1 || item.id !== `${scope}/T${next}`) continue;
    picked.set(i, item);
    next += 1;
  }
  if (picked.size < 2) return null;
  const kept = new Set([...picked.values()].map((item) => item.id));
  for (const [i, item] of picked) if (item.parent !== null && !kept.has(item.parent)) picked.set(i, { ...item, parent: null });
  return { picked, boxes: new Map([...found.boxes].filter(([i]) => picked.has(i))) };
}

/**
 * Boxes numbered whole without the dot over their sub-tasks numbered with it (`- [x] 1 数据库 Schema 改造` over `  - [x] 1.1 编写数据迁移
 * SQL 脚本…`: 7dgame-com/ai-3d-generator, eight such parents unread beside their sub-tasks): each is task `T<n>`, the parent of the
 * sub-tasks nested in it that its number opens (`T1.1`), where the file writes no `T<n>` otherwise; at the top of its list only.
 * (`top`: such boxes in file order, each id once: `found` picked them by number, and `taken` holds what the file wrote.)
 */
export function wholeParents(outline: Outline, scope: string, picked: Map<number, Picked>, boxes: Map<number, Box>): void {
  const { entries } = outline;
  const found = pickTasks(outline, scope, WHOLE_NUMBER, 'T', false);
  if (found.picked.size === 0) return;
  const children = new Map<number, number[]>();
  for (const i of picked.keys()) {
    const parent = entries[i]!.parent;
    if (parent === -1 || !found.picked.has(parent)) continue;
    const list = children.get(parent);
    if (list === undefined) children.set(parent, [i]);
    else list.push(i);
  }
  const taken = new Set([...picked.values()].map((item) => item.id));
  const top = [...found.picked].filter(([i, item]) => entries[i]!.parent === -1 && !picked.has(i) && !taken.has(item.id));
  const parents = top.filter(([i, item]) => (children.get(i) ?? []).some((j) => picked.get(j)!.id.startsWith(`${item.id}.`)));
  if (parents.length === 0) return;
  // Beside such parents, the boxes numbered whole between and after them are tasks too (`- [ ] 3 Checkpoint - 确保所有测试通过`: a
  // review), where together they count on from 1, each one more than the last; else the parents alone.
  const counted = top.every(([, item], k) => item.id === `${scope}/T${k + 1}`);
  for (const [i, item] of counted ? top : parents) {
    if (taken.has(item.id)) continue;
    taken.add(item.id);
    picked.set(i, { ...item, parent: null });
    boxes.set(i, found.boxes.get(i)!);
    for (const j of children.get(i) ?? []) if (picked.get(j)!.parent === null) picked.set(j, { ...picked.get(j)!, parent: item.id });
  }
}

/** After the box, or opening a heading, a task id written with a hyphen (`T-001:`; a part's code, `T-BC-01:`: BarryYin/Contract_Review2026; `✅` before it in a heading), then the title. */
export const HYPHEN_TASK = /^(?:✅[ \t]*)?(?:\*\*)?T-((?:[A-Z]{1,4}-)?\d{1,4})(?:\*\*)?(?![\w.-])[ \t]*[:：.\-–—]?[ \t]*([\s\S]*)$/;

/**
 * A heading that names its task by an id after `T` and a colon: `### T01：更新依赖包` (ma-pony/saas-template: a feature's 37 tasks
 * unread, D-544), `### T001: Set up the project`. Not `### T1 mobile layout` (no colon), nor a range (`### T01-T05: …`); and only in
 * a file where such an id is written with a leading zero (`T01`), as tasks are numbered: `### T1: Login works` under `## Test
 * cases` is a test case (a review).
 */
const ID_TASK_HEADING = /^(?:✅[ \t]*)?(?:\*\*)?T(\d{1,4}(?:\.\d+)*)(?:\*\*)?[ \t]*[:：][ \t]*(\S[\s\S]*)$/;
/** Whether each outline has a heading `ID_TASK_HEADING` reads whose id has a leading zero (asked once a file). */
const padded = new WeakMap<Outline, boolean>();

/** A heading of `outline` that names its task by id (`### T-001: …`, `### T01：…`): the id as written (`T-001`, `T01`) and the title; `null` for any other. */
export function idHeadingTask(title: string, outline: Outline): { readonly id: string; readonly title: string } | null {
  const hyphen = HYPHEN_TASK.exec(title);
  if (hyphen !== null) return { id: `T-${hyphen[1]!}`, title: hyphen[2]! };
  const plain = ID_TASK_HEADING.exec(title);
  if (plain === null) return null;
  let zero = padded.get(outline);
  if (zero === undefined) padded.set(outline, (zero = outline.entries.some((entry) => entry.kind === 'heading' && ID_TASK_HEADING.exec(headingTitle(entry.text))?.[1]!.startsWith('0') === true)));
  return zero ? { id: `T${plain[1]!}`, title: plain[2]! } : null;
}

/** The tasks of a file whose boxes write ids with a hyphen (`- [x] T-001: ネイティブのヘルプメニューと…`): `<feature>/T-001`; `null` when fewer than two do. */
export function hyphenated(outline: Outline, scope: string): ReturnType<typeof pickTasks> | null {
  const found = pickTasks(outline, scope, HYPHEN_TASK, 'T-', false);
  // Two or more: one `- [ ] T-1 reminder: …` among plain boxes is a countdown, not an id (a review).
  return found.picked.size < 2 ? null : found;
}

/**
 * A task's text without the `**` that closes the bold its number opened (the number took the opening one): at the end of
 * its first line (`**1.1 開発環境セットアップ**`) or after its title (`**1. プロジェクト雛形・ツール設定**（F11 ツール）`:
 * Itaru-aso/DashBoard-and-Retrain) — the first `**` of a line that writes an odd number of them.
 */
export function unboldTitle(text: string): string {
  const end = text.indexOf('\n');
  const first = (end === -1 ? text : text.slice(0, end)).trimEnd();
  const at = first.indexOf('**');
  if (at === -1 || first.split('**').length % 2 === 1) return text;
  return first.slice(0, at).trimEnd() + first.slice(at + 2) + (end === -1 ? '' : text.slice(end));
}
