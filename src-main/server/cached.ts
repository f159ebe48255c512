/** Where computed values are kept: a Map, or a WeakMap for object keys. */
interface Cache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value `cache` holds for `key`, computed and kept the first time it is asked for. */
export function cached<K, V>(cache: Cache<K, V>, key: K, compute: (key: K) => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = compute(key);
    cache.set(key, value);
  }
  return value;
}
