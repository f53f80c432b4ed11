/**
 * What a Spec Kit tasks.md says elsewhere about the requirements its tasks implement (KITS §7):
 * mapping lines (`- T009~T011 -> FR-001, FR-003`, and the other way round, `- **FR-012**：T011、T041`),
 * mapping tables (`| SC-003 | T041, T047 |`) and a phase's mapping line under its heading
 * (`**需求對應**：FR-001, FR-002`).
 */
import { MAX_ITEM_REFS, type ItemRefs } from './kit-read.js';
import { forEachLineOutsideFences } from '../block-lines.js';
import type { Outline } from './outline.js';
import { requirementIds, taskIds } from './speckit-ids.js';
import { LEADING_IDS, LISTED_IDS, PLAIN_REVERSE_MAPPING, REQUIREMENTS_SIDE, REVERSE_MAPPING, REVERSE_TASKS, withoutFinalStop } from './speckit-id-forms.js';
import { CHECKLIST_BOX, perAtEnd, verifiedBy } from './speckit-verified.js';

/** What a mapping line or row says of a task: the requirements it names, its line, how it is written. */
export interface MappingRow {
  readonly ids: readonly string[];
  readonly line: number;
  readonly written: string;
}
/** The mapping lines and rows naming each task, by task id (`<scope>/T009`); Kiro's traceability tables too (kiro-trace-table.ts). */
export type Mappings = Map<string, MappingRow[]>;

/**
 * Adds to `refs` what the mapping lines and rows naming a task say (`relation`: what they make of it), each id under the
 * scope; past the task's room the rest of a row is counted, not walked (a review: rows of wide ranges).
 */
export function mappedRefs(rows: readonly MappingRow[] | undefined, refs: ItemRefs, scope: string, relation: 'implements' | 'verifies'): void {
  for (const { ids, line, written } of rows ?? []) {
    for (let k = 0; k < ids.length; k += 1) {
      if (refs.room === 0) {
        refs.count(ids.length - k, line);
        break;
      }
      refs.add({ relation, id: `${scope}/${ids[k]!}`, line, written });
    }
  }
}

/** The room the mapping lines and rows naming the task picked at outline index `i` give its references (a task in 25 rows: a review); `undefined` without any. */
export function mappingRoom(mapped: Mappings, picked: ReadonlyMap<number, { readonly id: string }>): ((i: number) => number) | undefined {
  if (mapped.size === 0) return undefined;
  return (i) => (mapped.get(picked.get(i)?.id ?? '') ?? []).reduce((room, row) => room + row.written.length, 0);
}

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
const ARROWS = ['->', '→', '=>']; // a mapping line's arrows

/** Where the first arrow of `text` is and which it is (`at` -1: none). */
function firstArrow(text: string): { readonly at: number; readonly arrow: string } {
  let at = -1;
  let arrow = '';
  for (const each of ARROWS) {
    const found = text.indexOf(each);
    if (found !== -1 && (at === -1 || found < at)) (at = found), (arrow = each);
  }
  return { at, arrow };
}

/**
 * The requirements each task implements by a tasks.md's mapping lines (KamiJeong/taste_spec_kit's
 * "Traceability Rules": `- T009~T011, T015~T017 -> FR-001, FR-003, FR-005, FR-006`), by task id
 * (`<scope>/T009`): a list item that is no box, whose first line holds before its first arrow only
 * task ids and ranges, and after it requirement ids first; or, with no arrow, requirement ids in bold,
 * a colon and task ids only (`- **FR-012**：T011、T041`). At most `MAX_ITEM_REFS` requirements a
 * line, so the work is linear in the entries' text (a review found a line of ranges quadratic).
 */
export function mappedRequirements(entries: readonly { readonly kind: string; readonly text: string; readonly line: number }[], scope: string, isBox: (text: string) => boolean): Mappings {
  const out: Mappings = new Map();
  for (const entry of entries) {
    if (entry.kind !== 'item') continue;
    const newline = entry.text.indexOf('\n');
    const first = newline === -1 ? entry.text : entry.text.slice(0, newline);
    if (!isBox(entry.text) && mappingOf(first, scope, entry.line, out)) continue;
    // Else a requirement's line that names the tasks verifying it (`- **SC-001** (Redirect < 1s): Validate in T038, T090`,
    // `- [x] **SC-004**: … ✅ (verified by T016, T017)`, `- **SC-005**: … → Verified by T014, T064`), a checklist's box too — only
    // where the line maps no task the ways above (`- **FR-002**: T002, T003 (verified by T004)` maps T002 and T003: a review).
    const verified = verifiedBy(first.replace(CHECKLIST_BOX, ''));
    if (verified !== null) addMapping(out, scope, verified.tasks, verified.requirements, entry.line, first.trim());
  }
  return out;
}

/** Adds to `out` what mapping line `first` (an item's first line, at file line `line`) says; whether it is one. */
function mappingOf(first: string, scope: string, line: number, out: Mappings): boolean {
  const { at, arrow } = firstArrow(first);
  if (at === -1) {
    // The other way round, the requirement in bold (`- **FR-012**：T011、T041、T049（关键参数可配置）`: 1CE-YY/Aetheris's "功能需求（FR）映射").
    const reverse = REVERSE_MAPPING.exec(first) ?? PLAIN_REVERSE_MAPPING.exec(first);
    // The tasks' side without its notes (`T011（关键参数可配置）`, `T005 (partial)`), then as an arrow's: linear, each part once.
    const tasks = reverse === null ? '' : first.slice(reverse[0].length).replace(/[(（][^()（）\n]*[)）]/g, ' ');
    const trimmed = withoutFinalStop(tasks);
    if (reverse === null || !REVERSE_TASKS.test(trimmed) || !/T\d/.test(trimmed)) return false;
    addMapping(out, scope, trimmed, reverse[1]!, line, first.trim());
    return true;
  }
  const left = first.slice(0, at);
  const right = first.slice(at + arrow.length);
  if (!TASKS_SIDE.test(left) || !/T\d/.test(left) || !REQUIREMENTS_SIDE.test(right)) return false;
  addMapping(out, scope, left, right, line, first.trim());
  return true;
}

/** A GFM table's row: a line that opens with `|` (at most three spaces before it). */
const TABLE_ROW = /^ {0,3}\|/;
/** A table cell of task ids only: ids, ranges and what joins them (`T007..T008` too), no words (`| FR-001 | within 5s on T3 instances |` names no task: a review). */
const TASKS_CELL = /^[\sT\d,~～〜–—\-、，&.]*$/;
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
    // A first cell of ids (`| FR-001 |`, `| SC-003: Top 5… |`, `| FR-CMP-012 (…) |`), or an id and its title where every other cell is tasks
    // (`| FR-003 User login | T003 |`); not a sentence about an id beside prose (`| SC-IDN-002 could regress under load | rotate keys | T025 |`: a review).
    const forward = REQUIREMENTS_SIDE.test(first!) && (namesOnlyIds(first!) || rest.every((cell) => TASKS_CELL.test(cell)));
    const tasksCell = forward ? rest.find((cell) => TASKS_CELL.test(cell) && /T\d/.test(cell)) : TASKS_CELL.test(first!) && /T\d/.test(first!) ? first : undefined;
    const requirementsCell = forward ? first : rest.find((cell) => REQUIREMENTS_SIDE.test(cell));
    if (tasksCell !== undefined && requirementsCell !== undefined) addMapping(into, scope, tasksCell, requirementsCell, bodyLine + index, text.trim().slice(0, WRITTEN_CHARS));
  });
}

/** What separates the pairs of a line of them (`pairMappings`): a middle dot with spaces around it. */
const PAIR_SEPARATOR = /[ \t]+·[ \t]+/;
/** Notes in parentheses (`FR-D-004(FR-036)`, `T005(prod guard)`). */
const NOTES = /[(（][^()（）\n]*[)）]/g;

/**
 * The requirements each task implements by a line of pairs, each a requirement's ids, an arrow and its tasks, between middle
 * dots: `FR-D-001→T007 · FR-D-002→T004/T005 · FR-D-004(FR-036)→T009 · **FR-D-009→T011** · SC-D-003→design (JWKS caching)`
 * (emtabiraobarias/fridge-planner's "Traceability", D-544), merged into `into` by task id: a pair maps as a mapping line the other
 * way round does (notes in parentheses aside on both sides); a pair whose tasks' side names no task (`→design`), or holds words,
 * maps nothing. Lines inside a fence are none. Linear: each line split once, at most `MAX_ITEM_REFS` requirements a pair.
 */
export function pairMappings(body: string, bodyLine: number, scope: string, into: Mappings): void {
  forEachLineOutsideFences(body, (text, index) => {
    if (!text.includes('·')) return;
    const pairs = text.split(PAIR_SEPARATOR);
    if (pairs.length < 2) return;
    for (const raw of pairs) {
      const pair = raw.replace(/\*\*/g, '').trim();
      const { at, arrow } = firstArrow(pair);
      if (at === -1) continue;
      const requirements = pair.slice(0, at).replace(NOTES, ' ');
      const tasks = withoutFinalStop(pair.slice(at + arrow.length).replace(NOTES, ' ').replace(/\//g, ',')).trim();
      if (!REQUIREMENTS_SIDE.test(requirements) || !namesOnlyIds(requirements) || !REVERSE_TASKS.test(tasks) || !/T\d/.test(tasks)) continue;
      addMapping(into, scope, tasks, requirements, bodyLine + index, pair.slice(0, WRITTEN_CHARS));
    }
  });
}

/** What may follow them in the cell: nothing, a note in parentheses, or a title after a colon or a dash (`| SC-003: Top 5满足筛选条件 |`); not words (`| FR-API-002 contract test |`, `| SC-IDN-002 could regress under load |`: a review). */
const AFTER_IDS = /^[ \t]*(?:$|[(（:：—–\-[])/;

/** Whether a row's first cell names requirement ids, not a sentence about one. */
function namesOnlyIds(cell: string): boolean {
  const ids = LEADING_IDS.exec(cell);
  return ids !== null && AFTER_IDS.test(cell.slice(ids[0].length));
}

/** A bold label that maps a section to requirements: `**需求對應**：`, `**Requirements covered**:`, `**Requirements covered:**`, `**FRs covered**:` (luanalves/realestate_backend), `**対応要件**:`. */
const MAPPING_LABEL = /^[ \t]*\*\*(?:需求對應|需求对应|對應需求|对应需求|対応要件|要件対応|(?:requirements?|FRs?)(?:[ \t]+(?:covered|mapping|coverage|addressed))?|covers|maps[ \t]+to)(?:\*\*[ \t]*[:：]|[ \t]*[:：][ \t]*\*\*)/i;

/** A label whose value is a list of requirement ids, under a story's phase heading: `**References**: FR-001 (complete with optional date), FR-004 (…)`, `**Acceptance**: FR-001, FR-002` (themotionmachine/OmniFocus-MCP); not prose that names one (`**Acceptance**: Given …`). */
const ID_LIST_LABEL = /^[ \t]*\*\*(?:references?|refs?|acceptance)(?:\*\*[ \t]*[:：]|[ \t]*[:：][ \t]*\*\*)[ \t]*/i;

/**
 * The list of ids such a label holds (notes in parentheses among them; what follows a `;` is the team's other notes:
 * `**References**: FR-007 (…), FR-006 (…); Data-model §SetProjectTypeInput`), or `null` for prose that opens with one
 * (`**Acceptance**: SC-001 is met when …`: a review).
 */
function idListLabel(text: string): string | null {
  const label = ID_LIST_LABEL.exec(text);
  if (label === null) return null;
  const value = text.slice(label[0].length);
  const ids = REQUIREMENTS_SIDE.test(value) ? LISTED_IDS.exec(value) : null;
  const after = ids === null ? '' : withoutFinalStop(value.slice(ids[0].length)).trim();
  return ids !== null && (after === '' || after.startsWith(';')) ? ids[0] : null;
}

/** A phase's purpose line (`**Purpose**:`, `**目的**:`), and the list in parentheses it ends with. */
const PURPOSE_LABEL = /^[ \t]*\*\*(?:purpose|目的)(?:\*\*[ \t]*[:：]|[ \t]*[:：][ \t]*\*\*)/i;
export const LISTED_AT_END = /[(（]([^()（）]*)[)）][ \t。.]*$/;

/** Each line of the body between file lines `after` and `before` (not either) that opens with `MAPPING_LABEL`, with its file line. */
export function mappingLine(outline: Outline, after: number, before: number, visit: (line: number, text: string) => void): void {
  const { body, starts, bodyLine } = outline;
  for (let line = after + 1; line < before; line += 1) {
    const k = line - bodyLine;
    if (k < 0 || k + 1 >= starts.length) break;
    const text = body.slice(starts[k]!, starts[k + 1]! - 1);
    const mapping = MAPPING_LABEL.test(text);
    const ids = mapping ? null : idListLabel(text);
    if (mapping) visit(line, text);
    else if (ids !== null) visit(line, ids);
    // A phase's purpose maps only the ids it lists at its end (`**Purpose**: Home screen … (FR-085, FR-086)`: HIRO15254/sapphire),
    // not those its prose names (`**Purpose**: unblock FR-002 work in Phase 5`: a review).
    // Or the ids its line ends with after `per` or a verb that says so (`**Purpose**: Cloudflare setup guide … per FR-032 to FR-036`).
    else if (PURPOSE_LABEL.test(text)) {
      const listed = LISTED_AT_END.exec(text)?.[1] ?? perAtEnd(text);
      if (listed !== null) visit(line, listed);
    }
  }
}
