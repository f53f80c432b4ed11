/**
 * What the first line of a `docugraph.yml` that `docugraph init` writes names as its JSON
 * Schema (for editors with the YAML language server): a file that exists — the package's own
 * copy (`schema/docugraph.schema.json`). Inside the folder written to (DocuGraph installed in
 * the repository's `node_modules`), a path relative to the file, which every clone has; else
 * this machine's copy as a `file://` URL, with a line that names the published copy for when
 * the package is on npm (until then, no URL on the web serves it).
 */
import { existsSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The package's copy of the schema (two levels up from src/common, dist/common or dist/bin). */
export const SCHEMA_FILE = fileURLToPath(new URL('../../schema/docugraph.schema.json', import.meta.url));
/** Where the published package serves it. */
export const PUBLISHED_SCHEMA = 'https://unpkg.com/docugraph/schema/docugraph.schema.json';

/** The comment lines that name the schema, for a `docugraph.yml` written into `dir`. */
export function schemaLines(dir: string, schemaFile: string = SCHEMA_FILE): string[] {
  if (!existsSync(schemaFile)) return [`# yaml-language-server: $schema=${PUBLISHED_SCHEMA}`];
  const rel = relative(dir, schemaFile);
  if (rel !== '' && !isAbsolute(rel) && rel.split(sep)[0] !== '..') return [`# yaml-language-server: $schema=${rel.split(sep).join('/')}`];
  return [`# yaml-language-server: $schema=${pathToFileURL(schemaFile).href}`, `# (this machine's copy of DocuGraph's schema; once the package is on npm: ${PUBLISHED_SCHEMA})`];
}
