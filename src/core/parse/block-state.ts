/**
 * markdown-it's block state, built faster: its constructor finds the lines of the text one
 * character at a time in JavaScript; this one reads only each line's indentation that way
 * and finds the line end with `indexOf` (native), then sets exactly the same fields — the
 * per-line begin/end offsets, indentation and expanded indentation — in the same order, on
 * an object of the same prototype. A test holds every field to the original's on random
 * texts (tabs, blank and space-only lines, no final line break).
 */
import type MarkdownIt from 'markdown-it';
import type { StateBlock, Token } from 'markdown-it';

type State = StateBlock & { bsCount: number[] };

/** Makes `parser` build its block state with the faster constructor (same prototype, same fields). */
export function useFastBlockState(parser: MarkdownIt): void {
  const original = parser.block.State;
  function FastStateBlock(this: State, src: string, md: MarkdownIt, env: unknown, tokens: Token[]): void {
    // The fields of markdown-it 14's constructor, in its order.
    this.src = src;
    this.md = md;
    this.env = env;
    this.tokens = tokens;
    this.bMarks = [];
    this.eMarks = [];
    this.tShift = [];
    this.sCount = [];
    this.bsCount = [];
    this.blkIndent = 0;
    this.line = 0;
    this.lineMax = 0;
    this.tight = false;
    this.ddIndent = -1;
    this.listIndent = -1;
    this.parentType = 'root';
    this.level = 0;
    markLines(this, src);
    this.lineMax = this.bMarks.length - 1;
  }
  FastStateBlock.prototype = original.prototype;
  parser.block.State = FastStateBlock as unknown as typeof original;
}

/**
 * The line markers, as markdown-it computes them: a line's indentation is its leading spaces
 * and tabs (a tab expands to the next multiple of 4); a last line of only spaces and tabs
 * without a line break is not a line; one entry past the end closes the arrays.
 */
function markLines(state: State, s: string): void {
  const length = s.length;
  let start = 0;
  while (start < length) {
    let pos = start;
    let indent = 0;
    let offset = 0;
    for (; pos < length; pos += 1) {
      const ch = s.charCodeAt(pos);
      if (ch === 0x20) offset += 1;
      else if (ch === 0x09) offset += 4 - (offset % 4);
      else break;
      indent += 1;
    }
    if (pos === length) break;
    let end = s.indexOf('\n', pos);
    if (end === -1) end = length;
    state.bMarks.push(start);
    state.eMarks.push(end);
    state.tShift.push(indent);
    state.sCount.push(offset);
    state.bsCount.push(0);
    start = end + 1;
  }
  state.bMarks.push(length);
  state.eMarks.push(length);
  state.tShift.push(0);
  state.sCount.push(0);
  state.bsCount.push(0);
}
