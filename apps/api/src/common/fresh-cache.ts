interface Entry<T> {
  value: T;
  storedAt: number;
}

/**
 * Values read from the database, kept in memory for `ttlMs` so that each request does not read them again.
 * Its owner drops a key the moment the value changes; a read that began before a change is never kept
 * (`begin()` before the read, its generation handed to `store()`), so a drop cannot be undone by a slow read.
 */
export class FreshCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Bumped by every drop: a read that began before it may hold the old value. */
  private generation = 0;

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(id: string): T | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.value;
  }

  /** To take before reading from the database, and to hand to store() with what was read. */
  begin(): number {
    return this.generation;
  }

  store(id: string, value: T, generation: number): void {
    if (!this.enabled || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(id)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(id);
    this.entries.set(id, { value, storedAt: this.now() });
  }

  /** These keys changed (undefined: any may have). */
  drop(ids: readonly string[] | undefined): void {
    this.generation += 1;
    if (ids === undefined) this.entries.clear();
    else for (const id of ids) this.entries.delete(id);
  }
}
