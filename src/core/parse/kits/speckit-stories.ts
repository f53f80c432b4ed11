/**
 * A Spec Kit spec.md's stories (KITS §2, §7): a heading in any language and shape teams write
 * (`### User Story 1 - Title (Priority: P1)`, one inserted later `### User Story 1b - …` (VictorHugo1985/Escolastica),
 * `### 用户故事 1 - … (优先级：P1)`, `### US-1: Title`,
 * `### [P1] US1: Title`, `### 用户故事 1 Title (优先级: P1)`), or a bold list item (`- **US-1（散歩ユーザー）**: …`).
 */
import { MAX_RANGE, STORY_BY_ID, storyNumber, type KitRef } from './kit-read.js';
import { headingTitle, type Outline } from './outline.js';
import { titleCount, underHeadings } from './under-headings.js';

const STORY = /^User\s+Story\s+(\d+(?:[a-z](?![a-z]))?(?:\.\d+)?)\s*(?:[-–—:]\s*)?(.*?)\s*(?:\(\s*Priority\s*:[^)]*\).*)?$/i;
/**
 * A story in any language (KITS §7), by its shape: `<words> <n> <dash> <title> (<words><colon> P<k>)`
 * — `ユーザーストーリー 1 - 登録 (優先度: P1)`, `使用者故事 2 - 登入 (優先級：P1)`; full-width
 * parentheses and colons too; more after the priority, `(Priorité : P3, ordre 4)` (guthubrx/roadie).
 */
const ANY_STORY = /^\S.*?\s*(\d+(?:\.\d+)?)\s*[-–—]\s*(.*?)\s*[(（][^()（）]*?[:：]\s*P\d+(?:\s*[,，;；][^()（）]*)?\s*[)）].*$/u;
/**
 * The same without the dash, after the kind's name in a script other than Latin (`用户故事 1 完整跑通"诊断 → 分析 → 待办"链路 (优先级: P1)`;
 * a title in brackets unwrapped, `用户故事 1 [分级筛选后执行优化] (优先级: P1)`: studyzy/save-token-kit) or a word for story
 * (`Story 1 Login (Priority: P1)`, `Story 1: Login (…)`, `História 2 Cadastro (Prioridade: P2)`); not `Step 3 Deploy (Priority: P1)`
 * nor `FR-1 Rate limiting (Priority: P1)` (reviews). Groups: the number, the bracketed title or the title.
 */
const WORD_STORY = /^(?:[^\x00-\x7F\s\d]+(?:[ \t][^\x00-\x7F\s\d]+)?|(?:user[ \t]+)?story|hist[oó]ria(?:[ \t]+de[ \t]+usu[aá]rio)?|historia(?:[ \t]+de[ \t]+usuario)?|histoire(?:[ \t]+utilisateur)?|nutzergeschichte)[ \t]*(\d+(?:\.\d+)?)[:：.]?[ \t]+(?:\[([^\]]+)\]|(\S.*?))[ \t]*[(（][^()（）]*?[:：][ \t]*P\d+[ \t]*[)）].*$/iu;
/** A story as a bold list item: `**US-1（散歩ユーザー）**: text`, `**US2**: text` — its number, the words in parentheses, the text. */
export const LISTED_STORY = /^\*\*US-?(\d+(?:\.\d+)?)(?:[ \t]*[(（]([^)）\n]*)[)）])?[ \t]*[:：]?\*\*[ \t]*[:：]?[ \t]*(\S[\s\S]*)?$/;
/** A story's priority written before its id: `[P1] `, `(P2) `. */
const PRIORITY_FIRST = /^[[(（]P\d+[\])）][ \t]*(?=US)/;
/** A story: its number as written and its title. */
export interface StoryHeading {
  readonly number: string;
  readonly title: string;
  /** Written by its id alone (`### US1 — Title`), not as a story's name (`### User Story 1 - Title`). */
  readonly byId?: boolean;
}

/**
 * A heading's content (as written) without what it strikes through, or `null` when it strikes
 * nothing: `### ~~User Story 4 — Код для входа~~ (снято с scope)` (kot13/osetrovich-app, whose next
 * story takes its number) is then no story, and `### ~~Draft:~~ User Story 3 - Export` is US3.
 */
export function withoutStruck(content: string): string | null {
  return content.includes('~~') ? content.replace(STRUCK, ' ') : null;
}
const STRUCK = /~~[^~\n]+~~/g;

/** The story a heading of spec.md is, or `null`: the first of the shapes above that it has. */
export function storyOf(title: string): StoryHeading | null {
  const named = STORY.exec(title) ?? ANY_STORY.exec(title);
  if (named !== null) return { number: named[1]!, title: named[2]! };
  const byId = STORY_BY_ID.exec(title.replace(PRIORITY_FIRST, ''));
  if (byId !== null) return { number: byId[1]!, title: byId[2]!, byId: true };
  const worded = WORD_STORY.exec(title);
  return worded === null ? null : { number: worded[1]!, title: worded[2] ?? worded[3]! };
}

/** The words for a story, any case: `User Story`, `User Stories`, `Story`, `Historia de usuario`, `História`, `사용자 스토리`, `用户故事`. */
const STORY_WORDS = new RegExp(
  String.raw`^(?:(?:user[ \t]+)?stor(?:y|ies)|hist[oó]rias?(?:[ \t]+de[ \t]+usu[aá]rios?)?|histoires?(?:[ \t]+utilisateurs?)?|nutzergeschichten?|用户故事|使用者故事|用戶故事|ユーザー?ストーリー|사용자[ \t]*스토리)[ \t]*`,
  'iu',
);
/** A phase's label before the stories (`Phase 3: `, `Fase 3: `, `フェーズ3：`). */
const LABEL = /^[^:：]{1,40}[:：][ \t]*/;
const NUMBER = /\d{1,4}(?:\.\d{1,3})?/y;
/** Between two numbers of a list: `+`, `&`, a comma, `/`, `・`, `和`, `및`, or `and` in the team's language between spaces. */
const JOIN = /[ \t]*(?:[+&,、・/]|和|및)[ \t]*|[ \t]+(?:and|y|e|et|und)[ \t]+/iy;
/** Between the ends of a range: a dash with no space (`1–3`, `1-3`), or `to`. */
const RANGE = /[-–](?=\d)|[ \t]+to[ \t]+/iy;
/** What may follow the numbers: the heading's end, a separator before a title (`User Story 1 - Login`), or a sign (`🎯`). */
const AFTER = /[ \t]*(?:$|[-–—:：(（[])|[ \t]+[^\p{L}\p{N}\s]/uy;

/**
 * The stories a tasks.md heading names in words, as the template's phase headings do (KITS §7: a heading's ids hold for the tasks
 * under it) — `Phase 3: User Story 1 - Toast Notifications (Priority: P1) 🎯 MVP`, `Phase 3: User Story 1+2+5 — Generate …`
 * (w0nsdoof/diplomka), `Phase 4: User Stories 1–3 — …`, `Fase 3: Historia de usuario 1 - …`, `フェーズ3: ユーザーストーリー1・2 - …`:
 * their numbers, only where the words open the heading or follow its phase's label and the numbers end before a title's
 * separator or the heading's end. Prose names none (`Polish (once User Story 2 lands)`, `MVP First (User Story 1 Only)`,
 * `Stretch — User Story 3, 2026 roadmap`, `Load test — Story 1,000 editors`), nor a list read only in part (`User Story 2, 3
 * screens`): an adversarial review's. Linear: each character is looked at a bounded number of times.
 */
export function storiesNamed(heading: string): readonly string[] {
  const named = numbersAt(heading);
  if (named !== null) return named;
  const label = LABEL.exec(heading);
  return label === null ? [] : (numbersAt(heading.slice(label[0].length)) ?? []);
}

/** The story numbers the words at the start of `text` name, or `null` when it does not open with them or they are not read whole. */
function numbersAt(text: string): string[] | null {
  const words = STORY_WORDS.exec(text);
  if (words === null) return null;
  const out: string[] = [];
  let at = words[0].length;
  for (;;) {
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(text);
    if (number === null) return null;
    at = NUMBER.lastIndex;
    RANGE.lastIndex = at;
    const range = number[0].includes('.') ? null : RANGE.exec(text);
    if (range !== null) {
      NUMBER.lastIndex = RANGE.lastIndex;
      const end = NUMBER.exec(text);
      if (end === null || end[0].includes('.')) return null;
      const [first, last] = [Number(number[0]), Number(end[0])];
      // A range as long as the other readers take (`MAX_RANGE`, number-list.ts).
      if (!(first < last && last - first < MAX_RANGE)) return null;
      for (let n = first; n <= last; n += 1) out.push(String(n));
      at = NUMBER.lastIndex;
    } else {
      out.push(number[0]);
    }
    JOIN.lastIndex = at;
    if (JOIN.exec(text) === null) break;
    at = JOIN.lastIndex;
  }
  AFTER.lastIndex = at;
  return AFTER.test(text) ? out : null;
}

/**
 * The stories the section headings above each outline entry name in words (`storiesNamed`), for the tasks under them that tag no
 * story of their own: where a task writes `[US2]` under `Phase 1: User Story 1 & 2 - Navbar toggles`, its mark says which it serves
 * (the template pairs such headings with a mark on every task). Not the file's one title (`# Tasks: Stories 2.0 Redesign`), nor
 * what a heading strikes through, nor a task heading (`isTask`).
 */
export function headingStories(outline: Outline, scope: string, isTask: (title: string) => boolean): (index: number) => readonly KitRef[] {
  const titles = titleCount(outline.entries);
  return underHeadings(outline.entries, (entry) => {
    if (entry.level === 1 && titles === 1) return [];
    const title = headingTitle(withoutStruck(entry.text) ?? entry.text).trim();
    const written = `${'#'.repeat(entry.level)} ${headingTitle(entry.text)}`;
    return isTask(title) ? [] : storiesNamed(title).map((number) => ({ relation: 'implements', id: `${scope}/US${storyNumber(number)}`, line: entry.line, written }));
  });
}

