/**
 * Generators of random and adversarial Markdown documents and workspaces for the fuzz suite:
 * weird frontmatter (huge lists, deep nesting, anchors and aliases, tabs, CR/CRLF/BOM,
 * invalid UTF-8, NUL), many links, deep nesting of quotes, lists and brackets, control
 * characters and newlines in ids, titles and `depends_on`, duplicate ids. Every generator is
 * driven by an `Rng`, so a seed replays a case; sizes stay bounded.
 */
import { nastyString, type Rng } from './prng.js';

/** A file to write: text (UTF-8) or raw bytes. */
export type Content = string | Uint8Array;

/** YAML double-quoted form of any string (escapes every control character). */
export function yamlQuoted(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) || code === 0x2028 || code === 0x2029 || code === 0xfeff) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else if (code >= 0xd800 && code <= 0xdfff) out += `\\u${code.toString(16)}`;
    else out += ch;
  }
  return `${out}"`;
}

/** A valid id. */
export function randomId(rng: Rng, pool: readonly string[] = []): string {
  if (pool.length > 0 && rng.chance(0.7)) return rng.pick(pool);
  return `${rng.pick(['BE', 'FE', 'DEC', 'REQ', 'T', 'x', '0'])}-${rng.int(0, 40)}${rng.chance(0.2) ? rng.chars('._-aZ', rng.int(1, 3)) : ''}`;
}

/** The frontmatter lines (between the fences) of a random document. */
function frontmatter(rng: Rng, ids: readonly string[]): string {
  const lines: string[] = [];
  const id = randomId(rng, ids);
  switch (rng.int(0, 9)) {
    case 0:
      lines.push(`id: ${yamlQuoted(nastyString(rng))}`);
      break;
    case 1:
      lines.push(rng.pick(['id: 5', 'id: true', 'id: [a, b]', 'id: {a: 1}', 'id:', 'id: ~', 'id: !!binary aGk=', 'id: &x A\nalias: *x']));
      break;
    case 2:
      break;
    default:
      lines.push(rng.chance(0.2) ? `id: '${id}'` : `id: ${id}`);
  }
  if (rng.chance(0.8)) lines.push(`title: ${rng.chance(0.5) ? yamlQuoted(nastyString(rng, 12)) : `Title ${rng.chars('abc ', 8)}`}`);
  if (rng.chance(0.5)) lines.push(`type: ${rng.pick(['task', 'spec', 'decision', yamlQuoted(nastyString(rng))])}`);
  if (rng.chance(0.5)) lines.push(`status: ${rng.pick(['todo', 'done', yamlQuoted(nastyString(rng))])}`);
  lines.push(...dependsOn(rng, ids));
  if (rng.chance(0.3)) lines.push(...oddFrontmatter(rng));
  if (rng.chance(0.2)) lines.push('acceptance_criteria:', ...Array.from({ length: rng.int(0, 5) }, () => `  - ${yamlQuoted(`${rng.pick(['[x] ', '[ ] ', ''])}${nastyString(rng)}`)}`));
  return lines.join('\n');
}

function dependsOn(rng: Rng, ids: readonly string[]): string[] {
  const entry = () => {
    switch (rng.int(0, 6)) {
      case 0:
        return yamlQuoted(nastyString(rng));
      case 1:
        return rng.pick(['../x/y.md', './a.md', '/abs.md', 'docs/a.md', '5', 'true', 'null', '"x\\ny"', "'## Documents'"]);
      default:
        return randomId(rng, ids);
    }
  };
  switch (rng.int(0, 7)) {
    case 0:
      return [];
    case 1:
      return [`depends_on: ${entry()}`];
    case 2:
      return ['depends_on:', ...Array.from({ length: rng.int(0, 3000) }, () => `  - ${entry()}`)];
    case 3:
      return [`depends_on: ${rng.pick(['{a: 1}', '5', '[[a], [b]]', '[a, [b, [c]]]', '[a, b, a, a]', '[]', '~'])}`];
    default:
      return ['depends_on:', ...Array.from({ length: rng.int(0, 6) }, () => `  - ${entry()}`)];
  }
}

/** Frontmatter that takes the full YAML path or breaks it. */
function oddFrontmatter(rng: Rng): string[] {
  switch (rng.int(0, 9)) {
    case 0:
      return [`deep: ${'['.repeat(rng.int(10, 3000))}${']'.repeat(rng.int(0, 3000))}`];
    case 1:
      return ['nested:', ...Array.from({ length: rng.int(5, 500) }, (_, i) => `${' '.repeat(i + 2)}k${i}:`)];
    case 2:
      return ['a: &a [x, x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]', 'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]'];
    case 3:
      return ['tabbed:\t value', '\tindented: tab'];
    case 4:
      return Array.from({ length: rng.int(10, 2000) }, (_, i) => `key${i}: value ${i} # comment ${i}`);
    case 5:
      return ['id: duplicate-key', 'title: twice'];
    case 6:
      return ['__proto__: {polluted: true}', 'constructor: {prototype: 1}'];
    case 7:
      return [`long: ${'y'.repeat(rng.int(1000, 200_000))}`];
    case 8:
      return ['multi: |', '  line one', '  line two', 'folded: >', '  a', '  b'];
    default:
      return ['? [complex, key]', ': value', '!!str tagged: x', 'bad: "unclosed'];
  }
}

/** A random Markdown body. */
function body(rng: Rng, files: readonly string[]): string {
  const parts: string[] = [];
  const blocks = rng.int(0, 8);
  for (let i = 0; i < blocks; i += 1) parts.push(block(rng, files));
  return parts.join('\n\n');
}

function target(rng: Rng, files: readonly string[]): string {
  const file = files.length > 0 && rng.chance(0.6) ? rng.pick(files) : `missing-${rng.int(0, 9)}.md`;
  return `${rng.pick(['', './', '../', '/', 'sub/'])}${file}${rng.chance(0.4) ? `#${rng.pick(['h', 'title', 'acceptance-criteria', nastyString(rng, 2)])}` : ''}`;
}

function block(rng: Rng, files: readonly string[]): string {
  const link = () => `[${rng.chars('ab ', 3)}](${target(rng, files).replace(/[\s()<>]/g, '')})`;
  switch (rng.int(0, 13)) {
    case 0:
      return `${'#'.repeat(rng.int(1, 6))} ${rng.chance(0.5) ? nastyString(rng) : 'Acceptance criteria'}`;
    case 1:
      return Array.from({ length: rng.int(1, 2000) }, link).join(rng.pick([' ', '\n', '']));
    case 2:
      return `${'> '.repeat(rng.int(1, 300))}${link()}`;
    case 3: {
      const depth = rng.int(1, 150);
      return `${Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item`).join('\n')}\n${'  '.repeat(depth)}- ${link()}`;
    }
    case 4: {
      const depth = rng.int(1, 3000);
      return `${'['.repeat(depth)}${link()}${']'.repeat(rng.int(0, depth))}`;
    }
    case 5:
      return `[${'['.repeat(rng.int(1, 200))}x${']'.repeat(rng.int(1, 200))}](${target(rng, files).replace(/[\s()<>]/g, '')})`;
    case 6:
      return Array.from({ length: rng.int(1, 500) }, (_, i) => `${i === 0 ? '' : '    '}[r${i}]: ${target(rng, files).replace(/\s/g, '')}`).join('\n');
    case 7:
      return `- ${'a'}${' '.repeat(rng.int(1, 50_000))}b\n- [ ] ${nastyString(rng)}\n- [x] done`;
    case 8:
      return `## Acceptance criteria\n\n${Array.from({ length: rng.int(0, 20) }, () => `- ${rng.pick(['[ ] ', '[x] ', ''])}${nastyString(rng)} ${link()}`).join('\n')}`;
    case 9:
      return rng.pick(['```\n[no](no.md)\n', '<div>\n[html](h.md)\n', '<!-- [c](c.md)', '[^1]: foot\n\n[^1]', '|a|b|\n|-|-|\n|[t](t.md)|x|']);
    case 10:
      return `${nastyString(rng, 30)} ${link()} \\[esc](e.md) [u](<a b.md>) [p](%zz.md) [q](a%2Fb.md#%E0%A4%A)`;
    case 11:
      return Array.from({ length: rng.int(1, 800) }, (_, i) => `# H${i % 50}`).join('\n');
    case 12:
      return `${'*_'.repeat(rng.int(1, 5000))}${link()}`;
    default:
      return `text ${rng.chars('abc [](){}<>`\\!*_~&#;', rng.int(1, 300))}`;
  }
}

/** One random document's bytes: mostly UTF-8 text, sometimes with BOM, CRLF/CR, NUL or invalid bytes. */
export function randomDocument(rng: Rng, ids: readonly string[], files: readonly string[]): Content {
  let text = rng.chance(0.9) ? `---\n${frontmatter(rng, ids)}\n${rng.pick(['---', '---', '...', '--- ', '----'])}\n${body(rng, files)}\n` : body(rng, files);
  if (rng.chance(0.1)) text = `\ufeff${text}`;
  if (rng.chance(0.1)) text = text.replace(/\n/g, rng.pick(['\r\n', '\r']));
  if (rng.chance(0.05)) text = text.replace(/a/g, '\0');
  if (rng.chance(0.05)) return Buffer.concat([Buffer.from(text), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80])]);
  return text;
}

/** A random file name: usually a plain `.md` name, sometimes with odd characters. */
export function randomFileName(rng: Rng, index: number): string {
  const dir = rng.pick(['', '', 'sub/', 'a/b/', 'deep/er/still/']);
  const name = rng.chance(0.15) ? `${nastyString(rng, 3).replace(/[/\0]/g, '_').replace(/^\.+/, '')}-${index}` : `doc-${index}`;
  return `${dir}${name}${rng.pick(['.md', '.md', '.MD', '.Md'])}`;
}

/** A random workspace: `{ path: content }` with `count` documents. */
export function randomWorkspace(rng: Rng, count: number): Record<string, Content> {
  const ids = Array.from({ length: Math.max(1, Math.ceil(count / 2)) }, () => randomId(rng));
  const files = Array.from({ length: count }, (_, i) => randomFileName(rng, i));
  const out: Record<string, Content> = {};
  for (const file of files) out[file] = randomDocument(rng, ids, files.map((f) => f.slice(f.lastIndexOf('/') + 1)));
  return out;
}
