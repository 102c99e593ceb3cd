/** The set `map` keeps under `key`, made (empty) and kept there when there was none. */
export function setIn<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key)
  if (!set) {
    set = new Set()
    map.set(key, set)
  }
  return set
}
