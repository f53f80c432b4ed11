/**
 * The ids a Spec Kit task (or a tasks.md heading) names, as people write them (KITS §3, §7): the
 * longest id written (`FR-011-002` is not `FR-011`), a range of them (`FR-001–FR-006`,
 * `T022–T025`, `SC-001～SC-007`: every id in it, at most `MAX_RANGE`), a slash list with the prefix written once
 * (`FR-004/005`, `SC-001/004/005`), and the tasks a dependency names — after a colon label
 * (`Depends on: T002, T003 (why).`, up to a parenthesis or the end of the sentence, `none`
 * naming none), or right after a phrase (`depends on T012`, `(after T012)`).
 */
import { MAX_RANGE } from './number-list.js';
import { MAX_ITEM_REFS } from './kit-read.js';
import { REQUIREMENT_PREFIX } from '../../shared/requirement-prefixes.js';
import { forEachLineOutsideFences } from '../block-lines.js';
import type { Outline } from './outline.js';

/** One id written (or several, for a range or a slash list), where it starts, and how it is written. */
export interface IdsWritten {
  readonly ids: readonly string[];
  readonly index: number;
  readonly written: string;
}

/** An id as written, a part's letters after its prefix (`FR-BE-015`); a letter after its digits is one inserted later (`FR-007a`, `FR-004A`: DvornikovDV/VKR), but not `x`, `X` or `N`, a placeholder's (`@SC-00x`: Tomvaz11/iabank; `FR-00N`: yepengfan/SpecOps). */
const REQUIREMENT_ID = new RegExp(`\\b((?:${REQUIREMENT_PREFIX})(?:-[A-Z]{2,4})?-\\d+(?:-\\d+)*[a-wyzA-MO-WYZ]?)\\b`, 'g');
/** After an id: a range to another of its kind (`–FR-006`, ` to 006`), or a slash list (`/005/006`). */
const RANGE_AFTER = new RegExp(`^\\s*(?:[–—]|-(?=\\s*[A-Z])|\\bto\\b|\\bthrough\\b)\\s*(?:(${REQUIREMENT_PREFIX}|T)-?)?(\\d+)\\b`);
/** A range written with dots, its end's prefix written out (`SC-001..SC-005`: Tomvaz11/iabank; `SC-002... 15 users` is none), or two dots glued to both ends and the end as wide as the start (`FR-011-110..115`: 0kam/echoroo; `FR-003..5 min` is none). */
const DOTS_RANGE_AFTER = new RegExp(`^(?:\\s*(?:\\.{2,3}|…)\\s*(${REQUIREMENT_PREFIX}|T)-?|\\.\\.(?=\\d))(\\d+)\\b`);
/** A range written with a tilde, as Japanese does (`～SC-007`, `〜FR-020`, `~T003`): its end's prefix written out, or glued to both ends (`FR-185~188`: Rickwen1126/notebooklm-controller; `T001 ~5 min` is no range); its end may carry a letter (`FR-014〜015a`). */
const TILDE_RANGE_AFTER = new RegExp(`^(?:\\s*[～〜~]\\s*(${REQUIREMENT_PREFIX}|T)-?|[～〜~](?=\\d))(\\d+)(?:\\b|(?=[a-w](?![\\w-])))`);
/** A range written with a word of another language (`FR-007 a FR-010`, `T3 bis T5`; Chinese `FR-001 到 FR-039`, `FR-001至FR-005`: aiofc-nx/hl8-saas-platform-turborepo; Japanese `から`): the end's prefix written out. */
const WORD_RANGE_AFTER = new RegExp(`^(?:\\s+(?:a|à|al|bis|até|hasta)\\s+|\\s*(?:到|至|から)\\s*)(${REQUIREMENT_PREFIX}|T)-?(\\d+)\\b`);
/** A slash list with the prefix written once (`/005/006`), a part with a letter inserted (`FR-076a/076d`: 0kam/echoroo). */
const SLASHES_AFTER = /^(?:\/\d+[a-w]?\b)+/;
/** A list with the prefix written once, its commas glued to the numbers (`FR-001,003,004`: archway-tsune/speckit-demo; `FR-025, 3 経路` is none). */
const COMMAS_AFTER = /^(?:,\d+[a-w]?\b(?!\.\d))+/;
/** After an id ending in a letter, a range of letters glued to it with a tilde (`FR-076a〜c`: 0kam/echoroo): its end's letter. */
const LETTERS_AFTER = /^[～〜~]([a-w])(?![\w-])/;
/** After a range's glued end, the letter of an id inserted after it (`FR-014〜015a`: to FR-015, then FR-015a). */
const LETTER_AT_END = /^[a-w](?![\w-])/;

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
    if (to <= from || to - from >= MAX_RANGE) return null;
    const ids = Array.from({ length: to - from + 1 }, (_, k) => name(from + k));
    // `FR-014〜015a`: the range's end glued to a letter runs to FR-015, then FR-015a.
    const letter = LETTER_AT_END.exec(after.slice(range.written.length));
    if (letter === null) return { ids, length: range.written.length, written: range.written };
    return { ids: [...ids, `${ids.at(-1)!}${letter[0]}`], length: range.written.length + 1, written: `${range.written}${letter[0]}` };
  }
  const slashes = SLASHES_AFTER.exec(after) ?? COMMAS_AFTER.exec(after);
  if (slashes === null) return null;
  // A part with a letter is one only as wide as the first number (`FR-076a/076d`; `FR-001/2d` is no id).
  const digits = lettered ? width - 1 : width;
  const separator = slashes[0][0]!;
  const parts = slashes[0].slice(1).split(separator);
  // After a number of several digits (`FR-001`, `FR-100`), a comma list's parts are as wide (`FR-001,3` and `FR-100,2 formats` name one id).
  const padded = separator === ',' && digits > 1;
  const kept = parts.findIndex((part) => (/[a-w]$/.test(part) && part.length - 1 !== digits) || (padded && part.replace(/[a-w]$/, '').length !== digits));
  const taken = kept === -1 ? parts : parts.slice(0, kept);
  if (taken.length === 0) return null;
  const written = `${separator}${taken.join(separator)}`;
  return { ids: [`${prefix}${number}`, ...taken.map((n) => `${prefix}${n}`)], length: written.length, written };
}

/** A range's end as written: the text, the prefix it writes (a kind, `FR`), and its number. */
interface RangeEnd {
  readonly written: string;
  readonly prefix: string | undefined;
  readonly end: string;
}

/** A range's end that writes a whole prefix (`–FR-011-005`, ` to FR-BE-017`): the prefix in group 1, the number in group 2. */
const WHOLE_END = new RegExp(`^(?:\\s*(?:[–—~～〜-]|\\.{2,3}|…|\\bto\\b|\\bthrough\\b|到|至|から)\\s*|\\s+(?:a|à|al|bis|até|hasta)\\s+)((?:${REQUIREMENT_PREFIX})(?:-[A-Z]{2,4})?-(?:\\d+-)*)(\\d+)\\b`);

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

/** A dependency label with a colon (`Depends on:`, `**Dependencies**:`, `Depends:`; Chinese and Japanese `**依赖**: T002, T003`: TomGeorge6/Wood-ARK, `依存:`, `**依赖任务**：TASK-002-001` (jianglu0823/sales-agent); not inside a word, `被依赖：`, `不依赖：`): what follows, to a parenthesis, the end of the sentence (`。` always), or a comma before words (`T001 完成后，再与 T010 …`). */
const DEPENDS_LABEL = /(?:\b(?:depends\s+on|dependencies|depends|dependencias|dependências|dépendances|dipendenze|abhängigkeiten)|(?<![\u3040-\u30ff\u3400-\u9fff])(?:前置)?依[赖賴存](?:关系|關係|関係|任务|任務|タスク)?)(?:\*\*)?[ \t]*[:：](?:\*\*)?[ \t]*([^\n(（]*?)(?=[(（]|\.(?:\s|$)|。|[;；]|[，、](?![ \t]*T\d)|\n|$)/gi;
/**
 * A dependency phrase without a colon, then tasks right after it (`depends on T012, T013`,
 * `(after T012)`; Spanish and Portuguese `depende de T003`, French `dépend de`, Italian `dipende
 * da`, German `abhängig von`), the phrase and its list wrapping across lines, `T016-T018` a range.
 */
const DEPENDS_PHRASE = /\b(?:depends\s+on|after|requires|blocked\s+by|depende\s+de|dépend\s+de|dipende\s+da|abhängig\s+von)\s+((?:(?:T\d+[a-z]?(?:\.\d+)*|TASK-\d+(?:-(?:\d+|[A-Za-z][A-Za-z0-9]*))*(?:\.\d+)?)\b)(?:(?:\s*(?:,|&|\b(?:and|y|e|et|und)\b|[–—-])\s*|\s+)(?:T\d+[a-z]?(?:\.\d+)*|TASK-\d+(?:-(?:\d+|[A-Za-z][A-Za-z0-9]*))*(?:\.\d+)?)\b)*)/gi;

/** The dependencies `text` writes: the tasks each names, where it starts, how it is written. */
export function* dependencies(text: string): Generator<IdsWritten> {
  for (const pattern of [DEPENDS_LABEL, DEPENDS_PHRASE]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (match[0] === '') {
        pattern.lastIndex += 1;
        continue;
      }
      const bold = match.index >= 2 && text.startsWith('**', match.index - 2) ? '**' : '';
      yield { ids: taskIds(match[1]!), index: match.index, written: `${bold}${match[0].trim()}` };
    }
  }
  // `依赖任务 1.3`, `依赖任务 2.4, 2.5` ("depends on task"): tasks numbered in words (`**任务 1.3**`: biqiangwu/flowerSalesSystem).
  WORD_DEPENDS.lastIndex = 0;
  for (const match of text.matchAll(WORD_DEPENDS)) yield { ids: match[1]!.split(/[^\d.]+/).filter((n) => n !== '').map((n) => `T${n}`), index: match.index, written: match[0].trim() };
}
/** The numbers in two parts or more after a dependency label's colon (`**依赖**: 1.1.7, 1.2.5`: 1.1.7, 1.2.5), for a file whose tasks are so numbered. */
export function numbersAfterLabel(written: string): string[] {
  const colon = written.search(/[:：]/);
  if (colon === -1) return [];
  return written.slice(colon + 1).match(/(?<![\w.])\d{1,3}(?:\.\d{1,3})+(?![\w.])/g) ?? [];
}
/** `依赖任务 1.3`, `依賴任務：2.4、2.5` (not inside a word: `不依赖任务`): the numbers of tasks named in words. */
const WORD_DEPENDS = /(?<![\u3040-\u30ff\u3400-\u9fff])依[赖賴存]任[务務](?:\*\*)?[ \t]*[:：]?(?:\*\*)?[ \t]*(\d+(?:\.\d+)*(?:[ \t]*[,、，][ \t]*\d+(?:\.\d+)*)*)(?![\d.])/g;

/** What a mapping line or row says: the requirements its tasks implement, its line, how it is written; by task id (`<scope>/T009`). */
export type Mappings = Map<string, { readonly ids: readonly string[]; readonly line: number; readonly written: string }[]>;

/** Adds to `into` that each task of `tasks` implements the requirement ids `requirements` writes (each once, at most `MAX_ITEM_REFS`). */
function addMapping(into: Mappings, scope: string, tasks: string, requirements: string, line: number, written: string): void {
  const ids = new Set<string>();
  for (const each of requirementIds(requirements)) {
    for (const id of each.ids) if (ids.size < MAX_ITEM_REFS) ids.add(id);
    if (ids.size === MAX_ITEM_REFS) break;
  }
  if (ids.size === 0) return;
  const list = [...ids];
  for (const task of taskIds(tasks)) {
    const key = `${scope}/${task}`;
    let each = into.get(key);
    if (each === undefined) into.set(key, (each = []));
    each.push({ ids: list, line, written });
  }
}

/** What the tasks' side may hold: task ids and what joins them (`,`, `~`, a dash, `and`); one class, read once. */
const TASKS_SIDE = /^[\sT\d,~～〜–—\-、，&a-z]*$/;
/** The requirements' side opens with a requirement id (`FR-001, …`); `T002 (FR-002 …)` is a dependency, no mapping (a review). */
const REQUIREMENTS_SIDE = new RegExp(`^[ \\t]*(?:${REQUIREMENT_PREFIX})-\\d`);
/** The arrows of a mapping line. */
const ARROWS = ['->', '→', '=>'];

/**
 * The requirements each task implements by a tasks.md's mapping lines (KamiJeong/taste_spec_kit's
 * "Traceability Rules": `- T009~T011, T015~T017 -> FR-001, FR-003, FR-005, FR-006`), by task id
 * (`<scope>/T009`): a list item that is no box, whose first line holds before its first arrow only
 * task ids and ranges, and after it requirement ids first. At most `MAX_ITEM_REFS` requirements a
 * line, so the work is linear in the entries' text (a review found a line of ranges quadratic).
 */
export function mappedRequirements(entries: readonly { readonly kind: string; readonly text: string; readonly line: number }[], scope: string, isBox: (text: string) => boolean): Mappings {
  const out: Mappings = new Map();
  for (const entry of entries) {
    if (entry.kind !== 'item' || isBox(entry.text)) continue;
    const newline = entry.text.indexOf('\n');
    const first = newline === -1 ? entry.text : entry.text.slice(0, newline);
    let at = -1;
    let arrow = '';
    for (const each of ARROWS) {
      const found = first.indexOf(each);
      if (found !== -1 && (at === -1 || found < at)) (at = found), (arrow = each);
    }
    if (at === -1) continue;
    const left = first.slice(0, at);
    const right = first.slice(at + arrow.length);
    if (!TASKS_SIDE.test(left) || !/T\d/.test(left) || !REQUIREMENTS_SIDE.test(right)) continue;
    addMapping(out, scope, left, right, entry.line, first.trim());
  }
  return out;
}

/** A GFM table's row: a line that opens with `|` (at most three spaces before it). */
const TABLE_ROW = /^ {0,3}\|/;
/** A table cell of task ids only: ids, ranges and what joins them, no words (`| FR-001 | within 5s on T3 instances |` names no task: a review). */
const TASKS_CELL = /^[\sT\d,~～〜–—\-、，&]*$/;
/** At most this many characters of a row are quoted as what a reference was written in. */
const WRITTEN_CHARS = 120;

/**
 * The requirements each task implements by a tasks.md's mapping table (chenchiyuan/crypto_exchange_news_crawler's
 * "Success Criteria Mapping": `| SC-003: Top 5满足筛选条件 | T041, T047, T053 | 端到端测试验证 |`), merged into `into`
 * by task id: a row whose first cell opens with requirement ids and another holds only task ids (or the other way
 * round: `| T041 | SC-003, FR-002 |`). Rows inside a fence or an HTML comment are none. Linear: each line is looked at once, at most
 * `MAX_ITEM_REFS` requirements a row.
 */
export function tableMappings(body: string, bodyLine: number, scope: string, into: Mappings): void {
  let comment = false;
  forEachLineOutsideFences(body, (text, index) => {
    // Inside an HTML comment nothing is a row (a review), nor on a line that opens one.
    if (comment) {
      if (text.includes('-->')) comment = false;
      return;
    }
    if (text.includes('<!--')) {
      comment = !text.slice(text.indexOf('<!--') + 4).includes('-->');
      return;
    }
    if (!TABLE_ROW.test(text) || !/T\d/.test(text)) return;
    const cells = text.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());
    if (cells.length < 2) return;
    const [first, ...rest] = cells;
    const forward = REQUIREMENTS_SIDE.test(first!);
    const tasksCell = forward ? rest.find((cell) => TASKS_CELL.test(cell) && /T\d/.test(cell)) : TASKS_CELL.test(first!) && /T\d/.test(first!) ? first : undefined;
    const requirementsCell = forward ? first : rest.find((cell) => REQUIREMENTS_SIDE.test(cell));
    if (tasksCell !== undefined && requirementsCell !== undefined) addMapping(into, scope, tasksCell, requirementsCell, bodyLine + index, text.trim().slice(0, WRITTEN_CHARS));
  });
}

/** A bold label that maps a section to requirements: `**需求對應**：`, `**Requirements covered**:`, `**Requirements covered:**`, `**FRs covered**:` (luanalves/realestate_backend), `**対応要件**:`. */
const MAPPING_LABEL = /^[ \t]*\*\*(?:需求對應|需求对应|對應需求|对应需求|対応要件|要件対応|(?:requirements?|FRs?)(?:[ \t]+(?:covered|mapping|coverage|addressed))?|covers|maps[ \t]+to)(?:\*\*[ \t]*[:：]|[ \t]*[:：][ \t]*\*\*)/i;

/** A phase's purpose line (`**Purpose**:`, `**目的**:`), and the list in parentheses it ends with. */
const PURPOSE_LABEL = /^[ \t]*\*\*(?:purpose|目的)(?:\*\*[ \t]*[:：]|[ \t]*[:：][ \t]*\*\*)/i;
const LISTED_AT_END = /[(（]([^()（）]*)[)）][ \t。.]*$/;

/** Each line of the body between file lines `after` and `before` (not either) that opens with `MAPPING_LABEL`, with its file line. */
export function mappingLine(outline: Outline, after: number, before: number, visit: (line: number, text: string) => void): void {
  const { body, starts, bodyLine } = outline;
  for (let line = after + 1; line < before; line += 1) {
    const k = line - bodyLine;
    if (k < 0 || k + 1 >= starts.length) break;
    const text = body.slice(starts[k]!, starts[k + 1]! - 1);
    if (MAPPING_LABEL.test(text)) visit(line, text);
    // A phase's purpose maps only the ids it lists at its end (`**Purpose**: Home screen … (FR-085, FR-086)`: HIRO15254/sapphire),
    // not those its prose names (`**Purpose**: unblock FR-002 work in Phase 5`: a review).
    else if (PURPOSE_LABEL.test(text)) {
      const listed = LISTED_AT_END.exec(text);
      if (listed !== null) visit(line, listed[1]!);
    }
  }
}
