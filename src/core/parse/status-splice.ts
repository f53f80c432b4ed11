/**
 * KITS §6: the one change `docugraph done` makes to a document with frontmatter — its `status`
 * value. The value is found by the YAML library (its source range) in the file's text as it is
 * on disk (a byte-order mark, `\r\n` line ends kept), and replaced in place, in the quoting it
 * was written in; comments, key order, the spacing before a trailing comment and the body keep
 * every character. A frontmatter without the key gets it as its last key. Frontmatter that does
 * not parse is refused with its line, never repaired. Lone `\r` line ends are read as line ends
 * (the YAML library knows only `\n` and `\r\n`) and kept. A status that other keys alias (its
 * value has an anchor, `&s`, some `*s` names) is refused: changing it would change them too.
 * Repeated keys are found in one pass (the library's own check compares each key with every
 * earlier one: 50,000 keys took 13.6 s).
 */
import { firstDuplicateKey, parseYamlDocument, yamlNodes, type YamlNode } from './yaml.js';

export type Splice = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly line: number | null; readonly message: string };

/** The text with the frontmatter key `key` set to `word` (a status: one line of text). */
export function spliceStatus(raw: string, key: string, word: string): Splice {
  const bom = raw.charCodeAt(0) === 0xfeff ? 1 : 0;
  const open = lineAt(raw, bom);
  if (!/^---[ \t]*$/.test(raw.slice(bom, open.end))) return refuse(1, 'it has no frontmatter (a first line `---`) to hold a status');
  let close: { start: number; end: number; next: number } | null = null;
  for (let at = open.next, line = 2; at < raw.length; line += 1) {
    const here = lineAt(raw, at);
    if (/^(?:---|\.\.\.)[ \t]*$/.test(raw.slice(at, here.end))) {
      close = { start: at, end: here.end, next: here.next };
      break;
    }
    at = here.next;
  }
  if (close === null) return refuse(1, 'its frontmatter is not closed (no line `---` after it); fix it by hand');
  const yamlStart = open.next;
  const yaml = raw.slice(yamlStart, close.start);
  // A lone `\r` made `\n` (one character for one: every offset stays that of `raw`).
  const parsed = parseYamlDocument(yaml.replace(/\r(?!\n)/g, '\n'), { uniqueKeys: false });
  if (parsed === 'too-deep') return refuse(2, 'its frontmatter is nested too deeply to be read; fix it by hand');
  const lineOf = (offset: number) => 1 + parsed.lineAt(offset);
  const error = parsed.doc.errors[0];
  if (error !== undefined) return refuse(lineOf(Math.min(error.pos[0], Math.max(0, yaml.length - 1))), `its frontmatter is not valid YAML (${error.message.split('\n')[0]}); fix it by hand, then try again`);
  const duplicate = firstDuplicateKey(parsed.doc.contents);
  if (duplicate !== null) return refuse(lineOf(duplicate), 'its frontmatter has a key twice (map keys must be unique); fix it by hand, then try again');
  const { isAlias, isMap, isScalar, visit } = yamlNodes();
  const contents = parsed.doc.contents as YamlNode | null;
  const eol = raw.slice(open.end, open.next) || '\n';
  if (contents === null || (isScalar(contents) && contents.value === null)) return { ok: true, text: insert(raw, close.start, `${key}: ${scalar(word, 'PLAIN')}${eol}`) };
  if (!isMap(contents)) return refuse(2, 'its frontmatter is not a mapping of keys; fix it by hand');
  const pair = contents.items.find((p) => isScalar(p.key) && p.key.value === key);
  if (pair === undefined) {
    if (contents.flow === true) return refuse(2, `its frontmatter is one flow mapping (\`{…}\`) without \`${key}\`; add \`${key}\` by hand`);
    // The last key: a new line before the closing `---` (after a last line without its line end).
    const ends = yaml.length === 0 || yaml.endsWith('\n') || yaml.endsWith('\r');
    return { ok: true, text: insert(raw, close.start, `${ends ? '' : eol}${key}: ${scalar(word, 'PLAIN')}${eol}`) };
  }
  const value = pair.value as YamlNode | null;
  // `status: *s`: the alias gives way to the word (the anchor and its other uses keep theirs).
  if (value !== null && isAlias(value) && value.range) return { ok: true, text: raw.slice(0, yamlStart + value.range[0]) + scalar(word, 'PLAIN') + raw.slice(yamlStart + value.range[1]) };
  const anchor = value?.anchor;
  if (anchor !== undefined && anchor !== null) {
    let aliased = false;
    visit(parsed.doc, {
      Alias(_key, node) {
        if (node.source !== anchor) return undefined;
        aliased = true;
        return visit.BREAK;
      },
    });
    if (aliased) return refuse(lineOf(value!.range?.[0] ?? 0), `its \`${key}\` is anchored (\`&${anchor}\`) and other keys use it (\`*${anchor}\`): setting it would change them too; write the ${key} apart by hand`);
  }
  if (value === null || !isScalar(value) || value.range === undefined || value.range === null) {
    if (value === null && pair.key !== null && (pair.key as YamlNode).range) {
      const at = yamlStart + (pair.key as YamlNode).range![1] + 1;
      return { ok: true, text: insert(raw, at, ` ${scalar(word, 'PLAIN')}`) };
    }
    return refuse(lineOf((pair.key as YamlNode).range?.[0] ?? 0), `its \`${key}\` is not one value (a list or a mapping); fix it by hand`);
  }
  const style = value.type ?? 'PLAIN';
  if (style !== 'PLAIN' && style !== 'QUOTE_DOUBLE' && style !== 'QUOTE_SINGLE') return refuse(lineOf(value.range[0]), `its \`${key}\` is a block scalar (\`|\` or \`>\`); write it on one line by hand`);
  const [start, end] = value.range;
  // `status:` with no value: the word after one space.
  if (start === end) return { ok: true, text: insert(raw, yamlStart + start, ` ${scalar(word, 'PLAIN')}`) };
  return { ok: true, text: raw.slice(0, yamlStart + start) + scalar(word, style) + raw.slice(yamlStart + end) };
}

function refuse(line: number | null, message: string): Splice {
  return { ok: false, line, message };
}

function insert(raw: string, at: number, text: string): string {
  return raw.slice(0, at) + text + raw.slice(at);
}

/** The end of the line at `at` (before its line end) and where the next one starts (`\n`, `\r\n` or `\r`). */
function lineAt(raw: string, at: number): { end: number; next: number } {
  let end = at;
  while (end < raw.length && raw[end] !== '\n' && raw[end] !== '\r') end += 1;
  const next = raw[end] === '\r' && raw[end + 1] === '\n' ? end + 2 : end < raw.length ? end + 1 : end;
  return { end, next };
}

/** `word` as a YAML scalar in `style`; a plain word YAML would read as another type (`true`, `1`, `null`) or misread is double-quoted. */
function scalar(word: string, style: 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE'): string {
  if (style === 'QUOTE_SINGLE') return `'${word.replace(/'/g, "''")}'`;
  if (style === 'QUOTE_DOUBLE' || !/^[A-Za-z][A-Za-z0-9 _.-]*$/.test(word) || /^(?:true|false|null|yes|no|on|off|~)$/i.test(word) || / $/.test(word)) return JSON.stringify(word);
  return word;
}
