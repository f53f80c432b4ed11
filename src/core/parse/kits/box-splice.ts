/**
 * KITS §6: the one change `docugraph done` makes to a kit's task — the character inside its
 * box (`x`, `-` or a space; a word that said the task would not be done, `[SKIP]`, is replaced by
 * it: D-542), on the task's line of the file as it is on disk (line ends and a byte-order mark
 * kept): every other character of the file stays.
 */
import { boldTaskId, BOX_MARK, type WrittenBox } from './kit-read.js';

/** The list item's marker, then the box, at the start of a line (after the indentation of its nesting); or after a task's id in bold (`1.  **T018**: [x] …`: speckit-by-place.ts). */
const BOX_LINE = new RegExp(String.raw`^([ \t>]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:${boldTaskId(false)})?\[)(${BOX_MARK})\]`);

export type BoxSplice = { readonly ok: true; readonly text: string; readonly before: string } | { readonly ok: false; readonly message: string };

/** The text with the box on file line `line` (1-based; `\n`, `\r\n` and `\r` end lines) set to `box`. */
export function spliceBox(raw: string, line: number, box: WrittenBox): BoxSplice {
  let at = raw.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let n = 1; n < line && at < raw.length; n += 1) {
    while (at < raw.length && raw[at] !== '\n' && raw[at] !== '\r') at += 1;
    at += raw[at] === '\r' && raw[at + 1] === '\n' ? 2 : 1;
  }
  let end = at;
  while (end < raw.length && raw[end] !== '\n' && raw[end] !== '\r') end += 1;
  const match = BOX_LINE.exec(raw.slice(at, end));
  if (match === null) {
    // Spec Kit's parallel mark where the box goes (kit-read.ts, `readSpecKitBox`): read as an open task, but there is no box to set.
    if (/^[ \t>]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[P\]/.test(raw.slice(at, end))) return { ok: false, message: `line ${line} writes the parallel mark \`[P]\` where the task's box goes: write the box as Spec Kit does (\`- [ ] T001 [P] …\`), then try again` };
    return { ok: false, message: `line ${line} holds no task box (\`- [ ]\`)` };
  }
  const offset = at + match[1]!.length;
  // `[]` (an open box written without its space) gets the character: one more byte, nothing else moves.
  // (`[✔️]`: the tick and its emoji selector, both replaced.)
  return { ok: true, text: raw.slice(0, offset) + box + raw.slice(offset + match[2]!.length), before: match[2] === '' ? ' ' : match[2]! };
}
