/**
 * The ids a Spec Kit task (or a tasks.md heading) names, as people write them (KITS §3, §7): the
 * longest id written (`FR-011-002` is not `FR-011`), a range of them (`FR-001–FR-006`,
 * `T022–T025`, `SC-001～SC-007`: every id in it, at most `MAX_RANGE`), a slash list with the prefix written once
 * (`FR-004/005`, `SC-001/004/005`), and the tasks a dependency names — after a colon label
 * (`Depends on: T002, T003 (why).`, up to a parenthesis or the end of the sentence, `none`
 * naming none), or right after a phrase (`depends on T012`, `(after T012)`).
 */
import { MAX_RANGE } from './number-list.js';
import { PART_CODE, REQUIREMENT_PREFIX } from '../../shared/requirement-prefixes.js';

/** One id written (or several, for a range or a slash list), where it starts, and how it is written. */
export interface IdsWritten {
  readonly ids: readonly string[];
  readonly index: number;
  readonly written: string;
}

/** An id as written, a part's letters after its prefix (`FR-BE-015`); a letter after its digits is one inserted later (`FR-007a`, `FR-004A`: DvornikovDV/VKR), but not `x`, `X` or `N`, a placeholder's (`@SC-00x`: Tomvaz11/iabank; `FR-00N`: yepengfan/SpecOps). */
const REQUIREMENT_ID = new RegExp(`\\b((?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d+(?:-\\d+)*[a-wyzA-MO-WYZ]?)\\b`, 'g');
/**
 * A range's end: its number, then a word's end, or the letter of an id inserted after it where the end writes its prefix
 * (`FR-015 a FR-019a`: AleLlontop/GT-Logistica; `FR-019A`) — a bare number's letter is a unit (`FR-004 — 30s TTL`, `to 10k rows`: a review).
 */
const END_LETTER = '(?:\\b|(?<=[A-Z]-?\\d+)(?=[a-wA-W](?![\\w-])))';
/** After an id: a range to another of its kind (`–FR-006`, ` to 006`), or a slash list (`/005/006`). */
const RANGE_AFTER = new RegExp(`^\\s*(?:[–—]|-(?=\\s*[A-Z])|\\bto\\b|\\bthrough\\b)\\s*(?:(${REQUIREMENT_PREFIX}|T)-?)?(\\d+)${END_LETTER}`);
/** A range written with dots, its end's prefix written out (`SC-001..SC-005`: Tomvaz11/iabank; `SC-002... 15 users` is none), or two dots glued to both ends and the end as wide as the start (`FR-011-110..115`: 0kam/echoroo; `FR-003..5 min` is none). */
const DOTS_RANGE_AFTER = new RegExp(`^(?:\\s*(?:\\.{2,3}|…)\\s*(${REQUIREMENT_PREFIX}|T)-?|\\.\\.(?=\\d))(\\d+)${END_LETTER}`);
/** A range written with a tilde, as Japanese does (`～SC-007`, `〜FR-020`, `~T003`): its end's prefix written out, or glued to both ends (`FR-185~188`: Rickwen1126/notebooklm-controller; `T001 ~5 min` is no range); its end may carry a letter (`FR-014〜015a`). */
const TILDE_RANGE_AFTER = new RegExp(`^(?:\\s*[～〜~]\\s*(${REQUIREMENT_PREFIX}|T)-?|[～〜~](?=\\d))(\\d+)(?:\\b|(?=[a-wA-W](?![\\w-])))`);
/** A range written with a word of another language (`FR-007 a FR-010`, `T3 bis T5`; Chinese `FR-001 到 FR-039`, `FR-001至FR-005`: aiofc-nx/hl8-saas-platform-turborepo; Japanese `から`): the end's prefix written out. */
const WORD_RANGE_AFTER = new RegExp(`^(?:\\s+(?:a|à|al|bis|até|hasta)\\s+|\\s*(?:到|至|から)\\s*)(${REQUIREMENT_PREFIX}|T)-?(\\d+)${END_LETTER}`);
/** A slash list with the prefix written once (`/005/006`), a part with a letter inserted (`FR-076a/076d`: 0kam/echoroo), a part with its dash (`FR-001/-005/-006`: dphyfe/point_of_sale, D-545). */
const SLASHES_AFTER = /^(?:\/-?\d+[a-w]?\b)+/;
/** A list with the prefix written once, its commas glued to the numbers (`FR-001,003,004`: archway-tsune/speckit-demo; `FR-025, 3 経路` is none). */
const COMMAS_AFTER = /^(?:,\d+[a-w]?\b(?!\.\d))+/;
/** After an id ending in a letter, a range of letters glued to it with a tilde (`FR-076a〜c`: 0kam/echoroo): its end's letter. */
const LETTERS_AFTER = /^[～〜~]([a-w])(?![\w-])/;
/** After a range's glued end, the letter of an id inserted after it (`FR-014〜015a`: to FR-015, then FR-015a). */
const LETTER_AT_END = /^[a-wA-W](?![\w-])/;

/** The requirement ids (`FR-`, `SC-`, `NFR-`, `RF-`, `RNF-`, `CS-`) written in `text`, ranges and slash lists expanded. */
export function* requirementIds(text: string): Generator<IdsWritten> {
  REQUIREMENT_ID.lastIndex = 0;
  for (let match = REQUIREMENT_ID.exec(text); match !== null; match = REQUIREMENT_ID.exec(text)) {
    const id = match[1]!;
    // The number a range counts on is the id's last part: `FR-011-110..115` runs FR-011-110 to FR-011-115.
    const dash = id.lastIndexOf('-');
    const after = text.slice(REQUIREMENT_ID.lastIndex, REQUIREMENT_ID.lastIndex + 40);
    const more = expand(id.slice(0, dash + 1), id.slice(dash + 1), after, id.slice(0, id.indexOf('-'))) ?? letters(id, after);
    if (more !== null) REQUIREMENT_ID.lastIndex += more.length;
    yield { ids: more === null ? [id] : more.ids, index: match.index, written: more === null ? id : `${id}${more.written}` };
  }
}

/** The task ids (`T012`, `T009a`, `T007.1`, `TASK-001`) in a list, ranges (`T022–T025`) expanded. */
export function taskIds(list: string): string[] {
  const out: string[] = [];
  const pattern = /\bT(\d+)([a-z]?)((?:\.\d+)*)\b|\bTASK-\d+(?:-(?:\d+|[A-Za-z][A-Za-z0-9]*))*(?:\.\d+)?\b/g;
  for (let match = pattern.exec(list); match !== null; match = pattern.exec(list)) {
    if (match[1] === undefined) {
      out.push(match[0]);
      continue;
    }
    const id = `T${match[1]!}${match[2]!}${match[3]!}`;
    const more = match[2] === '' && match[3] === '' ? expand('T', match[1]!, list.slice(pattern.lastIndex, pattern.lastIndex + 20), 'T') : null;
    if (more === null) out.push(id);
    else {
      out.push(...more.ids);
      pattern.lastIndex += more.length;
    }
  }
  return out;
}

/**
 * The ids `prefix` + number from `number` through the range or slash list that `after` opens
 * with (`kind`: the prefix a range's end may repeat), or `null` when it opens with none. The
 * numbers keep the width `number` is written in (`001`).
 */
function expand(prefix: string, number: string, after: string, kind: string): { ids: string[]; length: number; written: string } | null {
  // A number with a letter inserted (`FR-076a`) opens a slash list only (`FR-076a/076d`).
  const lettered = /^\d+[a-w]$/.test(number);
  if (!lettered && !/^\d+$/.test(number)) return null;
  const width = number.length;
  const name = (n: number): string => `${prefix}${String(n).padStart(width, '0')}`;
  const found = lettered ? null : (RANGE_AFTER.exec(after) ?? DOTS_RANGE_AFTER.exec(after) ?? TILDE_RANGE_AFTER.exec(after) ?? WORD_RANGE_AFTER.exec(after));
  // An id of several parts (`FR-011-002`, `FR-BE-015`) whose range's end writes its prefix runs to the end only when it repeats every part (`–FR-011-005`).
  const compound = prefix !== `${kind}-` && prefix !== kind;
  const whole = compound && !lettered ? wholeEnd(prefix, after) : null;
  const range: RangeEnd | null = whole ?? (found === null || (compound && found[1] !== undefined) ? null : { written: found[0], prefix: found[1], end: found[2]! });
  // Two dots glued to a number are a range only when it is written as wide as the first (`FR-011-110..115`; `FR-003..5 min` is a time).
  const glued = range !== null && range.written.startsWith('..') && range.end.length !== width;
  if (range !== null && !glued && (range.prefix === undefined || range.prefix === kind)) {
    const from = Number(number);
    const to = Number(range.end);
    // `FR-014〜015a`, `FR-015 a FR-019a`: the range's end glued to a letter runs to FR-015 (FR-019), then its inserted ids to that
    // letter (FR-015a); `FR-017 a FR-017d`, one number's inserted ids: FR-017, then FR-017a to FR-017d.
    const letter = LETTER_AT_END.exec(after.slice(range.written.length));
    if ((letter === null ? to <= from : to < from) || to - from >= MAX_RANGE) return null;
    const ids = Array.from({ length: to - from + 1 }, (_, k) => name(from + k));
    if (letter === null) return { ids, length: range.written.length, written: range.written };
    // In the letter's case (`FR-019A`: A, as DvornikovDV/VKR writes `FR-004A`).
    const first = letter[0] <= 'Z' ? 65 : 97;
    const inserted = Array.from({ length: letter[0].charCodeAt(0) - first + 1 }, (_, k) => `${ids.at(-1)!}${String.fromCharCode(first + k)}`);
    return { ids: [...ids, ...inserted], length: range.written.length + 1, written: `${range.written}${letter[0]}` };
  }
  const slashes = SLASHES_AFTER.exec(after) ?? COMMAS_AFTER.exec(after);
  if (slashes === null) return null;
  // A part with a letter is one only as wide as the first number (`FR-076a/076d`; `FR-001/2d` is no id).
  const digits = lettered ? width - 1 : width;
  const separator = slashes[0][0]!;
  const parts = slashes[0].slice(1).split(separator);
  // Each part's dash as written (`/-005`), kept for its length, not its number.
  const dashes = parts.map((part) => (part.startsWith('-') ? '-' : ''));
  for (let k = 0; k < parts.length; k += 1) parts[k] = parts[k]!.slice(dashes[k]!.length);
  // After a number of several digits (`FR-001`, `FR-100`), a comma list's parts are as wide (`FR-001,3` and `FR-100,2 formats` name one id).
  const padded = separator === ',' && digits > 1;
  const kept = parts.findIndex((part) => (/[a-w]$/.test(part) && part.length - 1 !== digits) || (padded && part.replace(/[a-w]$/, '').length !== digits));
  const taken = kept === -1 ? parts : parts.slice(0, kept);
  if (taken.length === 0) return null;
  const written = `${separator}${taken.map((part, k) => `${dashes[k]!}${part}`).join(separator)}`;
  // A slash part shorter than the first number stands for its last digits (`FR-006/7/8/9`: FR-007 to FR-009, `FR-010/15`: FR-015:
  // nuwannnz/workboard, a sixtieth round; they had been `FR-7`, which no spec writes after `FR-006`).
  const widened = (part: string): string => (separator === '/' && !lettered && part.length < width && /^\d+$/.test(part) ? `${number.slice(0, width - part.length)}${part}` : part);
  return { ids: [`${prefix}${number}`, ...taken.map((n) => `${prefix}${widened(n)}`)], length: written.length, written };
}

/** A range's end as written: the text, the prefix it writes (a kind, `FR`), and its number. */
interface RangeEnd {
  readonly written: string;
  readonly prefix: string | undefined;
  readonly end: string;
}

/** A range's end that writes a whole prefix (`–FR-011-005`, ` to FR-BE-017`): the prefix in group 1, the number in group 2. */
const WHOLE_END = new RegExp(`^(?:\\s*(?:[–—~～〜-]|\\.{2,3}|…|\\bto\\b|\\bthrough\\b|到|至|から)\\s*|\\s+(?:a|à|al|bis|até|hasta)\\s+)((?:${REQUIREMENT_PREFIX})${PART_CODE}-(?:\\d+-)*)(\\d+)\\b`);

/** A range's end that writes the whole prefix of an id of several parts (`–FR-011-005` after `FR-011-002`), or `null`. */
function wholeEnd(prefix: string, after: string): RangeEnd | null {
  const end = WHOLE_END.exec(after);
  return end === null || end[1] !== prefix ? null : { written: end[0], prefix: undefined, end: end[2]! };
}

/** `FR-076a` and the letters glued after it (`〜c`): FR-076a, FR-076b, FR-076c; `null` when none follow. */
function letters(id: string, after: string): { ids: string[]; length: number; written: string } | null {
  const range = LETTERS_AFTER.exec(after);
  const from = id.charCodeAt(id.length - 1);
  if (range === null || !/[a-w]$/.test(id) || range[1]!.charCodeAt(0) <= from) return null;
  const stem = id.slice(0, -1);
  return { ids: Array.from({ length: range[1]!.charCodeAt(0) - from + 1 }, (_, k) => `${stem}${String.fromCharCode(from + k)}`), length: range[0].length, written: range[0] };
}

/** A dependency label with a colon (`Depends on:`, `**Dependencies**:`, `Depends:`; Chinese and Japanese `**依赖**: T002, T003`: TomGeorge6/Wood-ARK, `依存:`, `**依赖任务**：TASK-002-001` (jianglu0823/sales-agent); not inside a word, `被依赖：`, `不依赖：`): what follows, to a parenthesis, the end of the sentence (`。` always), a comma before words (`T001 完成后，再与 T010 …`), or a `|` that ends the field (`| Dependencies: T001 | Acceptance: … | Tests: covered by T021`: lucasfontinele/flora-white-label; not one between two tasks, `T001 | T002`). */
/** The words of a dependency label, once for the label and for a line's dependencies field (`Dependencies`, `Prerequisites`, `依赖`, `前置条件`). */
const LATIN_DEPENDS = 'depends\\s+on|dependencies|depends|dependencias|dependências|dépendances|dipendenze|abhängigkeiten|prerequisites?';
const CJK_DEPENDS = '(?:前置)?依[赖賴存](?:关系|關係|関係|任务|任務|タスク)?|前置(?:条件|任务|任務)?';
const DEPENDS_LABEL = new RegExp(
  `(?:\\b(?:${LATIN_DEPENDS})|(?<![\\u3040-\\u30ff\\u3400-\\u9fff])(?:${CJK_DEPENDS}))(?:\\*\\*)?[ \\t]*[:：](?:\\*\\*)?[ \\t]*([^\\n(（]*?)(?=[(（]|[|｜](?![ \\t]*T\\d)|\\.(?:\\s|$)|。|[;；]|[，、](?![ \\t]*T\\d)|\\n|$)`,
  'gi',
);
/**
 * A dependency phrase without a colon, then tasks right after it (`depends on T012, T013`,
 * `(after T012)`; Spanish and Portuguese `depende de T003`, French `dépend de`, Italian `dipende
 * da`, German `abhängig von`), the phrase and its list wrapping across lines, `T016-T018` a range.
 */
const DEPENDS_PHRASE = /\b(?:depends\s+on|after|requires|blocked\s+by|depende\s+de|dépend\s+de|dipende\s+da|abhängig\s+von)\s+((?:(?:T\d+[a-z]?(?:\.\d+)*|TASK-\d+(?:-(?:\d+|[A-Za-z][A-Za-z0-9]*))*(?:\.\d+)?)\b)(?:(?:\s*(?:,|&|\b(?:and|y|e|et|und)\b|[–—-])\s*|\s+)(?:T\d+[a-z]?(?:\.\d+)*|TASK-\d+(?:-(?:\d+|[A-Za-z][A-Za-z0-9]*))*(?:\.\d+)?)\b)*)/gi;

/** The dependencies `text` writes: the tasks each names, where it starts, how it is written. */
export function* dependencies(text: string): Generator<IdsWritten> {
  let inOtherField: ((at: number) => boolean) | undefined;
  for (const pattern of [DEPENDS_LABEL, DEPENDS_PHRASE]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (match[0] === '') {
        pattern.lastIndex += 1;
        continue;
      }
      // `after T017` inside another field of the line is that field's (`…; acceptance: tests fail before entity exists and pass after T017.`:
      // flora-white-label); a phrase that can only mean a dependency (`depends on`, `requires`) is one wherever it stands (a review).
      if (pattern === DEPENDS_PHRASE && /^after\b/i.test(match[0]) && (inOtherField ??= otherFields(text))(match.index)) continue;
      const bold = match.index >= 2 && text.startsWith('**', match.index - 2) ? '**' : '';
      yield { ids: taskIds(match[1]!), index: match.index, written: `${bold}${match[0].trim()}` };
    }
  }
  // `依赖任务 1.3`, `依赖任务 2.4, 2.5` ("depends on task"): tasks numbered in words (`**任务 1.3**`: biqiangwu/flowerSalesSystem).
  WORD_DEPENDS.lastIndex = 0;
  for (const match of text.matchAll(WORD_DEPENDS)) yield { ids: match[1]!.split(/[^\d.]+/).filter((n) => n !== '').map((n) => `T${n}`), index: match.index, written: match[0].trim() };
}
/** A field's label opening a part of a line (`acceptance:`, `**Tests**:`), read where the part starts (sticky); and a dependency's, which is no other field. */
const FIELD_LABEL = /[ \t]*(?:\*\*)?(\p{L}[\p{L} \t]{0,30}?)(?:\*\*)?[ \t]*[:：]/uy;
const DEPENDS_WORDS = `${LATIN_DEPENDS}|${CJK_DEPENDS}`;
const DEPENDS_FIELD = new RegExp(`^(?:${DEPENDS_WORDS})$`, 'i');
/** A line written as fields, one of them its dependencies' (`| Dependencies: T001 |`, `; dependencies: T001;`). */
const DEPENDS_FIELD_IN_LINE = new RegExp(`[|｜;；][ \\t]*(?:\\*\\*)?(?:${DEPENDS_WORDS})(?:\\*\\*)?[ \\t]*[:：]`, 'i');

/**
 * For offsets asked in increasing order: whether each lies in a field other than the dependencies'
 * of a line written as fields, one of them its dependencies' (a part after `|` or `;` that a label
 * opens). A line of prose whose parenthesis holds a `;` is no such line (`(main column: …; rail: …)
 * … — depends on T046`: jnroesch/juggerhub). Each line and each part is looked at once: linear in
 * the text however many are asked (a review found a part's label read again for every phrase).
 */
function otherFields(text: string): (at: number) => boolean {
  let scanned = 0;
  let part = 0;
  let first = true;
  let line = 0;
  let fielded = false;
  // The part's answer once asked (`null`: not yet), and where its label ends.
  let other: boolean | null = null;
  let labelEnd = 0;
  return (at) => {
    for (; scanned < at; scanned += 1) {
      const c = text.charCodeAt(scanned);
      if (c === 0x7c /* | */ || c === 0xff5c /* ｜ */ || c === 0x3b /* ; */ || c === 0xff1b /* ； */) (part = scanned + 1), (first = false), (other = null);
      else if (c === 0x0a) (part = line = scanned + 1), (first = true), (fielded = false), (other = null);
    }
    if (first) return false;
    if (line !== -1) {
      // Once per line: whether it is written as fields.
      const end = text.indexOf('\n', line);
      fielded = DEPENDS_FIELD_IN_LINE.test(text.slice(line, end === -1 ? text.length : end));
      line = -1;
    }
    if (!fielded) return false;
    if (other === null) {
      FIELD_LABEL.lastIndex = part;
      const label = FIELD_LABEL.exec(text);
      other = label !== null && !DEPENDS_FIELD.test(label[1]!.trim());
      labelEnd = FIELD_LABEL.lastIndex;
    }
    return other && labelEnd <= at;
  };
}

/** The numbers in two parts or more after a dependency label's colon (`**依赖**: 1.1.7, 1.2.5`: 1.1.7, 1.2.5), for a file whose tasks are so numbered. */
export function numbersAfterLabel(written: string): string[] {
  const colon = written.search(/[:：]/);
  if (colon === -1) return [];
  return written.slice(colon + 1).match(/(?<![\w.])\d{1,3}(?:\.\d{1,3})+(?![\w.])/g) ?? [];
}
/** `依赖任务 1.3`, `依賴任務：2.4、2.5` (not inside a word: `不依赖任务`): the numbers of tasks named in words. */
const WORD_DEPENDS = /(?<![\u3040-\u30ff\u3400-\u9fff])依[赖賴存]任[务務](?:\*\*)?[ \t]*[:：]?(?:\*\*)?[ \t]*(\d+(?:\.\d+)*(?:[ \t]*[,、，][ \t]*\d+(?:\.\d+)*)*)(?![\d.])/g;
