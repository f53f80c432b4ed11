/**
 * A Spec Kit tasks.md's lines that say which tasks verify a requirement, the other way round from a task's citation
 * (`- **SC-001** (Redirect < 1s): Validate in T038, T090`, D-558), and the requirement ids a phase's purpose line ends with after
 * `per` (`**Purpose**: Cloudflare setup guide … per FR-032 to FR-036`). Read by speckit-mappings.ts.
 */
import { PART_CODE, REQUIREMENT_PREFIX } from '../../shared/requirement-prefixes.js';
import { LISTED_IDS, PLAIN_REVERSE_MAPPING, REQUIREMENTS_SIDE, REVERSE_MAPPING, withoutFinalStop } from './speckit-id-forms.js';

export const CHECKLIST_BOX = /^\[[ xX]\][ \t]+/; // a checklist's box before a requirement's line (`[x] **SC-004**: …`)
/** Words that say which tasks verify or implement it (`Validate in`, `verified by`), or an arrow before a task's id (`→ T024-T028 port gram-hs tests`). */
const VERIFIED_BY = /\b(?:validated?|verified|tested|covered|checked|implemented|delivered)[ \t]+(?:in|by)\b|(?:→|->|=>)[ \t]*(?=T\d)/i;
/** Words that deny or defer what follows them: `not`, `no`, `never`, `deferred`, `blocked`, `excluded`, `out of scope`, `pending`, `cannot`, `won't`, `until`, `unless`. */
const DENIED = /\b(?:not|no|never|deferred|postponed|blocked|excluded|pending|cannot|can't|won't|until|unless|out[ \t]+of[ \t]+scope)\b/i;
/**
 * Task ids first, then the word that says they test or check it, glued or after a space (`T040、T082でテスト`, `T004-T019、T022で検証`:
 * zonbitamago/attendance-hub's 成功基準マッピング; `T017-T023 tested`).
 */
const TASKS_THEN_WORD = /^[ \t]*(T\d+[a-z]?(?:[ \t]*(?:[,、，~～〜–—\-&+]|and\b)[ \t]*T\d+[a-z]?)*)[ \t]*(?:(?:で|にて|中|において)?(?:テスト|検証|確認|测试|測試|验证|驗證)(?!でき(?:ず|ない|なかった)|せず|しない|されず|不|未)|(?:tested|verified|validated)\b(?![ \t]*[?？]))/i;
/** A requirement's id in bold and a note in parentheses after it, then a colon (`**SC-001** (Redirect < 1s):`). */
const BOLD_NOTED = new RegExp(`^[ \\t]*\\*\\*((?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d[^*\\n]*)\\*\\*[ \\t]*[(（][^()（）\\n]*[)）][ \\t]*[:：]`);

/**
 * The tasks a requirement's own line names as those that verify it (every task id after the words that say so), and its ids
 * (`**SC-001** (Redirect < 1s): Validate in T038, T090`, `Validated in quickstart.md and T063`: andreas-ludviksen/firstSpecKitProject's
 * "Success Criteria Validation"); `null` for a line that opens with no requirement's id, or names no task so (`Monitor in production`,
 * `(verified by design)`, `(blocked until T040)`).
 */
export function verifiedBy(line: string): { readonly tasks: string; readonly requirements: string } | null {
  const lead = REVERSE_MAPPING.exec(line) ?? PLAIN_REVERSE_MAPPING.exec(line) ?? BOLD_NOTED.exec(line);
  if (lead === null) return null;
  const rest = line.slice(lead[0].length);
  const first = TASKS_THEN_WORD.exec(rest);
  const phrase = VERIFIED_BY.exec(rest);
  // Not where the words right before them deny or defer it (`Not covered by T003`: a review), whatever the criterion says before
  // (`No data loss on crash — verified by T002`: a review).
  const tasks = phrase === null || denied(rest.slice(0, phrase.index)) ? '' : rest.slice(phrase.index + phrase[0].length);
  const listed = `${first?.[1] ?? ''}, ${tasks}`;
  return /\bT\d/.test(listed) ? { tasks: listed, requirements: lead[1]! } : null;
}

/** Words after which a purpose line's ids say what its phase implements (`per FR-032 to FR-036`). */
const PER = /\b(?:per|implements|implementing|covers|covering|satisfies|satisfying|addresses|addressing)[ \t]+/gi;

/** The requirement ids a purpose line ends with after its last `PER`, and nothing else after them; `null` without. Linear: one slice read once, no pattern anchored at the end (a review). */
export function perAtEnd(text: string): string | null {
  let after = -1;
  let at = -1;
  for (const match of text.matchAll(PER)) (at = match.index), (after = match.index + match[0].length);
  // Not right after words that deny or defer it (`the JSON exporter is deferred per FR-002`, not `no message is lost on restart per FR-002`: reviews).
  if (after === -1 || denied(text.slice(0, at))) return null;
  const value = text.slice(after);
  const ids = REQUIREMENTS_SIDE.test(value) ? LISTED_IDS.exec(value) : null;
  return ids !== null && withoutFinalStop(value.slice(ids[0].length)).trim() === '' ? ids[0] : null;
}

/** Whether the words right before a verb or `per` deny or defer it (`is deferred per`, `Not covered by`, `out of scope per`), not the line's own matter (`retry pending jobs until they succeed per`: a review). */
function denied(before: string): boolean {
  return DENIED.test(lastWords(before)) || /out[ \t]+of[ \t]+scope[ \t,;:—–-]*$/i.test(before);
}

/** The last two words of `text` (what is said right before a verb or `per`), read from its end. */
function lastWords(text: string): string {
  let at = text.length;
  for (let words = 0; at > 0 && words < 2; words += 1) {
    while (at > 0 && /\s/.test(text[at - 1]!)) at -= 1;
    while (at > 0 && !/\s/.test(text[at - 1]!)) at -= 1;
  }
  return text.slice(at);
}
