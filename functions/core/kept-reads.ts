/**
 * What a function instance keeps of the reads it makes on every viewer's request (an organisation's
 * name, plan and brand, a guide's facts): each value kept `ms` from when it was read, at most
 * `size` of them, the one loaded longest ago going first when full. Time is the caller's `now`, so
 * tests move it on without waiting.
 */
export interface KeptReads<V> {
  /** The value kept for `key` if read less than `ms` before `now`, else `load()`'s, then kept. */
  read(key: string, now: number, load: () => Promise<V>): Promise<V>;
  /** This instance changed what `key` reads: the next read loads it. */
  forget(key: string): void;
  clear(): void;
}

export function keptReads<V>(ms: number, size: number): KeptReads<V> {
  const entries = new Map<string, { value: V; until: number }>();
  return {
    async read(key, now, load) {
      const kept = entries.get(key);
      if (kept && kept.until > now) return kept.value;
      const value = await load();
      entries.delete(key);
      if (entries.size >= size) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, until: now + ms });
      return value;
    },
    forget: (key) => entries.delete(key),
    clear: () => entries.clear(),
  };
}
