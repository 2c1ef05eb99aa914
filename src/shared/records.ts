/**
 * A record with a value for each of `keys`, e.g. a count per import entity. `Object.fromEntries`
 * types its result as `{ [k: string]: V }`, so each caller would cast it: here is the one place.
 */
export function recordOf<const K extends PropertyKey, V>(keys: readonly K[], valueOf: (key: K) => V): Record<K, V> {
  // Every key of K is set just below, from the list of them.
  const record = {} as Record<K, V>;
  for (const key of keys) record[key] = valueOf(key);
  return record;
}
