/**
 * Drops keys whose value is `undefined`, so optional arguments from the surfaces map onto the
 * core's exact optional options.
 */
export function withoutUndefined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
