import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

const STATES: Record<number, string> = { 0: 'disconnected', 1: 'connected', 2: 'connecting', 3: 'disconnecting' };

/**
 * The health checks' view of MongoDB: a real round trip (the `ping` command), not only the driver's idea
 * of its connection. Listed as a provider by the modules that need it (the API's and the worker's health).
 */
@Injectable()
export class DatabaseHealth {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /**
   * Resolves when the server answers a ping; rejects with a short reason otherwise. The reason names the
   * driver's error class only: its message may carry server addresses, and health answers are public.
   */
  async ping(): Promise<void> {
    const state = this.connection.readyState as number;
    const db = this.connection.db;
    if (state !== 1 || !db) throw new Error(`not connected (${STATES[state] ?? `state ${state}`})`);
    try {
      await db.command({ ping: 1 });
    } catch (error) {
      throw new Error(`ping failed (${error instanceof Error ? error.name : 'unknown error'})`);
    }
  }
}
