/**
 * One inbound line of the STDIO wire, classified: a JSON-RPC message to deliver, or what to
 * answer instead (JSON-RPC 2.0 §5.1: -32700 for a line that is not JSON, -32600 for JSON that
 * is not a valid message), with a short reason for the one-line log.
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
      response: object !== undefined && !('method' in object) && ('result' in object || 'error' in object),
    };
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
