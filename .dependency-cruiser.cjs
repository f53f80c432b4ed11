/**
 * The one rule of imports (ARCHITECTURE.md): the core's stages form a pipeline, and a stage
 * imports only from the stages below it; the surfaces (mcp/, cli/, view/, bin/) reach the core
 * only through its public entry, src/core/index.ts, and one another not at all (common/ holds
 * what they share); nothing in src/ imports in a circle. No exceptions. Checked in `npm test` (test/architecture.test.ts) and by `npx depcruise src`.
 */
const STAGES = ['shared', 'read', 'parse', 'model', 'check', 'answer', 'write', 'store', 'live'];

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
      comment: 'The core knows nothing of its surfaces: no import from mcp/, cli/, view/, common/ or bin/.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(mcp|cli|view|common|bin)/' },
    },
    {
      name: 'surfaces-use-the-entry',
      comment: 'mcp/, cli/, view/, common/ and bin/ reach the core only through src/core/index.ts, its public surface.',
      severity: 'error',
      from: { path: '^src/(mcp|cli|view|common|bin)/' },
      to: { path: '^src/core/(?!index\\.ts$)' },
    },
    ...[
      ['mcp', 'view|cli', 'the MCP server imports neither the view nor the CLI'],
      ['view', 'mcp|cli', 'the view imports neither the MCP server nor the CLI'],
      ['cli', 'mcp', 'the CLI hosts the view (docugraph view) but never imports the MCP server: bin/ hands `docugraph mcp` to it'],
    ].map(([from, to, why]) => ({
      name: `surfaces-apart-${from}`,
      comment: `One surface never reaches into another: ${why}. What both need lives in src/common/ (the version, the HTTP guard).`,
      severity: 'error',
      from: { path: `^src/${from}/` },
      to: { path: `^src/(${to})/` },
    })),
    {
      name: 'common-below-surfaces',
      comment: 'src/common/ is what the surfaces share: it imports none of them.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/(mcp|cli|view|bin)/' },
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
