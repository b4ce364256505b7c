import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Types } from 'mongoose';
import { announceCatalogWrites } from '../catalog-changes';
import { StockMove, StockMoveSchema } from './stock-movement.schema';

export const PRODUCT_STATUSES = ['draft', 'pending', 'published', 'rejected'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** A review's moderation state; a review stored before moderation existed has none and counts as approved. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

@Schema({ timestamps: { createdAt: true, updatedAt: false }, _id: true })
export class Review {
  _id!: Types.ObjectId;

  @Prop({ type: Types.ObjectId, ref: 'User', required: true })
  user!: Types.ObjectId;

  @Prop({ required: true })
  name!: string;

  @Prop({ required: true, min: 1, max: 5 })
  rating!: number;

  @Prop({ required: true, maxlength: 500 })
  comment!: string;

  @Prop({ default: false })
  verifiedPurchase!: boolean;

  /** Only approved reviews are shown and counted in rating and numReviews; none stored means approved. */
  @Prop({ type: String, enum: REVIEW_STATUSES })
  status?: ReviewStatus;

  createdAt!: Date;
}
export const ReviewSchema = SchemaFactory.createForClass(Review);

@Schema({ _id: false })
export class Variant {
  @Prop({ required: true, trim: true })
  sku!: string;

  @Prop({ type: String, trim: true })
  size?: string;

  @Prop({ type: String, trim: true })
  colour?: string;

  /** Price in integer cents when it differs from the product's. */
  @Prop({ type: Number })
  priceCents?: number;

  @Prop({ required: true, min: 0, default: 0 })
  countInStock!: number;

  @Prop({ type: String })
  image?: string;
}
export const VariantSchema = SchemaFactory.createForClass(Variant);

/**
 * Units taken for an order that is being placed, written in the same atomic update as the stock decrement.
 * Without transactions this is what makes placement crash-safe: once the order is stored the hold is
 * dropped; if the order never got stored (the database or the API died in between) the hold says exactly
 * what to give back, and giving back removes it in the same update, so it happens once.
 */
@Schema({ _id: false })
export class StockHold {
  @Prop({ type: Types.ObjectId, required: true })
  order!: Types.ObjectId;

  @Prop({ required: true, min: 1 })
  quantity!: number;

  @Prop({ type: String })
  variantSku?: string;

  @Prop({ required: true })
  at!: Date;
}
export const StockHoldSchema = SchemaFactory.createForClass(StockHold);

@Schema({ timestamps: true, collection: 'products', strictQuery: 'throw' })
export class Product {
  _id!: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 120 })
  name!: string;

  @Prop({ required: true })
  slug!: string;

  @Prop({ required: true, maxlength: 5000 })
  description!: string;

  /** Price in integer cents; the API shows dollars. */
  @Prop({ required: true, min: 0 })
  priceCents!: number;

  /** Price before a sale, in cents. */
  @Prop({ type: Number, min: 0 })
  compareAtPriceCents?: number;

  @Prop({ type: Types.ObjectId, ref: 'Category', required: true })
  category!: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 60 })
  brand!: string;

  /** The spec's other name for the units available; orders decrement both. */
  @Prop({ required: true, min: 0, default: 0 })
  quantity!: number;

  @Prop({ required: true, min: 0, default: 0 })
  countInStock!: number;

  @Prop({ required: true })
  image!: string;

  @Prop({ type: [String], default: [] })
  additionalImages!: string[];

  @Prop({ type: Map, of: String, default: {} })
  specifications!: Map<string, string>;

  /** Average of the approved reviews' ratings. */
  @Prop({ default: 0 })
  rating!: number;

  /** How many approved reviews there are. */
  @Prop({ default: 0 })
  numReviews!: number;

  /** Sum of every approved review's rating, changed in the same update as the reviews list (rating = total / count). */
  @Prop({ default: 0 })
  ratingTotal!: number;

  @Prop({ type: [ReviewSchema], default: [] })
  reviews!: Review[];

  @Prop({ default: false })
  isSpecial!: boolean;

  /** Derived on every write: compareAtPriceCents is above priceCents (the offers showcase). */
  @Prop({ default: false })
  onSale!: boolean;

  @Prop({ type: String, enum: PRODUCT_STATUSES, default: 'published' })
  status!: ProductStatus;

  @Prop({ type: String })
  rejectionNote?: string;

  @Prop({ type: Types.ObjectId, ref: 'User' })
  owner?: Types.ObjectId;

  @Prop({ type: [VariantSchema], default: [] })
  variants!: Variant[];

  @Prop({ type: [StockHoldSchema], default: [] })
  stockHolds!: StockHold[];

  /** `<orderId>:<line>` of cancelled orders' lines already put back here, while the order's restock is under way. */
  @Prop({ type: [String], default: undefined })
  restockMarks?: string[];

  /**
   * Stock changes not yet copied to the stock ledger (see StockMove): pushed by the update that changes the
   * stock, pulled once the ledger has them.
   */
  @Prop({ type: [StockMoveSchema], default: undefined })
  stockMoves?: StockMove[];

  /** True once the ledger holds this product's opening level (products stored before the ledger get it at boot). */
  @Prop({ type: Boolean })
  ledgerOpened?: boolean;

  /**
   * Goes up by one with every change an owner would call a change of the product: an edit, an import, and any
   * change of stock (a sale, a cancellation, an adjustment). Not with reviews. The CSV export carries it, so an
   * import can tell which rows changed since their export.
   */
  @Prop({ type: Number, default: 0 })
  revision!: number;

  createdAt!: Date;
  updatedAt!: Date;
}

export type ProductDocument = HydratedDocument<Product>;
export const ProductSchema = SchemaFactory.createForClass(Product);
/** Catalog writes (edits, reviews, stock) invalidate the API's catalog cache at once. */
ProductSchema.plugin(announceCatalogWrites('products'));
ProductSchema.index({ slug: 1 }, { unique: true });
ProductSchema.index({ status: 1, category: 1, priceCents: 1 });
ProductSchema.index({ status: 1, createdAt: -1 });
ProductSchema.index({ status: 1, rating: -1 });
ProductSchema.index({ owner: 1, createdAt: -1 });
ProductSchema.index({ status: 1, isSpecial: 1 });
// The search index follows the catalogue by this cursor (apps/api/src/search/search-sync.ts).
ProductSchema.index({ updatedAt: 1 });
ProductSchema.index({ status: 1, onSale: 1, createdAt: -1 });
ProductSchema.index({ category: 1, status: 1, createdAt: -1 });
/** The reconciler's scan for holds left behind by a crash. */
ProductSchema.index({ 'stockHolds.at': 1 }, { sparse: true });
/** The ledger's sweep for stock moves a crash left uncopied. */
ProductSchema.index({ 'stockMoves.at': 1 }, { sparse: true });
