/**
 * The examples of a documentation page, read from its Markdown so a test can run them.
 *
 * A page is cut into sections at its headings. In a section:
 * - a fenced block right after a line that is only a file name in backticks and a colon
 *   (`` `docs/a.md`: ``) is that file's exact content;
 * - a fenced block after `` `docugraph.yml` now holds: `` is what the commands before it must
 *   have written into that file;
 * - a `sh` block is a setup script (run with `sh` in the section's folder);
 * - a `console` block is a transcript: lines starting with `$ ` are commands (`docugraph …`,
 *   or `cd dir`), the lines after each are what it prints (stdout and stderr as a terminal
 *   shows them). In the expected
 *   output, `…` stands for any text on its line, and a line that is only `…` for any number
 *   of lines.
 * Sections with files or setup run in a new empty folder; the others in the demo workspace.
 */

/** One step of a section, in page order. */
export type ExampleStep =
  | { readonly kind: 'file'; readonly path: string; readonly content: string }
  | { readonly kind: 'sh'; readonly script: string }
  /** A file the commands before it wrote, with its exact content (a block after `` `docugraph.yml` now holds: ``). */
  | { readonly kind: 'written'; readonly path: string; readonly content: string; readonly line: number }
  | { readonly kind: 'command'; readonly argv: readonly string[]; readonly expected: string; readonly line: number };

/** A heading and the steps under it (up to the next heading of any level). */
export interface ExampleSection {
  readonly heading: string;
  readonly steps: readonly ExampleStep[];
  /** Whether the section makes its own folder (it has files or setup). */
  readonly ownFolder: boolean;
}

const FILE_LABEL = /^`([^`]+)`:$/;
const WRITTEN_LABEL = /^`([^`]+)` now holds:$/;
const FENCE = /^(`{3,}|~{3,})\s*([^`\s]*)/;

/** A fenced block of a page: its info string, its lines, the file line of its first line, and the line above it. */
export interface FencedBlock {
  readonly info: string;
  readonly body: readonly string[];
  readonly firstLine: number;
  /** The last non-blank line before the fence (since the previous block), trimmed: a label such as `` `a.md`: ``. */
  readonly label: string;
}

/** Cuts `markdown` into sections at its headings; `read` turns each fenced block into steps. */
export function readSections<S>(markdown: string, read: (block: FencedBlock) => readonly S[]): { heading: string; steps: S[] }[] {
  const lines = markdown.split('\n');
  const sections: { heading: string; steps: S[] }[] = [];
  let heading = '(top)';
  let steps: S[] = [];
  let previous = '';
  const close = () => {
    if (steps.length > 0) sections.push({ heading, steps });
    steps = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence !== null) {
      const marker = fence[1]!;
      const body: string[] = [];
      const firstLine = i + 2;
      for (i += 1; i < lines.length && !lines[i]!.startsWith(marker); i++) body.push(lines[i]!);
      steps.push(...read({ info: fence[2] ?? '', body, firstLine, label: previous }));
      previous = '';
      continue;
    }
    if (/^#{1,6} /.test(line)) {
      close();
      heading = line.replace(/^#+ /, '');
    }
    if (line.trim() !== '') previous = line.trim();
  }
  close();
  return sections;
}

/** The sections of `markdown` that hold at least one command. */
export function readExamples(markdown: string): ExampleSection[] {
  const sections = readSections<ExampleStep>(markdown, ({ info, body, firstLine, label }) => {
    const file = FILE_LABEL.exec(label);
    if (file !== null) return [{ kind: 'file', path: file[1]!, content: `${body.join('\n')}\n` }];
    const written = WRITTEN_LABEL.exec(label);
    if (written !== null) return [{ kind: 'written', path: written[1]!, content: `${body.join('\n')}\n`, line: firstLine }];
    if (info === 'sh') return [{ kind: 'sh', script: `${body.join('\n')}\n` }];
    if (info === 'console') return readTranscript(body, firstLine);
    return [];
  });
  return sections
    .filter(({ steps }) => steps.some((s) => s.kind === 'command'))
    .map(({ heading, steps }) => ({ heading, steps, ownFolder: steps.some((s) => s.kind !== 'command') }));
}

/** The commands of a `console` block whose first line is file line `firstLine`. */
export function readTranscript(body: readonly string[], firstLine: number): ExampleStep[] {
  const steps: ExampleStep[] = [];
  let current: { argv: string[]; output: string[]; line: number } | null = null;
  const flush = () => {
    if (current !== null) steps.push({ kind: 'command', argv: current.argv, expected: current.output.join('\n'), line: current.line });
  };
  body.forEach((text, index) => {
    if (text.startsWith('$ ')) {
      flush();
      current = { argv: splitCommand(text.slice(2)), output: [], line: firstLine + index };
    } else if (current === null) {
      throw new Error(`console block at line ${firstLine} must start with a \`$ \` command`);
    } else {
      current.output.push(text);
    }
  });
  flush();
  return steps;
}

/** Splits a command line on blanks, with '…' and "…" quoting (no other shell syntax). */
export function splitCommand(line: string): string[] {
  const words: string[] = [];
  const pattern = /'([^']*)'|"([^"]*)"|(\S+)/g;
  for (let m = pattern.exec(line); m !== null; m = pattern.exec(line)) {
    const word = m[1] ?? m[2] ?? m[3]!;
    if (m[3] !== undefined && /[|<>;&$`]/.test(word)) throw new Error(`unsupported shell syntax in \`${line}\``);
    words.push(word);
  }
  return words;
}

/**
 * Whether `actual` matches `expected`, where `…` in a line matches any text and a line that
 * is only `…` matches any number of lines. Both are compared without their final line breaks.
 */
export function matchesTranscript(expected: string, actual: string): boolean {
  const want = expected.replace(/\n+$/, '').split('\n');
  const got = actual.replace(/\n+$/, '').split('\n');
  const lineMatches = (pattern: string, text: string) =>
    new RegExp(`^${pattern.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(text);
  // Matching with gaps: memoised over (expected line, actual line).
  const memo = new Map<number, boolean>();
  const match = (w: number, g: number): boolean => {
    const key = w * (got.length + 1) + g;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (w === want.length) result = g === got.length;
    else if (want[w] === '…') result = match(w + 1, g) || (g < got.length && match(w, g + 1));
    else result = g < got.length && lineMatches(want[w]!, got[g]!) && match(w + 1, g + 1);
    memo.set(key, result);
    return result;
  };
  return match(0, 0);
}
