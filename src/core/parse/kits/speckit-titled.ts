/**
 * A Spec Kit requirement whose bold holds its title too (KITS §7): `- **FR-006: Implement gRPC endpoints ONLY** (Register, …)`
 * (proerror77/Nova), `- **FR-001 — Generation gate**: System MUST …` (Najam-ul-islam/progress-tracker), `- **FR-003 - Export**:`. The weaker form: the
 * same look is a summary's or a change log's (`- **FR-006: Implement gRPC endpoints** (P1)` above `### FR-006:` headings,
 * `- **FR-002: Changed** — …`: a review), so it defines only an id the file defines no other way, once.
 */
import { PART_CODE, REQUIREMENT_PREFIX } from '../../shared/requirement-prefixes.js';

/** The letter after a requirement id's number, one inserted later (`FR-007a`, `FR-004A`); not a placeholder's `X` or `N` (`FR-00N`: yepengfan/SpecOps). */
export const ID_LETTER = '[a-zA-MO-WYZ]';

/**
 * The id, a colon or a dash between spaces, a title that opens with no space (linear: the title cannot take the spaces
 * before it, which made a long run of them quadratic — a review) and is no second id (`**FR-003 – FR-005**`, a range), then
 * the bold's end and the rest.
 */
const TITLED_IN_BOLD = new RegExp(
  `^\\*\\*((?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d+(?:-\\d+)*${ID_LETTER}?)[ \\t]*(?:[:：]|[ \\t][—–-][ \\t])[ \\t]*(?!(?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d)([^*\\n \\t][^*\\n]*)\\*\\*([\\s\\S]*)$`,
);
/** Another requirement titled in bold on its first line (`**FR-008: gRPC only** and **FR-009: REST gateway**`): a list, not one requirement; a bare `**FR-001**` there is a cross-reference (a review). */
const ANOTHER_IN_BOLD = new RegExp(`\\*\\*(?:${REQUIREMENT_PREFIX})${PART_CODE}-\\d+[\\w-]*[ \\t]*(?:[:：]|[ \\t][—–-][ \\t])`);

/** As a match of the strong forms: the whole, the id, the text (the title and the rest, without the bold); `null` when the item is none. */
export function titledInBold(text: string): string[] | null {
  const match = TITLED_IN_BOLD.exec(text);
  const rest = match === null ? '' : match[3]!;
  const newline = rest.indexOf('\n');
  if (match === null || ANOTHER_IN_BOLD.test(newline === -1 ? rest : rest.slice(0, newline))) return null;
  return [match[0], match[1]!, `${match[2]!}${match[3]!}`];
}
