/**
 * How a Kiro requirements.md heads its requirements (KITS §2, §7): the words and numbers of a
 * requirement's heading, and which of those forms a file uses — read once over the file's headings
 * before its items are picked (kiro-requirements.ts).
 */
import type { OutlineEntry } from './outline-entry.js';
import { headingTitle } from './outline.js';
import { CRITERIA_HEADING } from './kiro-criteria.js';
import { prefixedHeading } from './kiro-prefixed.js';

/**
 * `Requirement 3`, `Requirement 3: Name`, `Requirement 3 — Name`, `Requirement 7 (FR-SEC)`;
 * cc-sdd's Japanese `要件3: Name`, Chinese `需求 1：Name` or `故事1: Name` (a story for each, with
 * `#### 验收标准` under it: heguangyong/moqui-framework), one inserted later with a capital (`要件16A:` is
 * `R16A`: inakanou/ArchiTrack), Korean `요구사항 1`, Spanish or
 * Portuguese `Requisito 1` (`Requerimiento 4`: Gilmore369/SISTEMA_BOUTIQUE), French `Exigence 1`, German `Anforderung 1`, Russian `Требование 1`
 * (with `#### Критерии приемки`: lostguk/vedma), Arabic `المتطلب 1:` (with `#### معايير القبول`: 7Mohamed-Gamal/ElDawliya_Sys), Polish
 * `Wymaganie 1:` (with `#### Kryteria Akceptacji`: catsy86-ops/dluznik), and the word in Turkish, Vietnamese, Indonesian, Dutch, Ukrainian,
 * Czech, Slovak, Scandinavian, Finnish, Hungarian and Greek (D-528); `R1: Name`, `R1 — Name` (Brunobiu/FreteGOBR, criteria `- R1.1 — …`); `REQ-8: Name`, and with the
 * feature's code, `REQ-BL-008: Name` and `REQ-ADM-010B: Name` in a file whose every requirement is so coded with one code (`R8`, `R10B`: wildlife-creator/bijiyu; not `REQ-ORG-004-B`); one inserted later, `Requirement 19.1: Name`
 * (`R19.1`, whose criteria are `R19.1.1`, …; its id is criterion 1 of Requirement 19's too, which
 * comes first and keeps it: ID_DUPLICATE); with a dash before a colon, `Requirement 2-1: Name` (`R2-1`, criteria `R2-1.1`, …:
 * Minpa/Robot-Competitive-Intelligence-Portal).
 */
const REQUIREMENT = /^(?:(?:Requirement|Requisito|Requerimiento|Exigence|Anforderung|Требование|(?:ال)?متطلب|Wymaganie|Gereksinim|Yêu cầu|Persyaratan|Kebutuhan|Vereiste|Вимога|Požadavek|Požiadavka|Krav|Vaatimus|Követelmény|Απαίτηση)\s+|(?:要件|需求|요구사항)\s*|R(?=\d+\s*[:：\-–—](?!\s*R\d))|REQ-(?:[A-Z]{1,6}-)?(?=\d+[A-Z]?(?!-(?:\d|[A-Z]\b))\s*[:：\-–—]))(\d+(?:[A-Z](?=[\s:：.\-–—]|$))?(?:\.\d+|-\d+(?=\s*[:：]))?)(?![\d.])\s*(?:[:：.\-–—]\s*)?(.*)$/i;
/** `REQUIREMENT` without a number written with a dash (`Requirement 10-12: Dates` is requirement 10). */
const UNDASHED = new RegExp(REQUIREMENT.source.replace('|-\\d+(?=\\s*[:：])', ''), 'i');
/** A requirement the team codes with the feature's letters (`REQ-BL-008`). */
export const CODED = /^REQ-([A-Z]{1,6})-\d/i;
/** `### 故事1: Title` (a story for each requirement): a requirement only in a file whose requirements are written no other way (a review found `故事1` beside `需求 1` a second R1). */
export const STORY_REQUIREMENT = /^故事\s*(\d+(?:[A-Z](?=[\s:：.\-–—]|$))?(?:\.\d+)?)(?![\d.])\s*(?:[:：.\-–—]\s*)?(.*)$/;
/**
 * `### 用户故事 1: Title` ("user story 1"; `使用者故事`, `用戶故事`): a requirement in a file that heads them no other way, where it
 * stands outside any numbered requirement and holds criteria of its own — a criteria heading, or bullets that write its number
 * (`**验收标准:**` over `- 1.1 页面采用左右分栏布局…`: jtfl2008/admin-element-plus), and whose number no other heading of the file
 * writes. Elsewhere it is a story's heading (reviews: `#### 用户故事 1` under `### 1. 用户登录`, an appendix's `### 用户故事 1: 登录流程图`,
 * stories told before requirements numbered from 1 or headed `### FR-1:`, stories numbered again in each module).
 */
const USER_STORY_REQUIREMENT = /^(?:用户|用戶|使用者)故事\s*(\d+)(?![\d.])\s*(?:[:：.\-–—]\s*)?(.*)$/;
/** A heading numbered as a section of another (`2.1 设备类型识别`): the number it is a section of. */
export const SUB_SECTION = /^(\d+)\.\d+(?:\.\d+)*\.?[ \t]+\S/;
/** A heading over a file's requirements (`## Requirements`, `## Functional Requirements (MVP)`, `## 功能需求列表`, `# Requirements`). */
export const REQUIREMENTS_SECTION = /\b(?:requirements?|requisitos?|requerimientos?|exigences?|anforderungen?|wymagania|gereksinimler|vereisten|vaatimukset|krav)\b|需求|要件|요구사항|(?:ال)?متطلبات|Вимоги|Požadavky|Követelmények|Απαιτήσεις/i;
/** The document's own title, over every section of it (`# Requirements Document`, `# 需求文档`, `# 要件定義書`): no section of requirements. */
export const DOCUMENT_TITLE = /\b(?:requirements?|requisitos?)\s+(?:document|specification|spec|documento)\b|需求(?:文档|文件|规格|規格|说明|說明)|要件定義|요구사항\s*(?:정의서|명세서)/i;
/** A requirement numbered without the word (`### 1. Failure Detector Configuration`): where no heading has the word, and only with criteria under it. */
export const BARE_REQUIREMENT = /^(\d+)\.[ \t]+(\S.*)$/;

/** The forms of requirement heading a file uses. */
export interface HeadingForms {
  /** No `Requirement N` heading (nor a coded one read): requirements may be numbered bare, or headed by story. */
  readonly bare: boolean;
  /** Requirements headed by story (`### 故事1:`), in a file that writes them no other way (`### 用户故事 1:` is `storyNumbers`). */
  readonly storied: boolean;
  /** No heading names the criteria (`#### Acceptance Criteria`): a requirement's may be in words we do not know. */
  readonly unnamed: boolean;
  /** Requirements coded with the feature's letters (`REQ-BL-008`), read in a file whose every requirement is so coded, with one code. */
  readonly codedRead: boolean;
  /** The numbers of the `用户故事 N` headings that may be requirements: in a bare file with no prefixed requirement, each written by one heading only. */
  readonly storyNumbers: ReadonlySet<string>;
}

/** Which forms the file of `entries` heads its requirements in. */
export function headingForms(entries: readonly OutlineEntry[]): HeadingForms {
  let storied = false;
  let unnamed = true;
  // Requirements a team codes (`### REQ-BL-008:`) are read only in a file whose every requirement heading is so coded, with one
  // code: beside `Requirement N`, or a second code (`REQ-MIN-001` and `REQ-DEC-001`), their numbers would meet (a review).
  const codes = new Set<string>();
  let uncoded = false;
  // How many headings write each number as a user story's or bare (`### 9. 部门树组件`), and whether one is a prefixed requirement (`### FR-1:`).
  const numbered = new Map<string, number>();
  const stories: string[] = [];
  let prefixed = false;
  entries.forEach((entry, i) => {
    if (entry.kind !== 'heading') return;
    const title = headingTitle(entry.text);
    const coded = CODED.exec(title);
    if (REQUIREMENT.test(title)) coded !== null ? codes.add(coded[1]!.toUpperCase()) : (uncoded = true);
    if (STORY_REQUIREMENT.test(title)) storied = true;
    if (CRITERIA_HEADING.test(title)) unnamed = false;
    const story = USER_STORY_REQUIREMENT.exec(title)?.[1];
    const written = story ?? BARE_REQUIREMENT.exec(title)?.[1];
    const n = written === undefined ? undefined : String(Number(written));
    if (n !== undefined) numbered.set(n, (numbered.get(n) ?? 0) + 1);
    if (n !== undefined && story !== undefined) stories.push(n);
    if (!prefixed && prefixedHeading(entries, i, false) !== null) prefixed = true;
  });
  const codedRead = codes.size === 1 && !uncoded;
  const bare = !uncoded && !codedRead;
  const storyNumbers = new Set(bare && !prefixed ? stories.filter((n) => numbered.get(n) === 1) : []);
  return { bare, storied, unnamed, codedRead, storyNumbers };
}

/** `title` as a requirement's heading in a file of `forms`: [title, number, name], or null. */
export function requirementOf(title: string, forms: HeadingForms): RegExpExecArray | null {
  if (!forms.codedRead && CODED.test(title)) return null;
  const match = REQUIREMENT.exec(title);
  // `Requirement 2-1:` is one inserted after 2 only where the first number is the greater, as citations read `2-1.5` (number-list.ts);
  // `Requirement 10-12: Dates` is requirement 10, as before (a review).
  const dash = match?.[1]!.indexOf('-') ?? -1;
  return dash !== -1 && Number(match![1]!.slice(0, dash)) <= Number(match![1]!.slice(dash + 1)) ? UNDASHED.exec(title) : match;
}

/** `title` as a user story's heading that is a requirement in a file of `forms` (`forms.storyNumbers`): [title, number without leading zeros, name], or null. */
export function userStoryHeading(title: string, forms: HeadingForms): readonly string[] | null {
  const match = USER_STORY_REQUIREMENT.exec(title);
  const n = match === null ? '' : String(Number(match[1]));
  return match !== null && forms.storyNumbers.has(n) ? [title, n, match[2]!] : null;
}
