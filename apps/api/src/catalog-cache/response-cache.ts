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

/** A request computing a key's answer, which later requests for the same key wait for. */
interface Flight {
  ticket: CacheTicket;
  answer: Promise<CachedResponse | undefined>;
  settle: (entry: CachedResponse | undefined) => void;
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
 *
 * A missing answer is computed once: requests for a key that another request is computing wait for its answer
 * (inFlight) instead of running the handler too, so when a busy list expires its next computation is one
 * database query, not one per waiting connection. If that answer is not kept (an error, a write meanwhile), each
 * waiting request computes its own.
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
  private readonly flights = new Map<string, Flight>();
  hits = 0;
  misses = 0;
  /** Requests that waited for another request's computation of their answer. */
  coalesced = 0;
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

  /** The answer another request is computing for this key, to wait for; undefined when none is under way. */
  inFlight(key: string): Promise<CachedResponse | undefined> | undefined {
    const flight = this.flights.get(key);
    if (flight === undefined) return undefined;
    this.coalesced += 1;
    return flight.answer;
  }

  /** Starts computing an answer: the caller must end it with finish(), whatever happens to the request. */
  begin(key: string): CacheTicket | undefined {
    if (!this.enabled) return undefined;
    const ticket = { key, version: this.version, stockVersion: this.stockVersion, listVersion: this.listVersion };
    if (!this.flights.has(key)) {
      let settle: Flight['settle'] = () => undefined;
      const answer = new Promise<CachedResponse | undefined>((resolve) => (settle = resolve));
      this.flights.set(key, { ticket, answer, settle });
    }
    return ticket;
  }

  /**
   * Ends a computation begun with begin(): keeps the answer if there is one (see store) and hands what was kept
   * to the requests waiting for it (undefined: they compute their own). Later calls for the same ticket do nothing.
   */
  finish(ticket: CacheTicket, entry?: Omit<CachedResponse, 'storedAt'>): boolean {
    const stored = entry !== undefined && this.store(ticket, entry);
    const flight = this.flights.get(ticket.key);
    if (flight?.ticket === ticket) {
      this.flights.delete(ticket.key);
      flight.settle(stored ? this.entries.get(ticket.key) : undefined);
    }
    return stored;
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
    // Answers under way are from before the write: later requests start their own, and those waiting compute theirs.
    for (const flight of this.flights.values()) flight.settle(undefined);
    this.flights.clear();
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
