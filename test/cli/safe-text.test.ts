/**
 * The one rule every CLI renderer applies to document text: controls shown visibly, no CI
 * workflow command, plain text (already visible escapes, accents, emoji) unchanged.
 */
import { describe, expect, it } from 'vitest';
import { safeBlock, safeInline, safeJson, safeLineStart, safeWorkflowText, visibleChar } from '../../src/cli/render/safe-text.js';

/** Whether a string still holds a character a terminal or a CI log may act on. */
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('safeInline', () => {
  it('ESC and a CSI sequence (colour, cursor, clear screen)', () => {
    expect(safeInline('a\x1b[31mred\x1b[2J')).toBe('a\\x1b[31mred\\x1b[2J');
  });

  it('BEL', () => {
    expect(safeInline('ding\x07')).toBe('ding\\x07');
  });

  it('OSC 8 hyperlink and OSC title, with ST or BEL terminators', () => {
    const link = '\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\';
    expect(safeInline(link)).toBe('\\x1b]8;;https://evil.example\\x1b\\click\\x1b]8;;\\x1b\\');
    expect(safeInline('\x1b]0;title\x07')).toBe('\\x1b]0;title\\x07');
  });

  it('C1 controls U+0080–U+009F (8-bit CSI, OSC, NEL)', () => {
    expect(safeInline('\u009b31m\u009d0;t\u009c\u0085\u0080')).toBe('\\x9b31m\\x9d0;t\\x9c\\x85\\x80');
  });

  it('DEL and the other C0 controls', () => {
    expect(safeInline('x\x7fy\x00z\x08\x0b\x0c')).toBe('x\\x7fy\\x00z\\x08\\x0b\\x0c');
  });

  it('CR, LF and tab as two characters', () => {
    expect(safeInline('safe\rfake')).toBe('safe\\rfake');
    expect(safeInline('one\ntwo\tthree\r\n')).toBe('one\\ntwo\\tthree\\r\\n');
  });

  it('U+2028 and U+2029', () => {
    expect(safeInline('a\u2028b\u2029c')).toBe('a\\u{2028}b\\u{2029}c');
  });

  it('bidirectional overrides and isolates (Trojan Source)', () => {
    expect(safeInline('abc\u202Edcb\u202C')).toBe('abc\\u{202e}dcb\\u{202c}');
    expect(safeInline('\u2066\u2067\u2068\u2069\u200e\u200f\u061c')).toBe('\\u{2066}\\u{2067}\\u{2068}\\u{2069}\\u{200e}\\u{200f}\\u{61c}');
  });

  it('a newline followed by a workflow command stays on one line', () => {
    const out = safeInline('DEC-1\n::error file=x::forged');
    expect(out).toBe('DEC-1\\n::error file=x::forged');
    expect(out.split('\n')).toHaveLength(1);
  });

  it('the legacy `##[command]` form (read anywhere in a line) and `##vso[`', () => {
    expect(safeInline('see ##[error]forged')).toBe('see \\x23#[error]forged');
    expect(safeInline('###[x]')).toBe('#\\x23#[x]');
    expect(safeInline('##vso[task.setvariable]x ##VSO[y]')).toBe('\\x23#vso[task.setvariable]x \\x23#VSO[y]');
    expect(safeInline('#\u200b#[error]x')).toBe('\\x23\u200b#[error]x');
    expect(safeInline('##[')).not.toContain('##[');
  });

  it('already-visible text, accents, CJK and emoji unchanged', () => {
    for (const text of ['\\x1b[31m literally', 'café é ñ Ω', '日本語のタイトル', '🚀 ✅ 👨‍👩‍👧 🇫🇷', 'a: b :: c', '# [x]', 'C# [note]', '%0A%25']) {
      expect(safeInline(text)).toBe(text);
    }
  });

  it('leaves no raw control in any string of the unsafe ranges', () => {
    let all = '';
    for (let c = 0; c <= 0x9f; c += 1) all += String.fromCharCode(c);
    all += '\u2028\u2029\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(safeInline(all)).not.toMatch(RAW_CONTROL);
  });
});

describe('safeLineStart', () => {
  it('a value that begins a line cannot start a `::` workflow command', () => {
    expect(safeLineStart('::error::forged.md')).toBe('\\x3a:error::forged.md');
    expect(safeLineStart('  ::warning::x')).toBe('  \\x3a:warning::x');
    expect(safeLineStart('\u00a0::x::y')).toBe('\u00a0\\x3a:x::y');
    expect(safeLineStart('\u200b:\u200b:x::y')).toBe('\u200b\\x3a\u200b:x::y');
    expect(safeLineStart('\n::error::x')).toBe('\\n::error::x');
  });

  it('a single colon, or `::` later in the value, is left alone', () => {
    expect(safeLineStart(':x.md')).toBe(':x.md');
    expect(safeLineStart('docs/a::b.md')).toBe('docs/a::b.md');
    expect(safeLineStart('BE-02')).toBe('BE-02');
  });
});

describe('safeBlock', () => {
  it('keeps LF, CRLF and tabs; shows every other control', () => {
    expect(safeBlock('# T\r\n\tline\nx\x1b[2Jy\x07\u009b\u202e')).toBe('# T\r\n\tline\nx\\x1b[2Jy\\x07\\x9b\\u{202e}');
  });

  it('a CR that is not part of CRLF (it would overwrite the line) is shown', () => {
    expect(safeBlock('harmless\rEVIL\n')).toBe('harmless\\rEVIL\n');
    expect(safeBlock('end\r')).toBe('end\\r');
  });

  it('plain Markdown unchanged', () => {
    const text = '# Context bundle: BE-02\n\n- café 🚀\n\t`\\x1b` ::note:: ##[x]\n';
    expect(safeBlock(text)).toBe(text);
  });
});

describe('safeWorkflowText', () => {
  it('keeps CR and LF for the workflow-command escaping; shows the rest; breaks `##[`', () => {
    expect(safeWorkflowText('a\r\nb\x1b[31m\x07\t##[error]')).toBe('a\r\nb\\x1b[31m\\x07\\t\\x23#[error]');
  });
});

describe('safeJson', () => {
  it('escapes what JSON.stringify leaves raw as \\uHHHH, so the value is unchanged', () => {
    const value = { title: 'a\u009b31m\u007f\u2028\u202e\x1b', list: ['é', '🚀'] };
    const json = `${JSON.stringify(value, null, 2)}\n`;
    const safe = safeJson(json);
    expect(safe.replace(/\n/g, '')).not.toMatch(RAW_CONTROL);
    expect(safe).toContain('\\u009b31m\\u007f\\u2028\\u202e\\u001b');
    expect(JSON.parse(safe)).toEqual(value);
    expect(safe.split('\n')).toHaveLength(json.split('\n').length);
  });

  it('breaks every ##[ and ##vso[ command, also with format characters between, and the value stays the same', () => {
    const value = { a: '##[error]x', b: 'x ##vso[task.setvariable]y', c: '#\u200b#[group]z', d: '## [not a command]', e: '#hash' };
    const safe = safeJson(`${JSON.stringify(value, null, 2)}\n`);
    expect(safe).not.toMatch(/#(?:\p{Cf}|\\u[0-9a-f]{4})*#(?:\p{Cf}|\\u[0-9a-f]{4})*(?:vso)?\[/iu);
    expect(safe).toContain('"## [not a command]"');
    expect(safe).toContain('"#hash"');
    expect(JSON.parse(safe)).toEqual(value);
  });

  it('plain JSON unchanged', () => {
    const json = `${JSON.stringify({ a: 'café \\x1b', b: [1, 2] }, null, 2)}\n`;
    expect(safeJson(json)).toBe(json);
  });
});

describe('visibleChar', () => {
  it('named escapes, \\xHH up to U+00FF, \\u{…} above', () => {
    expect([visibleChar('\n'), visibleChar('\x1b'), visibleChar('\u0085'), visibleChar('\u2029')]).toEqual(['\\n', '\\x1b', '\\x85', '\\u{2029}']);
  });
});
