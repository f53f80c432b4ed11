/**
 * OpenSpec delta specs (`openspec/changes/<change>/specs/<capability>/spec.md`): their section headings
 * (`## ADDED Requirements` and the others, in English or Chinese) and the renames of a `RENAMED` section.
 */
import { headingTitle, type Outline } from './outline.js';

/**
 * A delta spec's section: `## ADDED Requirements` (`MODIFIED`, `REMOVED`, `RENAMED`; `## MODIFIED 需求`), in Chinese
 * `## 新增需求` (`修改需求`, `删除需求`, `重命名需求`: studyzy/aicli), either with the other in parentheses
 * (`## 修改需求 (MODIFIED Requirements)`, `## MODIFIED Requirements（修改的需求）`).
 */
const DELTA = /^(?:(ADDED|MODIFIED|REMOVED|RENAMED)\s+(?:Requirements|需求)|(新增|添加|修改|变更|變更|删除|刪除|移除|重命名|重新命名)的?需求)\s*(?:[(（][^()（）]*[)）])?\s*[:：]?$/i;
const DELTA_KINDS: Readonly<Record<string, string>> = { 新增: 'ADDED', 添加: 'ADDED', 修改: 'MODIFIED', 变更: 'MODIFIED', 變更: 'MODIFIED', 删除: 'REMOVED', 刪除: 'REMOVED', 移除: 'REMOVED', 重命名: 'RENAMED', 重新命名: 'RENAMED' };
/**
 * The kind of a delta's section heading of `level`, in English (`MODIFIED`), or `null`. In Chinese only at level 2, where
 * OpenSpec's sections are: `#### 删除需求` inside a requirement is the team's own sub-heading (a review).
 */
export function deltaKind(title: string, level: number): string | null {
  const match = DELTA.exec(title);
  if (match === null || (match[1] === undefined && level > 2)) return null;
  return match[1]?.toUpperCase() ?? DELTA_KINDS[match[2]!]!;
}

/**
 * A line of a delta's `## RENAMED Requirements`: `- FROM: \`### Requirement: Old\`` or
 * `- TO: \`### Requirement: New\`` (the backticks and the heading's marks optional): `FROM` or
 * `TO`, and the name. Read in two unambiguous steps (one pattern that trimmed the name itself
 * backtracked cubically on a long line of spaces: a review).
 */
const RENAMED_SIDE = /^(FROM|TO)[ \t]*[:：](.*)$/i;
const RENAMED_NAME = /^(?:#{1,6}[ \t]+)?(?:Requirement|需求)[ \t]*[:：](.*)$/i;

function renamedLine(text: string): { readonly side: string; readonly name: string } | null {
  const side = RENAMED_SIDE.exec(text);
  if (side === null) return null;
  let value = side[2]!.trim();
  if (value.startsWith('`')) value = value.slice(1);
  if (value.endsWith('`')) value = value.slice(0, -1);
  const name = RENAMED_NAME.exec(value.trim());
  return name === null ? null : { side: side[1]!.toUpperCase(), name: name[1]!.trim() };
}

/**
 * The renames of a delta spec (`## RENAMED Requirements`, each `FROM:` then its `TO:`): the new
 * names with the old ones, and each old name with its line. Linear.
 */
export function renamesOf(outline: Outline): { readonly to: ReadonlyMap<string, string>; readonly from: readonly { readonly name: string; readonly line: number }[] } {
  const to = new Map<string, string>();
  const from: { name: string; line: number }[] = [];
  let level = 0;
  let pending: string | null = null;
  for (const entry of outline.entries) {
    if (entry.kind === 'heading') {
      if (level !== 0 && entry.level <= level) level = 0;
      if (deltaKind(headingTitle(entry.text), entry.level) === 'RENAMED') level = entry.level;
      continue;
    }
    const line = level === 0 || entry.kind !== 'item' ? null : renamedLine(entry.text.trim());
    const name = line === null ? '' : headingTitle(line.name);
    if (line === null || name === '') continue;
    if (line.side === 'FROM') {
      pending = name;
      from.push({ name, line: entry.line });
    } else if (pending !== null) {
      to.set(name, pending);
      pending = null;
    }
  }
  return { to, from };
}
