/**
 * `validate --format sarif`: SARIF 2.1.0 for code-scanning UIs (GitHub code scanning,
 * Azure DevOps, IDE viewers): one rule per diagnostic code, one result per finding.
 */
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CODE_DESCRIPTIONS, compareDiagnostics, type DiagnosticCode, ERROR_CODES, severityOf, type ValidationReport, WARNING_CODES } from '../../core/index.js';

const CODES: readonly DiagnosticCode[] = [...ERROR_CODES, ...WARNING_CODES];

/** `toRepoPath` turns a workspace path into a path relative to the repository root. */
export function renderSarif(report: ValidationReport, version: string, toRepoPath: (path: string, code?: string) => string): object {
  const findings = [...report.errors, ...report.warnings].sort(compareDiagnostics);
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'DocuGraph',
            version,
            rules: CODES.map((code) => ({
              id: code,
              name: ruleName(code),
              shortDescription: { text: CODE_DESCRIPTIONS[code] },
              defaultConfiguration: { level: severityOf(code) },
            })),
          },
        },
        results: findings.map((d) => ({
          ruleId: d.code,
          ruleIndex: CODES.indexOf(d.code),
          level: severityOf(d.code),
          message: { text: d.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: artifactLocation(toRepoPath(d.path, d.code)),
                ...(d.line === null ? {} : { region: { startLine: d.line } }),
              },
            },
          ],
          ...(d.nodeId === null ? {} : { properties: { nodeId: d.nodeId } }),
        })),
      },
    ],
  };
}

/** `MD_LINK_BROKEN` → `MdLinkBroken`. */
export function ruleName(code: string): string {
  return code
    .toLowerCase()
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/**
 * A path relative to the repository root becomes a URI reference against `%SRCROOT%`
 * (each segment percent-encoded); an absolute path (outside the checkout) a `file:` URI.
 */
export function artifactLocation(path: string): { uri: string; uriBaseId?: string } {
  if (isAbsolute(path)) return { uri: pathToFileURL(path).href };
  return { uri: path.split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}
