/**
 * `sources:` (issue 57): other repositories read into this workspace's graph, each under a name
 * its ids take as a prefix (`platform:REQ-12`) — a checkout beside this one (`path`, relative
 * to the workspace root), read from its working tree or at a git revision (`rev`), and where
 * to clone it from (`url`, named when the checkout is missing). Sorted by name; `null` after a
 * problem.
 */
import { DOCUMENT_ID, shownValue } from '../shared/id-shape.js';
import { echo } from '../shared/errors.js';
import { compareStrings } from '../shared/sort.js';
import type { SourceSpec } from '../shared/config-types.js';
import type { ConfigReader } from './config-reader.js';
import { yamlNodes, type YamlNode } from './yaml.js';

/** The most sources a configuration lists. */
export const MAX_SOURCES = 100;

const EXAMPLE = '`sources: { platform: { path: ../platform-specs, rev: v3.2 } }`';

/**
 * A revision as git takes it, as data: never an option (a leading `-`), no space, control
 * character, `..` range or `:` path, at most 200 characters (`v3.2`, `main`, `origin/main`,
 * a commit).
 */
const REV = /^(?!-)(?!.*\.\.)[^\s\u0000-\u001f\u007f:~^?*[\\]{1,200}$/;

/**
 * Where a repository is cloned from, as a SOURCE_MISSING message suggests it in a command to
 * copy: `https://`, `ssh://` or `git@host:path`, of characters no shell acts on.
 */
const CLONE_URL = /^(?:https:\/\/|ssh:\/\/|git@)[A-Za-z0-9._~:/@%+=-]+$/;

export function readSources(reader: ConfigReader, node: unknown, lineOf: (node: YamlNode | null | undefined) => number | null): SourceSpec[] | null {
  const { isMap, isScalar } = yamlNodes();
  if (!isMap(node)) {
    reader.fail(node, `\`sources\` must be a mapping of names to other repositories' checkouts, e.g. ${EXAMPLE}`);
    return null;
  }
  if (node.items.length > MAX_SOURCES) {
    reader.fail(node, `\`sources\` has ${node.items.length} entries; at most ${MAX_SOURCES} are read`);
    return null;
  }
  const sources: SourceSpec[] = [];
  let ok = true;
  for (const pair of node.items) {
    const name = isScalar(pair.key) ? pair.key.value : null;
    if (typeof name !== 'string' || !DOCUMENT_ID.test(name) || name.length > 100) {
      reader.fail(pair.key, `the source name \`${shownValue(String(name))}\` cannot start an id: name it with letters, digits, \`.\`, \`_\` and \`-\`, starting with a letter or digit, e.g. ${EXAMPLE}`);
      ok = false;
      continue;
    }
    let path: unknown;
    let rev: unknown = null;
    let url: unknown = null;
    if (isScalar(pair.value)) path = pair.value.value;
    else if (isMap(pair.value)) {
      for (const entry of pair.value.items) {
        const key = isScalar(entry.key) ? entry.key.value : null;
        const value = isScalar(entry.value) ? entry.value.value : entry.value;
        if (key === 'path') path = value;
        else if (key === 'rev') rev = value;
        else if (key === 'url') url = value;
        else {
          reader.fail(entry.key, `unknown setting \`sources.${name}.${typeof key === 'string' ? echo(key) : '?'}\`; a source has \`path\`, \`rev\` and \`url\``);
          ok = false;
        }
      }
    }
    if (typeof path !== 'string' || path === '' || path.length > 1000 || /[\0\n\r]/.test(path)) {
      reader.fail(pair.value ?? pair.key, `the source \`${name}\` needs \`path\`: the folder of its checkout, relative to this workspace's root, e.g. ${EXAMPLE}`);
      ok = false;
      continue;
    }
    if (rev !== null && (typeof rev !== 'string' || !REV.test(rev))) {
      const why = typeof rev === 'string' && rev.startsWith('-') ? 'it starts with `-`, which git would take as an option' : 'it is not a branch, tag or commit';
      reader.fail(pair.value, `\`sources.${name}.rev\` \`${shownValue(String(rev))}\` cannot be read: ${why}; give a branch, a tag or a commit, e.g. \`rev: v3.2\``);
      ok = false;
      continue;
    }
    if (url !== null && (typeof url !== 'string' || url.length > 1000 || !CLONE_URL.test(url))) {
      reader.fail(pair.value, `\`sources.${name}.url\` must be where the repository is cloned from — \`https://\`, \`ssh://\` or \`git@host:path\`, without spaces or shell characters — e.g. \`url: https://github.com/acme/platform-specs\``);
      ok = false;
      continue;
    }
    sources.push({ name, path: path.replace(/(.)\/+$/, '$1'), rev: rev as string | null, url: url as string | null, line: lineOf(pair.key as YamlNode) ?? 1 });
  }
  return ok ? sources.sort((a, b) => compareStrings(a.name, b.name)) : null;
}
