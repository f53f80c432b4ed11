/**
 * Kiro's requirements.md (KITS §2, §7): `### Requirement N` headings (`### R1: Name` too), each
 * with its acceptance criteria. A criterion is an ordered list item under the requirement's
 * `Acceptance Criteria` heading — headings deeper than that one (`#####`) group criteria and do
 * not end the list, and so do a team's bold labels, after which CommonMark reads `4. …` as the
 * label's paragraph (a numbered line under the heading is a criterion) — or a line or bullet that
 * writes the requirement's number in
 * (`1.1. THE …`, `- R1.1: …`) anywhere in the requirement. Each keeps its written number: `3.`
 * under Requirement 2 is `R2.3`, and so is `2.3.`; when the written numbers of a requirement's
 * list repeat (groups that start again at 1) every one takes its place instead (the Nth), as
 * revision 1 did. A group lettered with the requirement's number (`##### 6A：…`, `##### 5a. …`)
 * numbers its own criteria, which carry its letter (`R6A.1`, `R5a.1`: kiro-criteria.ts, D-536); one
 * numbered so (`##### 4.1 …`), its number (`R4.1.1`: D-554).
 * A number written in twice (`1.1.` twice) is the same id twice: the model keeps the first and
 * says ID_DUPLICATE at the second.
 */
import { headingTitle, oneLine, type Outline } from './outline.js';
import type { OutlineEntry } from './outline-entry.js';
import { addendumOf } from './kiro-addenda.js';
import { STORY_BY_ID, storyNumber, type KitRead } from './kit-read.js';
import { itemsOf, NO_CONTEXT, type Picked } from './pick-items.js';
import { tableCriteria } from './kiro-table-criteria.js';
import { anyPrefixedCriterion, headedCriterion, prefixedCriterion, prefixedHeading, type PrefixedHeading } from './kiro-prefixed.js';
import { BARE_REQUIREMENT, CODED, DOCUMENT_TITLE, headingForms, REQUIREMENTS_SECTION, requirementOf, STORY_REQUIREMENT, SUB_SECTION, userStoryHeading } from './kiro-requirement-headings.js';
import { continuesCriteria, criterionOf, CRITERIA_HEADING, EARS_BOLD_NUMBER, labelledCriteria, letteredGroup, nextListed, numberCriteria, numberedGroup, type Candidate } from './kiro-criteria.js';

/** The user story (cc-sdd: `**Objective:**`, `**ユーザーストーリー:**`): its paragraph, which may wrap onto more lines. */
const USER_STORY = /\*\*(?:User Story|Objective|ユーザーストーリー|Пользовательская история)[:：]?\*\*[:：]?[ \t]*(.+(?:\n(?![ \t]*\n)(?![ \t]*#).+)*)/i;

/** An EARS clause's `SHALL` (in capitals, as EARS writes it; or in small letters, as cc-sdd's English does: `1. When … , the pricer_pricing shall …`, neutryx-lab/neutryx-rust). */
const EARS_SHALL = /\b(?:SHALL|shall)\b/;
export function kiroRequirements(outline: Outline, scope: string): KitRead {
  const { entries } = outline;
  const picked = new Map<number, Picked>();
  let requirement: { n: string; label: string; level: number; id: string; candidates: Candidate[]; lastListed?: Candidate; named: boolean; fellBack: boolean; index: number; bare: boolean; sectioned?: boolean; headed?: boolean; listed?: boolean; coded?: boolean; own?: { last: number } | null } | null = null;
  // The group of criteria open under the requirement's criteria heading (`##### 6A：专属卡审计`: its letter; `##### 4.1 …`: `.1`; its heading's level).
  let group: { readonly letter: string; readonly level: number } | null = null;
  // The marks of the requirement's last lettered group and last numbered one (the next must be the letter, or the number, after it).
  let lastLetter: string | null = null;
  let lastNumbered: string | null = null;
  // The titles of the headings open at each level (1–6): whether a bare requirement stands under one that says requirements.
  const open: string[] = [];
  // A file that writes no `Requirement N` heading may number them bare (`### 1. Failure Detector Configuration`, j5ik2o/fraktor-rs);
  // a file that names no criteria heading may write it in words we do not know (then a requirement's first sub-heading is it).
  const forms = headingForms(entries);
  const { bare, storied, unnamed } = forms;
  let criteria = -1;
  // The requirements picked so far: a criterion heading whose requirement is no heading of its own names one as its parent if there is one.
  const requirementIds = new Set<string>();
  // Those read outside a section of the file's criteria: a heading of one again inside such a section names it.
  const sectionIds = new Set<string>();
  // Prefixed items read outside a requirement open in their form (kiro-prefixed.ts): added at the end, each where no item has its id.
  const orphans: [number, Picked][] = [];
  // The prefixed requirement read inside a `Requirement N` whose section is open: its bullets are its criteria.
  let innerOpen: { readonly requirement: string; readonly level: number } | null = null;
  const addOrphan = (i: number, found: { readonly requirement: string; readonly written: string; readonly title: string }): void => {
    const owner = `${scope}/${found.requirement}`;
    orphans.push([i, { id: `${owner}.${Number(found.written)}`, type: 'acceptance-criterion', title: found.title, parent: requirementIds.has(owner) ? owner : null }]);
  };
  // The addendum whose numbered lines are being read (the requirement's number, and the last line of the one read before); its
  // criteria, added at the end where their requirement is in the file (one written after them included) and its number is free.
  let addendum: { readonly n: string; last: number } | null = null;
  const added: [number, { readonly n: string; readonly written: string; readonly title: string }][] = [];
  const lineText = (line: number): string | null => {
    const k = line - outline.bodyLine;
    return k >= 0 && k < outline.starts.length - 1 ? outline.body.slice(outline.starts[k]!, outline.starts[k + 1]! - 1) : null;
  };
  const addendumAt = (entry: OutlineEntry): string | null => {
    if (!/^\d+$/.test(entry.number ?? '')) return (addendum = null);
    // The line right above, or (a list's first item) the one above a blank line.
    const above = lineText(entry.line - 1);
    const label = above === null ? null : (addendumOf(above) ?? (entry.kind === 'item' && above.trim() === '' ? addendumOf(lineText(entry.line - 2) ?? '') : null));
    if (label !== null) addendum = { n: label, last: entry.last };
    else if (addendum !== null && entry.line <= addendum.last + 2) addendum.last = entry.last;
    else addendum = null;
    // A requirement's own label over its own list (`**Requirement 1 Acceptance Criteria:**` over `1.`, `1.`: a review) is no addendum.
    return addendum !== null && (requirement === null || requirement.n !== addendum.n || requirement.label !== 'R') ? addendum.n : null;
  };
  // Whether the open criteria heading is the requirement's first sub-heading over an ordered list, taken for want of one named.
  let fallback = false;
  const close = (): void => {
    // A bare numbered heading without criteria under a criteria heading named as such is a document's section (`## 1. Introduction`).
    // (Sectioned, unless a criteria heading of its own holds its criteria: `#### 1.1 User Story` then `#### Acceptance Criteria`, a review.)
    // (Kept too when it stands under a heading that says requirements and writes its own number into its lines: `## Requirements`,
    // `### 1. Guidance Rule Data Model`, `1.1 Each guidance rule has: …`, perezjoseph/Gestion-inmobiliaria.)
    // EARS paragraphs are the criteria of a requirement that has no other (caraseli02/MoldovaDirect), never beside a list.
    // A list right under the requirement's heading is its criteria only where none is named or numbered as such; it wins over a list taken for want of a named heading (D-545's review).
    if (requirement?.candidates.some((c) => c.own === true)) requirement.candidates = requirement.candidates.filter(requirement.named || requirement.candidates.some((c) => c.qualified) ? (c) => c.own !== true : (c) => c.own === true || c.ears !== undefined);
    if (requirement !== null && requirement.candidates.some((c) => c.ears === undefined)) requirement.candidates = requirement.candidates.filter((c) => c.ears === undefined);
    else if (requirement !== null && requirement.named) requirement.candidates = requirement.candidates.filter((c) => c.ears === 'under');
    const written = requirement !== null && requirement.listed === true && requirement.candidates.some((c) => c.qualified);
    // Kept for its written numbers, its criteria are those: a sub-heading's list (`#### Open questions`) is none (a review).
    if (requirement !== null && written && !requirement.named) requirement.candidates = requirement.candidates.filter((c) => c.qualified);
    if (requirement !== null && requirement.bare && ((requirement.sectioned === true && requirement.headed !== true) || !((requirement.named || written) && requirement.candidates.length > 0))) picked.delete(requirement.index);
    else if (requirement !== null) numberCriteria(requirement, picked);
    requirement = null;
    group = null;
    lastLetter = null;
    lastNumbered = null;
  };
  let firstTitle: number | undefined;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.kind === 'heading') {
      addendum = null;
      const title = headingTitle(entry.text);
      open.length = entry.level;
      open[entry.level] = title;
      // `#### Acceptance Criteria` at the requirement's own level, right under `#### Requirement 13: …` (yeemio/owlclaw): its criteria still.
      const sameLevelCriteria = requirement !== null && entry.level === requirement.level && !requirement.named && requirement.candidates.every((c) => c.own === true) && CRITERIA_HEADING.test(title);
      // A second title pasted inside a requirement that has no criteria yet, its criteria heading below it (`# Employee Master Requirements`
      // under `### Requirement 1: 社員一覧表示機能`, then `#### Acceptance Criteria`: tkrrrrkt/ProcureERP-SDD) leaves it open.
      const stray = requirement !== null && entry.level === 1 && requirement.candidates.length === 0 && strayTitle(entries, i, requirement.level, (firstTitle ??= entries.findIndex((e) => e.kind === 'heading' && e.level === 1)));
      if (requirement !== null && entry.level <= requirement.level && !sameLevelCriteria && !stray) close();
      // A heading beside the criteria heading whose list goes on with their numbers (`#### 多模态增强` over `9. THE SRE_Agent SHALL …`
      // after criteria 1-8: 997899594/Juanie) holds more of them.
      if (criteria !== -1 && entry.level <= entries[criteria]!.level) criteria = requirement !== null && entry.level > requirement.level && continuesCriteria(requirement.lastListed, nextListed(entries, i)) ? i : -1;
      if (group !== null && entry.level <= group.level) group = null;
      const letter: string | null = requirement !== null && requirement.label === 'R' && criteria !== -1 && entry.level > entries[criteria]!.level ? (letteredGroup(title, requirement.n, lastLetter) ?? numberedGroup(title, requirement.n, lastNumbered)) : null;
      if (letter !== null) {
        group = { letter, level: entry.level };
        if (letter.startsWith('.')) lastNumbered = letter;
        else lastLetter = letter;
      }
      // Inside a `Requirement N`, a prefixed sub-heading is its tag (`#### FR-1: Maps to PRD 4.2`), or, with criteria of its own, a requirement
      // of its own that leaves `Requirement N` open, its criteria still to come (reviews).
      const within: boolean = requirement !== null && requirement.label === 'R' && !requirement.bare && entry.level > requirement.level;
      const inner = within ? prefixedHeading(entries, i, true) : null;
      if (innerOpen !== null && entry.level <= innerOpen.level) innerOpen = null;
      if (inner !== null) {
        orphans.push([i, { id: `${scope}/${inner.label}${inner.n}`, type: 'requirement', title: inner.title, parent: null }]);
        requirementIds.add(`${scope}/${inner.label}${inner.n}`);
        innerOpen = { requirement: `${inner.label}${inner.n}`, level: entry.level };
        continue;
      }
      const prefixed: PrefixedHeading | null = within ? null : prefixedHeading(entries, i, false);
      const headed: readonly string[] | null = prefixed !== null ? [title, prefixed.n, prefixed.title] : (requirementOf(title, forms) ?? (bare && storied ? STORY_REQUIREMENT.exec(title) : null) ?? (bare && !storied ? BARE_REQUIREMENT.exec(title) : null));
      // A user story's heading as a requirement (`### 用户故事 1:`), only outside a numbered requirement and where no other heading writes its number.
      const userStory: readonly string[] | null = headed === null && requirement === null ? userStoryHeading(title, forms) : null;
      const match: readonly string[] | null = headed ?? userStory;
      // A user story written as a heading of its own (`### US-1: Proper Error Responses`: bigballgis/Workflow-Station---sun),
      // which a task's `**Requirements**: US-1` names: the story item `US1`.
      // Not inside a requirement: there `#### US-1: As a user …` is the requirement's story, its criteria still to come (a review).
      const story = match === null && (requirement === null || requirement.bare || entry.level <= requirement.level) ? STORY_BY_ID.exec(title) : null;
      if (story !== null) {
        close();
        criteria = -1;
        picked.set(i, { id: `${scope}/US${storyNumber(story[1]!)}`, type: 'user-story', title: story[2]!, parent: null });
        continue;
      }
      // A bare requirement whose own sub-heading is numbered within it (`## 2. 用户故事` over `### 2.1 设备类型识别`:
      // zsyh27/excel_matching) is a document that numbers its sections, not a requirement: neither it nor its lists are items.
      if (match === null && requirement !== null && requirement.bare && entry.level > requirement.level && SUB_SECTION.exec(title)?.[1] === requirement.n) requirement.sectioned = true;
      // A criterion as a heading of its own (`### FR-1:` over `#### FR-1.1: 基本カラースキーム`: piyonakajima/memogaki; `#### REQ-8.1: …`).
      const sub = match === null && requirement !== null && !requirement.bare && entry.level > requirement.level ? (requirement.label === 'R' ? headedCriterion(title, requirement.n) : prefixedCriterion(title, requirement)) : null;
      // One whose requirement is no heading in that form (`### FR-1.1 Login with email`; `#### FR-1.1：…` under `### 3.1 模板管理（FR-1）`: owlclaw).
      const orphan = match === null && sub === null && (requirement === null || requirement.bare || requirement.label !== 'R') ? anyPrefixedCriterion(title) : null;
      if (orphan !== null) {
        addOrphan(i, orphan);
        continue;
      }
      // A requirement's heading again, in a section of the file's criteria (`## Acceptance Criteria`, then `### R1 — Platform Admin`
      // over R1's checklist: konxc/learning.konxc.space), names the requirement read before — one read outside such a section — whose
      // criteria it may go on to list: no second requirement (no ID_DUPLICATE), its criteria still read (a review).
      const inCriteria = match !== null && open.slice(0, entry.level).some((above) => above !== undefined && CRITERIA_HEADING.test(above));
      const again = inCriteria && sectionIds.has(`${scope}/${prefixed?.label ?? 'R'}${match![1]!}`);
      if (match !== null) {
        close();
        // A user story's heading is kept for its written criteria as one under a heading that says requirements is.
        const listed: boolean = bare && (userStory !== null || open.slice(0, entry.level).some((above) => above !== undefined && REQUIREMENTS_SECTION.test(above) && !DOCUMENT_TITLE.test(above)));
        const label: string = prefixed?.label ?? 'R';
        // A coded one's number as a number (`### REQ-BL-008:` is requirement 8, which tasks cite as `8.2`: wildlife-creator/bijiyu).
        const coded: boolean = prefixed === null && CODED.test(title);
        const n: string = coded ? match[1]!.replace(/^0+(?=\d)/, '') : match[1]!;
        requirement = { n, label, level: entry.level, id: `${scope}/${label}${n}`, candidates: [], named: false, fellBack: false, index: i, bare: bare && prefixed === null, listed, coded };
        criteria = -1;
        if (again) continue;
        if (!inCriteria) sectionIds.add(requirement.id);
        // A team's tag alone (`(FR-SEC)`) is no name: the user story gives the title.
        const name = match[2]!.trim();
        picked.set(i, { id: requirement.id, type: 'requirement', title: /^\([^)]*\)$/.test(name) ? '' : name, parent: null });
        requirementIds.add(requirement.id);
      } else if (requirement !== null && sub !== null) {
        requirement.candidates.push((requirement.lastListed = { index: i, written: sub.written, qualified: true, title: sub.title }));
      } else if (requirement !== null && CRITERIA_HEADING.test(title)) {
        requirement.named = true;
        requirement.headed = true;
        criteria = i;
        fallback = false;
      } else if (unnamed && requirement !== null && criteria === -1 && !requirement.fellBack && requirement.coded !== true) {
        // In a file that names no criteria heading, a requirement's is in words we do not list: its first sub-heading over an ordered list (by structure, KITS §7).
        // (Not a coded one's, whose points are bullets: `##### メール変更フロー` over a flow's numbered steps, bijiyu.)
        criteria = i;
        fallback = true;
      }
      continue;
    }
    // A bullet that writes a prefixed criterion's id under `#### FR-1:` inside a `Requirement N` (`- **FR-1.1**: …`).
    // Only in that requirement's own section (not an `## Out of scope` list's `- FR-2.2: moved to v2`, nor `1. **FR-1.1**: …` as Kiro's criteria: reviews).
    const bullet = innerOpen !== null && entry.kind === 'item' && entry.parent === -1 && !entry.ordered ? anyPrefixedCriterion(entry.text) : null;
    const loose = bullet !== null && bullet.requirement === innerOpen!.requirement ? bullet : null;
    if (loose !== null) addOrphan(i, loose);
    if (loose !== null) continue;
    // An addendum's criteria (`Requirement 7（…）への追加Acceptance Criteria:` over `6. The Portal shall …`: kiro-addenda.ts), wherever it stands.
    const adds = entry.kind === 'line' || (entry.kind === 'item' && entry.ordered && entry.parent === -1) ? addendumAt(entry) : null;
    if (adds !== null) {
      added.push([i, { n: adds, written: entry.number!, title: oneLine(entry.text) }]);
      continue;
    }
    if (requirement === null) continue;
    // `**Acceptance Criteria**:` written as a bold line instead of a heading (heguangyong/moqui-framework): it opens the criteria too.
    if (criteria === -1 && entry.kind === 'item' && entry.ordered && entry.parent === -1 && labelledCriteria(outline, entry.line)) {
      requirement.named = true;
      criteria = requirement.index;
      fallback = false;
    } else if (criteria === -1 && entry.kind === 'item' && entry.ordered && entry.parent === -1 && entry.heading === requirement.index && requirement.label === 'R') {
      // The one list right under its heading, no heading or label over it, whose first item is an EARS clause (`### Requisito 1 — …`
      // over ``1. `share-button.tsx:37` — … SHALL usar chave i18n``: gold-mustache-web, D-545), kept only where it has no other criteria.
      const own = requirement.own === undefined ? (requirement.own = EARS_SHALL.test(entry.text) ? { last: entry.last } : null) : requirement.own;
      if (own !== null && entry.line <= own.last + 2) {
        own.last = entry.last;
        requirement.candidates.push({ index: i, written: entry.number, qualified: false, title: oneLine(entry.text), own: true });
        continue;
      }
      requirement.own = null;
    }
    // A paragraph that is an EARS clause (`**WHEN** …` / `**THEN** the system **SHALL** …`), in the requirement's own section: by its place.
    if (entry.kind === 'line' && entry.number === '') {
      const under = criteria !== -1 && !fallback && entry.heading >= criteria;
      if (requirement.label === 'R') requirement.candidates.push({ index: i, written: null, qualified: false, title: oneLine(entry.text.replace(/\*\*/g, '')), ears: under ? 'under' : 'outside' });
      continue;
    }
    // A paragraph that opens with a number in bold is a criterion in the requirement's own lines or under its criteria heading,
    // not under another of its sub-headings (`#### Design notes` over `**1.1** release notes are …`: a review); a bullet so too
    // (`- **1.3** The legacy token format …` under `#### Out of scope`, a heading taken for the criteria's for want of a named one: D-541's review).
    const earsBullet = entry.kind === 'item' && EARS_BOLD_NUMBER.test(entry.text);
    if ((entry.holds === true || earsBullet) && entry.heading !== requirement.index && !(criteria > requirement.index && entry.heading >= criteria && !(earsBullet && fallback))) continue;
    const candidate = criterionOf(entries, entry, i, criteria, requirement.n, requirement.label);
    if (candidate === null) continue;
    if (fallback && !candidate.qualified) requirement.fellBack = true;
    requirement.candidates.push((requirement.lastListed = group !== null && !candidate.qualified && criteria !== -1 ? { ...candidate, group: group.letter } : candidate));
  }
  close();
  const taken = new Set([...picked.values()].map((item) => item.id));
  for (const [i, item] of orphans) if (!taken.has(item.id)) (picked.set(i, item), taken.add(item.id));
  for (const [i, { n, written, title }] of added) {
    const owner = `${scope}/R${n}`;
    const id = `${owner}.${Number(written)}`;
    if (requirementIds.has(owner) && !taken.has(id)) (picked.set(i, { id, type: 'acceptance-criterion', title, parent: owner }), taken.add(id));
  }
  return {
    // A prefixed requirement's criteria kept in a table (`| FR-1.1 | When … shall … |`: kiro-table-criteria.ts, D-556).
    items: tableCriteria(itemsOf(outline, picked, (item, span) => {
      // A requirement without a name is known by its user story.
      if (item.type === 'requirement' && item.title === '') {
        const story = USER_STORY.exec(span.text);
        // Else by its heading as written (`### 요구사항 1`), not in English.
        item.title = story === null ? headingTitle(span.text.split('\n', 1)[0]!.replace(/^#+[ \t]*/, '')) : headingTitle(story[1]!);
      }
    }, () => null, NO_CONTEXT)),
    documentRefs: [],
  };
}

/**
 * Whether heading `i` (of level 1) is a title pasted inside a requirement of heading level `level`: not the file's first, and a
 * criteria heading comes after it, after other sub-headings, before any heading of that level or higher. Linear over a file: each look ends at the next such
 * heading, the next title included.
 */
function strayTitle(entries: readonly OutlineEntry[], i: number, level: number, firstTitle: number): boolean {
  if (firstTitle === -1 || firstTitle >= i) return false;
  let notes = false;
  for (let k = i + 1; k < entries.length; k += 1) {
    const entry = entries[k]!;
    if (entry.kind !== 'heading') continue;
    if (entry.level <= level) return false;
    // Notes' sub-headings between (`#### Validations (検証)`), as the pasted document had: a `#` section right over its own criteria
    // heading is a part of the file of its own (`# Non-functional requirements` / `### Acceptance Criteria`: a review).
    if (CRITERIA_HEADING.test(headingTitle(entry.text))) return notes;
    notes = true;
  }
  return false;
}
