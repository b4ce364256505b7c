import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { catalogChanges, CategoriesRepository, ProductsRepository, SearchRepository } from '@shop/database';
import { RedisBroadcast } from '../redis/redis-broadcast';
import { REDIS } from '../redis/redis.module';
import { SearchCatalogue } from './search-catalogue';
import { DEFAULT_SYNONYMS } from './search-text';

/**
 * Changes are read again this long after their `updatedAt`: a write stamped earlier but committed after a read
 * (or by an instance whose clock runs a little behind) is still picked up.
 */
const OVERLAP_MS = 5_000;
/** How often an instance looks for changes without being told (a pub/sub message lost while Redis was away). */
export const SEARCH_POLL_MS = 5_000;

export interface SearchIndexState {
  /** Products in the index (every status). */
  size: number;
  /** How long the oldest change heard of has waited to be applied; 0 when the index is current. */
  lagMs: number;
  /** False until the catalogue has been loaded once. */
  loaded: boolean;
}

/**
 * Keeps this API instance's search index (SearchCatalogue) in step with the catalogue. At boot it loads every
 * product; afterwards it reads what changed since its cursor (`updatedAt`, indexed, read again OVERLAP_MS back),
 * the tombstones of deleted products, renamed categories and the synonyms. A sync runs when this instance writes
 * to the catalogue (before the write's answer is sent, a search waits for it: read-your-writes), when another
 * instance says it wrote (Redis pub/sub, within milliseconds), and every SEARCH_POLL_MS in case a message was lost.
 */
@Injectable()
export class SearchIndexService implements OnModuleInit, OnApplicationShutdown {
  readonly catalogue = new SearchCatalogue();
  private readonly logger = new Logger('Search');
  private readonly broadcast: RedisBroadcast;
  private cursor: Date | undefined;
  private synonymsAt: number | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private waitingSince: number | undefined;
  private loaded = false;
  /** Local catalogue writes heard of, and how many of them the index holds: a search waits for the rest. */
  private written = 0;
  private applied = 0;
  private waiters: Array<{ upTo: number; resolve: () => void }> = [];
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly products: ProductsRepository,
    private readonly categories: CategoriesRepository,
    private readonly search: SearchRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) redis: Redis,
  ) {
    this.broadcast = new RedisBroadcast(config, redis, 'search-changed', this.logger);
    this.catalogue.setSynonyms(DEFAULT_SYNONYMS);
  }

  onModuleInit(): void {
    this.unsubscribe = catalogChanges.subscribe(() => {
      this.written += 1;
      this.nudge();
      this.broadcast.publish('');
    });
    this.broadcast.start(
      () => this.nudge(),
      () => this.nudge(),
    );
    this.timer = setInterval(() => this.nudge(), SEARCH_POLL_MS);
    this.timer.unref();
    this.nudge();
  }

  async onApplicationShutdown(): Promise<void> {
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    await this.broadcast.stop();
    await this.running?.catch(() => undefined);
  }

  /**
   * The index, once it holds every write this instance has made so far (at once when it does): a product saved
   * here is found by the next search here. Other instances' writes arrive within the broadcast's delay.
   */
  async current(): Promise<SearchCatalogue> {
    if (this.applied < this.written || !this.loaded) {
      const upTo = this.written;
      await new Promise<void>((resolve) => this.waiters.push({ upTo, resolve }));
    }
    return this.catalogue;
  }

  private release(all: boolean): void {
    const waiting = this.waiters;
    this.waiters = waiting.filter((w) => !all && w.upTo > this.applied);
    for (const w of waiting) if (all || w.upTo <= this.applied) w.resolve();
  }

  state(): SearchIndexState {
    return { size: this.catalogue.size, lagMs: this.waitingSince === undefined ? 0 : Date.now() - this.waitingSince, loaded: this.loaded };
  }

  /** A search setting changed here (the synonyms): every instance syncs. */
  announce(): void {
    this.nudge();
    this.broadcast.publish('');
  }

  /** Something may have changed: sync now, or once more after the sync under way. */
  nudge(): void {
    this.waitingSince ??= Date.now();
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => (this.running = undefined));
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      const heardAt = this.waitingSince;
      const upTo = this.written;
      try {
        await this.sync();
        this.applied = upTo;
        this.release(false);
        // Everything heard before this sync started is applied; a nudge during it keeps the lag running.
        if (this.waitingSince === heardAt && !this.again) this.waitingSince = undefined;
      } catch (error) {
        // The database is away: the next nudge or poll tries again, and the lag shows how far behind this is.
        this.logger.warn(`search index sync failed: ${(error as Error).message}`);
        // Searches answer from what the index holds rather than wait for the database.
        this.release(true);
        return;
      }
    } while (this.again);
  }

  private async sync(): Promise<void> {
    const since = this.cursor ? new Date(this.cursor.getTime() - OVERLAP_MS) : undefined;
    const [records, buried, renamed, synonyms] = await Promise.all([
      this.products.searchRecords(since),
      since ? this.search.buriedSince(since) : Promise.resolve([]),
      since ? this.categories.changedSince(since) : Promise.resolve([]),
      this.search.synonyms(),
    ]);
    if (!since) this.catalogue.rebuild(records);
    else {
      for (const record of records) {
        const known = this.catalogue.updatedAt(record._id.toHexString());
        if (!known || +known !== +record.updatedAt) this.catalogue.upsert(record);
      }
    }
    if (buried.length > 0) {
      const alive = await this.products.existing(buried);
      for (const id of buried) if (!alive.has(id.toHexString())) this.catalogue.remove(id.toHexString());
    }
    for (const category of renamed) this.catalogue.renameCategory(category._id.toHexString(), category.name);
    if (synonyms && +synonyms.updatedAt !== this.synonymsAt) {
      this.catalogue.setSynonyms(synonyms.groups);
      this.synonymsAt = +synonyms.updatedAt;
    }
    const last = records[records.length - 1]?.updatedAt;
    if (last && (!this.cursor || +last > +this.cursor)) this.cursor = new Date(last);
    // An empty catalogue still needs a cursor, or every sync would be a full load.
    this.cursor ??= new Date(0);
    this.loaded = true;
  }
}
