import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { userChanges, type SessionUser } from '@shop/database';
import { RedisBroadcast } from '../redis/redis-broadcast';
import { REDIS } from '../redis/redis.module';

interface Entry {
  user: SessionUser;
  storedAt: number;
}

/**
 * The accounts of recent signed-in callers (roles, name, tokensValidAfter), kept for SESSION_CACHE_TTL_MS so
 * that each request does not read its caller again. Any write to a user drops that user at once (mongoose
 * hooks, see SessionInvalidation), and a read that began before a write is never kept.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every drop: a read that began before it may hold the old account. */
  private generation = 0;

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(id: string): SessionUser | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.user;
  }

  /** To take before reading an account from the database, and to hand to store() with what was read. */
  begin(): number {
    return this.generation;
  }

  store(id: string, user: SessionUser, generation: number): void {
    if (!this.enabled || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(id)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(id);
    this.entries.set(id, { user, storedAt: this.now() });
  }

  /** These users changed (undefined: any user may have). */
  drop(ids: readonly string[] | undefined): void {
    this.generation += 1;
    if (ids === undefined) this.entries.clear();
    else for (const id of ids) this.entries.delete(id);
  }
}

/**
 * Keeps every API instance's SessionCache honest: a user write made here drops the user before the write's
 * answer is sent, and is published on Redis so the other instances drop it within milliseconds. Writes made
 * outside the API (a database shell) show within SESSION_CACHE_TTL_MS.
 */
@Injectable()
export class SessionInvalidation implements OnModuleInit, OnApplicationShutdown {
  private readonly broadcast: RedisBroadcast;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly cache: SessionCache,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) redis: Redis,
  ) {
    this.broadcast = new RedisBroadcast(config, redis, 'users-changed', new Logger('SessionCache'));
  }

  onModuleInit(): void {
    if (!this.cache.enabled) return;
    this.unsubscribe = userChanges.subscribe((ids) => {
      this.cache.drop(ids);
      // "" when any user may have changed, else "<id>,<id>".
      this.broadcast.publish(ids ? ids.join(',') : '');
    });
    this.broadcast.start(
      () => this.cache.drop(undefined),
      (ids) => this.cache.drop(ids ? ids.split(',') : undefined),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.unsubscribe?.();
    await this.broadcast.stop();
  }
}
