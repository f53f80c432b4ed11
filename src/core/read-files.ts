/**
 * Reading and analysing the discovered files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeFile, unreadable, type FileAnalysis } from './analyze-file.js';

/** Reads one file and analyses it; an unreadable file is a `FILE_UNREADABLE` finding. */
export function readAndAnalyze(root: string, file: string): FileAnalysis {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(join(root, file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    return unreadable(file, `\`${file}\` cannot be read (${code}); fix its permissions or add it to .docugraphignore`);
  }
  return analyzeFile(file, bytes);
}

/** Reads and analyses `files` in order, reporting progress after each. */
export function analyzeAll(root: string, files: readonly string[], onProgress?: (done: number, total: number) => void): FileAnalysis[] {
  return files.map((file, index) => {
    const analysis = readAndAnalyze(root, file);
    onProgress?.(index + 1, files.length);
    return analysis;
  });
}
