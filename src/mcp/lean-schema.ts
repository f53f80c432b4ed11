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
  const merged = Array.isArray(anyOf) ? mergeTyped(anyOf) : null;
  if (merged !== null) {
    delete out['anyOf'];
    Object.assign(out, merged);
  }
  return out;
}

/** The keywords that constrain one type of value only (JSON Schema 2020-12): each ignores values of other types. */
const OWN_KEYWORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set(['minLength', 'maxLength', 'pattern', 'format']),
  number: new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']),
};

/**
 * An `anyOf` whose branches each allow one type, with keywords of that type only, as one schema
 * with a `type` list (`{ type: ["string", "number"], minLength: 1 }`): the same values, fewer
 * bytes. `null` when the branches do not have that shape (or share a keyword, or mix number and
 * integer, whose keywords would then constrain both).
 */
function mergeTyped(branches: readonly unknown[]): Json | null {
  const types: string[] = [];
  const keywords: Json = {};
  for (const branch of branches) {
    if (typeof branch !== 'object' || branch === null) return null;
    const type = (branch as Json)['type'];
    if (typeof type !== 'string' || types.includes(type)) return null;
    types.push(type);
    for (const [key, value] of Object.entries(branch as Json)) {
      if (key === 'type') continue;
      if (!(OWN_KEYWORDS[type === 'integer' ? 'number' : type]?.has(key) ?? false) || key in keywords) return null;
      keywords[key] = value;
    }
  }
  if (types.includes('number') && types.includes('integer')) return null;
  return { type: types, ...keywords };
}

/** What an output schema need not say: bounds every JSON integer the server sends is within, and closed objects. */
function isNoise(key: string, value: unknown): boolean {
  return (
    (key === 'additionalProperties' && value === false) ||
    (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) ||
    (key === 'maximum' && value === Number.MAX_SAFE_INTEGER)
  );
}

