/**
 * What a kit reader gives for one file (KITS §2–4): its items — id, type, title, lines, box —
 * and the references each wrote, in the relations of TRACE §1. A reader is a pure function of
 * the file's text and where it sits; the model stage turns its answer into nodes, and nothing
 * after that knows one kit from another.
 */
import type { ContextRelation } from '../../shared/relations.js';

/** A reference an item (or the document) wrote: the relation, the full id it names, where. */
export interface KitRef {
  readonly relation: ContextRelation;
  /** The full id (`auth/R1.1`). */
  readonly id: string;
  /** 1-based line of the file it is written on. */
  readonly line: number;
  /** How it is written, for messages (`_Requirements: 9.9_`, `[US4]`, `nested under 2.`). */
  readonly written: string;
}

/** A Spec Kit task's id in bold and a colon before its box (`1.  **T018**: [x] Create …`: speckit-by-place.ts reads it, box-splice.ts writes the box after it), a pattern's source; the id a group when `capture`. */
export const boldTaskId = (capture: boolean): string => String.raw`\*\*(${capture ? '' : '?:'}T\d{3}[a-z]?)\*\*[ \t]*[:：][ \t]+`;
/** A task's box: ` ` open, `x` done, `-` in progress (`[~]` reads as `-`), `dropped`: a word that says it will not be done (`[SKIP]`, `[deferred]`, `[N/A]`). */
export type Box = ' ' | 'x' | '-' | 'dropped';
/** What `docugraph done`, `start` and `reopen` write in a box. */
export type WrittenBox = Exclude<Box, 'dropped'>;

export interface KitItem {
  /** The full id (`<scope>/T2.1`). */
  readonly id: string;
  /** `requirement`, `acceptance-criterion`, `task`, `user-story`, `functional-requirement`, `success-criterion`. */
  readonly type: string;
  /** One line, as written (see each reader). */
  readonly title: string;
  /** First and last line of its own span, 1-based, inclusive. */
  readonly line: number;
  readonly end: number;
  /** Those lines (a slice of the file's text). */
  readonly text: string;
  /** A task's box; `null` for the other items. */
  readonly box: Box | null;
  /** What it wrote, with its enclosing item (`refines`) first: at most `MAX_ITEM_REFS` ids (see `ItemRefs`). */
  readonly refs: readonly KitRef[];
  /** When it wrote more ids than a reader keeps (`ItemRefs`): how many it kept, how many more it wrote, the line of the first of those; else `null`. */
  readonly cut: { readonly kept: number; readonly count: number; readonly line: number } | null;
  /** The feature's documents a task needs when they exist (`<scope>/design`, …): `depends_on` each one present. */
  readonly context: readonly string[];
}

export interface KitRead {
  /** In file order. */
  readonly items: readonly KitItem[];
  /** What the document itself wrote (an OpenSpec delta spec `refines` the requirements it modifies). */
  readonly documentRefs: readonly KitRef[];
}

export const NO_KIT_READ: KitRead = Object.freeze({ items: Object.freeze([]), documentRefs: Object.freeze([]) });

/**
 * The words a box may hold for a task that will not be done, in any case (D-542): `- [SKIP] T027 …` (rengotaku/obsidian-importer),
 * `- [deferred] 1.4 …` (legout/parallel-requests), `- [N/A] T037 …` (maslennikov-ig/Symancy), `- [N/A] 17. …` (zhuanggenhua/BoardGame);
 * and the skip sign, `- [⏭️] 6.1 Implement budget threshold monitoring **[SKIPPED]**` (MaximilianLS98/personal-finance-app).
 */
const DROPPED_WORDS = ['skip', 'skipped', 'deferred', 'n/a', 'cancelled', 'canceled', 'wontfix', 'dropped', 'obsolete'];
const caseless = (word: string): string => [...word].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join('');
/** Whether a box's mark (as `BOX_MARK` matched it) is one of `DROPPED_WORDS`. */
const isDroppedWord = (mark: string): boolean => mark === '⏭' || (mark.length > 1 && DROPPED_WORDS.includes(mark.toLowerCase()));

/**
 * What a box holds, a pattern's source (every reader of boxes and `docugraph done` read the same marks): nothing, a space, `x` or `X`
 * (done), `-` or `~` (started), `!` (blocked: open), a tick (`✅`, `✓`, `✔`, with an emoji's selector: done), or a word that says the
 * task will not be done (`DROPPED_WORDS`), or the skip sign `⏭`.
 */
const MARK = String.raw`[ xX~!✅✓✔-]?\uFE0F?`;
export const BOX_MARK = String.raw`(?:${MARK}|⏭\uFE0F?|${DROPPED_WORDS.map(caseless).join('|')})`;

/**
 * A GFM task box at the start of a list item's text: the box, and where the rest starts (Kiro's
 * optional `*`, escaped `\*` by a formatter, after it, with no space before the number too: `- [ ]*5.2 …`, hachian/itzpapa); a box
 * written right before a full-width character (`- [x]（…`, as the openspec CLI counts it) too.
 */
const BOX = new RegExp(String.raw`^\[(${BOX_MARK})\](\\?\*)?(?:[ \t]+|$|(?=[\u3000-\u30ff\uff00-\uffef])|(?<=\*)(?=\d))`);

/** A task written as a heading is done when the heading carries one of these: `✅`, or a checked box `[x]`. */
export const HEADING_DONE = /✅|\[[xX]\]/;
/** A task's title as compared with another's: its case and spaces aside. */
export const titleKey = (title: string): string => title.toLowerCase().replace(/\s+/g, ' ').trim();
/** A heading written as a box (`### - [x] 1. Title`, `### - [x] T001 [US1] Title`: 5rbit/mxrc): the text after the box (a checked box in a heading says done: HEADING_DONE; a word, `### - [SKIP] …`, is no box there). */
export const BOXED_HEADING = new RegExp(String.raw`^[-*+][ \t]+\[${MARK}\][ \t]+(.*)$`);

/**
 * A user story written as a heading by its id (`US-1: Title`, `US2 — Title`, `US-5.1: Title`; not
 * `US-004-P1-001 : …`, whose id goes on): its number and title. Kiro's requirements.md and Spec
 * Kit's spec.md alike.
 */
export const STORY_BY_ID = /^US-?(\d+(?:\.\d+)?)(?![\d.]|-\S)[ \t]*[:：.\-–—][ \t]*(\S.*)$/;

/** A story's number as its id writes it: without leading zeros, part by part (`01` is `1`; `3.5`, a story inserted after 3, stays `3.5`; `3.10` is not `3.1`). */
export function storyNumber(written: string): string {
  return written
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? String(Number(part)) : part.replace(/^0+(?=\d)/, '')))
    .join('.');
}

/** The box that opens `text` (`[ ]`, `[x]`, `[X]`, `[-]`, `[~]`, `[!]`, `[✅]`, optionally followed by Kiro's `*` or `\*`), and the text after it. */
export function readBox(text: string): { box: Box; rest: string } | null {
  const match = BOX.exec(text);
  if (match === null) return null;
  const mark = match[1]!.replace('\uFE0F', '');
  // `[]` (no space inside, as some write an open box): open. A blocked task's `[!]` (fmbetancourt/famifinances) is open too; a
  // tick in the box (`[✅]`, `[✓]`: Nandakumar333/WahadiniVentures) is done.
  const box: Box = mark === ' ' || mark === '' || mark === '!' ? ' ' : mark === 'x' || mark === 'X' || mark === '✅' || mark === '✓' || mark === '✔' ? 'x' : isDroppedWord(mark) ? 'dropped' : '-';
  return { box, rest: text.slice(match[0].length) };
}

/**
 * Spec Kit's box, or its parallel mark written where the box goes, before a task's id (`- [P] **T002** Define the
 * data model`: akiojin/unity-mcp-server): an open task. Not a note that names several tasks (`- [P] T102 と T104/T105
 * は並行可`, `- [P] T01-01, T01-02 are independent`, `- [P] T007 y T009 en paralelo`, `- [P] **T003** (hook), **T010**
 * (board) …`), nor a mark before no id (`- [P] タスク = 異なるファイル`); a note whose first id is a task of its file
 * is dropped by the reader too (read-speckit.ts). Spec Kit's alone: OpenSpec numbers unnumbered boxes by their place.
 */
export function readSpecKitBox(text: string): { box: Box; rest: string } | null {
  const box = readBox(text);
  if (box !== null) return box;
  const match = PARALLEL_BOX.exec(text);
  if (match === null) return null;
  const rest = text.slice(match[0].length);
  return LISTED.test(rest.slice(match[1]!.length)) ? null : { box: ' ', rest };
}

/** `[P]`, then a task's id: `**T002**`, `T002`, `T01-01`, `T009a`, `T012.1`. */
const PARALLEL_BOX = /^\[P\][ \t]+(?=(\*\*T\d{2,}(?:[-.]\d+)*[a-z]?\*\*|T\d{2,}(?:[-.]\d+)*[a-z]?(?![\w-])))/;
/**
 * After the first id, another joined to it as in a list, its words in parentheses aside: `T102 と T104`, `T111,T112`,
 * `T020 与 T021`, `T007 y T009`, `T01-09 and T01-10`, `T05 – T07`, `**T003** (hook), **T010**`. (A note whose first id
 * is a task, `T003 (tests) en paralelo con T004`, is dropped by the reader.)
 */
const LISTED = /^[ \t]*(?:\([^)\n]*\)[ \t]*)?(?:[,、/&+|~→–-]|と|与|和|및|(?:and|or|to|with|y|e|o)(?![\w-]))[ \t]*(?:\*\*)?T\d{2,}/i;

/**
 * The most ids one item's references stand for, ranges expanded (`_Requirements: 1.1–1.99,
 * 2.1–2.99, …_` is 99 ids a range): an item names a few criteria or tasks, not thousands.
 */
export const MAX_ITEM_REFS = 500;

/**
 * The references one item wrote, as its reader finds them: at most `MAX_ITEM_REFS` ids, and
 * no more than the item's lines have characters — so the ids of a whole file never outnumber
 * its bytes, however its ranges multiply. The ids beyond are counted (`cut`, from the line of
 * the first), never made: a reader asks `room` before it expands a range.
 */
export class ItemRefs {
  readonly refs: KitRef[] = [];
  cut = 0;
  cutLine = 0;

  constructor(readonly cap: number) {}

  /** How many more ids are kept. */
  get room(): number {
    return this.cap - this.refs.length;
  }

  add(ref: KitRef): void {
    if (this.refs.length < this.cap) this.refs.push(ref);
    else this.count(1, ref.line);
  }

  /** `n` more ids written on `line` that are not kept. */
  count(n: number, line: number): void {
    if (n <= 0) return;
    if (this.cut === 0) this.cutLine = line;
    this.cut += n;
  }
}

/** Every match of `pattern` (global) in `text`, with the file line it starts on (`lineAt` of its offset in `text`). */
export function* matchesIn(pattern: RegExp, text: string, lineAt: (offset: number) => number): Generator<{ match: RegExpExecArray; line: number }> {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0] === '') pattern.lastIndex += 1;
    yield { match, line: lineAt(match.index + (match[0].length - match[0].trimStart().length)) };
  }
}

export { MAX_RANGE, numberList, type Numbers } from './number-list.js';
