import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Types } from 'mongoose';
import { InventoryRepository, OrdersRepository, type StockLine } from '@shop/database';

/** Holds older than this are left over from a crash (a placement takes milliseconds). */
const STALE_AFTER_MS = 60_000;
const RETRY_EVERY_MS = 1_000;
const RETRY_FOR_MS = 10 * 60_000;

/**
 * Makes order placement crash-safe without transactions. Taking stock writes a hold naming the order in the
 * same atomic update (InventoryRepository.take); afterwards exactly one of two things happens, each at most
 * once: the order is stored and the holds are dropped, or the order was not stored and each hold gives its
 * units back (releaseHeld removes the hold in the same update). When the database is away at that moment
 * (the engine was killed mid-placement) the resolution, or the dropping of a stored order's holds, is
 * retried every second, and a sweep resolves holds older than a minute left by an API process that died
 * (the worker's `sweep.stock-holds` job, once per SWEEP_EVERY_MS, 30 s by default, across all replicas).
 */
@Injectable()
export class StockHoldsService implements OnModuleDestroy {
  private readonly logger = new Logger(StockHoldsService.name);
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly inventory: InventoryRepository,
    private readonly orders: OrdersRepository,
  ) {}

  onModuleDestroy(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** The order is stored: drop its holds. Never throws: when the database is away, retried every second. */
  async settle(order: Types.ObjectId, products: Types.ObjectId[]): Promise<void> {
    const drop = () => this.inventory.dropHolds(order, products);
    try {
      await drop();
    } catch (error) {
      this.logger.warn(`could not drop the stock holds of order ${order.toString()} yet (${(error as Error).message}); retrying every second`);
      this.retry(
        drop,
        `dropped the stock holds of order ${order.toString()}`,
        `stock holds of order ${order.toString()} still there`,
        Date.now() + RETRY_FOR_MS,
      );
    }
  }

  /** The placement failed after taking these lines: give them back unless the order got stored after all. Never throws. */
  async undo(order: Types.ObjectId, lines: StockLine[]): Promise<void> {
    if (lines.length === 0) return;
    try {
      await this.resolve(order, lines);
    } catch (error) {
      this.logger.warn(`stock of order ${order.toString()} not given back yet (${(error as Error).message}); retrying every second`);
      this.retry(
        () => this.resolve(order, lines),
        `gave back the stock of interrupted order ${order.toString()}`,
        `stock of order ${order.toString()} still held`,
        Date.now() + RETRY_FOR_MS,
      );
    }
  }

  /** Resolves holds left behind by a crash. Returns how many holds were resolved. */
  async sweep(now = Date.now()): Promise<number> {
    const stale = await this.inventory.staleHolds(new Date(now - STALE_AFTER_MS));
    const byOrder = new Map<string, StockLine[]>();
    for (const { order, ...line } of stale) byOrder.set(order.toString(), [...(byOrder.get(order.toString()) ?? []), line]);
    for (const [order, lines] of byOrder) await this.resolve(new Types.ObjectId(order), lines);
    if (stale.length > 0) this.logger.warn(`resolved ${stale.length} stock hold(s) left by an interrupted order placement`);
    return stale.length;
  }

  private async resolve(order: Types.ObjectId, lines: StockLine[]): Promise<void> {
    // The insert may have reached the database even though its answer was lost.
    if (await this.orders.exists(order)) {
      await this.inventory.dropHolds(
        order,
        lines.map((l) => l.product),
      );
      return;
    }
    for (const line of lines) await this.inventory.releaseHeld(line, order);
  }

  /** Runs `action` again every second until it succeeds or `until` passes (then the sweep resolves what is left). */
  private retry(action: () => Promise<unknown>, done: string, givenUp: string, until: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action().then(
        () => this.logger.log(done),
        () => {
          if (Date.now() < until) this.retry(action, done, givenUp, until);
          else this.logger.error(`${givenUp}; the sweep will resolve it`);
        },
      );
    }, RETRY_EVERY_MS);
    timer.unref();
    this.timers.add(timer);
  }
}
