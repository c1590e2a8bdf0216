// A small least-recently-used map: every cache keyed by something a request can vary stays
// this size, whatever the traffic.
export class Lru<K, V> {
  readonly #entries = new Map<K, V>();
  readonly capacity: number;
  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      // Map keeps insertion order: re-inserting makes it the most recent.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) {
      this.#entries.delete(this.#entries.keys().next().value as K);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
