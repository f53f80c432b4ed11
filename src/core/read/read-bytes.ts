/**
 * The bytes of a workspace's files, read the safe way (`safe-fs`), one directory handle at a
 * time: what a load reads, on the main thread or on the read-ahead worker (`read-ahead.ts`).
 * Nothing here parses or decodes, so the worker loads only this and `safe-fs`.
 */
import { openDirectoryInside, readFileInside, type DirectoryHandle, type ReadResult } from './safe-fs.js';

/** The largest Markdown file read (a document is a few KiB; a generated changelog a few MiB). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** Reads files under one root, in any order (files of one directory in a row share its handle). */
export interface ByteReader {
  /** The file's bytes (never through a symbolic link, regular files only), valid until the next read; or why not. */
  readonly read: (file: string) => ReadResult;
  readonly close: () => void;
}

export function createByteReader(root: string): ByteReader {
  let dir: DirectoryHandle | null = null;
  let dirPath: string | null = null;
  return {
    read: (file) => {
      const slash = file.lastIndexOf('/');
      const parent = slash === -1 ? '' : file.slice(0, slash);
      if (parent !== dirPath) {
        dir?.close();
        dir = openDirectoryInside(root, parent);
        dirPath = parent;
      }
      if (dir === null) return readFileInside(root, file, MAX_FILE_BYTES, true);
      return dir.read(file.slice(slash + 1), MAX_FILE_BYTES, true);
    },
    close: () => {
      dir?.close();
      dir = null;
      dirPath = null;
    },
  };
}
