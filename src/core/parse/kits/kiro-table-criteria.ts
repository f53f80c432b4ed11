/**
 * A prefixed Kiro requirement's criteria kept in a table (D-556): under `### FR-1: レイアウト一覧表示` and its
 * `#### Acceptance Criteria`, rows `| FR-1.1 | When ユーザーが会議種別を選択した時, the Report Layout Service shall … | P1 |`
 * (tkrrrrkt/EPM-UIMOCK, seven features) — each row whose first cell is the requirement's id and a criterion's number
 * is that criterion (`FR-1.1`), titled by its second cell; one that writes another requirement's id of the file is that
 * one's, as written. Read only in the table of a requirement that has no criterion otherwise.
 */
import { forEachLineOutsideFences } from '../block-lines.js';
import { REQUIREMENT_PREFIX } from '../../shared/requirement-prefixes.js';
import { oneLine } from './outline.js';
import { CRITERIA_HEADING } from './kiro-criteria.js';
import { CRITERIA_WORDS } from './kiro-addenda.js';
import type { KitItem } from './kit-read.js';
import { NO_CONTEXT } from './pick-items.js';

/** A heading of checks on the criteria, not of criteria: verification, tests, status, traceability, coverage. */
const CHECKS = /verif|\btests?\b|\btesting\b|status|trace|mapping|coverage|検証|テスト|状態|追跡|验证|驗證|测试|測試|状态|狀態|追溯/i;
/** A cell that holds no criterion's text: empty, or ids, marks and state words only. */
const NO_TEXT = /^(?:[\s,、;/|*`~-]|[A-Z]{1,4}-?\d+(?:\.\d+)*[a-z]?|done|todo|to do|pending|open|closed|passed|pass|failed|fail|ok|yes|no|n\/a|tbd|wip|verified|✅|❌|⏳|✓|✔|✗|☐|☑)*$/iu;
/** A code span (`` `<!-- marker` ``): no comment opens in it (a review). */
const CODE_SPAN = /`[^`\n]*`/g;
/** A prefixed requirement's id's last part (`FR-1`, `NFR-6b`). */
const PREFIXED_ID = new RegExp(`^(?:${REQUIREMENT_PREFIX})-\\d+[a-z]?$`);
/** A table row's first two cells: `| FR-1.1 | text |` (the id maybe in bold or in backticks; `\|` is a pipe of the text). */
const ROW = /^ {0,3}\|[ \t]*(?:\*\*|`)?([A-Z]{1,4}-\d+[a-z]?)\.(\d+)(?:\*\*|`)?[ \t]*\|((?:\\\||[^|\n])*)/;
/** A heading line: its level and title (its closing `#`s and spaces trimmed by hand: a lazy pattern before them is quadratic, a review). */
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
/** A heading that opens with the words for criteria, whatever follows (`#### Acceptance Criteria Table`: a review). */
const CRITERIA_OPENING = new RegExp(String.raw`^(?:${CRITERIA_WORDS})(?![\p{L}])`, 'iu');

/** A heading's title without the `#`s and spaces that close it. */
function headingText(raw: string): string {
  let end = raw.length;
  while (end > 0 && (raw[end - 1] === ' ' || raw[end - 1] === '\t' || raw[end - 1] === '#')) end -= 1;
  return raw.slice(0, end);
}

/**
 * `items` (a requirements file's, in file order) with the table rows of each prefixed requirement that has no criterion
 * as its criteria, after it: only rows in its own lines or under its criteria heading (`#### Acceptance Criteria`), not
 * under another of its sub-headings (`#### Traceability`), nor in a fence or an HTML comment; the requirement's own lines
 * end before its first row. Linear: each requirement's lines are looked at once (its span holds them: no item is inside it).
 */
export function tableCriteria(items: readonly KitItem[]): readonly KitItem[] {
  const parents = new Set<string>();
  const requirements = new Set<string>();
  for (const item of items) {
    if (item.type === 'requirement') requirements.add(item.id);
    for (const ref of item.refs) if (ref.relation === 'refines' && item.type === 'acceptance-criterion') parents.add(ref.id);
  }
  let out: KitItem[] | null = null;
  items.forEach((item, k) => {
    const tail = item.id.slice(item.id.lastIndexOf('/') + 1);
    if (item.type !== 'requirement' || !PREFIXED_ID.test(tail) || parents.has(item.id) || !item.text.includes('|')) {
      out?.push(item);
      return;
    }
    const rows: KitItem[] = [];
    const scope = item.id.slice(0, item.id.length - tail.length);
    // In the requirement's own lines or under its criteria heading (`criteria`: its level), and the headings deeper than that
    // (`##### Happy path`: a review), not another sub-heading (`under`); outside an HTML comment (`comment`; not one written in code).
    let under = true;
    let criteria = 0;
    let comment = false;
    forEachLineOutsideFences(item.text, (line, index) => {
      if (comment) {
        comment = !line.includes('-->');
        return;
      }
      const bare = line.includes('`') ? line.replace(CODE_SPAN, '') : line;
      if (bare.lastIndexOf('<!--') > bare.lastIndexOf('-->')) {
        comment = true;
        return;
      }
      const heading = index === 0 ? null : HEADING.exec(line);
      if (heading !== null) {
        const level = heading[1]!.length;
        const title = headingText(heading[2] ?? '');
        // Not a heading of checks over them, deeper or opening with the criteria words (`##### Verification`, `#### Acceptance Criteria Status`: a review).
        const group = criteria !== 0 && level > criteria;
        if (CHECKS.test(title)) (under = false), (criteria = group ? criteria : 0);
        else if (CRITERIA_HEADING.test(title) || CRITERIA_OPENING.test(title)) (under = true), (criteria = level);
        else (under = group), (criteria = group ? criteria : 0);
      }
      const row = under ? ROW.exec(line) : null;
      // A row may write another requirement's id of the file that has no criterion otherwise (`| FR-12.3 |` in FR-11's table: a slip
      // EPM-UIMOCK's tasks cite as written, `12.3`): that requirement's criterion, as written.
      const owner = row === null ? '' : `${scope}${row[1]!}`;
      // A cell of ids or states only is no criterion's text (`| FR-1.1 | T1, T2 | done |` in a verification or status table: a review).
      if (row === null || !requirements.has(owner) || (owner !== item.id && parents.has(owner)) || NO_TEXT.test(row[3]!)) return;
      const at = item.line + index;
      rows.push({ id: `${owner}.${Number(row[2])}`, type: 'acceptance-criterion', title: oneLine(row[3]!.trim().replace(/\\\|/g, '|')), line: at, end: at, text: line, box: null, refs: [{ relation: 'refines', id: owner, line: at, written: 'nested under' }], cut: null, context: NO_CONTEXT });
    });
    if (rows.length === 0) {
      out?.push(item);
      return;
    }
    out ??= items.slice(0, k);
    // Its own lines end before its first row (no text in two items), blank ones dropped.
    const own = item.text.split('\n').slice(0, rows[0]!.line - item.line);
    while (own.length > 1 && own.at(-1)!.trim() === '') own.pop();
    out.push({ ...item, end: item.line + own.length - 1, text: own.join('\n') });
    for (const row of rows) out.push(row);
  });
  return out ?? items;
}
