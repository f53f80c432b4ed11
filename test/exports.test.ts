/**
 * The public API of the package (its `exports`): a change here is a change for users. It is
 * also the one door of the surfaces (src/mcp, src/cli) into the core (issue 22), so what they
 * compose is public too: the live workspace, loads on request, paging, the configuration.
 */
import { describe, expect, it } from 'vitest';
import * as core from '../src/core/index.js';

describe('public exports', () => {
  it('are exactly these', () => {
    expect(Object.keys(core).sort()).toEqual([
      'CODE_DESCRIPTIONS',
      'CONFIG_FILE',
      'DEFAULT_ANSWER_TOKENS',
      'DEFAULT_MAX_DEPTH',
      'DEFAULT_MAX_TOKENS',
      'DIFF_CAP',
      'DIRECTIONS',
      'DocugraphError',
      'ERROR_CODES',
      'FAILURE_CODES',
      'GraphCycleError',
      'InvalidArgumentError',
      'LOCK_FILE',
      'MAX_COMPLETIONS',
      'PathNotAllowedError',
      'TaskNotFoundError',
      'WARNING_CODES',
      'WorkspaceNotFoundError',
      'analyzeImpact',
      'buildBundle',
      'buildReport',
      'closestMatches',
      'compareDiagnostics',
      'compareStrings',
      'completeIds',
      'countByCode',
      'countMarkdown',
      'createAuditLoader',
      'createGraphPager',
      'createRevisionCache',
      'diagramNodeBytes',
      'diffWorkspaces',
      'estimateTokens',
      'formatJson',
      'formatReport',
      'getAcceptanceCriteria',
      'groupThousands',
      'inlinePath',
      'listTasks',
      'loadRevision',
      'loadWorkspace',
      'longestCursor',
      'noMarkdownMessage',
      'nodeMarks',
      'openLiveWorkspace',
      'paginate',
      'planReview',
      'proposeConfig',
      'readConfig',
      'readLockFile',
      'renderDot',
      'renderMermaid',
      'resolveWorkspaceRoot',
      'selectGraph',
      'severityOf',
      'sortStrings',
      'surveyRepository',
    ]);
  });
});
