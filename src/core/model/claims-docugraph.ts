import type { NodeConfig } from '../shared/config-types.js';

/**
 * Whether frontmatter claims to be DocuGraph's (META-01 §2): a line of it starts, at column 0,
 * with the id key or a dependency key followed by `:`.
 */
export function claimsDocugraph(source: string, config: NodeConfig): boolean {
  const keys = [config.fields.id, ...config.fields.dependsOn];
  for (let start = 0; start < source.length; ) {
    let end = source.indexOf('\n', start);
    if (end === -1) end = source.length;
    for (const key of keys) if (source.startsWith(key, start) && source.charCodeAt(start + key.length) === 0x3a) return true;
    start = end + 1;
  }
  return false;
}

/**
 * The id frontmatter that does not parse was meant to give, read from its id line alone
 * (`id: C`, `id: "C"`, a trailing comment dropped): `null` when there is no such line or its
 * value is no plain id. A dependency on that id is then explained by the broken frontmatter,
 * not by "no document has that id".
 */
export function idOfInvalid(source: string, config: NodeConfig): string | null {
  const key = config.fields.id;
  for (let start = 0; start < source.length; ) {
    let end = source.indexOf('\n', start);
    if (end === -1) end = source.length;
    if (source.startsWith(key, start) && source.charCodeAt(start + key.length) === 0x3a) {
      const value = source
        .slice(start + key.length + 1, end)
        .replace(/\s+#.*$/, '')
        .trim()
        .replace(/^(["'])(.*)\1$/, '$2');
      return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value) ? value : null;
    }
    start = end + 1;
  }
  return null;
}
