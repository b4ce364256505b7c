import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Types } from 'mongoose';

/**
 * Why a product's (or a variant's) stock changed:
 * - opening: the level the product had when the ledger started (products stored before it existed);
 * - initial: the stock a new product was created with;
 * - sale: units taken by an order; release: units given back because that order was never stored;
 * - cancellation: units a cancelled (or refunded) order put back;
 * - return, restock, adjustment: recorded by a person (an adjustment needs a note);
 * - import: a CSV import changed the stock;
 * - edit: the stock was changed in the product form (or PUT/PATCH of the product).
 */
export const STOCK_REASONS = ['opening', 'initial', 'sale', 'release', 'cancellation', 'return', 'restock', 'adjustment', 'import', 'edit'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
/** The reasons a person may give for a manual adjustment. */
export const MANUAL_STOCK_REASONS = ['adjustment', 'restock', 'return'] as const satisfies readonly StockReason[];
export type ManualStockReason = (typeof MANUAL_STOCK_REASONS)[number];

/** Who made a change: a person (id and name at the time), or the shop itself (no id). */
@Schema({ _id: false })
export class StockActor {
  @Prop({ type: Types.ObjectId })
  id?: Types.ObjectId;

  @Prop({ required: true })
  name!: string;
}
export const StockActorSchema = SchemaFactory.createForClass(StockActor);

/**
 * One change of stock not yet copied to the ledger. It is pushed onto the product in the same atomic update
 * that changes the stock (an outbox on the document), so a crash can't lose it: the ledger copies it and then
 * pulls it (StockLedgerRepository.flush), and a sweep copies what a crash left behind.
 */
@Schema({ _id: false })
export class StockMove {
  /** Unique per change: the ledger's key, so copying a move twice records it once. */
  @Prop({ required: true })
  key!: string;

  @Prop({ type: String })
  variantSku?: string;

  @Prop({ required: true })
  delta!: number;

  @Prop({ type: String, enum: STOCK_REASONS, required: true })
  reason!: StockReason;

  @Prop({ type: StockActorSchema })
  actor?: StockActor;

  @Prop({ type: String })
  note?: string;

  @Prop({ type: Types.ObjectId })
  order?: Types.ObjectId;

  @Prop({ required: true })
  at!: Date;
}
export const StockMoveSchema = SchemaFactory.createForClass(StockMove);

/** One line of the stock ledger: a change, and the level it left (the variant's when it names one). */
@Schema({ collection: 'stock_ledger', versionKey: false })
export class StockMovement extends StockMove {
  @Prop({ type: Types.ObjectId, required: true })
  product!: Types.ObjectId;

  /** The variant's level (or the product's, without a variant) right after the change. */
  @Prop({ required: true })
  level!: number;

  /** The product's whole stock right after the change. */
  @Prop({ required: true })
  productLevel!: number;
}
export type StockMovementDocument = HydratedDocument<StockMovement>;
export const StockMovementSchema = SchemaFactory.createForClass(StockMovement);
StockMovementSchema.index({ key: 1 }, { unique: true });
StockMovementSchema.index({ product: 1, at: -1, _id: -1 });
