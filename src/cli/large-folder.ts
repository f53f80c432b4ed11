/**
 * A folder too large to be the one meant (issue 53): run in a home folder or a monorepo's root,
 * `validate` read 200,000 Markdown files, none of them a document, and wrote a 260 MB index.
 * When a load is about to read more than `LARGE_FOLDER_FILES` files in a folder that has no
 * `docugraph.yml` (nobody set it up as a workspace), one line says so on stderr before they are
 * read, with what to do; when none of them turns out to be a document, the on-disk index is not
 * written for it (`shouldSkipIndex`).
 */
import { CONFIG_FILE, groupThousands, type Workspace } from '../core/index.js';
import { safeInline } from './render/safe-text.js';

/** More Markdown files to read than this, in a folder without docugraph.yml, is said before they are read. */
export const LARGE_FOLDER_FILES = 20_000;

export interface LargeFolderWatch {
  /** Each progress step's total (files to read): says it once when it is over the limit. */
  readonly onTotal: (total: number) => void;
  /** After the load: whether to leave the on-disk index unwritten (it warned, and no file is a document), saying so. */
  readonly skipIndex: (workspace: Workspace) => boolean;
}

/** Watches a load of `root` (`configured`: it has a docugraph.yml); `say` writes one line on stderr. */
export function watchLargeFolder(root: string, configured: boolean, limit: number, say: (line: string) => void): LargeFolderWatch {
  let warned = false;
  let files = 0;
  return {
    onTotal: (total) => {
      if (warned || configured || total <= limit) return;
      warned = true;
      files = total;
      say(
        `warning: ${groupThousands(total)} Markdown files to read in ${safeInline(root)}, which has no ${CONFIG_FILE}: this can take a while. ` +
          `If this is not the folder of your documents, stop (Ctrl-C) and pass that folder with --workspace; if it is, docugraph init here writes the ${CONFIG_FILE} it needs.`,
      );
    },
    skipIndex: (workspace) => {
      if (!warned || workspace.nodes.size > 0) return false;
      say(`none of the ${groupThousands(files)} files is a document (no id in its frontmatter, no spec kit): no on-disk index is written for this folder; docugraph init finds the key your files use.`);
      return true;
    },
  };
}
