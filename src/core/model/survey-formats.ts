/**
 * Documents DocuGraph does not read, for `docugraph init` (issue 37): files in another
 * documentation format (reStructuredText, AsciiDoc, StrictDoc, MDX) and OpenFastTrace items
 * inside Markdown, so that `init` on such a repository says what it found and what to do
 * instead of "nothing to map". Counting only: the file names come from the survey's listing,
 * the Markdown texts from its reads.
 */

/** A format DocuGraph does not read, and how many files of it the workspace holds. */
export interface ForeignFiles {
  /** `reStructuredText`. */
  readonly format: string;
  /** The endings counted, as written (`.rst`). */
  readonly ext: string;
  readonly files: number;
  /** What to do, in a few words. */
  readonly convert: string;
}

/** The formats counted, by lower-case ending. MDX is found as a link target but never read (decisions.md). */
const FORMATS: readonly { readonly format: string; readonly exts: readonly string[]; readonly convert: string }[] = [
  { format: 'reStructuredText', exts: ['.rst'], convert: 'convert the documents it should check and serve to Markdown (`pandoc -f rst -t gfm`)' },
  { format: 'AsciiDoc', exts: ['.adoc', '.asciidoc'], convert: 'convert the documents it should check and serve to Markdown (`asciidoctor -b docbook`, then `pandoc -f docbook -t gfm`)' },
  { format: 'StrictDoc', exts: ['.sdoc'], convert: 'write the requirements an agent needs as Markdown documents, or export them (`strictdoc export --formats=rst`) and convert that with pandoc' },
  { format: 'MDX', exts: ['.mdx'], convert: 'links to them are checked; rename the ones that are plain Markdown to .md to read them' },
];

/** The files of each format among `files` (paths), in `FORMATS` order, only those found. */
export function surveyFormats(files: Iterable<string>): ForeignFiles[] {
  const counts = new Array<number>(FORMATS.length).fill(0);
  for (const path of files) {
    const dot = path.lastIndexOf('.');
    if (dot <= path.lastIndexOf('/') + 1) continue;
    const ext = path.slice(dot).toLowerCase();
    const at = FORMATS.findIndex((f) => f.exts.includes(ext));
    if (at !== -1) counts[at]! += 1;
  }
  return FORMATS.flatMap((f, i) => (counts[i]! > 0 ? [{ format: f.format, ext: f.exts.join(', '), files: counts[i]!, convert: f.convert }] : []));
}

/**
 * An OpenFastTrace specification item's id on a line of its own, as its Markdown importer
 * reads it: `req~name~1`, in backticks or not (artifact type, name, revision).
 */
const OFT_ITEM = /^[ \t]*`?[a-z][a-z0-9]*~[A-Za-z0-9_][A-Za-z0-9_.-]*~\d+`?[ \t]*$/gm;

/** How many OpenFastTrace items a Markdown text defines. */
export function countOftItems(text: string): number {
  // A cheap test first: most texts hold no `~` at all.
  if (!text.includes('~')) return 0;
  return text.match(OFT_ITEM)?.length ?? 0;
}
