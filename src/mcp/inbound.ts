/**
 * One inbound line of the STDIO wire, classified: a JSON-RPC message to deliver, or what to
 * answer instead (JSON-RPC 2.0 §5.1: -32700 for a line that is not JSON, -32600 for JSON that
 * is not a valid message), with a short reason for the one-line log. Also, for both wires, the
 * check of numeric ids against their text: JSON.parse rounds an integer beyond 2^53, and an
 * answer would echo another id.
 */
import { parseJSONRPCMessage, ProtocolErrorCode, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/server';

export type Inbound =
  | { readonly kind: 'message'; readonly message: JSONRPCMessage }
  | {
      readonly kind: 'invalid';
      readonly code: number;
      /** What was wrong, in a few words. */
      readonly reason: string;
      /** The message's id when it has a usable one (a string or an integer). */
      readonly id: RequestId | undefined;
      /** The message looks like a response (it has `result` or `error` and no `method`): never answered. */
      readonly response: boolean;
    };

/** Classifies one line (already known not to be blank). */
export function classifyLine(text: string): Inbound {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'invalid', code: ProtocolErrorCode.ParseError, reason: 'Parse error: the line is not JSON', id: undefined, response: false };
  }
  const idProblem = requestIdProblem(text, value);
  if (idProblem !== undefined) return { kind: 'invalid', code: ProtocolErrorCode.InvalidRequest, reason: idProblem, id: undefined, response: looksLikeResponse(value) };
  try {
    return { kind: 'message', message: parseJSONRPCMessage(value) };
  } catch {
    const object = isObject(value) ? value : undefined;
    const id = object?.['id'];
    return {
      kind: 'invalid',
      code: ProtocolErrorCode.InvalidRequest,
      reason: `Invalid Request: ${describeInvalid(value)}`,
      id: typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : undefined,
      response: looksLikeResponse(value),
    };
  }
}

/** A message that has `result` or `error` and no `method`: a response, never answered. */
function looksLikeResponse(value: unknown): boolean {
  return isObject(value) && !('method' in value) && ('result' in value || 'error' in value);
}

/** The largest id magnitude answered exactly: 2^53 − 1 (`Number.MAX_SAFE_INTEGER`). */
const MAX_ID_TEXT = String(Number.MAX_SAFE_INTEGER);

/**
 * Why the numeric ids of a message (or of each message of a batch) cannot be answered
 * exactly, read from `text` (the JSON `value` was parsed from), or `undefined` when they can:
 * an id must be a string or an integer within ±(2^53−1). Only messages whose parsed id is a
 * number are looked for in the text; a lone message's scan ends at its id.
 */
export function requestIdProblem(text: string, value: unknown): string | undefined {
  const messages = Array.isArray(value) ? value : [value];
  const parsed = messages.flatMap((message) => (isObject(message) && typeof message['id'] === 'number' ? [String(message['id'])] : []));
  if (parsed.length === 0) return undefined;
  // The text first (JSON.parse rounded it); the parsed value too, for a key given twice.
  const bad = [...rawMessageIds(text, Array.isArray(value)), ...parsed].find((raw) => !isSafeIntegerText(raw));
  if (bad === undefined) return undefined;
  const shown = bad.length > 40 ? `${bad.slice(0, 40)}…` : bad;
  return `Invalid Request: the id ${shown} is not an integer within ±${MAX_ID_TEXT} (2^53−1), so it cannot be echoed exactly: ids must be strings or integers in that range (send a larger id as a string).`;
}

/** Whether a JSON number's text is an integer within ±(2^53−1), decided on the text (no rounding); `1e3` and `2.0` are. */
export function isSafeIntegerText(raw: string): boolean {
  const match = raw.length > 64 ? null : /^-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(raw);
  if (match === null) return false;
  const fraction = match[2] ?? '';
  const significant = (match[1]! + fraction).replace(/^0+/, '');
  if (significant === '') return true; // zero
  const digits = significant.replace(/0+$/, '');
  const exponent = Number(match[3] ?? '0') - fraction.length + (significant.length - digits.length);
  if (exponent < 0) return false;
  const length = digits.length + exponent;
  if (length !== MAX_ID_TEXT.length) return length < MAX_ID_TEXT.length;
  return digits + '0'.repeat(exponent) <= MAX_ID_TEXT;
}

/**
 * The text of each message's `"id"` member when it is a number: the top-level object's, or
 * (`batch`) each top-level array element's. A scan of the JSON's structure (strings skipped,
 * escaped keys decoded); a lone object's scan ends at its id.
 */
function rawMessageIds(text: string, batch: boolean): string[] {
  const ids: string[] = [];
  const messageDepth = batch ? 2 : 1;
  let depth = 0;
  let key: string | undefined;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = stringEnd(text, i);
      const atKey = depth === messageDepth && /^\s*:/.test(text.slice(end + 1, end + 64));
      if (atKey) key = decodeKey(text.slice(i, end + 1));
      i = end;
    } else if (c === 0x7b || c === 0x5b) depth += 1;
    else if (c === 0x7d || c === 0x5d) depth -= 1;
    else if (c === 0x3a && depth === messageDepth && key === 'id') {
      const number = /^\s*(-?[0-9][0-9.eE+-]*)/.exec(text.slice(i + 1, i + 1 + 100));
      if (number !== null) ids.push(number[1]!);
      if (!batch) return ids;
      key = undefined;
    } else if (c === 0x3a) key = undefined;
  }
  return ids;
}

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i += 1;
    else if (c === 0x22) return i;
  }
  return text.length;
}

function decodeKey(quoted: string): string | undefined {
  if (!quoted.includes('\\')) return quoted.slice(1, -1);
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return undefined;
  }
}

/** Why `value` is not a JSON-RPC 2.0 message as MCP has them. */
function describeInvalid(value: unknown): string {
  if (!isObject(value)) return 'a message must be a JSON object';
  if (value['jsonrpc'] !== '2.0') return '"jsonrpc" must be "2.0"';
  if ('id' in value && !(typeof value['id'] === 'string' || (typeof value['id'] === 'number' && Number.isInteger(value['id'])))) {
    return '"id" must be a string or an integer';
  }
  if ('method' in value) {
    if (typeof value['method'] !== 'string') return '"method" must be a string';
    if ('params' in value && !isObject(value['params'])) return '"params" must be an object';
    return 'a request has only "jsonrpc", "id", "method" and "params" (a notification has no "id")';
  }
  if ('result' in value) return '"result" must be an object, and a response has only "jsonrpc", "id" and "result"';
  if ('error' in value) return '"error" must be {code, message, data?}, and a response has only "jsonrpc", "id" and "error"';
  return 'a message needs "method" (a request or notification) or "result"/"error" (a response)';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
