import { Injectable, Logger } from '@nestjs/common';
import { CouponsRepository, InventoryRepository, OrdersRepository, type OrderDocument } from '@shop/database';

/** How long since the order's last change before the sweep takes an unfinished restock for abandoned. */
const STALE_AFTER_MS = 30_000;
const SWEEP_BATCH = 100;

/**
 * Puts a cancelled order's units back in stock and gives its coupon redemption back, crash-safe without
 * transactions. The change that cancels the order sets `restockPending` in the same update; each line then
 * goes back with a mark naming the order and the line (InventoryRepository.putBackOnce matches only while the
 * product lacks the mark), the coupon likewise (CouponsRepository.releaseOnce), and the flag is cleared when
 * all is back. A restock cut by a crash or a database outage is finished by the sweep (the worker's
 * `sweep.order-restock` job, once per SWEEP_EVERY_MS across all replicas), which claims the order first so
 * two instances never work on it together; no line goes back twice.
 */
@Injectable()
export class OrderRestockService {
  private readonly logger = new Logger(OrderRestockService.name);

  constructor(
    private readonly orders: OrdersRepository,
    private readonly inventory: InventoryRepository,
    private readonly coupons: CouponsRepository,
  ) {}

  /**
   * A cancelled order: every line back in stock and its coupon redemption given back. A return: the returned units
   * of the chosen lines (returnedLines) back in stock, the coupon kept. Each once; then the order owes nothing.
   */
  async restock(order: OrderDocument): Promise<void> {
    const returned =
      order.state !== 'cancelled' && order.status !== 'cancelled' && order.returnedLines !== undefined && order.returnedLines.length > 0;
    const lines = returned
      ? (order.returnedLines ?? [])
          .filter((l) => order.items[l.line])
          .map((l) => ({ index: l.line, item: order.items[l.line], quantity: l.quantity, mark: `${order.id}:return:${l.line}` }))
      : order.items.map((item, index) => ({ index, item, quantity: item.quantity, mark: `${order.id}:${index}` }));
    const marks = lines.map((l) => l.mark);
    for (const { item, quantity, mark } of lines) {
      await this.inventory.putBackOnce(
        { product: item.product, quantity, ...(item.variantSku ? { variantSku: item.variantSku } : {}) },
        mark,
        order._id,
      );
    }
    const couponMark = `${order.id}:coupon`;
    if (order.coupon && !returned) await this.coupons.releaseOnce(order.coupon, order.user, couponMark);
    await this.orders.restocked(order._id);
    // Only bookkeeping from here: marks left by a failure are harmless (the order owes nothing any more).
    try {
      await this.inventory.dropRestockMarks(
        lines.map((l) => l.item.product),
        marks,
      );
      if (order.coupon && !returned) await this.coupons.dropReleaseMarks(order.coupon, couponMark);
    } catch (error) {
      this.logger.warn(`restock marks of order ${order.id} not dropped: ${(error as Error).message}`);
    }
  }

  /** Finishes restocks left unfinished. Returns how many orders it finished. */
  async sweep(now = Date.now()): Promise<number> {
    let finished = 0;
    for (; finished < SWEEP_BATCH; finished += 1) {
      const order = await this.orders.claimOwingRestock(new Date(now - STALE_AFTER_MS));
      if (!order) break;
      await this.restock(order);
    }
    if (finished > 0) this.logger.warn(`finished the restock of ${finished} cancelled order(s) left unfinished`);
    return finished;
  }
}
