/**
 * KITS §7: the defect clauses of a Kiro bugfix spec — the numbered clauses under its defect heading
 * (`### Current Behavior (Defect)`), which say what the system does wrong today. The fix removes a
 * defect; no task implements it, so the kit's default coverage rule does not hold these clauses (a
 * task may still cite one — a test written first to show the bug — and the link is kept).
 *
 * A clause is a defect clause by the heading it sits under, the nearest of its headings that names a
 * behaviour section: a defect heading (the template's words or a translation), or another section
 * (`Expected Behavior (Correct)`, `Unchanged Behavior (Regression Prevention)`, `… to Preserve`)
 * — not by its number: teams group clauses by bug (`### Bug 2 — …` › `#### Current Behavior`, clauses
 * `2.1`, then `#### Expected Behavior`, `2.2`), and nest a heading under the defect one
 * (`### Current Behavior (Defect)` › `#### Acceptance Criteria`: perezjoseph/Gestion-inmobiliaria).
 */
import { frontmatterBody } from '../parse/frontmatter.js';
import { outlineOf } from '../parse/kits/outline.js';
import type { Workspace } from '../shared/types.js';

/** A heading over what the system does wrong now: Kiro's `Current Behavior (Defect)`, and what teams write instead, in their languages. */
const DEFECT =
  /^(?:current|actual|observed)\s+behaviou?r|^defects?\b|[(（]\s*(?:defect|bug|defeito|defecto|défaut|fehler|不具合|缺陷|バグ|결함|버그)\s*[)）]|^(?:現在の(?:動作|挙動)|当前(?:行为|表现)|目前行为|현재\s*(?:동작|행동)|comportamento\s+atual|comportamiento\s+actual|comportement\s+actuel|aktuelles\s+verhalten)/i;
/** A heading over another behaviour section: what the fix makes true, or keeps (checked first: `Expected Behavior (defect fixed)`, `Current Behavior to Preserve`). */
const OTHER =
  /expected|\bcorrect|unchanged|regression|preserv|\bfixed|期待|期望|正确|正しい|変更されない|不变|回归|回帰|esperad|\bcorret|attendu|inchang|erwartet|unverändert|예상|기대|변경되지|회귀/i;

/** Whether a criterion (by id) is a defect clause; each bugfix.md's outline is made once. */
export function defectClause(workspace: Workspace): (id: string) => boolean {
  const byFile = new Map<string, ReadonlySet<number>>();
  return (id) => {
    const node = workspace.nodes.get(id);
    if (node === undefined || node.item === undefined || !node.path.toLowerCase().endsWith('bugfix.md')) return false;
    let lines = byFile.get(node.path);
    if (lines === undefined) byFile.set(node.path, (lines = defectLines(node.item.source.text)));
    return lines.has(node.item.line);
  };
}

/** The lines of the numbered clauses under a defect heading in a bugfix.md's `text` (one pass over its outline). */
function defectLines(text: string): ReadonlySet<number> {
  const { body, bodyLine } = frontmatterBody(text);
  const lines = new Set<number>();
  if (body === null) return lines;
  const { entries } = outlineOf(body, bodyLine);
  // Per heading, whether it is under a defect heading: its own title decides when it names a behaviour
  // section, else the heading it sits under (the open headings, a stack by level).
  const under = new Map<number, boolean>();
  const open: { readonly level: number; readonly defect: boolean }[] = [];
  entries.forEach((entry, i) => {
    if (entry.kind === 'heading') {
      while (open.length > 0 && open.at(-1)!.level >= entry.level) open.pop();
      const title = entry.text.trim();
      const defect = OTHER.test(title) ? false : DEFECT.test(title) ? true : (open.at(-1)?.defect ?? false);
      open.push({ level: entry.level, defect });
      under.set(i, defect);
    } else if (entry.kind === 'line' && entry.heading !== -1 && under.get(entry.heading) === true) {
      lines.add(entry.line);
    }
  });
  return lines;
}
