import type { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '@shop/config';
import { redisOptionsFromUrl } from '@shop/jobs';

/**
 * A Redis pub/sub channel shared by the API instances: each instance publishes its own changes and hears the
 * others' (never its own). Messages sent while Redis is away are lost, so `onReady` runs at every
 * (re)subscription and the listener starts over from a clean state.
 */
export class RedisBroadcast {
  private readonly instance = randomUUID();
  private readonly channel: string;
  private subscriber: Redis | undefined;

  constructor(
    private readonly config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>,
    private readonly redis: Redis,
    name: string,
    private readonly logger: Logger,
  ) {
    // PUBLISH takes a channel, not a key: ioredis does not add the key prefix, so the name carries it.
    this.channel = `${config.redisPrefix}:${name}`;
  }

  start(onReady: () => void, onMessage: (body: string) => void): void {
    const subscriber = new Redis({ ...redisOptionsFromUrl(this.config.redisUrl), lazyConnect: false, maxRetriesPerRequest: null });
    subscriber.on('error', () => undefined);
    subscriber.on('ready', () => {
      onReady();
      subscriber.subscribe(this.channel).catch((error: Error) => this.logger.warn(`subscription to ${this.channel} failed: ${error.message}`));
    });
    subscriber.on('message', (_channel: string, message: string) => {
      // "<instance> <body>"
      const space = message.indexOf(' ');
      const from = space < 0 ? message : message.slice(0, space);
      if (from !== this.instance) onMessage(space < 0 ? '' : message.slice(space + 1));
    });
    this.subscriber = subscriber;
  }

  publish(body: string): void {
    if (this.redis.status !== 'ready') return;
    this.redis.publish(this.channel, body ? `${this.instance} ${body}` : this.instance).catch(() => undefined);
  }

  async stop(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }
}
