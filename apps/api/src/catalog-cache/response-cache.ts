/** A finished public answer, kept as the exact body and the headers its handler set (see PublicCacheInterceptor). */
export interface CachedResponse {
  status: number;
  /** The headers the handler and Express set (Content-Type, ETag, X-Total-Count…), not the per-request ones. */
  headers: Record<string, string | string[]>;
  /** The serialised body (UTF-8 JSON), kept as the bytes that are sent, so a hit is not encoded again. */
  body: Buffer | string;
  etag: string;
  /** The id of the one document the answer is about (a product page), for stock-only changes. */
  subject?: string;
  storedAt: number;
}

/** Taken when a cacheable request starts; the answer is kept only if no catalog write happened meanwhile. */
export interface CacheTicket {
  key: string;
  version: number;
  stockVersion: number;
  listVersion: number;
}

/**
 * An in-process cache of whole public answers with write-through invalidation. Every catalog write bumps
 * the version and empties the cache; an answer computed while a write happened (its ticket's version is
 * old) is not kept, so a stale read can never be stored after the write that made it stale. Entries also
 * expire after ttlMs: the bound for writes this process cannot hear about (another instance while Redis is
 * away, or a hand edit in the database). The size is capped (oldest first out) so odd query strings cannot
 * grow it without limit.
 *
 * Stock changes (an order taking units) are frequent and small, so they are handled apart: the answers about
 * the changed products (their product pages) go at once, and the lists (which show stock only as a figure on
 * a card) are dropped once, stockLagMs after the first such change; other products' pages stay. Without this,
 * a busy hour of orders would empty the whole cache many times a second and guests would hardly ever hit it.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private version = 0;
  private stockVersion = 0;
  /** stockVersion at each product's last stock change since the last catch-up. */
  private readonly stockChangedAt = new Map<string, number>();
  /** stockVersion at the last catch-up: older tickets cannot be checked against the map any more. */
  private stockFloor = 0;
  /** Bumped by each catch-up: a list computed before it may show stock from before it. */
  private listVersion = 0;
  private lagTimer: NodeJS.Timeout | undefined;
  hits = 0;
  misses = 0;
  invalidations = 0;

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
    readonly stockLagMs = 1000,
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
    return this.enabled ? { key, version: this.version, stockVersion: this.stockVersion, listVersion: this.listVersion } : undefined;
  }

  /** Keeps the answer unless the catalog changed since the ticket was taken. */
  store(ticket: CacheTicket, entry: Omit<CachedResponse, 'storedAt'>): boolean {
    if (!this.enabled || ticket.version !== this.version) return false;
    if (entry.subject === undefined) {
      if (ticket.listVersion !== this.listVersion) return false;
    } else if (ticket.stockVersion < this.stockFloor || (this.stockChangedAt.get(entry.subject) ?? -1) > ticket.stockVersion) {
      // An answer about a product whose stock changed after the ticket was taken may show the old stock.
      return false;
    }
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
    this.stockChangedAt.clear();
    // Everything is gone: a pending stock catch-up has nothing left to do.
    if (this.lagTimer !== undefined) clearTimeout(this.lagTimer);
    this.lagTimer = undefined;
  }

  /** Only the stock of these products changed: their own answers go now, the rest within stockLagMs. */
  stockChanged(productIds: readonly string[]): void {
    if (!this.enabled) return;
    if (this.stockLagMs <= 0) return this.invalidate();
    this.stockVersion += 1;
    for (const id of productIds) this.stockChangedAt.set(id, this.stockVersion);
    for (const [key, entry] of this.entries) if (entry.subject !== undefined && productIds.includes(entry.subject)) this.entries.delete(key);
    if (this.lagTimer === undefined) {
      this.lagTimer = setTimeout(() => this.catchUp(), this.stockLagMs);
      this.lagTimer.unref();
    }
  }

  /** The lists may show stock from before the changes of the last stockLagMs: they go. */
  private catchUp(): void {
    this.lagTimer = undefined;
    this.listVersion += 1;
    this.stockFloor = this.stockVersion;
    this.stockChangedAt.clear();
    for (const [key, entry] of this.entries) if (entry.subject === undefined) this.entries.delete(key);
  }
}
