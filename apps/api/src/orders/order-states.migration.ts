import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { OrdersRepository } from '@shop/database';
import { statesOfLegacy } from '@shop/orders';

/**
 * Gives orders written before the three machines their states, from their status and timestamps (a paid order
 * is paid, a refunded one refunded, a delivered and paid one completed). Runs at every start; it touches only
 * orders without a state, so it is idempotent and safe when several instances start together. Until it ran,
 * reads derive the same states (statesOf).
 */
@Injectable()
export class OrderStatesMigration implements OnApplicationBootstrap {
  private readonly logger = new Logger(OrderStatesMigration.name);

  constructor(private readonly orders: OrdersRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const changed = await this.orders.migrateStates(statesOfLegacy);
      if (changed > 0) this.logger.log(`gave ${changed} older order(s) their order, payment and fulfilment states`);
    } catch (error) {
      // Not fatal: reads derive the states meanwhile, and the next start tries again.
      this.logger.warn(`order states not migrated yet: ${(error as Error).message}`);
    }
  }
}
