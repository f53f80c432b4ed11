/**
 * `docugraph.yml` (META-01 §8): read at the workspace root like every other file (never
 * through a link, at most 1 MiB), parsed as YAML, checked key by key. A problem is
 * `CONFIG_INVALID` on the file with its line; the result then holds the defaults.
 */
import { CONTEXT_SETTINGS, readContext } from './config-context.js';
import { CONFIG_FILE, DEFAULT_CONFIG, type FieldKeys, type LinkOptions, type WorkspaceConfig } from '../shared/config-types.js';
import { decodeText } from '../shared/normalize-text.js';
import type { FileBytes } from '../read/discover-files.js';
import { readFileInside } from '../read/safe-fs.js';
import type { Diagnostic } from '../shared/types.js';
import { configInvalid, createConfigReader, knownEntries, MAX_SHORT_LIST, type ConfigReader } from './config-reader.js';
import { firstDuplicateKey, parseYamlDocument, yamlNodes, type YamlNode } from './yaml.js';
import { checkKeyClaims, readRelations, readStatus, RELATION_SETTINGS, STATUS_SETTINGS } from './config-trace.js';
import type { TypedRelation } from '../shared/relations.js';
import { readCoverage, readTrace, TRACE_SETTINGS } from './config-coverage.js';
import { kitCoverage, readKitRoots, readKits } from './config-kits.js';
import { readSources } from './config-sources.js';

export { MAX_PATTERNS, MAX_SHORT_LIST } from './config-reader.js';

export const MAX_CONFIG_BYTES = 1024 * 1024;

export interface ConfigResult {
  /** The configuration to use: the file's, or the defaults when there is none or it is invalid. */
  readonly config: WorkspaceConfig;
  /** `CONFIG_INVALID` findings (empty when the file is absent or valid). */
  readonly diagnostics: readonly Diagnostic[];
  /** Whether the root holds a `docugraph.yml`. */
  readonly found: boolean;
}

/** Reads and checks the root's `docugraph.yml`. */
export function readConfig(root: string): ConfigResult {
  return configFrom(readFileInside(root, CONFIG_FILE, MAX_CONFIG_BYTES));
}

/** The configuration from the bytes of a `docugraph.yml` (`ENOENT`: there is none), read as `readConfig` reads it. */
export function configFrom(read: FileBytes): ConfigResult {
  if (!read.ok) {
    if (read.code === 'ENOENT') return { config: DEFAULT_CONFIG, diagnostics: [], found: false };
    return { config: DEFAULT_CONFIG, diagnostics: [configInvalid(null, `\`${CONFIG_FILE}\` cannot be read: ${read.reason}`)], found: true };
  }
  const decoded = decodeText(read.bytes);
  if (!decoded.ok) return { config: DEFAULT_CONFIG, diagnostics: [configInvalid(null, `\`${CONFIG_FILE}\` cannot be read: ${decoded.reason}; save it as UTF-8`)], found: true };
  return { ...parseConfig(decoded.text), found: true };
}

const TOP_KEYS = ['include', 'exclude', 'gitignore', 'requireId', 'fields', 'links', 'relations', 'status', 'trace', 'coverage', 'kits', 'roots', 'sources', 'writes', 'cache', 'context'] as const;
const FIELD_KEYS = ['id', 'title', 'type', 'status', 'dependsOn', 'separator'] as const;
const LINK_KEYS = ['check', 'style', 'siteRoot', 'ignore', 'root', 'repositoryUrls', 'branches'] as const;

/** Parses the text of a `docugraph.yml`. Every problem is reported, each on its line. */
export function parseConfig(text: string): { config: WorkspaceConfig; diagnostics: Diagnostic[] } {
  const { isMap, isScalar } = yamlNodes();
  // Repeated keys found in one pass (firstDuplicateKey): the library's own check is quadratic.
  const parsed = parseYamlDocument(text, { uniqueKeys: false });
  if (parsed === 'too-deep') {
    return { config: DEFAULT_CONFIG, diagnostics: [configInvalid(1, `\`${CONFIG_FILE}\` is nested too deeply to be read; its settings need at most three levels (\`links:\` → \`repositoryUrls:\` → a list)`)] };
  }
  const { doc, lineAt } = parsed;
  const problems: Diagnostic[] = [];
  // An error at the end of the input (an unclosed `[`) is on the last line, not after it.
  const lastLine = Math.max(1, text.replace(/\n+$/, '').split('\n').length);
  for (const error of doc.errors) {
    problems.push(configInvalid(Math.min(lineAt(error.pos[0]), lastLine), `\`${CONFIG_FILE}\` is not valid YAML: ${error.message.split('\n')[0]}`));
  }
  const duplicate = problems.length === 0 ? firstDuplicateKey(doc.contents) : null;
  if (duplicate !== null) problems.push(configInvalid(lineAt(duplicate), `\`${CONFIG_FILE}\` is not valid YAML: Map keys must be unique`));
  if (problems.length > 0) return { config: DEFAULT_CONFIG, diagnostics: problems };
  const contents = doc.contents as YamlNode | null;
  const lineOf = (node: YamlNode | null | undefined): number | null => (node?.range ? lineAt(node.range[0]) : null);
  if (contents === null || (isScalar(contents) && contents.value === null)) return { config: DEFAULT_CONFIG, diagnostics: [] };
  if (!isMap(contents)) return { config: DEFAULT_CONFIG, diagnostics: [configInvalid(lineOf(contents), `\`${CONFIG_FILE}\` must be a mapping of settings such as \`include:\` and \`fields:\``)] };

  const reader = createConfigReader(lineOf, problems);
  let config: WorkspaceConfig = DEFAULT_CONFIG;
  let relationNodes: ReadonlyMap<TypedRelation, unknown> = new Map();
  let coverageSet = false;
  let rootsNode: unknown;
  for (const [key, node] of knownEntries(reader, contents, TOP_KEYS, '')) {
    if (key === 'include' || key === 'exclude') {
      const list = reader.patterns(node, key, true);
      if (list !== null) config = { ...config, [key]: list };
    } else if (key === 'gitignore' || key === 'requireId' || key === 'writes') {
      const value = reader.boolean(node, key);
      if (value !== null) config = { ...config, [key]: value };
    } else if (key === 'fields') {
      const entries = reader.section(node, FIELD_KEYS, 'fields', '{ dependsOn: [depends_on, dependencies] }');
      if (entries !== null) config = { ...config, fields: readFields(reader, entries, config.fields) };
    } else if (key === 'links') {
      const entries = reader.section(node, LINK_KEYS, 'links', '{ root: workspace }');
      if (entries !== null) config = { ...config, links: readLinks(reader, entries, config.links) };
    } else if (key === 'relations') {
      const entries = reader.section(node, RELATION_SETTINGS, 'relations', '{ verifies: [verifies, tests] }');
      if (entries === null) continue;
      const read = readRelations(reader, entries, config.relations);
      config = { ...config, relations: read.relations };
      relationNodes = read.nodes;
    } else if (key === 'trace') {
      const entries = reader.section(node, TRACE_SETTINGS, 'trace', '{ sources: ["src/**", "test/**"] }');
      if (entries !== null) config = { ...config, trace: readTrace(reader, entries, config.trace) };
    } else if (key === 'coverage') {
      coverageSet = true;
      const rules = readCoverage(reader, node);
      if (rules !== null) config = { ...config, coverage: rules };
    } else if (key === 'cache') {
      const cache = readCache(reader, node);
      if (cache !== undefined) config = { ...config, cache };
    } else if (key === 'context') {
      const entries = reader.section(node, CONTEXT_SETTINGS, 'context', '{ sections: always }');
      if (entries !== null) config = { ...config, context: readContext(reader, entries, config.context) };
    } else if (key === 'kits') {
      const kits = readKits(reader, node);
      if (kits !== null) config = { ...config, kits };
    } else if (key === 'roots') {
      rootsNode = node;
      const kitRoots = readKitRoots(reader, node);
      if (kitRoots !== null) config = { ...config, kitRoots };
    } else if (key === 'sources') {
      const sources = readSources(reader, node, lineOf);
      if (sources !== null) config = { ...config, sources };
    } else {
      const entries = reader.section(node, [...STATUS_SETTINGS, 'write'], 'status', '{ done: [done, shipped] }');
      if (entries !== null) config = { ...config, status: readStatus(reader, entries, config.status) };
    }
  }
  checkKeyClaims(reader, config.fields, config.relations, relationNodes);
  if (rootsNode !== undefined && config.kits.length === 0) reader.fail(rootsNode, '`roots` lists folders whose kit folders are read, but no kit is named: add `kits:` too, e.g. `kits: [kiro, speckit, openspec]`');
  const rootNamed = new Set(config.kitRoots.map((root) => root.name));
  for (const source of config.sources) {
    if (rootNamed.has(source.name)) reader.fail(rootsNode, `the kit root and the source both named \`${source.name}\` would give their items the same ids: rename one of them`);
  }
  // The kits' own coverage (KITS §5) stands until `coverage:` says otherwise.
  if (!coverageSet && config.kits.length > 0) config = { ...config, coverage: kitCoverage(config.kits) };
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return problems.length > 0 ? { config: DEFAULT_CONFIG, diagnostics: problems } : { config, diagnostics: [] };
}

/**
 * `cache:` (issue 38): `false`, or one dot-folder directly in the workspace (`.docugraph`): a
 * folder the walk never enters, made by DocuGraph without following a link on the way.
 */
function readCache(reader: ConfigReader, node: unknown): string | false | undefined {
  const { isScalar } = yamlNodes();
  if (isScalar(node) && node.value === false) return false;
  const value = isScalar(node) && typeof node.value === 'string' ? node.value.replace(/\/+$/, '') : null;
  if (value !== null && /^\.[^/\\]+$/.test(value) && value !== '.' && value !== '..' && value !== '.git') return value;
  reader.fail(node, '`cache` must be `false` or a dot-folder directly in the workspace, e.g. `cache: .docugraph` (by default the index lives in your cache folder)');
  return undefined;
}

/** `fields:`: which frontmatter keys hold each field, and how a string of dependencies is split. */
function readFields(reader: ConfigReader, entries: ReadonlyMap<string, unknown>, defaults: FieldKeys): FieldKeys {
  const { isScalar } = yamlNodes();
  let fields = defaults;
  for (const [field, value] of entries) {
    if (field === 'dependsOn') {
      const list = isScalar(value) && typeof value.value === 'string' ? [value.value] : reader.strings(value, 'fields.dependsOn', MAX_SHORT_LIST);
      if (list !== null) fields = { ...fields, dependsOn: list };
    } else if (field === 'separator') {
      if (isScalar(value) && value.value === null) fields = { ...fields, separator: null };
      else if (isScalar(value) && typeof value.value === 'string' && value.value.trim() !== '') fields = { ...fields, separator: value.value.trim() };
      else reader.fail(value, '`fields.separator` must be `null` or the characters between two ids in one string, e.g. `separator: ","`');
    } else if (isScalar(value) && typeof value.value === 'string' && value.value !== '') {
      fields = { ...fields, [field]: value.value };
    } else {
      reader.fail(value, `\`fields.${field}\` must be the frontmatter key that holds the ${field}, e.g. \`${field}: ${field}\``);
    }
  }
  return distinctFields(reader, entries, fields, defaults);
}

/**
 * The fields of `fields` when each names its own frontmatter key; a key named for two fields
 * (`fields: { status: id }`) is `CONFIG_INVALID` on the line given, and the defaults are kept:
 * `docugraph done` writes the status key, and must never write over an id, a title or a type.
 */
function distinctFields(reader: ConfigReader, entries: ReadonlyMap<string, unknown>, fields: FieldKeys, defaults: FieldKeys): FieldKeys {
  const owner = new Map<string, string>();
  for (const field of ['id', 'title', 'type', 'status'] as const) {
    const other = owner.get(fields[field]);
    if (other !== undefined) {
      const given = entries.has(field) ? field : other;
      reader.fail(entries.get(given) ?? null, `\`fields.${field}\` and \`fields.${other}\` both name the frontmatter key \`${fields[field]}\`; each field needs its own key (\`done\` writes \`fields.status\`)`);
      return defaults;
    }
    owner.set(fields[field], field);
  }
  for (const key of fields.dependsOn) {
    const other = owner.get(key);
    if (other !== undefined) {
      reader.fail(entries.get('dependsOn') ?? entries.get(other) ?? null, `\`fields.dependsOn\` and \`fields.${other}\` both name the frontmatter key \`${key}\`; each field needs its own key`);
      return defaults;
    }
  }
  return fields;
}

/** `links:`: whether and how Markdown links are checked (META-01 §5). */
function readLinks(reader: ConfigReader, entries: ReadonlyMap<string, unknown>, defaults: LinkOptions): LinkOptions {
  const { isScalar } = yamlNodes();
  let links = defaults;
  for (const [option, value] of entries) {
    if (option === 'check') {
      const check = reader.boolean(value, 'links.check');
      if (check !== null) links = { ...links, check };
    } else if (option === 'style') {
      const style = reader.word(value, 'links.style', ['github', 'site'] as const);
      if (style !== null) links = { ...links, style };
    } else if (option === 'siteRoot') {
      const siteRoot = reader.text(value, 'links.siteRoot', 'content');
      if (siteRoot !== null && siteFolder(siteRoot) === null) reader.fail(value, '`links.siteRoot` must be a folder inside the repository, relative to its root, e.g. `siteRoot: content` (no `..`)');
      else if (siteRoot !== null) links = { ...links, siteRoot: siteFolder(siteRoot)! };
    } else if (option === 'ignore') {
      const ignore = reader.patterns(value, 'links.ignore', false);
      if (ignore !== null) links = { ...links, ignore };
    } else if (option === 'root') {
      const root = reader.word(value, 'links.root', ['repository', 'workspace'] as const);
      if (root !== null) links = { ...links, root };
    } else if (option === 'repositoryUrls') {
      if (isScalar(value) && value.value === 'auto') {
        links = { ...links, repositoryUrls: 'auto' };
        continue;
      }
      const list = reader.strings(value, 'links.repositoryUrls', MAX_SHORT_LIST);
      if (list !== null && list.every((url) => /^https:\/\/[^/\s]+\/[^/\s]+\/[^/\s]+\/?$/.test(url))) links = { ...links, repositoryUrls: list.map((url) => url.replace(/\/$/, '').replace(/\.git$/, '')) };
      else if (list !== null) reader.fail(value, '`links.repositoryUrls` must be `auto` or a list of `https://host/owner/repo` prefixes');
    } else {
      const list = reader.strings(value, 'links.branches', MAX_SHORT_LIST);
      if (list !== null) links = { ...links, branches: list };
    }
  }
  return links;
}

/** `content/`, `./docs`, `.` as a folder relative to the link root (`.` for the root itself), or `null` when it climbs out or is absolute. */
function siteFolder(path: string): string | null {
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (path.startsWith('/') || parts.some((part) => part === '..')) return null;
  return parts.length === 0 ? '.' : parts.join('/');
}
