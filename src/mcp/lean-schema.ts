/**
 * The JSON Schemas that `tools/list` advertises, kept lean (CATALOG § Bounded answers: the whole
 * answer stays under 2,500 tokens): zod's schema without the `$schema` URI, an `anyOf` of bare
 * types written as one `type` list, and a schema with an `id` written once, in `$defs`. An
 * input schema keeps every bound the tool enforces (an argument is `INVALID_ARGUMENT` exactly
 * when it breaks the advertised schema); an output schema, which only describes what the
 * server sends, also drops the safe-integer bounds and `additionalProperties: false`.
 */
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import * as z from 'zod';

type Json = Record<string, unknown>;

/** `schema`'s validation, with its lean JSON Schema for `io` (`input` for arguments, `output` for structuredContent). */
export function leanSchema(schema: z.ZodType, io: 'input' | 'output'): StandardSchemaWithJSON<unknown, unknown> {
  const standard = schema['~standard'] as StandardSchemaWithJSON['~standard'];
  const json = () => lean(z.toJSONSchema(schema, { target: 'draft-2020-12', io }), io) as Json;
  return { '~standard': { ...standard, jsonSchema: { input: json, output: json } } } as StandardSchemaWithJSON<unknown, unknown>;
}

/** `value` without the noise above, recursively. */
export function lean(value: unknown, io: 'input' | 'output'): unknown {
  if (Array.isArray(value)) return value.map((item) => lean(item, io));
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(value as Json)) {
    if (key === '$schema' || (io === 'output' && isNoise(key, child))) continue;
    out[key] = lean(child, io);
  }
  const anyOf = out['anyOf'];
  if (Array.isArray(anyOf) && anyOf.every(isBareType)) {
    delete out['anyOf'];
    out['type'] = anyOf.map((branch: Json) => branch['type']);
  }
  return out;
}

/** What an output schema need not say: bounds every JSON integer the server sends is within, and closed objects. */
function isNoise(key: string, value: unknown): boolean {
  return (
    (key === 'additionalProperties' && value === false) ||
    (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) ||
    (key === 'maximum' && value === Number.MAX_SAFE_INTEGER)
  );
}

function isBareType(branch: unknown): branch is Json {
  return typeof branch === 'object' && branch !== null && Object.keys(branch).length === 1 && typeof (branch as Json)['type'] === 'string';
}
