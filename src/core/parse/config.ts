/**
 * `docugraph.yml` (META-01 §8): read at the workspace root like every other file (never
 * through a link, at most 1 MiB), parsed as YAML, checked key by key. A problem is
 * `CONFIG_INVALID` on the file with its line; the result then holds the defaults.
 */
import { CONFIG_FILE, DEFAULT_CONFIG, type FieldKeys, type LinkOptions, type WorkspaceConfig } from '../shared/config-types.js';
import { decodeText } from '../shared/normalize-text.js';
import { readFileInside } from '../read/safe-fs.js';
import type { Diagnostic } from '../shared/types.js';
import { parseYamlDocument, yamlNodes, type YamlNode, type YAMLMap } from './yaml.js';

export const MAX_CONFIG_BYTES = 1024 * 1024;
/** The most `include` or `exclude` patterns: each is matched against every path. */
export const MAX_PATTERNS = 1000;
/** The most entries of `fields.dependsOn`, `links.repositoryUrls` and `links.branches`. */
export const MAX_SHORT_LIST = 100;

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
  const read = readFileInside(root, CONFIG_FILE, MAX_CONFIG_BYTES);
  if (!read.ok) {
    if (read.code === 'ENOENT') return { config: DEFAULT_CONFIG, diagnostics: [], found: false };
    return { config: DEFAULT_CONFIG, diagnostics: [invalid(null, `\`${CONFIG_FILE}\` cannot be read: ${read.reason}`)], found: true };
  }
  const decoded = decodeText(read.bytes);
  if (!decoded.ok) return { config: DEFAULT_CONFIG, diagnostics: [invalid(null, `\`${CONFIG_FILE}\` cannot be read: ${decoded.reason}; save it as UTF-8`)], found: true };
  return { ...parseConfig(decoded.text), found: true };
}

const TOP_KEYS = ['include', 'exclude', 'gitignore', 'requireId', 'fields', 'links'] as const;
const FIELD_KEYS = ['id', 'title', 'type', 'status', 'dependsOn'] as const;
const LINK_KEYS = ['root', 'repositoryUrls', 'branches'] as const;

/** Parses the text of a `docugraph.yml`. Every problem is reported, each on its line. */
export function parseConfig(text: string): { config: WorkspaceConfig; diagnostics: Diagnostic[] } {
  const { isMap, isScalar, isSeq } = yamlNodes();
  const parsed = parseYamlDocument(text, { uniqueKeys: true });
  if (parsed === 'too-deep') {
    return { config: DEFAULT_CONFIG, diagnostics: [invalid(1, `\`${CONFIG_FILE}\` is nested too deeply to be read; its settings need at most three levels (\`links:\` → \`repositoryUrls:\` → a list)`)] };
  }
  const { doc, lineAt } = parsed;
  const lineOf = (node: YamlNode | null | undefined): number | null => (node?.range ? lineAt(node.range[0]) : null);
  const problems: Diagnostic[] = [];
  const fail = (node: YamlNode | null | undefined, message: string) => void problems.push(invalid(lineOf(node), message));
  // An error at the end of the input (an unclosed `[`) is on the last line, not after it.
  const lastLine = Math.max(1, text.replace(/\n+$/, '').split('\n').length);
  for (const error of doc.errors) {
    problems.push(invalid(Math.min(lineAt(error.pos[0]), lastLine), `\`${CONFIG_FILE}\` is not valid YAML: ${error.message.split('\n')[0]}`));
  }
  if (problems.length > 0) return { config: DEFAULT_CONFIG, diagnostics: problems };
  const contents = doc.contents as YamlNode | null;
  if (contents === null || (isScalar(contents) && contents.value === null)) return { config: DEFAULT_CONFIG, diagnostics: [] };
  if (!isMap(contents)) return { config: DEFAULT_CONFIG, diagnostics: [invalid(lineOf(contents), `\`${CONFIG_FILE}\` must be a mapping of settings such as \`include:\` and \`fields:\``)] };

  const strings = (node: unknown, where: string, max: number): string[] | null => {
    if (!isSeq(node) || !node.items.every((item) => isScalar(item) && typeof item.value === 'string' && item.value !== '')) {
      fail(node as YamlNode, `\`${where}\` must be a list of non-empty strings, e.g. \`${where}: [a, b]\``);
      return null;
    }
    if (node.items.length > max) {
      fail(node, `\`${where}\` has ${node.items.length} entries; at most ${max} are read${max === MAX_PATTERNS ? ': combine them into globs, or list them in .docugraphignore' : ''}`);
      return null;
    }
    return node.items.map((item) => String((item as { value: unknown }).value));
  };
  /** `include`/`exclude`: a pattern with a `..` segment would name something outside the workspace, which no path here is. */
  const patterns = (node: unknown, where: string): string[] | null => {
    const list = strings(node, where, MAX_PATTERNS);
    if (list === null) return null;
    const climbing = list.findIndex((pattern) => /(?:^|\/)\.\.(?:\/|$)/.test(pattern));
    if (climbing === -1) return list;
    fail((node as { items: YamlNode[] }).items[climbing], `\`${where}\` pattern \`${list[climbing]!}\` climbs out of the workspace with \`..\`: patterns are relative to the folder that holds ${CONFIG_FILE}, and only files inside it are read; move ${CONFIG_FILE} up, or write the pattern from here`);
    return null;
  };
  const boolean = (node: unknown, where: string): boolean | null => {
    if (isScalar(node) && typeof node.value === 'boolean') return node.value;
    fail(node as YamlNode, `\`${where}\` must be \`true\` or \`false\``);
    return null;
  };
  const entries = (map: YAMLMap, allowed: readonly string[], where: string): Map<string, unknown> => {
    const out = new Map<string, unknown>();
    for (const pair of map.items) {
      const key = pair.key as YamlNode;
      const name = isScalar(key) ? String(key.value) : '';
      if (!allowed.includes(name)) {
        fail(key, `unknown setting \`${where}${name}\`; the settings are ${allowed.map((k) => `\`${where}${k}\``).join(', ')}`);
        continue;
      }
      out.set(name, pair.value);
    }
    return out;
  };

  let config: WorkspaceConfig = DEFAULT_CONFIG;
  const top = entries(contents, TOP_KEYS, '');
  for (const [key, node] of top) {
    if (key === 'include' || key === 'exclude') {
      const list = patterns(node, key);
      if (list !== null) config = { ...config, [key]: list };
    } else if (key === 'gitignore' || key === 'requireId') {
      const value = boolean(node, key);
      if (value !== null) config = { ...config, [key]: value };
    } else if (key === 'fields') {
      if (!isMap(node)) {
        fail(node as YamlNode, '`fields` must be a mapping, e.g. `fields: { dependsOn: [depends_on, dependencies] }`');
        continue;
      }
      let fields: FieldKeys = config.fields;
      for (const [field, value] of entries(node, FIELD_KEYS, 'fields.')) {
        if (field === 'dependsOn') {
          const list = isScalar(value) && typeof value.value === 'string' ? [value.value] : strings(value, 'fields.dependsOn', MAX_SHORT_LIST);
          if (list !== null) fields = { ...fields, dependsOn: list };
        } else if (isScalar(value) && typeof value.value === 'string' && value.value !== '') {
          fields = { ...fields, [field]: value.value };
        } else {
          fail(value as YamlNode, `\`fields.${field}\` must be the frontmatter key that holds the ${field}, e.g. \`${field}: ${field}\``);
        }
      }
      config = { ...config, fields };
    } else if (key === 'links') {
      if (!isMap(node)) {
        fail(node as YamlNode, '`links` must be a mapping, e.g. `links: { root: workspace }`');
        continue;
      }
      let links: LinkOptions = config.links;
      for (const [option, value] of entries(node, LINK_KEYS, 'links.')) {
        if (option === 'root') {
          if (isScalar(value) && (value.value === 'repository' || value.value === 'workspace')) links = { ...links, root: value.value };
          else fail(value as YamlNode, '`links.root` must be `repository` or `workspace`');
        } else if (option === 'repositoryUrls') {
          if (isScalar(value) && value.value === 'auto') links = { ...links, repositoryUrls: 'auto' };
          else {
            const list = strings(value, 'links.repositoryUrls', MAX_SHORT_LIST);
            if (list !== null && list.every((url) => /^https:\/\/[^/\s]+\/[^/\s]+\/[^/\s]+\/?$/.test(url))) links = { ...links, repositoryUrls: list.map((url) => url.replace(/\/$/, '').replace(/\.git$/, '')) };
            else if (list !== null) fail(value as YamlNode, '`links.repositoryUrls` must be `auto` or a list of `https://host/owner/repo` prefixes');
          }
        } else {
          const list = strings(value, 'links.branches', MAX_SHORT_LIST);
          if (list !== null) links = { ...links, branches: list };
        }
      }
      config = { ...config, links };
    }
  }
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return problems.length > 0 ? { config: DEFAULT_CONFIG, diagnostics: problems } : { config, diagnostics: [] };
}

function invalid(line: number | null, message: string): Diagnostic {
  return { code: 'CONFIG_INVALID', message, nodeId: null, path: CONFIG_FILE, line };
}
