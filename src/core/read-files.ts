/**
 * Reading and analysing the discovered files.
 */
import { analyzeFile, unreadable, type FileAnalysis } from './analyze-file.js';
import { readFileInside } from './safe-fs.js';

/** The largest Markdown file read (a document is a few KiB; a generated changelog a few MiB). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/**
 * Reads one file (never through a symbolic link, regular files only, at most 16 MiB) and
 * analyses it; a file that cannot be read is a `FILE_UNREADABLE` finding.
 */
export function readAndAnalyze(root: string, file: string): FileAnalysis {
  const read = readFileInside(root, file, MAX_FILE_BYTES);
  if (!read.ok) return unreadable(file, `\`${file}\` cannot be read: ${read.reason}; fix it or add it to .docugraphignore`);
  return analyzeFile(file, read.bytes);
}

/** Reads and analyses `files` in order, reporting progress after each. */
export function analyzeAll(root: string, files: readonly string[], onProgress?: (done: number, total: number) => void): FileAnalysis[] {
  return files.map((file, index) => {
    const analysis = readAndAnalyze(root, file);
    onProgress?.(index + 1, files.length);
    return analysis;
  });
}
