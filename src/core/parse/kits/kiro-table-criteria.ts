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
import type { KitItem } from './kit-read.js';
import { NO_CONTEXT } from './pick-items.js';

/** A prefixed requirement's id's last part (`FR-1`, `NFR-6b`). */
const PREFIXED_ID = new RegExp(`^(?:${REQUIREMENT_PREFIX})-\\d+[a-z]?$`);
/** A table row's first two cells: `| FR-1.1 | text |` (the id maybe in bold or in backticks; `\|` is a pipe of the text). */
const ROW = /^ {0,3}\|[ \t]*(?:\*\*|`)?([A-Z]{1,4}-\d+[a-z]?)\.(\d+)(?:\*\*|`)?[ \t]*\|((?:\\\||[^|\n])*)/;
/** A heading line: its level and title. */
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;

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
    // In the requirement's own lines or under its criteria heading, not another sub-heading (`under`); outside an HTML comment (`comment`).
    let under = true;
    let comment = false;
    forEachLineOutsideFences(item.text, (line, index) => {
      if (comment) {
        comment = !line.includes('-->');
        return;
      }
      if (line.lastIndexOf('<!--') > line.lastIndexOf('-->')) {
        comment = true;
        return;
      }
      const heading = index === 0 ? null : HEADING.exec(line);
      if (heading !== null) under = CRITERIA_HEADING.test(heading[2]!);
      const row = under ? ROW.exec(line) : null;
      // A row may write another requirement's id of the file that has no criterion otherwise (`| FR-12.3 |` in FR-11's table: a slip
      // EPM-UIMOCK's tasks cite as written, `12.3`): that requirement's criterion, as written.
      const owner = row === null ? '' : `${scope}${row[1]!}`;
      if (row === null || !requirements.has(owner) || (owner !== item.id && parents.has(owner)) || row[3]!.trim() === '') return;
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
