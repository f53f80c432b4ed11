/**
 * Work done a step at a time: a generator that yields between steps (a caller may answer
 * requests there) and returns its result. Two ways to take one: to the end at once, or as the
 * caller's own kind of step.
 */

/** Runs `steps` to the end and returns its result. */
export function finish<T>(steps: Generator<void, T, void>): T {
  for (let step = steps.next(); ; step = steps.next()) if (step.done === true) return step.value;
}

/** `steps`, each yielded as `step` (the caller's kind), and its result. */
export function* asSteps<S, T>(steps: Generator<void, T, void>, step: S): Generator<S, T, void> {
  for (let next = steps.next(); ; next = steps.next()) {
    if (next.done === true) return next.value;
    yield step;
  }
}
