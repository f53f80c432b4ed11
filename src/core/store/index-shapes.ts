/**
 * What a restored entry of the on-disk index must look like (issue 38): the index is data, and a
 * file whose checksums are right may still hold values this version never wrote (another build,
 * a hand-made file). Every value the later stages read is checked here, so that such a file is
 * one log line and a cold load, never an exception in the assembly or a link check.
 */
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** More items than any list of an index holds (about 100 a file of a workspace DocuGraph reads). */
const MAX_LIST = 1 << 26;

/**
 * Whether `value` is a list whose every item passes `test`, holes included: V8's deserialiser
 * makes sparse lists, and `every` and `some` skip their holes (a hole read is `undefined`).
 */
export function isListOf(value: unknown, test: (item: unknown) => boolean): value is readonly unknown[] {
  // A sparse list's holes take no bytes: a length no index holds is refused before its holes are visited.
  if (!Array.isArray(value) || value.length > MAX_LIST) return false;
  for (let i = 0; i < value.length; i += 1) if (!test(value[i])) return false;
  return true;
}

/** A list of strings. */
export function isStrings(value: unknown): value is readonly string[] {
  return isListOf(value, isString);
}

function isNumbers(value: unknown): value is readonly number[] {
  return isListOf(value, isNumber);
}

/** A list of findings (`Diagnostic`), or `null`. */
export function isFindings(value: unknown): boolean {
  return (
    value === null ||
    isListOf(value, (d) => isObject(d) && isString(d['code']) && isString(d['message']) && isString(d['path']) && (d['nodeId'] === null || isString(d['nodeId'])) && (d['line'] === null || isNumber(d['line'])))
  );
}

/** A list of misspelled keys (`MisspelledUse`), or `null`. */
export function isMisspellings(value: unknown): boolean {
  return value === null || isListOf(value, (m) => isObject(m) && isString(m['key']) && isNumber(m['line']) && isString(m['message']));
}

/** A node record's fields besides its texts (`DocNode`; its `text`, `body` and item source are checked as they are sliced). */
export function isNodeRecord(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const { id, title, type, status, path, dependsOn, dependsOnLines, dependsOnKeys, relations, bodyLine, item } = value;
  if (!isString(id) || !isString(title) || !isString(path) || !isNumber(bodyLine)) return false;
  if (!(type === null || isString(type)) || !(status === null || isString(status))) return false;
  if (!isStrings(dependsOn) || !isNumbers(dependsOnLines) || !(dependsOnKeys === undefined || isStrings(dependsOnKeys))) return false;
  if (relations !== undefined && !(isObject(relations) && Object.values(relations).every((r) => isObject(r) && isStrings(r['ids']) && isNumbers(r['lines']) && isStrings(r['keys'])))) return false;
  if (item === undefined) return true;
  if (!isObject(item)) return false;
  const box = item['box'];
  return isNumber(item['line']) && isNumber(item['end']) && isString(item['file']) && isStrings(item['context']) && (box === null || box === ' ' || box === 'x' || box === '-' || box === 'dropped');
}
