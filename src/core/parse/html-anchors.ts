/**
 * META-01 §5: the explicit anchors raw HTML gives a page — `id="…"` on any element, `name="…"`
 * on `<a>` — found by a small linear scanner (no backtracking regular expression, so a long or
 * malformed HTML block costs one pass). Comments, CDATA, processing instructions and
 * declarations are skipped; a tag that does not close (`>`) gives nothing.
 */
import { unescapeAll } from 'markdown-it/lib/common/utils.mjs';

/** A cheap test before scanning: text without this cannot hold an anchor attribute. */
export const ANCHOR_HINT = /(?:id|name)\s*=/i;

const TAG_NAME = /[A-Za-z][A-Za-z0-9-]*/y;
const ATTRIBUTE_NAME = /[^\s"'<>/=]+/y;
const UNQUOTED_VALUE = /[^\s"'=<>`]+/y;
const SPACE = /\s*/y;
const ENTITY = /&(?:#[xX][0-9a-fA-F]{1,8}|#[0-9]{1,8}|[A-Za-z][A-Za-z0-9]{1,31});/g;

/** Appends to `into` the anchors the HTML fragment `html` defines, in order (entities decoded, empty values left out). */
export function htmlAnchors(html: string, into: string[]): void {
  let at = html.indexOf('<');
  while (at !== -1) {
    const end = skipSpecial(html, at);
    if (end !== null) {
      at = end === -1 ? -1 : html.indexOf('<', end);
      continue;
    }
    const next = scanTag(html, at + 1, into);
    at = next === -1 ? -1 : html.indexOf('<', next);
  }
}

/** After a comment, CDATA section, `<?…>` or `<!…>` at `at`: the index past it, `-1` when it runs to the end; `null` when it is none of those. */
function skipSpecial(html: string, at: number): number | null {
  const close = (marker: string, from: number): number => {
    const found = html.indexOf(marker, from);
    return found === -1 ? -1 : found + marker.length;
  };
  if (html.startsWith('<!--', at)) return close('-->', at + 4);
  if (html.startsWith('<![CDATA[', at)) return close(']]>', at + 9);
  const second = html.charCodeAt(at + 1);
  if (second === 0x3f /* ? */ || second === 0x21 /* ! */) return close('>', at + 2);
  return null;
}

/**
 * Reads the start tag whose name begins at `from`; when it closes, appends its anchors.
 * Returns where scanning goes on (`-1`: the end of the text).
 */
function scanTag(html: string, from: number, into: string[]): number {
  TAG_NAME.lastIndex = from;
  const name = TAG_NAME.exec(html);
  if (name === null) return from;
  const isA = name[0].toLowerCase() === 'a';
  const found: string[] = [];
  let at = from + name[0].length;
  for (;;) {
    const afterSpace = skip(html, at);
    if (afterSpace >= html.length) return -1;
    const char = html.charCodeAt(afterSpace);
    if (char === 0x3e /* > */ || (char === 0x2f /* / */ && html.charCodeAt(afterSpace + 1) === 0x3e)) {
      for (const anchor of found) into.push(anchor);
      return afterSpace + 1;
    }
    // Attributes are separated by white space.
    if (afterSpace === at) return at;
    ATTRIBUTE_NAME.lastIndex = afterSpace;
    const attribute = ATTRIBUTE_NAME.exec(html);
    if (attribute === null) return afterSpace;
    at = afterSpace + attribute[0].length;
    const beforeEquals = skip(html, at);
    if (html.charCodeAt(beforeEquals) !== 0x3d /* = */) continue;
    const valueAt = skip(html, beforeEquals + 1);
    let value: string;
    const quote = html.charCodeAt(valueAt);
    if (quote === 0x22 /* " */ || quote === 0x27 /* ' */) {
      const close = html.indexOf(html[valueAt]!, valueAt + 1);
      if (close === -1) return -1;
      value = html.slice(valueAt + 1, close);
      at = close + 1;
    } else {
      UNQUOTED_VALUE.lastIndex = valueAt;
      const unquoted = UNQUOTED_VALUE.exec(html);
      if (unquoted === null) return valueAt;
      value = unquoted[0];
      at = valueAt + value.length;
    }
    const key = attribute[0].toLowerCase();
    if (value !== '' && (key === 'id' || (isA && key === 'name'))) found.push(decodeEntities(value));
  }
}

function skip(html: string, at: number): number {
  if (at >= html.length) return at;
  SPACE.lastIndex = at;
  SPACE.exec(html);
  return SPACE.lastIndex;
}

/** Named and numeric character references, decoded as HTML does (an unknown name stays as written). */
function decodeEntities(value: string): string {
  return value.includes('&') ? value.replace(ENTITY, (entity) => unescapeAll(entity)) : value;
}
