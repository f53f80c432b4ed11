/**
 * The one rule of imports (ARCHITECTURE.md, .dependency-cruiser.cjs), enforced: the core's
 * stages import only downhill (shared, read, parse, model, check, answer, write, store, live), the surfaces
 * reach the core only through src/core/index.ts and one another not at all (the CLI may host
 * the view; src/common/ holds what they share), and nothing in src/ imports in a circle. The
 * rules are also run on a small tree that breaks each of them, so that they cannot pass by
 * checking nothing.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/paths.js';
import { testdir } from './helpers/testdir.js';

const rules = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration;

/** Every violation in `dir` (relative to `baseDir`) as `rule: from → to`. */
async function violations(baseDir: string, tsConfig: string | null): Promise<string[]> {
  const { output } = await cruise(['src'], {
    baseDir,
    validate: true,
    ruleSet: { forbidden: rules.forbidden ?? [] },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|test)/' },
    tsPreCompilationDeps: true,
    ...(tsConfig === null ? {} : { tsConfig: { fileName: tsConfig } }),
  });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(' → ')})` : ''}`);
}

describe('the import rule', () => {
  it('holds for src/: stages downhill, surfaces through index.ts, no circles', async () => {
    expect(await violations(ROOT, 'tsconfig.json')).toEqual([]);
  }, 60_000);

  it('every module of the core is in a stage folder (only index.ts at the top)', () => {
    const top = readdirSync(join(ROOT, 'src/core')).filter((name) => statSync(join(ROOT, 'src/core', name)).isFile());
    expect(top).toEqual(['index.ts']);
    const stages = readdirSync(join(ROOT, 'src/core')).filter((name) => statSync(join(ROOT, 'src/core', name)).isDirectory());
    expect(stages.sort()).toEqual(['answer', 'check', 'live', 'model', 'parse', 'read', 'shared', 'store', 'write']);
    // The on-disk index's format lives in store/ (issue 56): live/ keeps the live workspace, not the index's records.
    expect(readdirSync(join(ROOT, 'src/core/live')).filter((name) => name.startsWith('index-'))).toEqual([]);
    expect(readdirSync(join(ROOT, 'src/core/store')).filter((name) => !/^(index-|listing-reuse|walked-names)/.test(name))).toEqual([]);
  });

  it('catches each kind of break on a tree that has them', async () => {
    const files: Record<string, string> = {
      'src/core/index.ts': "export { a } from './shared/a.js';\n",
      // shared imports a stage above it
      'src/core/shared/a.ts': "import { b } from '../live/b.js';\nexport const a = b;\n",
      'src/core/live/b.ts': 'export const b = 1;\n',
      // parse imports model
      'src/core/parse/p.ts': "import { m } from '../model/m.js';\nexport const p = m;\n",
      'src/core/model/m.ts': 'export const m = 1;\n',
      // the on-disk index reaching up into the live workspace
      'src/core/store/s.ts': "import { b } from '../live/b.js';\nexport const s = b;\n",
      // a circle inside a stage
      'src/core/check/x.ts': "import { y } from './y.js';\nexport const x = () => y;\n",
      'src/core/check/y.ts': "import { x } from './x.js';\nexport const y = () => x;\n",
      // a surface around the entry, and the core importing a surface
      'src/mcp/tool.ts': "import { m } from '../core/model/m.js';\nexport const t = m;\n",
      'src/core/answer/q.ts': "import { t } from '../../mcp/tool.js';\nexport const q = t;\n",
      // one surface reaching into another, and what they share reaching into one (issue 37)
      'src/view/serve.ts': "import { t } from '../mcp/tool.js';\nexport const s = t;\n",
      'src/cli/run.ts': "import { s } from '../view/serve.js';\nexport const r = s;\n",
      'src/common/shared.ts': "import { r } from '../cli/run.js';\nexport const c = r;\n",
    };
    const root = testdir({});
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const found = await violations(root, null);
    expect(found.map((line) => line.split(':')[0]).sort()).toEqual(
      ['common-below-surfaces', 'core-is-pure', 'no-circular', 'parse-imports-below', 'shared-imports-below', 'store-imports-below', 'surfaces-apart-view', 'surfaces-use-the-entry'],
    );
  }, 60_000);
});

describe('files a reader can hold (issue 22)', () => {
  /** Every TypeScript file below `dir` (relative to the repository root). */
  function sources(dir: string): string[] {
    return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.ts'))
      .map((path) => `${dir}/${path.split('\\').join('/')}`);
  }

  it('no file in src/ or web/ is over 300 lines', () => {
    const files = [...sources('src'), ...sources('web')];
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((path) => ({ path, lines: readFileSync(join(ROOT, path), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > 300)
      .map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
