/**
 * The public API of the package (its `exports`): a change here is a change for users.
 */
import { describe, expect, it } from 'vitest';
import * as core from '../src/core/index.js';

describe('public exports', () => {
  it('are exactly these', () => {
    expect(Object.keys(core).sort()).toEqual([
      'CODE_DESCRIPTIONS',
      'DEFAULT_MAX_DEPTH',
      'DocugraphError',
      'ERROR_CODES',
      'FAILURE_CODES',
      'GraphCycleError',
      'ID_PATTERN',
      'IGNORE_FILE',
      'InvalidArgumentError',
      'PathNotAllowedError',
      'TaskNotFoundError',
      'WARNING_CODES',
      'WorkspaceNotFoundError',
      'analyzeFile',
      'analyzeText',
      'buildBundle',
      'buildGraph',
      'buildNode',
      'buildReport',
      'checkLinks',
      'checkMaxDepth',
      'closestMatches',
      'compareDiagnostics',
      'compareStrings',
      'decodeText',
      'discoverFiles',
      'editDistance',
      'extractMarkdown',
      'findCycles',
      'formatReport',
      'isMarkdownName',
      'loadWorkspace',
      'normalizeNewlines',
      'parseFrontmatter',
      'resolveIds',
      'resolveWorkspaceRoot',
      'severityOf',
      'sortStrings',
      'stronglyConnectedComponents',
      'upstreamClosure',
    ]);
  });
});
