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
