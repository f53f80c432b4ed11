/**
 * Tool arguments: the zod schema is advertised to clients as the tool's JSON Schema, and
 * checked by the tool itself, so a bad argument gets the same `INVALID_ARGUMENT` JSON error
 * as every other failure (MCP-G0 §4) rather than the SDK's plain-text one.
 */
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type * as z from 'zod';
import { InvalidArgumentError } from '../core/index.js';
import { leanSchema } from './lean-schema.js';

/** A schema that advertises `schema`'s (lean) JSON Schema but lets every value through to the tool. */
export function advertise(schema: z.ZodType): StandardSchemaWithJSON<unknown, unknown> {
  return {
    '~standard': {
      version: 1,
      vendor: 'docugraph',
      validate: (value: unknown) => ({ value }),
      jsonSchema: leanSchema(schema, 'input')['~standard'].jsonSchema,
    },
  };
}

/** Parses tool arguments with `schema`; throws `InvalidArgumentError` naming every problem. */
export function parseArguments<S extends z.ZodType>(schema: S, args: unknown): z.output<S> {
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
