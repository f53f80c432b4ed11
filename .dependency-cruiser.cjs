/**
 * The one rule of imports (ARCHITECTURE.md): the core's stages form a pipeline, and a stage
 * imports only from the stages below it; the surfaces (mcp/, cli/, bin/) reach the core only
 * through its public entry, src/core/index.ts; nothing in src/ imports in a circle. No
 * exceptions. Checked in `npm test` (test/architecture.test.ts) and by `npx depcruise src`.
 */
const STAGES = ['shared', 'read', 'parse', 'model', 'check', 'answer', 'live'];

const stageRules = STAGES.map((stage, i) => ({
  name: `${stage}-imports-below`,
  comment:
    i === 0
      ? 'src/core/shared/ holds the basics every stage uses: it imports no stage.'
      : `src/core/${stage}/ may import only ${STAGES.slice(0, i).join(', ')} and itself: ${STAGES.slice(i + 1).join(', ') || 'the public entry'} build${i + 1 < STAGES.length - 1 ? '' : 's'} on it.`,
  severity: 'error',
  from: { path: `^src/core/${stage}/` },
  to: { path: `^src/core/(${[...STAGES.slice(i + 1), 'index\\.ts$'].join('|')})` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Two modules that import each other (directly or through others) are one idea in two files: merge them, or move what both need below them.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...stageRules,
    {
      name: 'core-is-pure',
      comment: 'The core knows nothing of its surfaces: no import from mcp/, cli/ or bin/.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(mcp|cli|view|bin)/' },
    },
    {
      name: 'surfaces-use-the-entry',
      comment: 'mcp/, cli/, view/ and bin/ reach the core only through src/core/index.ts, its public surface.',
      severity: 'error',
      from: { path: '^src/(mcp|cli|view|bin)/' },
      to: { path: '^src/core/(?!index\\.ts$)' },
    },
    {
      name: 'core-modules-in-a-stage',
      comment: 'Every module of the core lives in a stage folder; only index.ts stands at the top.',
      severity: 'error',
      from: { path: '^src/core/(?!index\\.ts$)[^/]+$' },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '^(node_modules|dist|test)/' },
  },
};
