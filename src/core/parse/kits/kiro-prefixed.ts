/**
 * Kiro requirements a team names with Spec Kit's prefixes (D-503): `### FR-1: 楽曲検索` (`NFR-1`, `SC-1`, …;
 * yoppyyyy/yoneko-utawaku, piyonakajima/memogaki, takashi-uchida/kiroween-skeleton-crew, yeemio/owlclaw) is
 * requirement `FR-1`, whose criteria are `FR-1.1`, … — written in on a bullet (`- **FR-1.1**: …`), as a heading of
 * their own (`#### FR-1.1: 基本カラースキーム`), or numbered under its criteria heading. What kiro-requirements.ts
 * asks of a heading or a bullet in that form.
 */
import { REQUIREMENT_PREFIX } from '../../shared/requirement-prefixes.js';
import { MAX_RANGE } from './number-list.js';
import { headingTitle, oneLine } from './outline.js';
import type { OutlineEntry } from './outline-entry.js';

/**
 * A prefixed requirement's heading: the id, then its title after a colon, a dash, a parenthesis, `、` or a space
 * (`### FR-1 API 契约差异检测`, `### FR-1（楽曲検索）`, `### FR-2—Sort`, `### FR-6b: …` inserted later), or none (`### FR-3`).
 * Written without its dash, `### NFR1: Security and Data Protection` (twotaco/faxi), it is `NFR-1` all the same, as
 * its citations (`_Requirements: NFR3_`) are: see `dashed`.
 */
const PREFIXED_REQUIREMENT = new RegExp(`^(${REQUIREMENT_PREFIX})-(\\d+[a-z]?)(?![\\d.\\w-])[ \\t]*([:：(（、—–-])?[ \\t]*(.*)$`);
/** A criterion of a prefixed requirement, written in: `**FR-1.1**: …`, `FR-1.1: …`, `**NFR-2.3:** …`, `FR-1.1 Login with email`, `FR-1.1：模板注册`. */
const PREFIXED_QUALIFIED = new RegExp(`^(?:\\*\\*)?(${REQUIREMENT_PREFIX})-(\\d+[a-z]?)\\.(\\d+)(?:\\*\\*)?(?:[ \\t]*[:：](?:\\*\\*)?[ \\t]*|[ \\t]*\\.?(?:\\*\\*)?[ \\t]+)(?:[—–-][ \\t]+)?(\\S[\\s\\S]*)$`);
/** A criterion's heading that writes its requirement's number with the team's `REQ-` or `R` (`#### REQ-8.1: HomeCardsData 型の定義`: shinji-hayamizu/ReSave). */
const HEADED_CRITERION = /^(?:REQ-|R)(\d+)\.(\d+)[ \t]*[:：.]?[ \t]+(\S.*)$/;

/**
 * `text` with an English prefix written without its dash before a colon given it (`NFR1: …` → `NFR-1: …`, `**FR2.1**:`
 * → `**FR-2.1**:`): only `FR`, `NFR` and `SC`, and only before a colon — `CS1: SPI flash chip select`, `CE1: Radio chip
 * enable`, `RF1 Antenna matching network` are a board's labels (a review).
 */
export function dashed(text: string): string {
  return text.replace(UNDASHED, '$1$2-$3');
}

const UNDASHED = /^((?:\*\*)?)(FR|NFR|SC)(\d+[a-z]?(?:\.\d+)?)(?=(?:\*\*)?[ \t]*[:：])/;

/** A prefixed requirement's heading: its label (`FR-`), number and title; `null` for any other title. */
export interface PrefixedHeading {
  readonly label: string;
  readonly n: string;
  readonly title: string;
}

/**
 * Heading `i` of `entries` as a prefixed requirement, or `null`. A heading without a title, or one inside a
 * `Requirement N` (`#### FR-1: Maps to PRD section 4.2`, its tag: a review), is one only when it holds
 * criteria of its own (`### FR-1` over `- **FR-1.1**: …`).
 */
export function prefixedHeading(entries: readonly OutlineEntry[], i: number, inside: boolean): PrefixedHeading | null {
  const match = PREFIXED_REQUIREMENT.exec(dashed(headingTitle(entries[i]!.text)));
  if (match === null) return null;
  const [, prefix, n, mark, rest] = match;
  // In parentheses, the title is what they hold (`FR-1（楽曲検索）`).
  const title = mark === '(' || mark === '（' ? rest!.replace(/[)）]\s*$/, '') : rest!;
  const heading = { label: `${prefix!}-`, n: n!, title: title.trim() };
  if ((heading.title === '' || inside) && !holdsCriteria(entries, i, heading)) return null;
  return heading;
}

/** Whether heading `i`'s section (to the next heading of its level or higher) holds a criterion that writes `heading`'s id in. */
function holdsCriteria(entries: readonly OutlineEntry[], i: number, heading: PrefixedHeading): boolean {
  const level = entries[i]!.level;
  for (let k = i + 1; k < entries.length; k += 1) {
    const entry = entries[k]!;
    if (entry.kind === 'heading' && entry.level <= level) return false;
    const text = entry.kind === 'heading' ? headingTitle(entry.text) : entry.kind === 'item' ? entry.text : '';
    if (prefixedCriterion(text, heading) !== null) return true;
  }
  return false;
}

/** `text` (a bullet's, a heading's) as a criterion of the prefixed requirement `owner`: its number and title; or `null`. */
export function prefixedCriterion(text: string, owner: { readonly label: string; readonly n: string }): { readonly written: string; readonly title: string } | null {
  const written = PREFIXED_QUALIFIED.exec(dashed(text));
  return written !== null && `${written[1]!}-` === owner.label && written[2] === owner.n ? { written: written[3]!, title: oneLine(written[4]!) } : null;
}

/** `text` (a heading's title) as a criterion written in, whatever requirement is open: its requirement's id's last part (`FR-1`) and number, or `null`. */
export function anyPrefixedCriterion(text: string): { readonly requirement: string; readonly written: string; readonly title: string } | null {
  const written = PREFIXED_QUALIFIED.exec(dashed(text));
  return written === null ? null : { requirement: `${written[1]!}-${written[2]!}`, written: written[3]!, title: oneLine(written[4]!) };
}

/** A heading's title as a criterion of requirement `R<n>` written with the team's `REQ-` or `R` (`REQ-8.1: Title`), or `null`. */
export function headedCriterion(title: string, n: string): { readonly written: string; readonly title: string } | null {
  const own = HEADED_CRITERION.exec(title);
  return own !== null && own[1] === n ? { written: own[2]!, title: oneLine(own[3]!) } : null;
}

/**
 * The numbers of a prefixed range (`1.1` to `1.3`: `1.1`, `1.2`, `1.3`; `2` to `4`), or its start alone: within one
 * requirement, at most `MAX_RANGE`; else its two ends.
 */
export function prefixedRange(from: string, to: string | undefined): string[] {
  if (to === undefined) return [from];
  const [a, b] = [/^(.*?)(\d+)$/.exec(from)!, /^(.*?)(\d+)$/.exec(to)!];
  const [start, end] = [Number(a[2]), Number(b[2])];
  if (a[1] !== b[1] || /[a-z]/.test(from + to) || end < start || end - start >= MAX_RANGE) return [from, to];
  // As wide as the start when it writes zeros (`FR-001-003`).
  return Array.from({ length: end - start + 1 }, (_, k) => `${a[1]!}${String(start + k).padStart(a[2]!.startsWith('0') ? a[2]!.length : 0, '0')}`);
}
