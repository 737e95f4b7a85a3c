/**
 * A Map that holds at most `max` entries: setting a new key when it is full forgets the oldest one
 * (insertion order; re-setting a key keeps its place, delete it first to make it the newest). For
 * process-wide memos of things that passed a check (verified guest tokens, parsed party ids) and for
 * small caches, so that no client can grow them without limit.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly max: number;

  constructor(max: number) {
    super();
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`BoundedMap: max must be a positive integer, got ${max}`);
    this.max = max;
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
