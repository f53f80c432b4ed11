/**
 * Assertions for tests that compare thousands of pairs (differential tests against a
 * reference). Each vitest assertion costs some tens of microseconds before it compares
 * anything (a chai assertion object, its flags, the message); these compare first and hand a
 * pair to vitest only when it differs, so a failure is reported by the same matcher, with
 * the same diff and message, as before.
 */
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';

/**
 * `expect(actual, message).toEqual(expected)`, for plain data: objects, arrays, strings,
 * numbers, booleans, `null` (what the differential tests compare). A pair that
 * `isDeepStrictEqual` finds equal passes at once: on plain data that comparison is stricter
 * than `toEqual` (it also compares keys whose value is `undefined`, holes in arrays and `0`
 * with `-0`), so whatever it accepts `toEqual` accepts too; any other pair is judged by
 * `toEqual`. Not for class instances: `isDeepStrictEqual` does not see private fields or an
 * error's `cause`, which `toEqual` may. `message` may be a function, called only then.
 */
export function expectEqual(actual: unknown, expected: unknown, message?: string | (() => string)): void {
  if (isDeepStrictEqual(actual, expected)) return;
  expect(actual, typeof message === 'function' ? message() : message).toEqual(expected);
}

/** `expect(actual, message).toBe(expected)`: `Object.is`, as `toBe` compares, first. */
export function expectBe(actual: unknown, expected: unknown, message?: string | (() => string)): void {
  if (Object.is(actual, expected)) return;
  expect(actual, typeof message === 'function' ? message() : message).toBe(expected);
}
