/**
 * remark-validate-links as a reference for the link checks (issue 10): runs it in-process
 * through unified-engine — the engine remark-cli uses, so it checks headings in other files
 * too — in GitHub mode (a `repository` URL and a root), on a given list of files, offline.
 *
 * remark is set up the way a GitHub repository's docs would be linted: GFM (what `remark-gfm`
 * adds, from micromark-extension-gfm and mdast-util-gfm) and frontmatter left out of the
 * Markdown (what `remark-frontmatter` achieves; its lines are blanked, so positions are
 * unchanged). Neither plugin package is installed; both fit in a few lines here.
 */
import { PassThrough } from 'node:stream';
import type { Root } from 'mdast';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { remark } from 'remark';
import remarkValidateLinks from 'remark-validate-links';
import type { Pluggable, Processor } from 'unified';
import { engine } from 'unified-engine';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

/** How a link is written: remark-validate-links checks every mdast node with a `url`. */
export type LinkForm = 'inline' | 'image' | 'definition' | 'autolink' | 'literal';

/** One warning of remark-validate-links. */
export interface RemarkFinding {
  /** Path of the linking file, relative to the engine's cwd (the repository root). */
  readonly file: string;
  readonly line: number;
  /** `file` for `missing-file`; `anchor` for `missing-heading` and `missing-heading-in-file`. */
  readonly kind: 'file' | 'anchor';
  /** The link's destination as written (after Markdown escapes), from the node the warning is on. */
  readonly url: string;
  readonly form: LinkForm;
  readonly message: string;
}

const RULES = new Set(['missing-file', 'missing-heading', 'missing-heading-in-file']);

/** The closing line of a frontmatter block (META-01 §2), 1-based, or 0 when there is none (or it never closes). */
export function frontmatterEnd(text: string): number {
  const lines = text.split('\n');
  if (!/^\uFEFF?---[ \t]*\r?$/.test(lines[0] ?? '')) return 0;
  for (let i = 1; i < lines.length; i += 1) if (/^(?:---|\.\.\.)[ \t]*\r?$/.test(lines[i]!)) return i + 1;
  return 0;
}

/** `remark-gfm`, in short. */
function gfmPlugin(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}

/** Frontmatter is not Markdown: its characters become spaces before parsing (offsets and lines kept). */
function frontmatterPlugin(this: Processor): void {
  const parse = this.parser;
  if (parse === undefined) throw new Error('frontmatterPlugin needs remark-parse first');
  this.parser = (document, file) => {
    const end = frontmatterEnd(document);
    if (end === 0) return parse(document, file);
    let cut = 0;
    for (let line = 0; line < end; line += 1) cut = document.indexOf('\n', cut) + 1 || document.length;
    return parse(document.slice(0, cut).replace(/[^\n]/g, ' ') + document.slice(cut), file);
  };
}

/** Records, for every node with a `url`, its destination and form under `line:column`. */
function urlsPlugin() {
  return (tree: Root, file: VFile): void => {
    const text = String(file.value);
    const urls = new Map<string, { url: string; form: LinkForm }>();
    visit(tree, (node) => {
      if (!('url' in node) || typeof node.url !== 'string' || node.position === undefined) return;
      const start = node.position.start;
      const first = text.charAt(start.offset ?? 0);
      const form: LinkForm = node.type === 'image' ? 'image' : node.type === 'definition' ? 'definition' : first === '<' ? 'autolink' : first === '[' ? 'inline' : 'literal';
      urls.set(`${start.line}:${start.column}`, { url: node.url, form });
    });
    file.data['urls'] = urls;
  };
}

/**
 * Runs remark-validate-links on `files` (paths relative to `root`, the repository root) as
 * the repository `repository` (`https://github.com/owner/name`) and returns its warnings,
 * sorted by file, line, column and message. Files it reads only for their headings are not reported on,
 * as with remark-cli.
 */
export async function remarkFindings(root: string, files: readonly string[], repository: string): Promise<RemarkFinding[]> {
  const sink = new PassThrough();
  sink.resume();
  const processed = await new Promise<VFile[]>((resolve, reject) => {
    engine(
      {
        processor: remark().use(gfmPlugin).use(frontmatterPlugin).use(urlsPlugin),
        files: [...files],
        cwd: root,
        extensions: ['md'],
        // Given to the engine, not to `.use()`: only then does the plugin get the file set it needs to read other files' headings.
        plugins: [[remarkValidateLinks, { repository, root }] as Pluggable],
        detectConfig: false,
        detectIgnore: false,
        color: false,
        silent: true,
        out: false,
        output: false,
        streamOut: sink,
        streamError: sink,
        reporter: () => '',
      },
      (error, _code, context) => (error !== undefined ? reject(error) : resolve(context?.files ?? [])),
    );
  });
  const findings: (RemarkFinding & { column: number })[] = [];
  for (const file of processed) {
    const urls = file.data['urls'] as Map<string, { url: string; form: LinkForm }> | undefined;
    for (const message of file.messages) {
      // Anything else (a file that cannot be read or parsed) would leave links unchecked: stop.
      if (!RULES.has(message.ruleId ?? '')) throw new Error(`${file.path}: ${message.reason}`);
      const line = message.line ?? 0;
      const column = message.column ?? 0;
      const node = urls?.get(`${line}:${column}`);
      if (node === undefined) throw new Error(`${file.path}:${line}:${column}: no link node for ${message.reason}`);
      const kind = message.ruleId === 'missing-file' ? 'file' : 'anchor';
      findings.push({ file: file.path, line, column, kind, url: node.url, form: node.form, message: message.reason });
    }
  }
  const order = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
  findings.sort((a, b) => order(a.file, b.file) || a.line - b.line || a.column - b.column || order(a.message, b.message));
  return findings.map(({ column: _column, ...finding }) => finding);
}
