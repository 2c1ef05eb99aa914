/** The optimistic changes: pure, so a replayed or repeated change keeps one copy. */

export function withItem<T>(list: readonly T[] | undefined, item: T, idOf: (item: T) => number): T[] {
  const current = list ?? [];
  return current.some((existing) => idOf(existing) === idOf(item)) ? [...current] : [...current, item];
}

export function withoutItem<T>(list: readonly T[] | undefined, id: number, idOf: (item: T) => number): T[] {
  return (list ?? []).filter((existing) => idOf(existing) !== id);
}
