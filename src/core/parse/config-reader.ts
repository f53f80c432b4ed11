/**
 * The checks every setting of `docugraph.yml` is read with: a list of strings, a pattern list,
 * a boolean, one of a few words, a mapping of known keys. Each problem is recorded as a
 * `CONFIG_INVALID` finding at the value's line, and the check gives `null` so that the
 * default stays.
 */
import { CONFIG_FILE } from '../shared/config-types.js';
import { echo } from '../shared/errors.js';
import { closestMatch } from '../shared/suggest.js';
import type { Diagnostic } from '../shared/types.js';
import { yamlNodes, type YamlNode, type YAMLMap } from './yaml.js';

/** The most `include`, `exclude` or `links.ignore` patterns: each is matched against every path. */
export const MAX_PATTERNS = 1000;
/** The most entries of `fields.dependsOn`, `links.repositoryUrls`, `links.branches` and the like. */
export const MAX_SHORT_LIST = 100;

export interface ConfigReader {
  /** Records a problem at `node`'s line. */
  fail(node: unknown, message: string): void;
  /** A list of at most `max` non-empty strings. */
  strings(node: unknown, where: string, max: number): string[] | null;
  /** A list of gitignore-style patterns; `insideOnly`: none with a `..` segment (paths inside the workspace never hold one). */
  patterns(node: unknown, where: string, insideOnly: boolean): string[] | null;
  boolean(node: unknown, where: string): boolean | null;
  /** One of `words`. */
  word<T extends string>(node: unknown, where: string, words: readonly T[]): T | null;
  /** A non-empty string. */
  text(node: unknown, where: string, example: string): string | null;
  /** The entries of a mapping whose keys are among `allowed` (an unknown key is a problem); `null` when it is not a mapping. */
  section(node: unknown, allowed: readonly string[], where: string, example: string): Map<string, unknown> | null;
}

/** A reader that records its problems, each at its line (`lineOf`), into `problems`. */
export function createConfigReader(lineOf: (node: YamlNode | null | undefined) => number | null, problems: Diagnostic[]): ConfigReader {
  const { isMap, isScalar, isSeq } = yamlNodes();
  const reader: ConfigReader = {
    fail: (node, message) => void problems.push(configInvalid(lineOf(node as YamlNode), message)),
    strings(node, where, max) {
      if (!isSeq(node) || !node.items.every((item) => isScalar(item) && typeof item.value === 'string' && item.value !== '')) {
        reader.fail(node, `\`${where}\` must be a list of non-empty strings, e.g. \`${where}: [a, b]\``);
        return null;
      }
      if (node.items.length > max) {
        reader.fail(node, `\`${where}\` has ${node.items.length} entries; at most ${max} are read${max === MAX_PATTERNS ? ': combine them into globs, or list them in .docugraphignore' : ''}`);
        return null;
      }
      return node.items.map((item) => String((item as { value: unknown }).value));
    },
    patterns(node, where, insideOnly) {
      const list = reader.strings(node, where, MAX_PATTERNS);
      if (list === null || !insideOnly) return list;
      const climbing = list.findIndex((pattern) => /(?:^|\/)\.\.(?:\/|$)/.test(pattern));
      if (climbing === -1) return list;
      reader.fail(
        (node as { items: YamlNode[] }).items[climbing],
        `\`${where}\` pattern \`${list[climbing]!}\` climbs out of the workspace with \`..\`: patterns are relative to the folder that holds ${CONFIG_FILE}, and only files inside it are read; move ${CONFIG_FILE} up, or write the pattern from here`,
      );
      return null;
    },
    boolean(node, where) {
      if (isScalar(node) && typeof node.value === 'boolean') return node.value;
      reader.fail(node, `\`${where}\` must be \`true\` or \`false\``);
      return null;
    },
    word(node, where, words) {
      if (isScalar(node) && typeof node.value === 'string' && (words as readonly string[]).includes(node.value)) return node.value as (typeof words)[number];
      reader.fail(node, `\`${where}\` must be ${words.map((w) => `\`${w}\``).join(' or ')}`);
      return null;
    },
    text(node, where, example) {
      if (isScalar(node) && typeof node.value === 'string' && node.value !== '') return node.value;
      reader.fail(node, `\`${where}\` must be a non-empty string, e.g. \`${where}: ${example}\``);
      return null;
    },
    section(node, allowed, where, example) {
      if (!isMap(node)) {
        reader.fail(node, `\`${where}\` must be a mapping, e.g. \`${where}: ${example}\``);
        return null;
      }
      return knownEntries(reader, node, allowed, `${where}.`);
    },
  };
  return reader;
}

/** The entries of `map` whose keys are among `allowed`; every other key is a problem naming the settings there are. */
export function knownEntries(reader: ConfigReader, map: YAMLMap, allowed: readonly string[], prefix: string): Map<string, unknown> {
  const { isScalar } = yamlNodes();
  const out = new Map<string, unknown>();
  for (const pair of map.items) {
    const key = pair.key as YamlNode;
    const name = isScalar(key) ? String(key.value) : '';
    if (!allowed.includes(name)) {
      const near = name === '' ? null : closestMatch(name, allowed);
      const guess = near === null ? 'the settings are' : `did you mean \`${prefix}${near}\`? The settings are`;
      reader.fail(key, `unknown setting \`${prefix}${echo(name)}\`; ${guess} ${allowed.map((k) => `\`${prefix}${k}\``).join(', ')}`);
      continue;
    }
    out.set(name, pair.value);
  }
  return out;
}

/** A `CONFIG_INVALID` finding on `docugraph.yml`. */
export function configInvalid(line: number | null, message: string): Diagnostic {
  return { code: 'CONFIG_INVALID', message, nodeId: null, path: CONFIG_FILE, line };
}
