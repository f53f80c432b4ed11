/**
 * `trace:` and `coverage:` of `docugraph.yml` (TRACE §5): the source files whose comments hold
 * trace tags, and the relations each document type needs. Problems are `CONFIG_INVALID`, each
 * at its line.
 */
import type { CoverageRule, TraceOptions } from '../shared/config-types.js';
import { normalStatus, relationRank, RELATIONS, type Relation } from '../shared/relations.js';
import { compareStrings } from '../shared/sort.js';
import { MAX_SHORT_LIST, type ConfigReader } from './config-reader.js';
import { yamlNodes, type YamlNode } from './yaml.js';

export const TRACE_SETTINGS = ['sources'] as const;

/** `trace:`: `sources`, gitignore-style globs relative to the link root (none leaves it). */
export function readTrace(reader: ConfigReader, entries: ReadonlyMap<string, unknown>, defaults: TraceOptions): TraceOptions {
  const sources = entries.get('sources');
  if (sources === undefined) return defaults;
  const list = reader.patterns(sources, 'trace.sources', false);
  if (list === null) return defaults;
  const climbing = list.find((pattern) => /(?:^|\/)\.\.(?:\/|$)/.test(pattern));
  if (climbing === undefined) return { sources: list };
  reader.fail(sources, `\`trace.sources\` pattern \`${climbing}\` climbs out with \`..\`: the patterns are relative to the repository root (the link root), and nothing above it is read`);
  return defaults;
}

const KNOWN: ReadonlySet<string> = new Set(RELATIONS);

/** `coverage:`: a mapping of document types to the relations (one, or a list) each needs; sorted by type. */
export function readCoverage(reader: ConfigReader, node: unknown): CoverageRule[] | null {
  const { isMap, isScalar } = yamlNodes();
  if (!isMap(node)) {
    reader.fail(node, '`coverage` must be a mapping of document types to relations, e.g. `coverage: { requirement: [implements, verifies] }`');
    return null;
  }
  if (node.items.length > MAX_SHORT_LIST) {
    reader.fail(node, `\`coverage\` has ${node.items.length} types; at most ${MAX_SHORT_LIST} are read`);
    return null;
  }
  const rules = new Map<string, CoverageRule>();
  let ok = true;
  for (const pair of node.items) {
    const key = pair.key as YamlNode;
    const type = isScalar(key) && typeof key.value === 'string' ? normalStatus(key.value) : '';
    if (type === '') {
      reader.fail(key, '`coverage` keys are document types (the `type` of the frontmatter), e.g. `requirement`');
      ok = false;
      continue;
    }
    if (rules.has(type)) {
      reader.fail(key, `\`coverage\` lists the type \`${type}\` twice (types are compared in normal form: case, spaces, \`_\` and \`-\` do not count); list it once`);
      ok = false;
      continue;
    }
    const value = pair.value;
    const names = isScalar(value) && typeof value.value === 'string' && value.value !== '' ? [value.value] : reader.strings(value, `coverage.${type}`, RELATIONS.length);
    if (names === null) {
      ok = false;
      continue;
    }
    const unknown = names.find((name) => !KNOWN.has(name));
    if (unknown !== undefined) {
      reader.fail(value, `\`coverage.${type}\` names \`${unknown}\`, which is not a relation; the relations are ${RELATIONS.map((r) => `\`${r}\``).join(', ')}`);
      ok = false;
      continue;
    }
    const relations = [...new Set(names as Relation[])].sort((a, b) => relationRank(a) - relationRank(b));
    rules.set(type, { type, relations });
  }
  return ok ? [...rules.values()].sort((a, b) => compareStrings(a.type, b.type)) : null;
}
