/**
 * Why a workspace has no document to read: every `.md` file below the root, counted without
 * the ignore rules — those in folders discovery never enters (dot-folders, `node_modules`)
 * apart from the rest, which the ignore files or the configuration skipped. Listings only,
 * never through a link, and at most `MAX_ENTRIES` entries (a huge tree is not walked to the
 * end just to word a message).
 */
import { listDirectoryInside } from './safe-fs.js';
import { isMarkdownName } from './discover-files.js';

const MAX_ENTRIES = 200_000;

export interface MarkdownCount {
  /** `.md` files in the folders discovery walks (so the ignore rules or the configuration skipped them). */
  readonly skipped: number;
  /** `.md` files in dot-folders or `node_modules`, which discovery never enters. */
  readonly hidden: number;
  /** Whether the count stopped at the entry limit. */
  readonly partial: boolean;
  /** `.md` files of those `hidden` in a Kiro spec folder (`.kiro/specs/`), which `kits: [kiro]` reads (KITS §1). */
  readonly kiro?: number;
}

export function countMarkdown(root: string): MarkdownCount {
  let skipped = 0;
  let hidden = 0;
  let kiro = 0;
  let seen = 0;
  const stack: [string, boolean][] = [['', false]];
  while (stack.length > 0) {
    const [dir, inHidden] = stack.pop()!;
    const listed = listDirectoryInside(root, dir);
    if (!listed.ok) continue;
    for (const dirent of listed.entries) {
      if (++seen > MAX_ENTRIES) return counted(skipped, hidden, kiro, true);
      const path = dir === '' ? dirent.name : `${dir}/${dirent.name}`;
      if (dirent.isDirectory()) stack.push([path, inHidden || dirent.name.startsWith('.') || dirent.name === 'node_modules']);
      else if (dirent.isFile() && isMarkdownName(dirent.name)) {
        if (inHidden || dirent.name.startsWith('.')) {
          hidden += 1;
          if (path.startsWith('.kiro/specs/')) kiro += 1;
        } else skipped += 1;
      }
    }
  }
  return counted(skipped, hidden, kiro, false);
}

function counted(skipped: number, hidden: number, kiro: number, partial: boolean): MarkdownCount {
  return kiro === 0 ? { skipped, hidden, partial } : { skipped, hidden, partial, kiro };
}

/** The one line `validate` prints when there is nothing to read in `root`. */
export function noMarkdownMessage(root: string, count: MarkdownCount): string {
  const more = count.partial ? ' (at least)' : '';
  const where = `no Markdown file to read in ${root}`;
  const fix = 'pass the folder that holds your documents, or --allow-empty to accept an empty one';
  if (count.skipped === 0 && count.hidden === 0) return `${where}: there is no *.md file in it or below; ${fix}.`;
  const parts: string[] = [];
  if (count.skipped > 0) parts.push(`${count.skipped}${more} skipped by .gitignore, .docugraphignore or docugraph.yml (include, exclude)`);
  if (count.hidden > 0) parts.push(`${count.hidden}${more} in dot-folders or node_modules, which are never read`);
  // A Kiro repository keeps its specs in `.kiro/specs/`: say how to read them.
  const kiro = (count.kiro ?? 0) > 0 ? `${count.kiro}${more} of them in .kiro/specs/, which \`kits: [kiro]\` in docugraph.yml reads (\`docugraph init\` writes it); or ` : '';
  return `${where}: of the *.md files below it, ${parts.join(', and ')}; ${kiro}${fix}.`;
}
