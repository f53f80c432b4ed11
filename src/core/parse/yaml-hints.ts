/**
 * META-01 §3: how to fix the usual causes of a YAML error in frontmatter, read from the text
 * of the line the error is on — an unquoted value that starts with `@`, `` ` `` or `*`
 * (`assignee: @alice`), or an unquoted value holding `: ` (`title: Setup: the basics`).
 */

/** `indent`, list dashes, an optional plain `key:`, then the value. */
const LINE = /^([ \t]*(?:-[ \t]+)*)(?:([^\s"'#[\]{},&*!|>%@`?:-][^#]*?):[ \t]+)?(\S.*?)[ \t]*$/;
/** Characters that cannot start a plain YAML value but that people type there. */
const RESERVED_START = '@`*';

/**
 * A hint to append to the parser's message (`; quote the value: …`), or `''` when the line
 * at `offset` of `yamlText` shows none of the usual causes.
 */
export function yamlHint(yamlText: string, offset: number): string {
  const start = yamlText.lastIndexOf('\n', offset - 1) + 1;
  const end = yamlText.indexOf('\n', start);
  const line = yamlText.slice(start, end === -1 ? yamlText.length : end);
  const match = LINE.exec(line);
  if (match === null) return '';
  const prefix = match[1]!.trimStart();
  const key = match[2];
  const value = withoutComment(match[3]!);
  const head = `${prefix}${key === undefined ? '' : `${key}: `}`;
  const first = value.charAt(0);
  if (RESERVED_START.includes(first)) return `; quote the value: ${code(`${head}${quote(value)}`)}`;
  if (first === '[' || first === '{') {
    // In a flow list or mapping, quote the item the error points at.
    const at = offset - start;
    const char = line.charAt(at);
    if (char === '' || !RESERVED_START.includes(char) || at <= line.indexOf(first)) return '';
    const stop = line.slice(at).search(/[,\]}]/);
    const itemEnd = stop === -1 ? line.length : at + stop;
    const item = line.slice(at, itemEnd).trimEnd();
    const fixed = `${line.slice(0, at)}${quote(item)}${line.slice(at + item.length)}`.trim();
    return `; quote the item: ${code(fixed)}`;
  }
  if (key !== undefined && !`"'|>&!%#`.includes(first) && value.includes(': ')) {
    return `; quote the value: ${code(`${head}${quote(value)}`)}`;
  }
  return '';
}

/** `text` as a Markdown code span, with a longer fence when it holds backticks. */
function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/** A plain value without a trailing ` # comment`. */
function withoutComment(value: string): string {
  const hash = value.search(/[ \t]#/);
  return hash === -1 ? value : value.slice(0, hash).trimEnd();
}

/** `value` as a quoted YAML scalar: double quotes, else single quotes, else escaped double quotes. */
function quote(value: string): string {
  if (!value.includes('"') && !value.includes('\\')) return `"${value}"`;
  if (!value.includes("'")) return `'${value}'`;
  return JSON.stringify(value);
}
