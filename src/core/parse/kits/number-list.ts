/**
 * The numbers a Kiro reference list names (KITS §3, §7): the value after `_Requirements:`,
 * `_Depends:` or `**Validates:`, read as a person means it.
 *
 * - `1.1, 2.3`, `Requirement 3.2`, `Requisito 12.1`, `R1.1`, a bare `2`, `7.x` and `7全体` (all of 7); `1.1–1.7` (a
 *   range within one requirement, `-`, `–`, `—`, `~`, `..`, `to` or `through`); slash lists `15.1/15.3`;
 * - `1.1–10.5`, a range across requirements: its two ends, and `1.1…10.5` (`CROSS_RANGE`), which
 *   the model reads as the criteria between them that exist (model/kit-targets.ts);
 * - `3 (ACs 1–5, 8–11)`, `3 (criteria 1-3)`: criteria of requirement 3;
 * - a whole number after a criteria word (`Acceptance 1`, `AC 2`) is no requirement's: a criterion of none said;
 * - a number glued to letters or a dash is no number (`US-011`, `R-3`, `v2.1`), nor is one
 *   after a word of prose in its part (`Property 13`, `Task 0` in a list of requirements), nor
 *   anything else in parentheses (`(descope record)`);
 * - task lists (`_Depends: 4.1, 10a_`) take task numbers, which may carry a letter.
 */

/** The most ids one range (`1.1–1.7`) stands for: a range is a few criteria, never thousands. */
export const MAX_RANGE = 100;

/** Between the two ends of a range across requirements (`1.1…10.5`): no id is written with it. */
export const CROSS_RANGE = '\u2026';

/** What `numberList` read: the numbers it made (at most the room it was given), and how many more the list names. */
export interface Numbers {
  readonly numbers: string[];
  readonly more: number;
}

/** The words that say what the numbers after them are, per kind of list (dropped). */
const LABELS = {
  requirement: /^(?:requirements?|reqs?\.?|requisitos?|requerimientos?|exigences?|anforderung(?:en)?|требовани[ея]|criteria|criterion|acceptance|acs?|and|&)$/i,
  task: /^(?:tasks?|and|&)$/i,
} as const;
/** A number as written in a list of each kind: `R1.1` or `1.1`; a task's `10a`, `T4.1`. */
const NUMBER = {
  // `7.x`: all of requirement 7 (holholhol's `_Requirements: 7.x, 8.x_`), as `7` is.
  // `10全体` (Japanese "all of 10": zawawa34/family-app), `3全部`: all of requirement 10, as `10` is.
  // `7B.1`: a criterion of requirement 7B, one inserted after 7, or of a lettered group of requirement 7's criteria (`5a.1`: `##### 5a.`
  // under Requirement 5, zhuanggenhua/BoardGame); whole, only zero-padded and capital (`010B`: wildlife-creator/bijiyu; `3D` is prose).
  requirement: /^R?(\d+(?:[A-Za-z](?=\.\d)|(?<=^R?0\d+)[A-Z](?=[.:)]*$))?(?:\.\d+)*)(?:\.[xX]|[ \t]*(?:全体|全體|全部|整体|整體))?[.:)]*$/,
  // `T-1`: a task a team ids with a dash (`- **Depends on**: T-1`, yoppyyyy/yoneko-utawaku).
  // `9A.1`: a part inserted after 9 (stify12/AI-assistant).
  task: /^(?:T-?)?(\d+(?:[a-z]|[A-Z](?=\.\d))?(?:\.\d+[a-z]?)*)[.:)]*$/,
} as const;
/** The label words a range may follow (`Requirements 7.1-7.7`, `Tasks 2-4`, `Bugfix 2.1-2.6` of a Kiro bugfix.md: danilo-ml/fit-assistant); not a criteria word (`AC 1-3` is no range of requirements: a review). */
const RANGE_LABELS = {
  requirement: /^(?:requirements?|reqs?\.?|requisitos?|requerimientos?|exigences?|anforderung(?:en)?|требовани[ея]|bugfix)$/i,
  task: /^tasks?$/i,
} as const;

/** `text` without the label words a range may follow that it opens with. */
function withoutLabels(text: string, kind: keyof typeof LABELS): string {
  const words = text.split(/\s+/);
  let k = 0;
  while (k < words.length && RANGE_LABELS[kind].test(words[k]!)) k += 1;
  return words.slice(k).join(' ');
}

/**
 * A criteria word, before a whole number: that number is a criterion's whose requirement the list
 * does not say (`_Requirements: Goals、Acceptance 1、User Story 1_`, y047aka/elm-motorsport-analysis:
 * criterion 1 of a plain list under `## Acceptance Criteria`), never requirement 1; a dotted one
 * (`AC 1.2`) is a criterion as written.
 */
const CRITERIA_WORD = /^(?:criteria|criterion|acceptance|acs?)$/i;
/** A whole number as a list writes it (`1`, `1:`), no criterion's (`1.2`). */
const WHOLE = /^\d+[.:)]*$/;

/** A number that is its kind's whatever prose came before it: dotted (`2.1`), or with the kind's letter (`R2`, `T3`). */
const OWN_NUMBER = {
  requirement: /^(?:R\d|\d+[A-Za-z]?\.\d)/,
  task: /^(?:T-?\d|\d+\.\d)/,
} as const;
/** `3 (ACs 1–5, 8–11)`: requirement 3's criteria, listed in parentheses after its number. */
const CRITERIA_OF = /(\d+)\s*\(\s*(?:acceptance\s+criteria|criteria|criterion|acs?)\b[\s:]*([^)]*)\)/gi;
/** Marks the first part of a list in parentheses of numbers only (`validation (1.2, 2.1-2.5)`): a character no text writes (private use). */
const LISTED = '\uE000';
/** What separates a list's parts: `,`, `;`, and their full-width and ideographic forms (`1、12`). */
const SEPARATORS = /[,;、，；]/;
const LIST_PARTS = new RegExp(`${SEPARATORS.source}|\\band\\b`);
/** `1.1–1.7`, `1.1..1.7`, `1.1 to 1.7`, `3.2 through 3.9` (perezjoseph/Gestion-inmobiliaria), and with a tilde (`2.1~2.5`, full-width `～`, `〜`: joocy75-hash/holholhol). */
const RANGE = /^R?(\d+)(?:\.(\d+))?\s*(?:[–—~～〜-]|\.\.|to|through|thru)\s*R?(\d+)(?:\.(\d+))?$/;
/** `6.2.1-6.2.5`: a range of the criteria of a requirement inserted later (`Requirement 6.2`, whose criteria are `6.2.1`, …: stify12/AI-assistant); not a date (`2024.1.1-2024.1.5`). */
const DEEP_RANGE = /^R?(\d{1,3}(?:\.\d+)+)\.(\d+)\s*(?:[–—~～〜-]|\.\.|to|through|thru)\s*R?(\d{1,3}(?:\.\d+)+)\.(\d+)$/;
/** `5a.1-5a.3`, `6A.1~6A.2`: a range within a lettered group of a requirement's criteria (D-536), or of a requirement inserted later (`7B`). */
const LETTERED_RANGE = /^R?(\d+[A-Za-z])\.(\d+)\s*(?:[–—~～〜-]|\.\.|to|through|thru)\s*R?(\d+[A-Za-z])\.(\d+)$/;
/** A criterion of a requirement numbered with a dash (`2-1.5`), or a range of them (`2-1.1-2-1.7`); a bare `2-1` stays a pair (a review: `_Requirements: 5-3_` names R5 and R3). */
const INSERTED = /^R?(\d+)-(\d+)\.(\d+)(?:\s*[–—~～〜-]\s*R?\1-\2\.(\d+))?$/;
/** Text in parentheses that is a list of numbers and ranges only. */
const NUMBERS_ONLY = {
  requirement: /^[\sR\d.,;、，；–—~～〜-]*\d[\sR\d.,;、，；–—~～〜-]*$/,
  task: /^[\sT\d.,;、，；a-z–—-]*\d[\sT\d.,;、，；a-z–—-]*$/,
} as const;

/**
 * The numbers `list` names (each as written: `1.1`), ranges expanded within one requirement
 * (their two ends and a `CROSS_RANGE` between them when they span requirements). At most `room` numbers are made; the rest are
 * counted in `more` (a range by arithmetic, never expanded), so the work is linear in the
 * list's length whatever its ranges stand for.
 */
export function numberList(list: string, room = Number.POSITIVE_INFINITY, kind: keyof typeof LABELS = 'requirement'): Numbers {
  const numbers: string[] = [];
  let more = 0;
  const push = (n: string): void => {
    if (numbers.length < room) numbers.push(n);
    else more += 1;
  };
  /** `from`…`to` (inclusive), each made by `name`, as far as the room goes. */
  const span = (from: number, to: number, name: (k: number) => string): void => {
    const made = Math.max(0, Math.min(to - from + 1, room - numbers.length));
    for (let k = from; k < from + made; k += 1) numbers.push(name(k));
    more += to - from + 1 - made;
  };
  /**
   * Whether the parts now hold the numbers of a word of prose written before them (`Bugs 1, 2, 3`:
   * Brunobiu/FreteGOBR's `_Refs: Bugs 3, 6_`; `Property 13, 14`), not the list's: until a part opens
   * with a label word (`Requirements 2.1`), a dotted number, or a list in parentheses of numbers only.
   */
  let prose = false;
  /** One part of a list: a range, or numbers (none after a word of prose). */
  const part = (raw: string, prefix: string): void => {
    let text = raw;
    if (text.startsWith(LISTED)) {
      prose = false;
      text = text.slice(LISTED.length).trim();
    }
    const first = text.split(/\s/, 1)[0]!;
    // A dotted number is a criterion's (or a task's), and so is one with its kind's letter (`R2`, `T3`), whatever came before it
    // (`Property 13, Task 0, 2.1`, `Milestone 1, T2`); whole ones go on the prose word's.
    if (LABELS[kind].test(first) || OWN_NUMBER[kind].test(first)) prose = false;
    else if (prose) return;
    // A range after its label words (`Requirements 1.1 through 1.4`, `Requirements 1.1-1.4`: a review).
    const bare = RANGE_LABELS[kind].test(first) ? withoutLabels(text, kind) : text;
    // `2-1.5`, `2-1.1-2-1.7`: criteria of a requirement inserted after 2 (`### Requirement 2-1`: Minpa/Robot-Competitive-Intelligence-Portal),
    // read so where the number before the dash is the greater (`2` to `1.5` would run backwards); `1-2.3` stays a range.
    const inserted = kind === 'requirement' ? INSERTED.exec(bare) : null;
    if (inserted !== null && Number(inserted[1]) > Number(inserted[2])) {
      const [, a, b, c, d] = inserted;
      if (d !== undefined && Number(d) >= Number(c) && Number(d) - Number(c) < MAX_RANGE) span(Number(c), Number(d), (m) => `${prefix}${a!}-${b!}.${m}`);
      else (push(`${prefix}${a!}-${b!}.${c!}`), d !== undefined && push(`${prefix}${a!}-${b!}.${d}`));
      return;
    }
    const lettered = kind === 'requirement' ? LETTERED_RANGE.exec(bare) : null;
    if (lettered !== null) {
      const [, a, b, c, d] = lettered;
      if (a === c && Number(d) >= Number(b) && Number(d) - Number(b) < MAX_RANGE) span(Number(b), Number(d), (m) => `${prefix}${a!}.${m}`);
      else {
        push(`${prefix}${a!}.${b!}`);
        push(`${prefix}${c!}.${d!}`);
        // Across the groups of one requirement that number on (`5a.1-5b.5`): the criteria numbered between, the model's to find.
        const [from, to] = [a!.slice(0, -1), c!.slice(0, -1)];
        if (prefix === '' && from === to && Number(d) > Number(b)) push(`${from}.${b!}${CROSS_RANGE}${to}.${d!}`);
      }
      return;
    }
    const deep = kind === 'requirement' ? DEEP_RANGE.exec(bare) : null;
    if (deep !== null) {
      const [, a, b, c, d] = deep;
      if (a === c && Number(d) >= Number(b) && Number(d) - Number(b) < MAX_RANGE) span(Number(b), Number(d), (m) => `${prefix}${a!}.${m}`);
      else (push(`${prefix}${a!}.${b!}`), push(`${prefix}${c!}.${d!}`));
      return;
    }
    // (A sentence's full stop after it is none of it: `_Req 7.1–7.4._`, fmarquesfilho/garimpo.)
    const range = RANGE.exec(bare.replace(/\.+$/, ''));
    if (range !== null) {
      const [, a, b, c, d] = range;
      if (b !== undefined && d !== undefined && a === c && Number(d) >= Number(b) && Number(d) - Number(b) < MAX_RANGE) span(Number(b), Number(d), (m) => `${prefix}${a!}.${m}`);
      else if (b === undefined && d === undefined && Number(c) >= Number(a) && Number(c) - Number(a) < MAX_RANGE) span(Number(a), Number(c), (k) => `${prefix}${k}`);
      else {
        push(`${prefix}${b === undefined ? a! : `${a!}.${b}`}`);
        push(`${prefix}${d === undefined ? c! : `${c!}.${d}`}`);
        // Criteria of one requirement through those of a later one: what lies between is the model's to find.
        if (kind === 'requirement' && prefix === '' && b !== undefined && d !== undefined && Number(c) > Number(a)) push(`${a!}.${b}${CROSS_RANGE}${c!}.${d}`);
      }
      return;
    }
    const words = text.split(/\s+/);
    for (let w = 0; w < words.length; w += 1) {
      const word = words[w]!;
      // `Acceptance 1`, `AC 2, 3`: criteria of no requirement said, read as prose is (not in a group of one, `3 (ACs 1-2; AC 3)`, whose prefix says it).
      if (kind === 'requirement' && prefix === '' && CRITERIA_WORD.test(word) && WHOLE.test(words[w + 1] ?? '')) {
        prose = true;
        return;
      }
      // `Bugfix 2.1` (a Kiro bugfix.md's criterion), not `Bugfix 14` (a ticket: a review).
      if (word === '' || LABELS[kind].test(word) || (kind === 'requirement' && /^bugfix$/i.test(word) && OWN_NUMBER.requirement.test(words[w + 1] ?? ''))) continue;
      const number = NUMBER[kind].exec(word);
      // A word of prose: what follows in this part is prose too (`Property 13`), and so are the parts after it when a number follows it here;
      // but a word before a label word only qualifies it (`All requirements 1, 2`, `non-functional requirement 2.1`, `E2E task 5`; not a
      // feature's name of three parts and more, `candidate-auth-onboarding task 3.1`: another feature's task, nonnta-ww/bulr-app-mvp).
      if (number === null && w + 1 < words.length && LABELS[kind].test(words[w + 1]!) && /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)?$/u.test(word)) continue;
      if (number === null) {
        for (let k = w + 1; k < words.length && !prose; k += 1) prose = NUMBER[kind].test(words[k]!);
        return;
      }
      push(`${prefix}${number[1]!}`);
    }
  };
  // Emphasis and code marks are no part of the numbers, nor are the brackets of a list written `[1.1, 1.2]`
  // (mathgallina/wiki-veloz); a slash between two numbers lists them, and so does an Arabic comma (`1.1، 1.2`).
  // The word for requirement written before a number in other languages (`需求 1、12`, `需求14`) says what it is, as `Requirement 3` does.
  let text = list.replace(/\*+|`|_|^\s*\[|\]\s*$/g, ' ').replace(/(\d)\s*\/\s*(?=\d)/g, '$1, ').replace(/،/g, ',').replace(/(?:需求|要件|요구사항)\s*(?=\d)/g, ' ');
  if (kind === 'requirement') {
    text = text.replace(CRITERIA_OF, (_all, n: string, inner: string) => {
      prose = false;
      for (const item of inner.split(SEPARATORS)) part(item.trim(), `${n}.`);
      return ',';
    });
    // What a group's prose said stays in it (`1, 2 (ACs 1-2; AC 3 in task 2)`: 1 still counts).
    prose = false;
  }
  // Parentheses that hold only numbers are a list (`Core validation (1.2, 2.1-2.5)`); any other is prose (`(descope record)`, `(Property 13)`).
  text = text.replace(/[(（]([^)）]*)[)）]?/g, (_all, inner: string) => (NUMBERS_ONLY[kind].test(inner) ? `,${LISTED}${inner},` : ','));
  for (const raw of text.split(LIST_PARTS)) {
    const trimmed = raw.trim();
    if (trimmed !== '') part(trimmed, '');
  }
  return { numbers, more };
}
