/**
 * The numbers a Kiro feature's requirements.md gives its own sections, when it writes no Kiro
 * requirement (KITS §7): a task's `_Requirements: 5.1_` then names that section, no error.
 */
import { forEachLineOutsideFences } from '../parse/block-lines.js';
import type { DocNode } from '../shared/types.js';

/** A numbered section of a requirements.md written without Kiro's requirement headings: `### 5.1 Safety`, or a criterion labelled `**AC 3.2.1**:`. */
const NUMBERED_SECTION = /^#{1,6}[ \t]+(\d+(?:\.\d+)+)\.?[ \t]|\*\*AC[ \t]+(\d+(?:\.\d+)+)\*\*/gm;

/** A heading's section number (`### 2.2 Title`, `## 3. Title`). */
const HEADING_NUMBER = /^#{1,6}[ \t]+(\d+(?:\.\d+)*)\.?[ \t]/;
/** A heading numbered with a whole number and its dot (`### 9. Success criteria`; not `## 2024 Roadmap`). */
const WHOLE_SECTION = /^#{1,6}[ \t]+(\d+)\.[ \t]/;
/** A numbered list item at the left (`1. …`). */
const LIST_NUMBER = /^ {0,3}(\d+)[.)][ \t]/;

/**
 * The numbers a Kiro feature's requirements.md gives its sections, for a file that numbers them
 * its own way (LuChangQiu/kiro-spec-engine: `## 5. Non-Functional Requirements` / `### 5.1
 * Safety`, `**AC 3.2.1**: …`, cited as `_Requirements: 5.1_`): by feature. Only a feature's
 * requirements.md from which no requirement was read (else its references stay as they are);
 * each text read once.
 */
export function sectionNumbers(nodes: ReadonlyMap<string, DocNode>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  // A feature whose requirements.md gives Kiro's requirements keeps its references to them as they are.
  const kiro = new Set<string>();
  for (const [id, node] of nodes) if (node.type === 'requirement' && node.item !== undefined) kiro.add(id.slice(0, id.lastIndexOf('/')));
  for (const [id, node] of nodes) {
    if (node.item !== undefined || !id.endsWith('/requirements') || !node.path.toLowerCase().endsWith('/requirements.md') || kiro.has(id.slice(0, -'/requirements'.length))) continue;
    const numbers = new Set<string>();
    for (const match of node.text.matchAll(NUMBERED_SECTION)) numbers.add((match[1] ?? match[2])!);
    // And the numbered list items under a numbered heading (`### 2.2 技术参数提取` then `1. 支持量程…`: `2.2.1`, zsyh27/excel_matching).
    let section: string | null = null;
    // Nothing inside a fence is a heading or an item (a review).
    forEachLineOutsideFences(node.text, (line) => {
      const heading = HEADING_NUMBER.exec(line);
      // A whole number with its dot, `### 9. 成功基準` (check5004/godot-first-game: `_Requirements: 9_`), is a section too.
      const whole = WHOLE_SECTION.exec(line);
      if (whole !== null) numbers.add(whole[1]!);
      if (heading !== null || line.startsWith('#')) section = heading?.[1] ?? null;
      else if (section !== null) {
        const item = LIST_NUMBER.exec(line);
        if (item !== null) numbers.add(`${section}.${Number(item[1])}`);
      }
    });
    out.set(id.slice(0, -'/requirements'.length), numbers);
  }
  return out;
}

/**
 * The whole numbers a feature's requirements.md gives its headings (`## 2. 非機能要件`), Kiro requirements read from it or not: a
 * task's bare `_Requirements: 2_` names that section there, not requirement `FR-2` (kit-targets.ts). By feature; each text read once.
 */
export function wholeSectionNumbers(nodes: ReadonlyMap<string, DocNode>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [id, node] of nodes) {
    if (node.item !== undefined || !id.endsWith('/requirements') || !node.path.toLowerCase().endsWith('/requirements.md')) continue;
    const numbers = new Set<string>();
    forEachLineOutsideFences(node.text, (line) => {
      // With its dot or without (`## 2 Non-functional`: a review), not a year (`## 2024 Roadmap`).
      const whole = WHOLE_SECTION.exec(line) ?? SHORT_SECTION.exec(line);
      if (whole !== null) numbers.add(whole[1]!);
    });
    out.set(id.slice(0, -'/requirements'.length), numbers);
  }
  return out;
}

/** A heading numbered with a short whole number and no dot (`## 2 Non-functional`). */
const SHORT_SECTION = /^#{1,6}[ \t]+(\d{1,2})[ \t]+\S/;

