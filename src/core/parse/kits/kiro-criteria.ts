/**
 * The criteria of a Kiro requirement (kiro-requirements.ts, KITS §2, §7): which outline entries are
 * its criteria, how a list after a bold label or a group heading goes on, and their numbers.
 */
import { oneLine, type Outline, type OutlineEntry } from './outline.js';
import type { Picked } from './pick-items.js';
import { prefixedCriterion } from './kiro-prefixed.js';
import { CRITERIA_WORDS } from './kiro-addenda.js';

/**
 * The heading of a requirement's criteria, in the languages Kiro writes them (`#### 受入基準`,
 * `#### 验收标准`, mashharuki/getting-started-with-kiro, zxj6827111-blip/KIROGOVCOMPARE), with a
 * remark in parentheses after it (`#### 受け入れ基準（レガシー・メンテナンス対象外）`: quizeum), a phase's tag before it
 * (`#### Phase 1 验收标准 (Context Caching 优先)`: 997899594/Juanie; not `#### Notes on acceptance criteria`: a review), or a topic after a
 * dash (`#### Acceptance Criteria - Context Menu`, one of a requirement's groups numbered straight through: jieen1/yaak-hmos).
 */
export const CRITERIA_HEADING = new RegExp(String.raw`^(?:\S[^\n]{0,20}?\d[ \t:：.-]*[ \t]+)?(?:${CRITERIA_WORDS})\s*(?:[(（][^)）]*[)）]\s*|[ \t][-–—][ \t]+[^\n:：]{1,60}?)?[:：]?$`, 'i');
/**
 * A bullet's id in bold (`- **R1.1**: Tampilkan total revenue …`: konxc/learning.konxc.space; `- **1.2:** …`), read as it is
 * written plain: with its `R` or a colon, or before an EARS clause's word (`- **1.1** When a platform operator requests …`:
 * morgothx/cubeforge-api, a sixty-first round) — not a value in bold (`- **2.5** MB maximum file size`: a review).
 */
const EARS_OPENING = String.raw`[ \t]+(?:WHEN|IF|WHILE|WHERE|THE|When|If|While|Where|The)\b`;
const BOLD_NUMBER = new RegExp(String.raw`^\*\*(R\d+(?:\.\d+)+[.:：]?|\d+(?:\.\d+)+[:：])\*\*(?=[ \t])|^\*\*(R?\d+(?:\.\d+)+)\*\*(?=[:：][ \t]|${EARS_OPENING})`);
/** The last form alone (`- **1.1** When …`): read only in the requirement's own lines or under its criteria heading (kiro-requirements.ts). */
export const EARS_BOLD_NUMBER = new RegExp(String.raw`^\*\*R?\d+(?:\.\d+)+\*\*${EARS_OPENING}`);
/** A criterion that writes its requirement's number in: `1.1 …` (a numbered line's number), `R1.1: …`, `R1.1 — …`, `1.1. …` (a bullet's text). */
const QUALIFIED = /^R?(\d+(?:\.\d+)*)\.(\d+)[.:：]?[ \t]+(?:[—–-][ \t]+)?([\s\S]*)$/;
export interface Candidate {
  readonly index: number;
  /** The number the requirement's list writes (`3.`), the one written in (`2.3.` → `3`), or `null`. */
  readonly written: string | null;
  /** Whether the requirement's number is written in: its number is its id, whatever the list. */
  readonly qualified: boolean;
  /**
   * An EARS clause written as a paragraph (`**WHEN** …`), numbered by its place where the requirement has no other criteria:
   * `under` when under a criteria heading named as such (where the requirement has one, only those count: a review).
   */
  readonly ears?: 'under' | 'outside';
  readonly title: string;
  /** The mark of the group of criteria it is listed under (`##### 6A：…` under Requirement 6: `A`; `##### 4.1 …` under Requirement 4: `.1`), if any. */
  readonly group?: string;
  /** Listed right under the requirement's heading, with no criteria heading or label over it (D-545): kept only where it has no other criteria. */
  readonly own?: true;
}

/**
 * A sub-heading of a requirement's criteria that letters a group of them with the requirement's
 * number (`##### 6A：专属卡审计` under Requirement 6, `##### 5a. 海盗湾` under Requirement 5:
 * zhuanggenhua/BoardGame, whose tasks cite `6A.1`, `5a.1`): the letter, or `null`. The letter is
 * followed by a separator (`：`, `.`, `)`, a dash) or nothing, and the groups go in order: the
 * first is `a` (or `A`), each next one the letter after the group before (`previous`) — so
 * `##### 3D rendering`, `##### 4K: output` and `##### 5s: timeout` are no groups (a review).
 */
export function letteredGroup(title: string, n: string, previous: string | null): string | null {
  if (!title.startsWith(n)) return null;
  const rest = /^([A-Za-z])(?:[ \t]*[:：.．、)）—–-]|[ \t]*$)/.exec(title.slice(n.length));
  if (rest === null) return null;
  const letter = rest[1]!;
  const expected = previous === null ? (letter === 'A' ? 'A' : 'a') : String.fromCharCode(previous.charCodeAt(0) + 1);
  return letter === expected ? letter : null;
}

/**
 * A sub-heading of a requirement's criteria that numbers a group of them under the requirement's
 * number (`##### 4.1 UIコンポーネント削除` under Requirement 4, over `1.`, `2.`: hummer98/sdd-orchestrator, whose tasks
 * cite `4.1.1`, `4.1.2`): the group's mark, `.1`, or `null` — its criteria are `R4.1.1`, …. As lettered groups do,
 * the number is followed by a separator or a space or nothing, and the groups go in order from 1 (`previous`, the
 * mark of the numbered group before): `##### 4.2 …` first, or a `4.1.2` heading, is no group.
 */
export function numberedGroup(title: string, n: string, previous: string | null): string | null {
  if (!title.startsWith(`${n}.`)) return null;
  const rest = /^(\d+)(?:[ \t]*[:：．、)）—–-]|\.(?!\d)|[ \t]|$)/.exec(title.slice(n.length + 1));
  if (rest === null) return null;
  const k = Number(rest[1]);
  return k === (previous === null ? 1 : Number(previous.slice(1)) + 1) && rest[1] === String(k) ? `.${k}` : null;
}

/** A bold line that names the criteria (`**Acceptance Criteria**:`, `**验收标准：**`), in any of the heading's words. */
const BOLD_LABEL = /^[ \t]*\*\*([^*\n]+?)\*\*[ \t]*[:：]?[ \t]*$/;

/**
 * Whether the lines before file line `line`, back to the first that is neither blank nor a bold
 * label, hold a bold label that names the criteria: a list right after `**Acceptance Criteria**:`,
 * or after a group's own bold label below it (`**パッケージの独立性**`: ekicyou/dcomp_sample-rs).
 */
export function labelledCriteria(outline: Outline, line: number): boolean {
  const { body, starts, bodyLine } = outline;
  for (let k = line - bodyLine - 1; k >= 0; k -= 1) {
    const text = body.slice(starts[k]!, starts[k + 1]! - 1);
    if (text.trim() === '') continue;
    const label = BOLD_LABEL.exec(text);
    if (label === null) return false;
    if (CRITERIA_HEADING.test(label[1]!.trim())) return true;
  }
  return false;
}

/** The entry after entry `i` that is no EARS paragraph (a clause between a heading and the list it continues: a review). */
export function nextListed(entries: readonly OutlineEntry[], i: number): OutlineEntry | undefined {
  let j = i + 1;
  while (entries[j]?.kind === 'line' && entries[j]!.number === '') j += 1;
  return entries[j];
}

/** Whether `next` (the entry after a heading) is an ordered item numbered one more than `last`, a requirement's last listed criterion (no EARS paragraph). */
export function continuesCriteria(last: Candidate | undefined, next: OutlineEntry | undefined): boolean {
  return last !== undefined && !last.qualified && next?.kind === 'item' && next.ordered && /^\d+$/.test(last.written ?? '') && next.number === String(Number(last.written) + 1);
}

/**
 * Entry `i` as a criterion of requirement `n` (labelled `label`: `R`, or a team's prefix `FR-`; whose `Acceptance Criteria`
 * heading is entry `criteria`, `-1`: none open), or `null`.
 */
export function criterionOf(entries: readonly OutlineEntry[], entry: OutlineEntry, i: number, criteria: number, n: string, label: string): Candidate | null {
  if (label !== 'R') {
    // A prefixed requirement's criterion writes its id in, on a bullet (`- **FR-1.1**: …`).
    const prefixed = entry.kind === 'item' && entry.parent === -1 ? prefixedCriterion(entry.text, { label, n }) : null;
    if (prefixed !== null) return { index: i, written: prefixed.written, qualified: true, title: prefixed.title };
  }
  // The requirement's number written in: a numbered line (`1.1. THE …`), or a bullet that opens with it.
  const written = label !== 'R' ? null : entry.kind === 'line' ? QUALIFIED.exec(`${entry.number!} ${entry.text}`) : entry.kind === 'item' && entry.parent === -1 ? QUALIFIED.exec(entry.text.replace(BOLD_NUMBER, '$1$2')) : null;
  if (written !== null && written[1] === n) return { index: i, written: written[2]!, qualified: true, title: oneLine(written[3]!) };
  // A paragraph's line under the criteria heading that opens with a whole number (`**Group label**` then `4. When …`: quizeum).
  if (entry.kind === 'line' && criteria !== -1 && entry.heading >= criteria && !entry.number!.includes('.')) return { index: i, written: entry.number, qualified: false, title: oneLine(entry.text) };
  // An ordered item of the list under the criteria heading (or a heading below it).
  if (entry.kind !== 'item' || criteria === -1 || entry.heading < criteria || !entry.ordered || entry.parent !== -1) return null;
  return { index: i, written: entry.number, qualified: false, title: oneLine(entry.text) };
}

/**
 * The criteria of `requirement` as items: by the numbers written when they do not repeat in its
 * list, else by place; a number with a letter (`1a.`) keeps it (`R4.1a`). A lettered group's
 * criteria (`##### 6A：…`) are numbered within the group and carry its letter (`R6A.1`), as its
 * tasks cite them, whether the group numbers anew or goes on (`##### 5b.` over `4.`: `R5b.4`); a
 * numbered group's (`##### 4.1 …`) carry its number (`R4.1.1`) where the groups number anew, and
 * are the requirement's own (`R2.5`) where they number on.
 */
export function numberCriteria(requirement: { readonly id: string; readonly candidates: readonly Candidate[] }, picked: Map<number, Picked>): void {
  const groupOf = numberedGroups(requirement.candidates) ? (c: Candidate) => c.group : (c: Candidate) => (c.group?.startsWith('.') === true ? undefined : c.group);
  // Criteria outside a group are numbered as without groups: by the numbers written, or by their place in the whole list (a review).
  const listed = requirement.candidates.filter((c) => !c.qualified && groupOf(c) === undefined).map((c) => c.written);
  const byPlace = listed.some((n) => n === null) || new Set(listed).size !== listed.length;
  const groups = new Map<string, Candidate[]>();
  requirement.candidates.forEach((c, place) => {
    const group = groupOf(c);
    if (group !== undefined) {
      const list = groups.get(group);
      if (list === undefined) groups.set(group, [c]);
      else list.push(c);
      return;
    }
    const m = c.qualified || !byPlace ? writtenNumber(c.written!) : place + 1;
    picked.set(c.index, { id: `${requirement.id}.${m}`, type: 'acceptance-criterion', title: c.title, parent: requirement.id });
  });
  // A group's criteria by the numbers written, or by their place in the group when those repeat.
  for (const [letter, list] of groups) {
    const written = list.map((c) => c.written);
    const inPlace = written.some((n) => n === null) || new Set(written).size !== written.length;
    list.forEach((c, place) => {
      picked.set(c.index, { id: `${requirement.id}${letter}.${inPlace ? place + 1 : writtenNumber(c.written!)}`, type: 'acceptance-criterion', title: c.title, parent: requirement.id });
    });
  }
}

/**
 * Whether the numbered groups of a requirement's criteria (`##### 4.1 …`) give them their number (`R4.1.1`, D-554): where each
 * group numbers anew from 1 upwards, there are two groups or more, and one holds more than one (hummer98/sdd-orchestrator).
 * Groups whose criteria number on (`##### 2.2 …` over `5.`: neutryx-lab/neutryx-rust, cited `2.5`), or go on with one slip,
 * and groups of one criterion each (cited `4.1`, `4.2` as their headings number them) are none to their ids: by the
 * requirement's numbers or places, as before.
 */
function numberedGroups(candidates: readonly Candidate[]): boolean {
  // Each group's count and last number: the first 1, each next one more than the one before (a gap is a criterion deleted: a review).
  const groups = new Map<string, { size: number; last: number }>();
  for (const c of candidates) {
    if (c.group === undefined || !c.group.startsWith('.') || c.qualified) continue;
    const n = /^\d+$/.test(c.written ?? '') ? Number(c.written) : NaN;
    const group = groups.get(c.group);
    if (group === undefined ? n !== 1 : !(n > group.last)) return false;
    if (group === undefined) groups.set(c.group, { size: 1, last: n });
    else {
      group.size += 1;
      group.last = n;
    }
  }
  return groups.size > 1 && [...groups.values()].some((group) => group.size > 1);
}

/** A criterion's number as written, without its zeros in front (`03` is 3; `1a` stays). */
function writtenNumber(written: string): number | string {
  return /^\d+$/.test(written) ? Number(written) : written.replace(/^0+(?=\d)/, '');
}
