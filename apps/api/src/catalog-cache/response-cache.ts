/** A finished public answer, kept as the exact bytes and headers the full pipeline produced. */
export interface CachedResponse {
  status: number;
  /** Response headers without the per-request ones (X-Request-Id, rate-limit counters, Date). */
  headers: Record<string, string | string[]>;
  body: Buffer;
  etag: string | undefined;
  /** `${controller}-${handler}`: the throttler key of the route, so a cache hit is counted like the full path. */
  route: string;
  storedAt: number;
}

/** Taken when a cacheable request starts; the answer is kept only if no catalog write happened meanwhile. */
export interface CacheTicket {
  key: string;
  version: number;
}

/**
 * An in-process cache of whole public answers with write-through invalidation. Every catalog write bumps
 * the version and empties the cache; an answer computed while a write happened (its ticket's version is
 * old) is not kept, so a stale read can never be stored after the write that made it stale. Entries also
 * expire after ttlMs: the bound for writes this process cannot hear about (another instance while Redis is
 * away, or a hand edit in the database). The size is capped (oldest first out) so odd query strings cannot
 * grow it without limit.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private version = 0;
  hits = 0;
  misses = 0;
  invalidations = 0;

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  lookup(key: string): CachedResponse | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses += 1;
      return undefined;
    }
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(key);
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return entry;
  }

  begin(key: string): CacheTicket | undefined {
    return this.enabled ? { key, version: this.version } : undefined;
  }

  /** Keeps the answer unless the catalog changed since the ticket was taken. */
  store(ticket: CacheTicket, entry: Omit<CachedResponse, 'storedAt'>): boolean {
    if (!this.enabled || ticket.version !== this.version) return false;
    if (this.entries.size >= this.maxEntries && !this.entries.has(ticket.key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(ticket.key);
    this.entries.set(ticket.key, { ...entry, storedAt: this.now() });
    return true;
  }

  invalidate(): void {
    this.version += 1;
    this.invalidations += 1;
    this.entries.clear();
  }
}
