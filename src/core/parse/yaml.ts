/**
 * The one module that talks to the YAML library (`yaml`, YAML 1.2): it is loaded on first use
 * (most frontmatter takes the fast path of simple-yaml.ts and never needs it, and loading it
 * costs start-up time; it ships a CommonJS build, so `require` works), documents are parsed
 * with the same options everywhere, and the walks over its trees live here. Frontmatter and
 * `docugraph.yml` are both read through it.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Document, LineCounter } from 'yaml';

export type { Node as YamlNode, YAMLMap } from 'yaml';

let library: typeof import('yaml') | undefined;

/**
 * The library: beside the bundled executables, `yaml.cjs` — the same package bundled into one
 * file by scripts/bundle-bins.mjs (6 ms to load, where its 74 files took 20–30 ms, at every start
 * that reads a `docugraph.yml`); elsewhere (the library entry, tests) the package itself.
 */
function loadYaml(): typeof import('yaml') {
  const require = createRequire(import.meta.url);
  try {
    // By its path, not a specifier: only the built executables have this file beside them.
    return require(fileURLToPath(new URL('yaml.cjs', import.meta.url))) as typeof import('yaml');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    return require('yaml') as typeof import('yaml');
  }
}

/** The library's node predicates and visitor. */
export function yamlNodes(): Pick<typeof import('yaml'), 'isAlias' | 'isMap' | 'isPair' | 'isScalar' | 'isSeq' | 'visit'> {
  library ??= loadYaml();
  return library;
}

/** A parsed document, and where each offset of its text is. */
export interface ParsedYaml {
  readonly doc: Document.Parsed;
  /** The 1-based line of `offset` in the text parsed. */
  readonly lineAt: (offset: number) => number;
}

/**
 * Parses `text` as one YAML 1.2 document (errors are in `doc.errors`, not thrown). `uniqueKeys`:
 * whether the library reports repeated keys itself (its check compares each key with every
 * earlier one: frontmatter uses `firstDuplicateKey` instead). `'too-deep'` when the text nests
 * deeper than the library's recursion can follow (thousands of levels exhaust its stack).
 */
export function parseYamlDocument(text: string, options: { readonly uniqueKeys: boolean }): ParsedYaml | 'too-deep' {
  // Too deep for sure, whatever the stack holds when this is called: the same text is always
  // the same finding (near the library's limit, how much stack is left would decide).
  if (nestingOf(text) > MAX_NESTING) return 'too-deep';
  library ??= loadYaml();
  const lineCounter: LineCounter = new library.LineCounter();
  let doc: Document.Parsed;
  try {
    doc = library.parseDocument(text, { lineCounter, uniqueKeys: options.uniqueKeys, prettyErrors: false, version: '1.2', logLevel: 'error' });
  } catch (error) {
    if (error instanceof RangeError) return 'too-deep';
    throw error;
  }
  // The library also catches its stack overflow and reports it as an error of the document.
  if (doc.errors.some((e) => e.message.startsWith('Maximum call stack size exceeded'))) return 'too-deep';
  return { doc, lineAt: (offset) => lineCounter.linePos(offset).line };
}

/**
 * The most nesting a text is parsed with: the library recurses once per level, and overflows
 * the stack at about 1,000 levels of flow collections or 1,200 of indentation on a fresh stack.
 */
const MAX_NESTING = 400;

/**
 * An upper bound of a YAML text's nesting, in one pass: its deepest indentation plus twice its
 * deepest flow nesting (brackets inside strings count too: the bound only errs upwards).
 */
function nestingOf(text: string): number {
  let flow = 0;
  let maxFlow = 0;
  let maxIndent = 0;
  let indent = 0;
  let lineStart = true;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      lineStart = true;
      indent = 0;
      continue;
    }
    if (lineStart) {
      if (c === 0x20 || c === 0x09) {
        indent += 1;
        if (indent > maxIndent) maxIndent = indent;
        continue;
      }
      lineStart = false;
    }
    if (c === 0x5b || c === 0x7b) {
      flow += 1;
      if (flow > maxFlow) maxFlow = flow;
    } else if ((c === 0x5d || c === 0x7d) && flow > 0) flow -= 1;
  }
  return maxIndent / 2 + maxFlow;
}

/**
 * The offset of the first key that repeats an earlier key of the same mapping (scalar keys
 * with the same value, as the YAML library compares them), anywhere in the document; `null`
 * when there is none. One pass, no recursion.
 */
export function firstDuplicateKey(root: unknown): number | null {
  const { isMap, isPair, isScalar, isSeq } = yamlNodes();
  let first: number | null = null;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isPair(node)) {
      stack.push(node.key, node.value);
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item);
    } else if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        stack.push(pair);
        const key = pair.key;
        if (!isScalar(key) || Number.isNaN(key.value)) continue;
        if (seen.has(key.value) && key.range) first = first === null ? key.range[0] : Math.min(first, key.range[0]);
        seen.add(key.value);
      }
    }
  }
  return first;
}

/** The offset of the first alias (`*name`) whose anchor is not set before it, else `null`. */
export function unresolvedAlias(doc: Document.Parsed): number | null {
  const { visit } = yamlNodes();
  let offset: number | null = null;
  visit(doc, {
    Alias(_key, node) {
      if (node.range == null || node.resolve(doc) !== undefined) return undefined;
      offset = node.range[0];
      return visit.BREAK;
    },
  });
  return offset;
}

/** The library's messages can span lines (with a source excerpt); the first, without its position. */
export function firstSentence(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return first.replace(/\s*at line \d+, column \d+:?\s*$/, '').trim();
}
