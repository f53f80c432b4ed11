/**
 * `context:` of `docugraph.yml` (CONTEXT §1): how a bundle cuts its large documents — when
 * (`sections: auto | always | never`), from what size (`wholeUnder`, tokens), how strong a
 * match must be (`matchFloor`, a share of the best) and how much of the budget one document's
 * sections may take (`documentShare`).
 */
import { CONTEXT_SECTIONS, type ContextOptions } from '../shared/config-types.js';
import type { ConfigReader } from './config-reader.js';
import { yamlNodes } from './yaml.js';

export const CONTEXT_SETTINGS = ['sections', 'wholeUnder', 'matchFloor', 'documentShare'] as const;

/** `context:`, over the defaults. */
export function readContext(reader: ConfigReader, entries: ReadonlyMap<string, unknown>, defaults: ContextOptions): ContextOptions {
  let context = defaults;
  for (const [name, value] of entries) {
    if (name === 'sections') {
      const word = reader.word(value, 'context.sections', CONTEXT_SECTIONS);
      if (word !== null) context = { ...context, sections: word };
    } else if (name === 'wholeUnder') {
      const n = number(reader, value, 'context.wholeUnder', 0, 1_000_000, true, '3000');
      if (n !== null) context = { ...context, wholeUnder: n };
    } else {
      const key = name as 'matchFloor' | 'documentShare';
      const n = number(reader, value, `context.${key}`, 0, 1, false, key === 'matchFloor' ? '0.6' : '0.4');
      if (n !== null) context = { ...context, [key]: n };
    }
  }
  return context;
}

/** A number from `min` to `max` (an integer when `integer`), or `null` after a problem. */
function number(reader: ConfigReader, node: unknown, where: string, min: number, max: number, integer: boolean, example: string): number | null {
  const { isScalar } = yamlNodes();
  const value = isScalar(node) ? node.value : undefined;
  if (typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max && (!integer || Number.isInteger(value))) return value;
  reader.fail(node, `\`${where}\` must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}, e.g. \`${where.split('.')[1]}: ${example}\``);
  return null;
}
