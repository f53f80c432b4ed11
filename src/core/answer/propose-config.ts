/**
 * The `docugraph.yml` a repository needs, from what `surveyRepository` found in it (META-01
 * §8): only the keys that differ from the defaults, each with a comment saying what was
 * found. Values that came from documents reach the file only inside comments, on one line,
 * shortened and without control characters; keys and paths are quoted when YAML needs it.
 */
import { groupThousands } from '../shared/cap.js';
import type { RepositorySurvey } from '../model/survey-repository.js';
import { proposeStatus } from './propose-status.js';
import { KIT_NAMES } from '../shared/config-types.js';
import { DOCUMENT_ID } from '../shared/id-shape.js';

export const SCHEMA_LINE = '# yaml-language-server: $schema=https://unpkg.com/docugraph/schema/docugraph.schema.json';

export interface ConfigProposal {
  /** The file's text; `null` when the repository needs nothing but the defaults. */
  readonly text: string | null;
  /** Each choice, in a few words, for the command's summary (`id key "eip"`). */
  readonly choices: readonly string[];
  /** What was found and is not read, each a sentence with what to do (`759 reStructuredText files (.rst) — not read: …`). */
  readonly notes: readonly string[];
}

/** `schema`: the comment lines that name the JSON Schema (the surface knows where the package's copy is). */
export function proposeConfig(survey: RepositorySurvey, schema: readonly string[] = [SCHEMA_LINE]): ConfigProposal {
  const { keys, site, archives, traceFolders, kits: rootKits } = survey;
  // OpenSpec's archive is never read with `kits: [openspec]` (KITS §1): no need to exclude it.
  // Nor under a kit root (`packages/api/openspec/changes/archive`).
  const readsOpenspec = (found: readonly { readonly kit: string }[]): boolean => found.some((k) => k.kit === 'openspec');
  const openspecArchives = new Set([...(readsOpenspec(rootKits) ? ['openspec/changes/archive'] : []), ...survey.kitRoots.filter((r) => readsOpenspec(r.kits)).map((r) => `${r.path}/openspec/changes/archive`)]);
  const archived = archives.filter((a) => !openspecArchives.has(a.dir));
  // A kit root inside a folder excluded as an archive is never read: not listed (UntaDotMy/CreoNow: 32 of 74 under `rulebook/tasks/archive/`).
  const kitRoots = survey.kitRoots.filter((r) => !archived.some((a) => r.path.startsWith(`${a.dir}/`)));
  // The kits named: those at the root and those of every kit root below it, in `KIT_NAMES` order.
  const named = new Set([...rootKits, ...kitRoots.flatMap((r) => r.kits)].map((k) => k.kit));
  const kits = rootKits;
  const kitNames = KIT_NAMES.filter((kit) => named.has(kit));
  const notes = notRead(survey);
  const choices: string[] = [];
  const fields: string[] = [];
  const idKey = keys.idKey;
  if (idKey !== null && idKey.key !== 'id') {
    const numbers = idKey.numeric ? ', whole numbers' : '';
    fields.push(`  # ${count(idKey.files)} of ${count(keys.withFrontmatter)} frontmatter blocks have "${comment(idKey.key)}:", each with its own value${numbers}: the id`);
    fields.push(`  id: ${yamlKey(idKey.key)}`);
    choices.push(`id key "${comment(idKey.key)}"`);
  }
  const others = keys.dependencyKeys.filter((k) => k.key !== 'depends_on');
  if (others.length > 0) {
    const found = others.map((k) => `"${comment(k.key)}:" (${count(k.files)} ${k.files === 1 ? 'file' : 'files'})`).join(', ');
    fields.push(`  # dependencies are listed under ${found}`);
    fields.push(`  dependsOn: [${['depends_on', ...others.map((k) => k.key)].map(yamlKey).join(', ')}]`);
    choices.push(`dependency ${others.length === 1 ? 'key' : 'keys'} ${others.map((k) => `"${comment(k.key)}"`).join(', ')}`);
  }
  if (keys.commaLists !== null) {
    const { values, example } = keys.commaLists;
    fields.push(`  # ${count(values)} dependency ${values === 1 ? 'value is a comma list' : 'values are comma lists'}, such as "${comment(example)}"`);
    fields.push('  separator: ","');
    choices.push('comma lists split');
  }
  const sections: string[] = [];
  if (fields.length > 0) sections.push(['fields:', ...fields].join('\n'));
  const status = proposeStatus(keys.statuses, comment);
  if (status.lines !== null) sections.push(status.lines.join('\n'));
  if (status.choice !== null) choices.push(status.choice);
  if (site !== null) {
    sections.push(
      [
        'links:',
        `  # ${comment(site.config)}: a ${site.generator} site, whose links name the published pages`,
        '  style: site',
        `  # a leading "/" in a link names this folder (relative to the repository root)`,
        `  siteRoot: ${JSON.stringify(site.siteRoot)}`,
        ...ignoreLines(site),
      ].join('\n'),
    );
    choices.push(`site style (${site.generator})`);
  }
  // One `exclude` list: the copies of older docs, then the archive folders.
  const excludes: string[] = [];
  if (site?.versionedDocs != null) {
    excludes.push(`  - ${JSON.stringify(`${escapeGlob(site.versionedDocs)}/`)}  # copies of older versions of the docs, with the same ids`);
    choices.push('versioned docs excluded');
  }
  for (const a of archived) excludes.push(`  - ${JSON.stringify(`${escapeGlob(a.dir)}/`)}  # ${count(a.files)} Markdown ${a.files === 1 ? 'file' : 'files'}`);
  if (archived.length > 0) choices.push(`${archived.length} archive ${archived.length === 1 ? 'folder' : 'folders'} excluded`);
  // Files written for coding agents whose frontmatter has the id key would be documents, with the agent's ids (Spec Kit Plus's prompt history records: `id: 001`).
  const idField = idKey?.key ?? 'id';
  const agents = survey.agentFiles.filter((a) => (a.keys.get(idField) ?? 0) > 0);
  for (const a of agents) {
    const withId = a.keys.get(idField)!;
    excludes.push(`  - ${JSON.stringify(a.pattern)}  # ${count(a.files)} ${a.files === 1 ? 'file' : 'files'} written for coding agents, ${withId === a.files ? (a.files === 1 ? 'with' : 'each with') : `${count(withId)} with`} an "${comment(idField)}:" of ${withId === 1 ? 'its' : 'their'} own: not documents of this repository`);
  }
  if (agents.length > 0) choices.push(`agent files ${agents.map((a) => comment(a.pattern)).join(', ')} excluded`);
  const archivedAny = archived.length > 0 || site?.versionedDocs != null;
  const head =
    agents.length === 0
      ? '# Archived documents stay out of the graph (delete a line to keep that folder in):'
      : archivedAny
        ? '# Archived documents and files written for coding agents stay out of the graph (delete a line to read them):'
        : '# Files written for coding agents stay out of the graph (delete a line to read them):';
  if (excludes.length > 0) sections.push([head, 'exclude:', ...excludes].join('\n'));
  if (traceFolders.length > 0) {
    const found = traceFolders.map((f) => (f.file ? comment(f.dir) : `${count(f.files)} under ${comment(f.dir)}/`)).join(', ');
    const globs = traceFolders.map((f) => JSON.stringify(f.file ? `/${escapeGlob(f.dir)}` : `${escapeGlob(f.dir)}/**`));
    sections.push(['trace:', `  # files with "docugraph:" tags in their comments: ${found} (paths from the repository root)`, `  sources: [${globs.join(', ')}]`].join('\n'));
    const named = traceFolders.slice(0, 3).map((f) => comment(f.file ? f.dir : `${f.dir}/`));
    choices.push(`trace sources ${named.join(', ')}${traceFolders.length > 3 ? ` and ${traceFolders.length - 3} more` : ''}`);
  }
  const ignored = gitignoreLines(survey);
  if (ignored !== null) {
    sections.push(ignored.lines.join('\n'));
    if (ignored.note !== null) notes.push(ignored.note);
  }
  if (kitNames.length > 0) {
    const seen = kits.map((k) => `#   ${k.kit}: ${k.folders.map(comment).join(', ')}${k.count > k.folders.length ? ` and ${count(k.count - k.folders.length)} more` : ''}`);
    const head = kits.length > 0 ? '# Spec kits: their requirements, criteria, stories and checkbox tasks are read as items. Folders seen:' : '# Spec kits: their requirements, criteria, stories and checkbox tasks are read as items (in the packages below).';
    sections.push([head, ...seen, `kits: [${kitNames.join(', ')}]`].join('\n'));
    if (kits.length > 0) choices.push(`kits ${kits.map((k) => `${k.kit} (${count(k.count)} ${k.count === 1 ? 'folder' : 'folders'})`).join(', ')}`);
  }
  if (kitRoots.length > 0) {
    const entries = rootEntries(kitRoots.map((r) => r.path));
    const seen = kitRoots.map((r) => `#   ${comment(r.path)}: ${r.kits.map((k) => `${k.kit} (${count(k.count)} ${k.count === 1 ? 'folder' : 'folders'})`).join(', ')}`);
    sections.push(['# Kit folders inside packages: read as the root\'s are, their ids starting with the package\'s name (`api:auth/T2.1`). Seen:', ...seen, `roots: [${entries.join(', ')}]`].join('\n'));
    choices.push(`${kitRoots.length} kit ${kitRoots.length === 1 ? 'root' : 'roots'} (${kitRoots.slice(0, 3).map((r) => comment(r.path)).join(', ')}${kitRoots.length > 3 ? ` and ${kitRoots.length - 3} more` : ''})`);
  }
  if (ignored?.choice != null) choices.push(ignored.choice);
  if (sections.length === 0) return { text: null, choices, notes };
  const ids =
    idKey === null && kitNames.length === 0
      ? '# No frontmatter key holds ids, so every file is a page (links checked); add `id:` lines to make documents.\n'
      : '';
  const header = [
    ...schema,
    `# Written by \`docugraph init\` from what it found here: ${count(keys.files)} Markdown ${keys.files === 1 ? 'file' : 'files'}, ${count(keys.withFrontmatter)} with frontmatter${kitNames.length > 0 ? ', and the spec-kit folders below' : ''}.`,
    '# Every key is optional, and each one below says why it is here. Next: docugraph validate',
  ].join('\n');
  return { text: `${header}\n${ids}\n${sections.join('\n\n')}\n`, choices, notes };
}

/** The documents found that DocuGraph does not read, and what to do about them. */
function notRead(survey: RepositorySurvey): string[] {
  const notes: string[] = [];
  for (const f of survey.foreign) {
    const what = `${count(f.files)} ${f.format} ${f.files === 1 ? 'file' : 'files'} (${f.ext})`;
    notes.push(`${what} — not read: DocuGraph reads Markdown (.md) files only; ${f.convert}, with \`id:\` frontmatter to make them documents.`);
  }
  const oft = survey.oftItems;
  if (oft.items > 0) {
    notes.push(
      `${count(oft.items)} OpenFastTrace ${oft.items === 1 ? 'item' : 'items'} (\`req~…~1\`) in ${count(oft.files)} Markdown ${oft.files === 1 ? 'file' : 'files'} — not read as items: DocuGraph reads ${oft.files === 1 ? 'that file as a page' : 'those files as pages'} (links checked); to trace them, give each item a file of its own with \`id:\` and \`depends_on:\` frontmatter, or keep them in a spec kit (docs/kits.md).`,
    );
  }
  return notes;
}

/**
 * `gitignore:` when a `.gitignore` keeps kit folders found from being read (D-519): every kit
 * file — the kit would read nothing — `gitignore: false`, said why; some folders, the line
 * commented out and a note.
 */
function gitignoreLines(survey: RepositorySurvey): { lines: string[]; choice: string | null; note: string | null } | null {
  const { folders, all } = survey.gitignored;
  if (folders.length === 0) return null;
  const named = `${folders.slice(0, 3).map(comment).join(', ')}${folders.length > 3 ? ` and ${count(folders.length - 3)} more` : ''}`;
  if (all) {
    return {
      lines: [`# .gitignore lists the kit folders (${named}), so none of them would be read: this line reads them, and the rest .gitignore lists (delete it to honour .gitignore again)`, 'gitignore: false'],
      choice: '.gitignore not honoured: it lists the kit folders',
      note: null,
    };
  }
  const some = `${count(folders.length)} of the kit folders seen`;
  return {
    lines: [`# .gitignore lists ${some} (${named}), which are not read; to read them, with what else .gitignore lists, remove the "# " below`, '# gitignore: false'],
    choice: null,
    note: `${count(folders.length)} kit ${folders.length === 1 ? 'folder' : 'folders'} (${named}) — not read: .gitignore lists ${folders.length === 1 ? 'it' : 'them'}, and DocuGraph skips what .gitignore lists; \`gitignore: false\` in docugraph.yml (written there as a comment) reads ${folders.length === 1 ? 'it' : 'them'}.`,
  };
}

/** `links.ignore` for a site: templates its generator fills in, and what it serves at `/` that is no page. */
function ignoreLines(site: NonNullable<RepositorySurvey['site']>): string[] {
  const patterns: string[] = [];
  const why: string[] = [];
  if (site.generator === 'Hugo' || site.generator === 'Jekyll') {
    patterns.push('{{*', '{%*');
    why.push(`links written as templates ({{< ref … >}}, {% link … %}), which ${site.generator} fills in`);
  }
  if (site.served.length > 0) {
    patterns.push(...site.served.map((name) => `/${escapeGlob(name)}`));
    why.push('what the site serves at "/" that is no page (its static files, its blog)');
  }
  if (patterns.length === 0) return [];
  return [`  # not checked: ${why.join('; ')}`, `  ignore: [${patterns.map((p) => JSON.stringify(p)).join(', ')}]`];
}

function count(n: number): string {
  return groupThousands(n);
}

/** A value from a document, safe inside a one-line YAML comment: no control characters, at most 60 characters. */
function comment(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}

/** A mapping key as YAML reads it back: plain when it is a simple word, else double-quoted. */
function yamlKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key) && !/^(null|true|false)$/i.test(key) ? key : JSON.stringify(key);
}

/** A folder name as a gitignore-style pattern that matches only it. */
function escapeGlob(path: string): string {
  return path.replace(/[\\*?[\]!#]/g, (ch) => `\\${ch}`);
}

/**
 * The entries of `roots:` for these folders: each its path, named for its folder (`packages/api`
 * is `api`); when two folders share a name, or a name cannot start an id, each of those is
 * written `{ path, name }` with a name made of its path (`services-api`).
 */
function rootEntries(paths: readonly string[]): string[] {
  const base = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  const counts = new Map<string, number>();
  for (const path of paths) counts.set(base(path), (counts.get(base(path)) ?? 0) + 1);
  return paths.map((path) => {
    const name = base(path);
    if (counts.get(name) === 1 && DOCUMENT_ID.test(name)) return yamlScalar(path);
    const made = path.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'root';
    return `{ path: ${yamlScalar(path)}, name: ${yamlScalar(made)} }`;
  });
}

/** A path or name in YAML flow style: plain when it is safe, else a JSON string. */
function yamlScalar(value: string): string {
  return /^[A-Za-z0-9_][A-Za-z0-9._/-]*$/.test(value) ? value : JSON.stringify(value);
}
