/**
 * A Spec Kit spec.md's stories (KITS §2, §7): a heading in any language and shape teams write
 * (`### User Story 1 - Title (Priority: P1)`, one inserted later `### User Story 1b - …` (VictorHugo1985/Escolastica),
 * `### 用户故事 1 - … (优先级：P1)`, `### US-1: Title`,
 * `### [P1] US1: Title`, `### 用户故事 1 Title (优先级: P1)`), or a bold list item (`- **US-1（散歩ユーザー）**: …`).
 */
import { STORY_BY_ID } from './kit-read.js';

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

