import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { isOnlyDuplicateKeys } from '../mongo-errors';
import { Product } from '../schemas/product.schema';
import { StockMovement, type StockMove } from '../schemas/stock-movement.schema';

/** A ledger line as read back. */
export type StockMovementRecord = StockMovement & { _id: Types.ObjectId };

/** What the ledger needs of a product: its levels and the moves not yet copied. */
interface Levels {
  _id: Types.ObjectId;
  countInStock: number;
  variants?: { sku: string; countInStock: number }[];
  stockMoves?: StockMove[];
  revision?: number;
  ledgerOpened?: boolean;
}

/** The fields a stock update answers with so its moves can be copied without reading the product again. */
export const STOCK_SNAPSHOT = { countInStock: 1, quantity: 1, variants: 1, stockMoves: 1 } as const;
export type StockSnapshot = Pick<Levels, '_id' | 'countInStock' | 'variants' | 'stockMoves'> & { quantity?: number };

/** A move as pushed onto the product: a fresh key and the time now. */
export function stockMove(move: Omit<StockMove, 'key' | 'at'>): StockMove {
  return { key: new Types.ObjectId().toString(), at: new Date(), ...move };
}

/**
 * The stock ledger: every change of a product's or a variant's stock, with the level it left. Changes reach
 * it through the product's `stockMoves` outbox (see StockMove): whoever changes stock pushes a move in the same
 * update, then calls flush. Copying is idempotent (the key is unique) and computes each move's level from one
 * read of the product, where the levels and the pending moves are consistent with each other.
 */
@Injectable()
export class StockLedgerRepository {
  private readonly logger = new Logger(StockLedgerRepository.name);

  constructor(
    @InjectModel(StockMovement.name) private readonly model: Model<StockMovement>,
    @InjectModel(Product.name) private readonly products: Model<Product>,
  ) {}

  /** Per product: the flush under way, and whether a caller asked for another round while it ran. */
  private readonly flushes = new Map<string, { again: boolean; done: Promise<void> }>();

  /**
   * Copies the product's pending moves to the ledger, then pulls them from the product. Never throws: the sweep
   * retries. `snapshot` is the product as the stock update answered it (levels and pending moves, read together),
   * which saves reading it again.
   *
   * One flush per product at a time in this process: a caller that comes while one runs asks for one more round
   * (which reads the product again, so it sees the caller's move) and waits for it. Without that, every order of a
   * busy product copied every move pending on it, each in its own round trip: the busier the product, the more
   * moves each flush found, a backlog that fed itself (the soak's order p99 reached 7 s).
   */
  flush(productId: Types.ObjectId, snapshot?: StockSnapshot): Promise<void> {
    const id = productId.toString();
    const running = this.flushes.get(id);
    if (running) {
      running.again = true;
      return running.done;
    }
    const state = { again: false, done: Promise.resolve() };
    this.flushes.set(id, state);
    state.done = (async () => {
      try {
        await this.copyMoves(productId, snapshot);
        while (state.again) {
          state.again = false;
          await this.copyMoves(productId);
        }
      } finally {
        this.flushes.delete(id);
      }
    })();
    return state.done;
  }

  /** One round of flush: the moves pending on the product go to the ledger in one call, then leave the product. */
  private async copyMoves(productId: Types.ObjectId, snapshot?: StockSnapshot): Promise<void> {
    try {
      const product = snapshot ?? (await this.products.findById(productId, STOCK_SNAPSHOT).lean<Levels>().exec());
      const moves = product?.stockMoves ?? [];
      if (!product || moves.length === 0) return;
      const upserts = ledgerLines(product, moves).map((entry) => ({
        updateOne: { filter: { key: entry.key }, update: { $setOnInsert: entry }, upsert: true },
      }));
      try {
        await this.model.bulkWrite(upserts, { ordered: false });
      } catch (error) {
        // Another instance copied the same move at the same moment: its line is there, which is all we want.
        if (!isOnlyDuplicateKeys(error)) throw error;
      }
      await this.products
        .updateOne({ _id: productId }, { $pull: { stockMoves: { key: { $in: moves.map((m) => m.key) } } } }, { timestamps: false })
        .exec();
    } catch (error) {
      this.logger.warn(`stock moves of product ${productId.toString()} not copied yet: ${(error as Error).message}`);
    }
  }

  /** Copies the moves a crash left on products (older than `before`). Returns how many products it flushed. */
  async sweep(before: Date, limit = 200): Promise<number> {
    const rows = await this.products
      .find({ 'stockMoves.at': { $lt: before } }, { _id: 1 })
      .limit(limit)
      .lean<{ _id: Types.ObjectId }[]>()
      .exec();
    for (const row of rows) await this.flush(row._id);
    return rows.length;
  }

  /**
   * Gives products stored before the ledger existed their opening line: the level they have now. The move is
   * pushed only while the product's revision is the one read with its levels, so a sale in between can't make
   * the opening level wrong (the product is simply tried again). Returns how many products it opened.
   */
  async openMissing(limit = 500): Promise<number> {
    const rows = await this.products
      .find({ ledgerOpened: { $ne: true } }, { countInStock: 1, variants: 1, revision: 1 })
      .limit(limit)
      .lean<Levels[]>()
      .exec();
    let opened = 0;
    for (const p of rows) {
      const moves = openingMoves(p);
      const revision = p.revision ?? 0;
      const matchRevision = revision === 0 ? { $in: [0, null] } : revision;
      const done = await this.products
        .updateOne(
          { _id: p._id, ledgerOpened: { $ne: true }, revision: matchRevision },
          { $set: { ledgerOpened: true }, ...(moves.length > 0 ? { $push: { stockMoves: { $each: moves } } } : {}) },
          { timestamps: false },
        )
        .exec();
      if (done.modifiedCount > 0) {
        opened += 1;
        if (moves.length > 0) await this.flush(p._id);
      }
    }
    return opened;
  }

  /** One page of a product's ledger, newest first (optionally one variant's lines). */
  async list(
    product: Types.ObjectId,
    variantSku: string | undefined,
    skip: number,
    limit: number,
  ): Promise<{ rows: StockMovementRecord[]; total: number }> {
    const query: Record<string, unknown> = { product, ...(variantSku !== undefined ? { variantSku } : {}) };
    const [rows, total] = await Promise.all([
      this.model.find(query).sort({ at: -1, _id: -1 }).skip(skip).limit(limit).lean<StockMovementRecord[]>().exec(),
      this.model.countDocuments(query).exec(),
    ]);
    return { rows, total };
  }

  /** The sum of the ledger's deltas per product and per variant (`<productId>` and `<productId>:<sku>`). */
  async sums(products: Types.ObjectId[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const rows = await this.model
      .find({ product: { $in: products } }, { product: 1, variantSku: 1, delta: 1 })
      .lean<Pick<StockMovement, 'product' | 'variantSku' | 'delta'>[]>()
      .exec();
    for (const row of rows) {
      const id = row.product.toString();
      out.set(id, (out.get(id) ?? 0) + row.delta);
      if (row.variantSku) out.set(`${id}:${row.variantSku}`, (out.get(`${id}:${row.variantSku}`) ?? 0) + row.delta);
    }
    return out;
  }
}

/** The opening moves of a product: one per variant with stock, or one for the product; none at zero. */
export function openingMoves(
  p: Pick<Levels, 'countInStock' | 'variants'>,
  reason: 'opening' | 'initial' = 'opening',
  actor?: StockMove['actor'],
): StockMove[] {
  const variants = p.variants ?? [];
  const base = { reason, ...(actor ? { actor } : {}) };
  if (variants.length > 0)
    return variants.filter((v) => v.countInStock !== 0).map((v) => stockMove({ ...base, variantSku: v.sku, delta: v.countInStock }));
  return p.countInStock !== 0 ? [stockMove({ ...base, delta: p.countInStock })] : [];
}

/**
 * The ledger lines of pending moves, with the levels each left: walking back from the levels read with
 * them (the last move left the current level; undoing it gives the level the one before left).
 */
export function ledgerLines(product: Pick<Levels, '_id' | 'countInStock' | 'variants'>, moves: StockMove[]): StockMovement[] {
  let total = product.countInStock;
  const variantLevel = new Map((product.variants ?? []).map((v) => [v.sku, v.countInStock]));
  const out: StockMovement[] = [];
  for (let i = moves.length - 1; i >= 0; i -= 1) {
    const move = moves[i];
    const level = move.variantSku !== undefined && variantLevel.has(move.variantSku) ? (variantLevel.get(move.variantSku) as number) : total;
    out.unshift({ ...move, product: product._id, level, productLevel: total });
    total -= move.delta;
    if (move.variantSku !== undefined && variantLevel.has(move.variantSku))
      variantLevel.set(move.variantSku, (variantLevel.get(move.variantSku) as number) - move.delta);
  }
  return out;
}
