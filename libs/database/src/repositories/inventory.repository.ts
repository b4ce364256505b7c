import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Product, Variant } from '../schemas/product.schema';
import type { StockActor, StockMove, StockReason } from '../schemas/stock-movement.schema';
import { STOCK_SNAPSHOT, StockLedgerRepository, stockMove, type StockSnapshot } from './stock-ledger.repository';

/** What carts and orders need to know about a product: its catalog price and stock. */
export interface StockView {
  _id: Types.ObjectId;
  name: string;
  image: string;
  priceCents: number;
  countInStock: number;
  status: Product['status'];
  variants: Variant[];
}

/** One line of stock to take or put back. */
export interface StockLine {
  product: Types.ObjectId;
  variantSku?: string;
  quantity: number;
}

export interface LowStockRow {
  _id: Types.ObjectId;
  name: string;
  countInStock: number;
  variants: Pick<Variant, 'sku' | 'size' | 'colour' | 'countInStock'>[];
}

/** How many candidates the low-stock read looks at before ordering them by their lowest count. */
const LOW_STOCK_CANDIDATES = 500;

const STOCK_FIELDS = { name: 1, image: 1, priceCents: 1, countInStock: 1, status: 1, variants: 1 } as const;

/**
 * Stock reads and atomic stock changes on products (the products collection is shared with the
 * catalog's ProductsRepository). Every decrement is conditional, so stock never goes below zero.
 */
@Injectable()
export class InventoryRepository {
  constructor(
    @InjectModel(Product.name) private readonly model: Model<Product>,
    private readonly ledger: StockLedgerRepository,
  ) {}

  /** The move an update pushes (the ledger's outbox) and the revision it bumps, for one line of stock. */
  private static moved(line: StockLine, delta: number, reason: StockReason, extra: Partial<Pick<StockMove, 'actor' | 'note' | 'order'>> = {}) {
    const move = stockMove({ delta, reason, ...(line.variantSku ? { variantSku: line.variantSku } : {}), ...extra });
    return { push: { stockMoves: move }, inc: { revision: 1 } };
  }

  findById(id: Types.ObjectId): Promise<StockView | null> {
    return this.model.findById(id, STOCK_FIELDS).lean<StockView>().exec();
  }

  findByIds(ids: Types.ObjectId[]): Promise<StockView[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.model
      .find({ _id: { $in: ids } }, STOCK_FIELDS)
      .lean<StockView[]>()
      .exec();
  }

  /**
   * Takes `quantity` units if (and only if) that many are in stock: one conditional findOneAndUpdate
   * decrementing countInStock and quantity (and the variant's countInStock). False when not enough.
   */
  async take(line: StockLine, hold?: Types.ObjectId): Promise<boolean> {
    const q = line.quantity;
    // With a hold, the same update records which order took the units (see StockHold).
    // The same update pushes the sale onto the ledger's outbox (see StockMove).
    const { push, inc } = InventoryRepository.moved(line, -q, 'sale', hold ? { order: hold } : {});
    const pushed = hold
      ? { ...push, stockHolds: { order: hold, quantity: q, ...(line.variantSku ? { variantSku: line.variantSku } : {}), at: new Date() } }
      : push;
    // The answer is the product after the update, with its pending moves: the ledger copies them without a read.
    const options = { returnDocument: 'after' as const, projection: STOCK_SNAPSHOT };
    const taken = line.variantSku
      ? await this.model
          .findOneAndUpdate(
            {
              _id: line.product,
              status: 'published',
              countInStock: { $gte: q },
              variants: { $elemMatch: { sku: line.variantSku, countInStock: { $gte: q } } },
            },
            { $inc: { 'variants.$.countInStock': -q, countInStock: -q, quantity: -q, ...inc }, $push: pushed },
            options,
          )
          .lean<StockSnapshot>()
          .exec()
      : await this.model
          .findOneAndUpdate(
            { _id: line.product, status: 'published', countInStock: { $gte: q } },
            { $inc: { countInStock: -q, quantity: -q, ...inc }, $push: pushed },
            options,
          )
          .lean<StockSnapshot>()
          .exec();
    if (!taken) return false;
    // quantity mirrors countInStock but may have been set lower by hand: never let it go negative (the extra
    // write happens only when it is needed).
    if (typeof taken.quantity === 'number' && taken.quantity < 0)
      await this.model.updateOne({ _id: line.product, quantity: { $lt: 0 } }, { $set: { quantity: 0 } }).exec();
    await this.ledger.flush(line.product, taken);
    return true;
  }

  /**
   * Puts a cancelled order's line back once: the update carries `mark` (`<orderId>:<line>`) and matches only
   * while the product does not have it yet, so repeating it after a crash gives nothing back twice.
   */
  async putBackOnce(line: StockLine, mark: string, order?: Types.ObjectId): Promise<void> {
    const q = line.quantity;
    const unmarked = { _id: line.product, restockMarks: { $ne: mark } };
    const extra = order ? { order } : {};
    if (line.variantSku) {
      const { push, inc } = InventoryRepository.moved(line, q, 'cancellation', extra);
      const done = await this.model
        .updateOne(
          { ...unmarked, 'variants.sku': line.variantSku },
          { $inc: { 'variants.$.countInStock': q, countInStock: q, quantity: q, ...inc }, $push: { restockMarks: mark, ...push } },
        )
        .exec();
      if (done.matchedCount > 0) return this.ledger.flush(line.product);
    }
    // No such variant any more (or no variant): the units go back to the product as a whole, still once.
    const { push, inc } = InventoryRepository.moved({ product: line.product, quantity: q }, q, 'cancellation', extra);
    const done = await this.model
      .updateOne(unmarked, { $inc: { countInStock: q, quantity: q, ...inc }, $push: { restockMarks: mark, ...push } })
      .exec();
    if (done.matchedCount > 0) await this.ledger.flush(line.product);
  }

  /** The order's restock is recorded as finished: its marks are no longer needed (bookkeeping only). */
  async dropRestockMarks(products: Types.ObjectId[], marks: string[]): Promise<void> {
    if (products.length === 0) return;
    await this.model
      .updateMany({ _id: { $in: products }, restockMarks: { $in: marks } }, { $pull: { restockMarks: { $in: marks } } }, { timestamps: false })
      .exec();
  }

  /**
   * Gives back the units an order's hold took, and drops the hold, in one update: only while the hold is
   * there, so repeating it (a retry after a lost answer) gives back nothing twice. False when no such hold.
   */
  async releaseHeld(line: StockLine, order: Types.ObjectId): Promise<boolean> {
    const q = line.quantity;
    const hold = { order, ...(line.variantSku ? { variantSku: line.variantSku } : {}) };
    const moved = InventoryRepository.moved(line, q, 'release', { order });
    const inc: Record<string, number> = { countInStock: q, quantity: q, ...moved.inc };
    if (line.variantSku) inc['variants.$[v].countInStock'] = q;
    const done = await this.model
      .updateOne(
        { _id: line.product, stockHolds: { $elemMatch: hold } },
        { $inc: inc, $pull: { stockHolds: hold }, $push: moved.push },
        line.variantSku ? { arrayFilters: [{ 'v.sku': line.variantSku }] } : {},
      )
      .exec();
    if (done.modifiedCount > 0) await this.ledger.flush(line.product);
    return done.modifiedCount > 0;
  }

  /** The order is stored: its holds are no longer needed (bookkeeping only: updatedAt stays). */
  async dropHolds(order: Types.ObjectId, products: Types.ObjectId[]): Promise<void> {
    await this.model
      .updateMany({ _id: { $in: products }, 'stockHolds.order': order }, { $pull: { stockHolds: { order } } }, { timestamps: false })
      .exec();
  }

  /** Holds older than the cutoff (left by a crash between taking stock and storing the order). */
  async staleHolds(before: Date, limit = 500): Promise<(StockLine & { order: Types.ObjectId })[]> {
    const rows = await this.model
      .find({ 'stockHolds.at': { $lt: before } }, { stockHolds: 1 })
      .limit(limit)
      .lean<{ _id: Types.ObjectId; stockHolds: { order: Types.ObjectId; quantity: number; variantSku?: string; at: Date }[] }[]>()
      .exec();
    return rows.flatMap((p) =>
      p.stockHolds
        .filter((h) => new Date(h.at).getTime() < before.getTime())
        .map((h) => ({ product: p._id, order: h.order, quantity: h.quantity, ...(h.variantSku ? { variantSku: h.variantSku } : {}) })),
    );
  }

  /**
   * A person's change of stock by `delta` (positive: units in; negative: units out), on the variant when one is
   * named. Refused (null) when it would leave less than zero. Returns the levels after the change.
   */
  async adjust(
    line: Omit<StockLine, 'quantity'>,
    delta: number,
    reason: StockReason,
    actor: StockActor,
    note?: string,
  ): Promise<{ countInStock: number; variantLevel?: number } | null> {
    const { push, inc } = InventoryRepository.moved({ ...line, quantity: Math.abs(delta) }, delta, reason, { actor, ...(note ? { note } : {}) });
    const floor = delta < 0 ? -delta : 0;
    const filter: Record<string, unknown> = { _id: line.product, countInStock: { $gte: floor } };
    const $inc: Record<string, number> = { countInStock: delta, quantity: delta, ...inc };
    if (line.variantSku) {
      filter.variants = { $elemMatch: { sku: line.variantSku, countInStock: { $gte: floor } } };
      $inc['variants.$.countInStock'] = delta;
    }
    const after = await this.model
      .findOneAndUpdate(filter, { $inc, $push: push }, { returnDocument: 'after', projection: STOCK_SNAPSHOT })
      .lean<StockSnapshot>()
      .exec();
    if (!after) return null;
    if (typeof after.quantity === 'number' && after.quantity < 0)
      await this.model.updateOne({ _id: line.product, quantity: { $lt: 0 } }, { $set: { quantity: 0 } }).exec();
    await this.ledger.flush(line.product, after);
    const variant = line.variantSku ? after.variants?.find((v) => v.sku === line.variantSku) : undefined;
    return { countInStock: after.countInStock, ...(variant ? { variantLevel: variant.countInStock } : {}) };
  }

  /**
   * Published products with at most `threshold` units left in total or in any one variant (sold out included),
   * the lowest count (of the total or a variant) first, then by name. Reads at most LOW_STOCK_CANDIDATES products.
   */
  async lowStock(threshold: number, limit: number): Promise<LowStockRow[]> {
    const rows = await this.model
      .find(
        { status: 'published', $or: [{ countInStock: { $lte: threshold } }, { 'variants.countInStock': { $lte: threshold } }] },
        { name: 1, countInStock: 1, variants: 1 },
      )
      .sort({ countInStock: 1, _id: 1 })
      .limit(LOW_STOCK_CANDIDATES)
      .lean<LowStockRow[]>()
      .exec();
    const lowest = (row: LowStockRow) => Math.min(row.countInStock, ...(row.variants ?? []).map((v) => v.countInStock));
    return rows
      .map((row) => ({ ...row, variants: row.variants ?? [] }))
      .sort((a, b) => lowest(a) - lowest(b) || a.name.localeCompare(b.name))
      .slice(0, limit);
  }
}
