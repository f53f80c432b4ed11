/**
 * Criteria a Kiro requirements.md adds to a requirement later in the file, after a line that
 * names it and its criteria (`Requirement 7（カテゴリ別テンプレート返信）への追加Acceptance Criteria:`, then
 * `6. The Portal shall …`: yuitosuenaga/daiso-portal-mock, whose dated `### 追加要望` sections
 * add them, and tasks cite `7.6`). The line is read here; kiro-requirements.ts makes the
 * numbered lines after it the requirement's criteria, each whose number it does not have yet
 * (one it has is a revision of it: `1. （改訂）…`).
 */

/** The line's opening: the requirement's word and number (not one inserted later, `Requirement 13.4`). */
const OPENS = /^ {0,3}(?:\*\*)?(?:Requirements?|Requisitos?|Requerimiento|要件|需求|요구사항)[ \t]*(\d+)(?![\d.])/i;
/** The words for acceptance criteria, in the languages Kiro writes them (a pattern's source: `CRITERIA_HEADING`, kiro-criteria.ts, is made of it). */
export const CRITERIA_WORDS = String.raw`acceptance\s+criteria|受け入れ(?:基準|条件)|受入れ?(?:基準|条件)|验收标准|驗收標準|接受标准|验收条件|인수\s*기준|수용\s*기준|criterios\s+de\s+aceptaci[oó]n|crit[eé]rios\s+de\s+aceita[cç][aã]o|crit[eè]res\s+d['’]acceptation|akzeptanzkriterien|критерии\s+при[её]мки`;
/** The criteria's words at its end. */
const CRITERIA_AT_END = new RegExp(`(?:${CRITERIA_WORDS})$`, 'i');

/** The number of the requirement a line adds criteria to (`Requirement 8 … Acceptance Criteria:`, ending with its colon), or `null`. */
export function addendumOf(line: string): string | null {
  const open = OPENS.exec(line);
  if (open === null) return null;
  let end = line.trimEnd();
  if (end.endsWith('**')) end = end.slice(0, -2).trimEnd();
  if (!end.endsWith(':') && !end.endsWith('：')) return null;
  // The criteria's words right before the colon (`への追加Acceptance Criteria:`), not somewhere in a sentence (`Requirement 3 acceptance
  // criteria were reviewed by …, the following:`, a review); a line of at most 200 characters.
  end = end.slice(0, -1).trimEnd();
  if (end.endsWith('**')) end = end.slice(0, -2).trimEnd();
  return end.length <= 200 && CRITERIA_AT_END.test(end) ? open[1]! : null;
}
