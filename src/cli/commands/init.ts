/**
 * `docugraph init [dir]`: in an existing repository, reads it and writes the `docugraph.yml`
 * it needs, each choice commented (META-01 §8); in an empty folder, the commented defaults and
 * a small example set of documents that validates. It never writes over an existing file
 * unless `--force`, and never through a symbolic link.
 */
import { readdirSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { CONFIG_FILE, proposeConfig, surveyRepository } from '../../core/index.js';
import type { CliContext } from '../context.js';
import { cannotWrite, entryAt, prepareDirectory, reasonOf } from '../output-dir.js';
import { schemaLines } from '../../common/schema-ref.js';

/** The commented defaults, after the lines that name the schema (schema-ref.ts). */
export const CONFIG_TEMPLATE = `# DocuGraph configuration. Every key is optional: delete what you do not need.

# Which Markdown files count (gitignore-style globs, relative to this folder).
include: ["**/*.md"]
# More to skip, on top of .docugraphignore and .gitignore.
exclude: []
# Honour the .gitignore files in this folder and below.
gitignore: true
# true: every file with frontmatter must have an id (otherwise it is a page, like a README).
requireId: false

# Which frontmatter keys hold each field. Several dependency keys are merged, e.g. for
# Backlog.md: dependsOn: [depends_on, dependencies]
fields:
  id: id
  title: title
  type: type
  status: status
  dependsOn: [depends_on]
  # e.g. ",": a string value of a dependency key is split on it (requires: 20, 165).
  separator: null

links:
  # false: no Markdown link checks (ids, dependencies and cycles are still checked).
  check: true
  # github: links name files, as on GitHub. site: links name the pages a static-site
  # generator publishes (/docs/intro, ../install/), looked up as the files that make them.
  style: github
  # Site style: the folder (relative to the repository root) a leading "/" names.
  siteRoot: "."
  # Link paths not checked (gitignore-style globs), e.g. ["/api/**"].
  ignore: []
  # What a leading "/" in a link means: the repository root (as GitHub) or this folder.
  root: repository
  # Full URLs of this repository whose blob/tree links are checked as paths (auto: the origin remote).
  repositoryUrls: auto
  branches: [main, master]

# Off until set: source files whose comments name documents (// docugraph: implements REQ-01),
# as globs from the repository root, and what each document type needs from them.
# trace:
#   sources: ["src/**", "test/**"]
# coverage:
#   requirement: [implements, verifies]
`;

/** The example documents written into an empty folder: a decision, a spec and a task that depends on both. */
export const EXAMPLE_DOCUMENTS: Readonly<Record<string, string>> = {
  'docs/decisions/DEC-001-storage.md': `---
id: DEC-001
title: Store projects in PostgreSQL
type: decision
status: approved
---
# Store projects in PostgreSQL

We keep projects in PostgreSQL: one table, UUID keys.
`,
  'docs/specs/SPEC-01-projects-api.md': `---
id: SPEC-01
title: Projects API
type: spec
status: approved
depends_on: [DEC-001]
---
# Projects API

\`POST /v1/projects\` creates a project and answers \`201\` with its id.
See the [storage decision](../decisions/DEC-001-storage.md).
`,
  'tasks/TASK-01-create-project.md': `---
id: TASK-01
title: Implement POST /v1/projects
type: task
status: todo
depends_on:
  - SPEC-01
  - DEC-001
---
# Implement POST /v1/projects

## Acceptance criteria

- [ ] \`POST /v1/projects\` answers \`201\` with the new id
- [ ] the project is stored as [DEC-001](../docs/decisions/DEC-001-storage.md) says
`,
};

export function registerInit(program: Command, ctx: CliContext): void {
  program
    .command('init')
    .description(`Read the folder and write the ${CONFIG_FILE} it needs; in an empty folder, also a few example documents.`)
    .argument('[dir]', 'the folder (default: --workspace, DOCUGRAPH_WORKSPACE, or the current directory)')
    .option('--force', `replace an existing ${CONFIG_FILE} (never a symbolic link)`)
    .action((dir: string | undefined, options: { force?: boolean }, command: Command) => {
      const given = dir ?? command.optsWithGlobals<{ workspace?: string }>().workspace ?? (ctx.io.env['DOCUGRAPH_WORKSPACE'] || undefined);
      const root = resolve(ctx.io.cwd, given ?? '.');
      const config = join(root, CONFIG_FILE);
      const existing = entryAt(config);
      if (existing === 'link') {
        ctx.io.stderr.write(`docugraph: ${config} is a symbolic link, which DocuGraph never writes through; nothing was written.\n`);
        return ctx.fail(1);
      }
      if (existing === 'directory') throw cannotWrite(root, `\`${CONFIG_FILE}\` there is a folder`);
      if (existing === 'other' && options.force !== true) {
        ctx.io.stderr.write(`docugraph: ${config} already exists; nothing was written (--force replaces it).\n`);
        return ctx.fail(1);
      }
      let written: string[];
      let empty: boolean;
      let choices: readonly string[] = [];
      let notes: readonly string[] = [];
      let markdown = 0;
      prepareDirectory(root);
      try {
        empty = readdirSync(root).length === 0;
        const schema = schemaLines(realpathSync(root));
        const template = `${schema.join('\n')}\n${CONFIG_TEMPLATE}`;
        let text = template;
        if (!empty) {
          const survey = surveyRepository(realpathSync(root));
          const proposal = proposeConfig(survey, schema);
          text = proposal.text ?? template;
          choices = proposal.choices;
          notes = proposal.notes;
          markdown = survey.keys.files;
        }
        writeConfig(config, text, existing === 'other');
        written = [CONFIG_FILE];
        if (empty) {
          for (const [path, text] of Object.entries(EXAMPLE_DOCUMENTS)) {
            prepareDirectory(dirname(join(root, path)));
            writeFileSync(join(root, path), text, { flag: 'wx' });
            written.push(path);
          }
        }
      } catch (error) {
        throw cannotWrite(root, reasonOf(error));
      }
      const found = empty ? '' : choices.length > 0 ? ` (${choices.join('; ')})` : markdown === 0 ? ' (no Markdown file found)' : ' (the files use DocuGraph\'s own keys: nothing to map)';
      const told = notes.map((note) => `Found ${note}\n`).join('');
      ctx.io.stdout.write(`Wrote ${written.join(', ')} in ${root}${found}.\n${told}Next: docugraph validate${given === undefined ? '' : ` ${given}`}${empty ? ', then docugraph context TASK-01' : ''}\n`);
    });
}

/**
 * Writes the configuration: a new file is created exclusively (never through a link that
 * appeared meanwhile); a replacement is written beside it and renamed over it, so the old
 * file stays whole until the new one is.
 */
function writeConfig(path: string, text: string, replace: boolean): void {
  if (!replace) return writeFileSync(path, text, { flag: 'wx' });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text, { flag: 'wx' });
  try {
    if (entryAt(path) === 'link') throw Object.assign(new Error('symbolic link'), { code: 'ELOOP' });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
