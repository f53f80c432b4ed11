/**
 * The assembly a step at a time (issue 38): a server answers requests between the stages of a
 * large load. Taken in steps or at once, it gives the same snapshot.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleSteps, assembleWorkspace, createAssemblyCache, type PerFile } from '../../../src/core/model/assemble-workspace.js';
import { createFileReader } from '../../../src/core/model/read-files.js';
import { buildBundle, buildReport, formatReport, listTasks } from '../../../src/core/index.js';
import { DEMO } from '../../helpers/paths.js';

/** Every Markdown file of the demo, sorted, and what reading each gave. */
function demoFiles(): { files: string[]; perFile: PerFile } {
  const files = readdirSync(DEMO, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => relative(DEMO, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
  const reader = createFileReader(DEMO);
  const perFile = new Map<string, { analysis: ReturnType<typeof reader.readMany>[number]['analysis']; links: null }>();
  try {
    for (let i = 0; i < files.length; ) for (const read of reader.readMany(files, i)) perFile.set(files[i++]!, { analysis: read.analysis, links: null });
  } finally {
    reader.close();
  }
  return { files, perFile };
}

describe('assembleSteps', () => {
  it('yields between its stages, and gives the snapshot assembleWorkspace gives', () => {
    const { files, perFile } = demoFiles();
    expect(files.length).toBeGreaterThan(10);
    const discovery = { files, entries: new Set(files), diagnostics: [] };
    const steps = assembleSteps(DEMO, discovery, perFile, createAssemblyCache());
    let count = 0;
    let step = steps.next();
    for (; step.done !== true; step = steps.next()) count += 1;
    // After the ids, the graph, the cycles, the graph stages and the sorted findings.
    expect(count).toBe(5);
    const stepped = step.value;
    const whole = assembleWorkspace(DEMO, discovery, perFile, createAssemblyCache());
    expect(stepped.ids).toEqual(whole.ids);
    expect(stepped.ids).toContain('BE-02');
    expect(JSON.stringify(stepped.diagnostics)).toBe(JSON.stringify(whole.diagnostics));
    expect(formatReport(buildReport(stepped))).toBe(formatReport(buildReport(whole)));
    expect(JSON.stringify(listTasks(stepped))).toBe(JSON.stringify(listTasks(whole)));
    expect(buildBundle(stepped, { taskId: 'BE-02' })).toBe(buildBundle(whole, { taskId: 'BE-02' }));
  });
});
