/**
 * The Kiro reader (KITS §2–3; cc-sdd writes the same files): `.kiro/specs/<feature>/`
 * requirements.md holds `### Requirement N` headings, each with numbered acceptance criteria
 * under an `Acceptance Criteria` heading; tasks.md holds checkbox tasks numbered `1.`, `1.1`,
 * which cite criteria (`_Requirements: 1.1, 2.3_`), other tasks (`_Depends: 4.1_`) and what
 * they test (`**Validates: Requirements 1.2**`).
 */
import type { KitPlace } from '../../read/kit-paths.js';
import { headingTitle, oneLine, type Outline } from './outline.js';
import { matchesIn, NO_KIT_READ, numberList, type KitRead, type KitRef } from './kit-read.js';
import { itemsOf, NO_CONTEXT, pickTasks, type Picked, type Span } from './pick-items.js';

/** `Requirement 3`, `Requirement 3: Name`, `Requirement 3 — Name`; cc-sdd's Japanese `要件3: Name`. */
const REQUIREMENT = /^(?:Requirement\s+|要件\s*)(\d+)(?![\d.])\s*(?:[:：.\-–—]\s*)?(.*)$/i;
const CRITERIA_HEADING = /^(?:acceptance\s+criteria|受け入れ基準)\s*[:：]?$/i;
/** The user story (cc-sdd: `**Objective:**`, `**ユーザーストーリー:**`): its paragraph, which may wrap onto more lines. */
const USER_STORY = /\*\*(?:User Story|Objective|ユーザーストーリー)[:：]?\*\*[:：]?[ \t]*(.+(?:\n(?![ \t]*\n)(?![ \t]*#).+)*)/i;
/** After the box: the task's number (`1.`, `1.1`, `**2.3**`, `3.4*`: optional), then its text. */
const TASK_NUMBER = /^(?:\*\*)?(\d+(?:\.\d+)*)\.?(?:\*\*)?\*?(?:[ \t]+|$)([\s\S]*)$/;
/** Where a label's value starts (`_Requirements: `, `_Depends: `, `**Validates: `): group 1 is the `_` or `**` that opens it, if any. */
const REQUIREMENTS_LABEL = /(?:^|[\s(])(_|\*\*)?Requirements?(?:\*\*)?[ \t]*:[ \t]*(?:\*\*)?/gim;
const DEPENDS_LABEL = /(?:^|[\s(])(_|\*\*)?Depends(?:[ \t]+on)?(?:\*\*)?[ \t]*:[ \t]*(?:\*\*)?/gim;
const VALIDATES_LABEL = /(?:^|[\s(])(_|\*\*)?Validates(?:\*\*)?[ \t]*:[ \t]*(?:\*\*)?/gim;
/** The longest value read after a label: a list of numbers, not a chapter. */
const MAX_VALUE = 4000;

export function readKiro(outline: Outline, place: KitPlace): KitRead {
  if (place.stem === 'requirements') return requirements(outline, place.scope);
  if (place.stem === 'tasks') return tasks(outline, place.scope);
  return NO_KIT_READ;
}

function requirements(outline: Outline, scope: string): KitRead {
  const { entries } = outline;
  const picked = new Map<number, Picked>();
  let requirement: { n: string; level: number; id: string } | null = null;
  let criteria = -1;
  let count = 0;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    if (entry.kind === 'heading') {
      if (requirement !== null && entry.level <= requirement.level) requirement = null;
      if (criteria !== -1 && entry.level <= entries[criteria]!.level) criteria = -1;
      const title = headingTitle(entry.text);
      const match = REQUIREMENT.exec(title);
      if (match !== null) {
        requirement = { n: match[1]!, level: entry.level, id: `${scope}/R${match[1]!}` };
        criteria = -1;
        count = 0;
        picked.set(i, { id: requirement.id, type: 'requirement', title: match[2]!.trim(), parent: null });
      } else if (requirement !== null && CRITERIA_HEADING.test(title)) {
        criteria = i;
        count = 0;
      }
      continue;
    }
    if (requirement === null || criteria === -1 || entry.heading !== criteria || !entry.ordered || entry.parent !== -1) continue;
    count += 1;
    picked.set(i, { id: `${scope}/R${requirement.n}.${count}`, type: 'acceptance-criterion', title: oneLine(entry.text), parent: requirement.id });
  }
  return { items: itemsOf(outline, picked, (item, span) => {
    // A requirement without a name is known by its user story.
    if (item.type === 'requirement' && item.title === '') {
      const story = USER_STORY.exec(span.text);
      item.title = story === null ? item.id.slice(scope.length + 1).replace(/^R/, 'Requirement ') : headingTitle(story[1]!);
    }
    return [];
  }, () => null, NO_CONTEXT), documentRefs: [] };
}

function tasks(outline: Outline, scope: string): KitRead {
  const { picked, boxes } = pickTasks(outline, scope, TASK_NUMBER, 'T', true);
  const context = [`${scope}/design`];
  return {
    items: itemsOf(outline, picked, (_item, span) => {
      const refs: KitRef[] = [];
      for (const { value, line } of labelValues(REQUIREMENTS_LABEL, span)) {
        for (const n of numberList(value)) refs.push({ relation: 'implements', id: `${scope}/R${n}`, line, written: `_Requirements: ${n}_` });
      }
      for (const { value, line } of labelValues(DEPENDS_LABEL, span)) {
        for (const n of numberList(value)) refs.push({ relation: 'depends_on', id: `${scope}/T${n}`, line, written: `_Depends: ${n}_` });
      }
      for (const { value, line } of labelValues(VALIDATES_LABEL, span)) {
        for (const n of numberList(value)) refs.push({ relation: 'verifies', id: `${scope}/R${n}`, line, written: `**Validates: Requirements ${n}**` });
      }
      return refs;
    }, (i) => boxes.get(i) ?? null, context),
    documentRefs: [],
  };
}

/**
 * The value after each match of `label` in a span, line by line (with the file line each part
 * is on): an italic or bold label's value runs to its closing `_` or `**`, across line breaks
 * (a long list wraps) but not past a blank line; a plain one to the end of its line.
 */
function* labelValues(label: RegExp, span: Span): Generator<{ value: string; line: number }> {
  const { text } = span;
  for (const { match, line } of matchesIn(label, text, span.lineAt)) {
    const start = match.index + match[0].length;
    const limit = Math.min(text.length, start + MAX_VALUE);
    const ends = match[1] === undefined ? ['\n', '_', '*'] : [match[1] === '_' ? '_' : '*', '\n\n'];
    let end = limit;
    for (const stop of ends) {
      const at = text.indexOf(stop, start);
      if (at !== -1 && at < end) end = at;
    }
    const parts = text.slice(start, end).split('\n');
    for (let k = 0; k < parts.length; k += 1) if (parts[k]!.trim() !== '') yield { value: parts[k]!, line: line + k };
  }
}
