/**
 * Kiro's bugfix spec (bugfix.md, KITS §7): its numbered clauses, which its tasks cite as a
 * requirements.md's criteria.
 */
import { headingTitle, oneLine, spanText, type Outline } from './outline.js';
import type { OutlineEntry } from './outline-entry.js';
import type { KitRead } from './kit-read.js';
import { itemsOf, NO_CONTEXT, type Picked } from './pick-items.js';

/**
 * Kiro's bugfix spec (bugfix.md): numbered clauses under its behaviour headings — `1.1 WHEN … THEN …`
 * under `### Current Behavior (Defect)`, `2.1 …` under `### Expected Behavior (Correct)`, `3.1 …`
 * under `### Unchanged Behavior (Regression Prevention)` — which its tasks cite as a requirements.md's
 * criteria (`_Requirements: 1.1, 2.1_`: phan-tuan-thanh/mpm). Clause `N.M` is criterion `R<N>.<M>` (`2.3.1`: `R2.3.1`) of
 * requirement `R<N>`, the heading its first clause `N.` sits under (a heading taken once).
 */
export function kiroBugfix(outline: Outline, scope: string): KitRead {
  const { entries } = outline;
  const picked = new Map<number, Picked>();
  const requirements = new Map<string, string | null>();
  const taken = new Set<number>();
  const clauses = new Set<string>();
  entries.forEach((entry, i) => {
    const written = entry.kind === 'line' ? CLAUSE.exec(entry.number!) : null;
    // A clause says what the system does, in EARS words (`WHEN … THEN …`, `… SHALL …`): a wrapped line of prose that starts with `1.5` is none (a review).
    if (written === null || !(saysEars(entry.text) || wrappedClause(outline, entry))) return;
    const n = written[1]!;
    const clause = `${n}.${Number(written[2]!)}`;
    // A clause of three parts is one added under a clause read before it (`2.3.1` under `2.3`): alone, it is a version in a wrapped line of prose.
    if (written[3] !== undefined && !clauses.has(clause)) return;
    clauses.add(clause);
    if (!requirements.has(n)) {
      const heading = entry.heading;
      const free = heading !== -1 && !taken.has(heading);
      requirements.set(n, free ? `${scope}/R${n}` : null);
      if (free) {
        taken.add(heading);
        picked.set(heading, { id: `${scope}/R${n}`, type: 'requirement', title: headingTitle(entries[heading]!.text), parent: null });
      }
    }
    const part = written[3] === undefined ? '' : `.${Number(written[3])}`;
    picked.set(i, { id: `${scope}/R${clause}${part}`, type: 'acceptance-criterion', title: oneLine(entry.text), parent: requirements.get(n) ?? null });
  });
  return { items: itemsOf(outline, picked, () => {}, () => null, NO_CONTEXT), documentRefs: [] };
}

/**
 * Whether `text` says what a system does in the EARS words a bugfix clause is written with: `WHEN`/`IF`/`WHILE`/
 * `WHERE` … `THEN`, or `SHALL`; in capitals in Portuguese (`2.13 QUANDO o admin acessa … ENTÃO o sistema DEVE …`:
 * Brunobiu/FreteGOBR), Spanish, French and German too. Linear: the `THEN` is looked for once, after the first `WHEN`
 * (one pattern `WHEN[\s\S]*THEN` went back over the rest of the text for each `WHEN`: a review).
 */
function saysEars(text: string): boolean {
  if (MODAL.test(text)) return true;
  const opener = OPENER.exec(text);
  if (opener === null) return false;
  THEN.lastIndex = opener.index + opener[0].length;
  return THEN.test(text);
}

const WORD_END = '(?![\\p{L}\\p{N}])';
const OPENERS = 'WHEN|IF|WHILE|WHERE|QUANDO|SE|ENQUANTO|ONDE|CUANDO|SI|MIENTRAS|DONDE|QUAND|LORSQUE|WENN|FALLS|SOLANGE';
const OPENER = new RegExp(`(?<![\\p{L}\\p{N}])(?:${OPENERS})${WORD_END}`, 'u');
const THEN = new RegExp(`(?<![\\p{L}\\p{N}])(?:THEN|ENTÃO|ENTAO|ENTONCES|ALORS|DANN)${WORD_END}`, 'gu');
const MODAL = new RegExp(`(?<![\\p{L}\\p{N}])(?:SHALL|DEVE|DEBE|DOIT|MUSS|SOLL)${WORD_END}`, 'u');
/** A clause's first line that opens with an EARS condition (`WHEN …`). */
const OPENS = new RegExp(`^(?:${OPENERS})${WORD_END}`, 'u');

/**
 * A clause wrapped before its `THEN` (`1.4 WHEN \`CalendarStats.fromJson\` processes … list whose` / `elements are …
 * THEN the system throws`: Markovnikov-Song/study-assistant-app): its first line opens with the condition, and its
 * paragraph's next lines say the rest. Not prose that a number starts (`2.1 of the app: the service` / `SHALL retry`),
 * nor a line a quote's paragraph runs on (`> history THEN it crashes.`: a review).
 */
function wrappedClause(outline: Outline, entry: OutlineEntry): boolean {
  if (entry.last === entry.line || !OPENS.test(entry.text)) return false;
  const { text } = spanText(outline, entry.line, entry.last);
  return !/^[ \t]*>/m.test(text) && saysEars(text);
}

/**
 * A bugfix clause's number: `1.1`, or a clause added under another, `2.3.1` (murilobc/d2r-desktop: its tasks cite
 * `_Requirements: 2.1, 2.3.1_`), a criterion of the same requirement — after clause `2.3`.
 */
const CLAUSE = /^(\d+)\.(\d+)(?:\.(\d+))?$/;
