/**
 * The shipped JSON Schema of docugraph.yml against the configuration's own checks: a sample
 * is valid for the schema exactly when `parseConfig` finds nothing in it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { expect } from 'vitest';
import { parse } from 'yaml';
import { parseConfig } from '../../src/core/parse/config.js';

let compiled: ValidateFunction | null = null;

/** The schema, compiled once per process. */
function schemaValidator(): ValidateFunction {
  if (compiled === null) {
    const Ajv = createRequire(import.meta.url)('ajv').default as typeof import('ajv').default;
    const schema = JSON.parse(readFileSync(new URL('../../schema/docugraph.schema.json', import.meta.url), 'utf8')) as object;
    compiled = new Ajv({ strict: false }).compile(schema);
  }
  return compiled;
}

/** Expects the same verdict from the schema and from `parseConfig` for each of `samples`. */
export function expectSchemaAgrees(samples: readonly string[]): void {
  const validate = schemaValidator();
  for (const text of samples) expect(validate(parse(text)), text).toBe(parseConfig(text).diagnostics.length === 0);
}
