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
      'DEFAULT_MAX_TOKENS',
      'DIRECTIONS',
      'DocugraphError',
      'ERROR_CODES',
      'FAILURE_CODES',
      'GraphCycleError',
      'InvalidArgumentError',
      'MAX_COMPLETIONS',
      'PathNotAllowedError',
      'TaskNotFoundError',
      'WARNING_CODES',
      'WorkspaceNotFoundError',
      'analyzeImpact',
      'buildBundle',
      'buildReport',
      'compareStrings',
      'completeIds',
      'estimateTokens',
      'formatJson',
      'formatReport',
      'getAcceptanceCriteria',
      'listTasks',
      'loadWorkspace',
      'renderDot',
      'renderMermaid',
      'resolveWorkspaceRoot',
      'selectGraph',
      'severityOf',
    ]);
  });
});
