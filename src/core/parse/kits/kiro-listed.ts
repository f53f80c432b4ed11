/** Kiro: the requirements a task lists under a sub-heading that names them (D-525). Pure: one task's span. */
import { numberList, type ItemRefs } from './kit-read.js';
import type { Span } from './pick-items.js';

/**
 * A task's sub-heading that names its requirements (`### 需求` under a heading task `## 任务 2: …`: 233748863/BOT-MMORPG-AI-CN),
 * and a list item under it that opens with the word for requirement, its number and a colon (`- 需求 3: 导航栏更新`): the task's
 * requirement, all of it. Elsewhere such a list may say what the task does not do (`Out of scope: - Requirement 2: Export`: a review).
 */
const REQUIREMENTS_HEADING = /^#{2,6}[ \t]+(?:Requirements?|Requisitos?|需求|要件|요구사항|(?:ال)?متطلبات)[ \t]*[:：]?[ \t]*$/i;
const LISTED_REQUIREMENT = /^[ \t]*[-*+][ \t]+(?:Requirements?|Requisitos?|需求|要件|요구사항|(?:ال)?متطلب)[ \t]*(\d+(?:\.\d+)?)[ \t]*[:：]/i;

/** The requirements listed under a task's sub-heading that names them (`REQUIREMENTS_HEADING`), as `implements`. */
export function listedRequirements(refs: ItemRefs, span: Span, scope: string): void {
  const { text } = span;
  if (!text.includes('#')) return;
  let under = false;
  for (let at = 0; at < text.length; ) {
    let end = text.indexOf('\n', at);
    if (end === -1) end = text.length;
    const line = text.slice(at, end);
    if (line.startsWith('#')) under = REQUIREMENTS_HEADING.test(line);
    else if (under) {
      const listed = LISTED_REQUIREMENT.exec(line);
      if (listed !== null) for (const n of numberList(listed[1]!, refs.room, 'requirement').numbers) refs.add({ relation: 'implements', id: `${scope}/R${n}`, line: span.lineAt(at), written: line.trim() });
    }
    at = end + 1;
  }
}
