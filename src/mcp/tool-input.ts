/**
 * Tool arguments: the zod schema is advertised to clients as the tool's JSON Schema, and
 * checked by the tool itself, so a bad argument gets the same `INVALID_ARGUMENT` JSON error
 * as every other failure (MCP-G0 §4) rather than the SDK's plain-text one.
 */
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { closestMatches, InvalidArgumentError } from '../core/index.js';
import { leanSchema } from './lean-schema.js';

/**
 * A schema that advertises `schema`'s (lean) JSON Schema but lets every value through to the
 * tool. An object's schema says `additionalProperties: false`: the tool refuses an argument it
 * does not take (`parseArguments`), so the schema says so too.
 */
export function advertise(schema: z.ZodType): StandardSchemaWithJSON<unknown, unknown> {
  const json = leanSchema(schema, 'input')['~standard'].jsonSchema;
  const closed = (options: Parameters<typeof json.input>[0]) => ({ ...json.input(options), ...(schema instanceof z.ZodObject ? { additionalProperties: false } : {}) });
  return {
    '~standard': {
      version: 1,
      vendor: 'docugraph',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: closed, output: closed },
    },
  };
}

/**
 * Parses tool arguments with `schema`; throws `InvalidArgumentError` naming every problem. An
 * argument the tool does not take is a problem too (an agent that typed `maxdepth` would
 * otherwise get the default silently), named with the closest argument it does take.
 */
export function parseArguments<S extends z.ZodType>(schema: S, args: unknown): z.output<S> {
  if (schema instanceof z.ZodObject && typeof args === 'object' && args !== null && !Array.isArray(args)) {
    const known = Object.keys(schema.shape);
    const unknown = Object.keys(args).filter((key) => !Object.hasOwn(schema.shape, key));
    if (unknown.length > 0) throw unknownArguments(unknown, known);
  }
  const result = schema.safeParse(args ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'arguments';
    return issue.message.startsWith(where) ? issue.message : `${where}: ${issue.message}`;
  });
  throw new InvalidArgumentError(`Invalid arguments: ${problems.join('; ')}.`, {
    issues: result.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
  });
}

/** How many unknown arguments one error names (the rest are counted). */
const MAX_NAMED = 5;

/** `INVALID_ARGUMENT` for arguments a tool or prompt does not take, each with the closest one it does. */
export function unknownArguments(unknown: readonly string[], known: readonly string[]): InvalidArgumentError {
  const named = unknown.slice(0, MAX_NAMED).map((key) => {
    const shown = /^[A-Za-z0-9_.-]{1,64}$/.test(key) ? key : JSON.stringify(key.length > 64 ? `${key.slice(0, 61)}...` : key);
    const [closest] = closestMatches(key, known, 1, Math.max(2, Math.floor(key.length / 3)));
    return closest === undefined ? `\`${shown}\`` : `\`${shown}\` (did you mean \`${closest}\`?)`;
  });
  const more = unknown.length > MAX_NAMED ? ` and ${unknown.length - MAX_NAMED} more` : '';
  const takes = known.length === 0 ? 'it takes no arguments' : `it takes ${known.map((k) => `\`${k}\``).join(', ')}`;
  const word = unknown.length === 1 ? 'argument' : 'arguments';
  return new InvalidArgumentError(`Unknown ${word} ${named.join(', ')}${more}; ${takes}.`, {
    issues: unknown.slice(0, MAX_NAMED).map((key) => ({ path: [key], message: 'unknown argument' })),
  });
}
