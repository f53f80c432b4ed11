/**
 * The MCP examples of a documentation page (docs/mcp.md), read from its Markdown so a test can
 * replay them against the server. Same conventions as `doc-examples.ts` (sections cut at
 * headings; `…` in an expected text stands for any text on its line, a line that is only `…`
 * for any number of lines; `sh` blocks are setup scripts; `console` blocks are transcripts),
 * plus fenced blocks labelled by the line before them:
 *
 * - `Request:` — a JSON object `{ "method", "params"? }`, sent by an MCP client;
 * - `Answer:` — the response's `result`, as 2-space JSON; ``Answer, `content[0].text`:`` — one
 *   value inside it (a string is shown as its text, anything else as 2-space JSON);
 * - `Error:` — the response's JSON-RPC `error` object, as 2-space JSON;
 * - `Notification:` — the next notification the server sends, `{ "method", "params"? }`;
 * - `Stderr:` — the first lines the server writes to stderr (its log);
 * - `Sent:` — raw JSON-RPC lines written to the server's stdin, one per line;
 * - `Received:` — the raw lines the server writes back to them, one per line.
 */
import { readSections, readTranscript, type ExampleStep } from './doc-examples.js';

/** One step of a section, in page order. */
export type McpStep =
  | { readonly kind: 'request'; readonly method: string; readonly params: Record<string, unknown> | undefined; readonly line: number }
  | { readonly kind: 'answer'; readonly path: string; readonly expected: string; readonly line: number }
  | { readonly kind: 'error'; readonly expected: string; readonly line: number }
  | { readonly kind: 'notification'; readonly expected: string; readonly line: number }
  | { readonly kind: 'stderr'; readonly expected: string; readonly line: number }
  | { readonly kind: 'sent'; readonly lines: readonly string[]; readonly line: number }
  | { readonly kind: 'received'; readonly lines: readonly string[]; readonly line: number }
  | { readonly kind: 'sh'; readonly script: string }
  | Extract<ExampleStep, { kind: 'command' }>;

/** A heading and the steps under it (up to the next heading of any level). */
export interface McpSection {
  readonly heading: string;
  readonly steps: readonly McpStep[];
  /**
   * Where it runs: `demo` (requests to a server on the demo, shared with other sections),
   * `copy` (a server of its own on a copy of the demo, for sections with setup scripts) or
   * `raw` (raw lines to a server of its own on the demo).
   */
  readonly mode: 'demo' | 'copy' | 'raw';
}

const ANSWER = /^Answer(?:, `([^`]+)`)?:$/;

/** The sections of `markdown` that hold at least one example. */
export function readMcpExamples(markdown: string): McpSection[] {
  const sections = readSections<McpStep>(markdown, ({ info, body, firstLine, label }) => {
    const step = labelled(label, body, firstLine);
    if (step !== null) return [step];
    if (info === 'sh') return [{ kind: 'sh', script: `${body.join('\n')}\n` }];
    if (info === 'console') return readTranscript(body, firstLine).filter(isCommand);
    return [];
  });
  return sections.filter(({ steps }) => steps.some((s) => s.kind !== 'sh')).map(({ heading, steps }) => ({ heading, steps, mode: modeOf(heading, steps) }));
}

/** The step a fenced block labelled `label` makes, or `null` when the label is none of ours. */
function labelled(label: string, body: readonly string[], line: number): McpStep | null {
  const text = body.join('\n');
  const answer = ANSWER.exec(label);
  if (answer !== null) return { kind: 'answer', path: answer[1] ?? '', expected: text, line };
  switch (label) {
    case 'Request:': {
      const request = JSON.parse(text) as { method?: unknown; params?: Record<string, unknown> };
      if (typeof request.method !== 'string') throw new Error(`line ${line}: a request needs a "method"`);
      return { kind: 'request', method: request.method, params: request.params, line };
    }
    case 'Error:':
      return { kind: 'error', expected: text, line };
    case 'Notification:':
      return { kind: 'notification', expected: text, line };
    case 'Stderr:':
      return { kind: 'stderr', expected: text, line };
    case 'Sent:':
      return { kind: 'sent', lines: body, line };
    case 'Received:':
      return { kind: 'received', lines: body, line };
    default:
      return null;
  }
}

function isCommand(step: ExampleStep): step is Extract<ExampleStep, { kind: 'command' }> {
  return step.kind === 'command';
}

function modeOf(heading: string, steps: readonly McpStep[]): McpSection['mode'] {
  const raw = steps.some((s) => s.kind === 'sent' || s.kind === 'received');
  const setup = steps.some((s) => s.kind === 'sh');
  const requests = steps.some((s) => s.kind === 'request');
  if (raw && (setup || requests)) throw new Error(`section "${heading}" mixes raw lines with requests or setup`);
  return raw ? 'raw' : setup ? 'copy' : 'demo';
}

/** The value at `path` (`content[0].text`, `structuredContent`; `''` for the value itself). */
export function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.match(/[^.[\]]+/g) ?? []) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A value as the page shows it: a string as its text, anything else as 2-space JSON. */
export function showValue(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? 'undefined');
}
