/**
 * Forgets the oldest entries of a Set or Map, by insertion order, until at
 * most `limit` are left: memory of recent things that must not grow forever.
 */
export function keepNewest<K>(
  collection: { readonly size: number; keys(): Iterable<K>; delete(key: K): boolean },
  limit: number,
): void {
  for (const key of collection.keys()) {
    if (collection.size <= limit) return;
    collection.delete(key);
  }
}
