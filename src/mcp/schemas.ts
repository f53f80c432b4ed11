/**
 * Argument schemas shared by tools and prompts, with messages that say what to send.
 */
import * as z from 'zod';

/** A required document id. */
export function taskIdSchema(name: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required (a document id such as "BE-02")` : `${name} must be a string (a document id)`) })
    .min(1, { error: `${name} must not be empty` });
}

/** An optional depth: an integer ≥ 0. */
export function depthSchema(name: string) {
  return z
    .number({ error: `${name} must be an integer ≥ 0` })
    .int({ error: `${name} must be an integer ≥ 0` })
    .min(0, { error: `${name} must be an integer ≥ 0` })
    .optional();
}
