#!/usr/bin/env node
/**
 * The CHANGELOG's "Unreleased" section: what the build holds beyond the last entry, made from
 * the changesets waiting in `.changeset/` (the first sentence of each, minor changes first,
 * then patches, each group in file-name order). `npm run version-packages` turns those
 * changesets into the release's own entry and removes this section (sync-version.mjs).
 *
 *   node scripts/changelog-unreleased.mjs          writes the section into CHANGELOG.md
 *   node scripts/changelog-unreleased.mjs --check  exits 1 when CHANGELOG.md's section differs
 *
 * test/packaging/changelog.test.ts runs the check: a changeset added without the section
 * written again fails `npm test`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const HEADING = '## Unreleased';

/** The section for the changesets in `dir` (`null` when there are none). */
export function unreleasedSection(dir = `${root}.changeset`) {
  const entries = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.md') && n !== 'README.md').sort()) {
    const text = readFileSync(`${dir}/${name}`, 'utf8').replace(/\r\n?/g, '\n');
    const match = /^---\n[\s\S]*?["']docugraph["']:\s*(major|minor|patch)\s*\n---\n+([\s\S]*)$/.exec(text);
    if (match === null) throw new Error(`.changeset/${name} does not bump docugraph`);
    const paragraph = match[2].split(/\n\s*\n/)[0].replace(/\s*\n\s*/g, ' ').trim();
    // The first sentence (up to a full stop or colon before a capital), and the next when the first is only a heading.
    const sentences = paragraph.split(/(?<=[.:])\s+(?=[A-Z`*(])/);
    const sentence = (sentences[0].length < 60 && sentences.length > 1 ? `${sentences[0]} ${sentences[1]}` : sentences[0]).replace(/:$/, '.');
    entries.push({ bump: match[1], name, sentence });
  }
  if (entries.length === 0) return null;
  const order = { major: 0, minor: 1, patch: 2 };
  entries.sort((a, b) => order[a.bump] - order[b.bump] || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const lines = [
    HEADING,
    '',
    'What this build holds beyond the entry below (0.1.0 was never published), one item per change',
    'waiting to be released; the whole of each is in `.changeset/`, and the release turns them into',
    'its own entry:',
    '',
    ...entries.map((e) => wrap(`- (${e.bump}) ${e.sentence}`)),
    '',
  ];
  return lines.join('\n');
}

/** `text` wrapped at 100 columns, continuation lines indented as a list item's. */
function wrap(text) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > 100) {
      lines.push(line);
      line = `  ${word}`;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line].join('\n');
}

/** `changelog` with its Unreleased section replaced by `section` (or removed, when `null`). */
export function withSection(changelog, section) {
  const start = changelog.indexOf(`${HEADING}\n`);
  const rest = start === -1 ? null : changelog.slice(start + HEADING.length);
  const end = rest === null ? -1 : start + HEADING.length + (rest.search(/\n## /) === -1 ? rest.length : rest.search(/\n## /) + 1);
  const without = start === -1 ? changelog : changelog.slice(0, start) + changelog.slice(end);
  if (section === null) return without;
  // After the title line (and its blank line), before the first release.
  const first = without.indexOf('\n## ');
  return first === -1 ? `${without.trimEnd()}\n\n${section}` : `${without.slice(0, first + 1)}${section}\n${without.slice(first + 1)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = `${root}CHANGELOG.md`;
  const now = readFileSync(path, 'utf8');
  const wanted = withSection(now, unreleasedSection());
  if (process.argv.includes('--check')) {
    if (wanted !== now) {
      process.stderr.write('CHANGELOG.md: its Unreleased section does not list the changesets in .changeset/; run `node scripts/changelog-unreleased.mjs`\n');
      process.exit(1);
    }
  } else {
    writeFileSync(path, wanted);
  }
}
