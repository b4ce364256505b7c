import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, type QueryFilter } from 'mongoose';
import { Category } from '../schemas/category.schema';
import { Product, ProductDocument, ProductStatus, type ReviewStatus } from '../schemas/product.schema';
import type { StoredReview } from './reviews.repository';
import type { StockActor, StockMove } from '../schemas/stock-movement.schema';
import { SearchRepository } from './search.repository';
import { openingMoves, StockLedgerRepository, stockMove } from './stock-ledger.repository';

export interface NewProduct {
  _id?: Types.ObjectId;
  name: string;
  slug: string;
  description: string;
  priceCents: number;
  compareAtPriceCents?: number;
  category: Types.ObjectId;
  brand: string;
  quantity: number;
  countInStock: number;
  image: string;
  additionalImages?: string[];
  specifications?: Record<string, string>;
  isSpecial?: boolean;
  status: ProductStatus;
  rejectionNote?: string;
  owner?: Types.ObjectId;
  variants?: ProductVariantInput[];
  rating?: number;
  numReviews?: number;
  reviews?: {
    user: Types.ObjectId;
    name: string;
    rating: number;
    comment: string;
    verifiedPurchase?: boolean;
    status?: ReviewStatus;
    createdAt?: Date;
  }[];
  createdAt?: Date;
}

export interface ProductVariantInput {
  sku: string;
  size?: string;
  colour?: string;
  priceCents?: number;
  countInStock: number;
  image?: string;
}

/** The fields a product update may set (already validated and computed by the service). */
export type ProductChanges = Partial<
  Pick<
    NewProduct,
    | 'name'
    | 'description'
    | 'priceCents'
    | 'compareAtPriceCents'
    | 'category'
    | 'brand'
    | 'quantity'
    | 'countInStock'
    | 'image'
    | 'additionalImages'
    | 'specifications'
    | 'isSpecial'
    | 'status'
    | 'variants'
  >
>;

/** How an update's stock changes are recorded in the ledger, and the revision it expects (an import's row). */
export interface ProductUpdateOptions {
  actor?: StockActor;
  reason?: 'edit' | 'import';
  /** Write only while the product's revision is this one; otherwise the answer is 'conflict'. */
  expectRevision?: number;
}

/** Attempts of an update whose stock changes raced with another change of the product (a sale, say). */
const UPDATE_ATTEMPTS = 5;

/** The filter value of a revision: products stored before revisions existed have none, which counts as 0. */
function revisionIs(revision: number | undefined): number | { $in: (number | null)[] } {
  return revision === undefined || revision === 0 ? { $in: [0, null] } : revision;
}

type Levels = Pick<ProductRecord, 'countInStock' | 'variants'>;

/**
 * The ledger moves that take a product from its stock levels to the changed ones: one per variant whose stock
 * changed (a removed variant gives back its units), and one for the product for what the variants don't explain.
 */
export function stockMovesBetween(
  current: Levels,
  next: { countInStock?: number; variants?: ProductVariantInput[] },
  base: Pick<StockMove, 'reason'> & { actor?: StockActor },
): StockMove[] {
  const moves: StockMove[] = [];
  let explained = 0;
  if (next.variants !== undefined) {
    const before = new Map((current.variants ?? []).map((v) => [v.sku, v.countInStock]));
    for (const v of next.variants) {
      const delta = v.countInStock - (before.get(v.sku) ?? 0);
      before.delete(v.sku);
      if (delta !== 0) moves.push(stockMove({ ...base, variantSku: v.sku, delta }));
      explained += delta;
    }
    for (const [sku, count] of before) {
      if (count !== 0) moves.push(stockMove({ ...base, variantSku: sku, delta: -count }));
      explained -= count;
    }
  }
  const total = next.countInStock ?? current.countInStock;
  const rest = total - current.countInStock - explained;
  if (rest !== 0) moves.push(stockMove({ ...base, delta: rest }));
  return moves;
}

/** A typed product filter; the repository alone turns it into a MongoDB query. */
export interface ProductFilter {
  statuses?: readonly ProductStatus[];
  ids?: Types.ObjectId[];
  categories?: Types.ObjectId[];
  owner?: Types.ObjectId;
  brand?: string;
  isSpecial?: boolean;
  onSale?: boolean;
  minPriceCents?: number;
  maxPriceCents?: number;
  excludeId?: Types.ObjectId;
  /** The console's stock levels (the API's stockLevelOf says what each means), at this low-stock threshold. */
  stock?: { level: StockLevelName; threshold: number };
}

/** A product's stock level: sold out, low stock (the total or any variant at the threshold or below) or in stock. */
export type StockLevelName = 'in_stock' | 'low_stock' | 'sold_out';

/** The query of a stock level: the same rule as the API's stockLevelOf, over countInStock and each variant's units. */
export function stockLevelQuery(level: StockLevelName, threshold: number): Record<string, unknown> {
  const lowVariant = { 'variants.countInStock': { $lte: threshold } };
  if (level === 'sold_out') return { countInStock: { $lte: 0 } };
  if (level === 'low_stock') return { countInStock: { $gte: 1 }, $or: [{ countInStock: { $lte: threshold } }, lowVariant] };
  return { countInStock: { $gt: threshold }, $nor: [lowVariant] };
}

export interface ProductSort {
  field: 'name' | 'priceCents' | 'createdAt' | 'updatedAt' | 'rating' | 'numReviews' | 'countInStock' | 'brand' | 'status' | '_id';
  order: 1 | -1;
}

/** A product as read for answers: the category resolved to its id and name. */
export interface ProductRecord {
  _id: Types.ObjectId;
  name: string;
  slug: string;
  description: string;
  priceCents: number;
  compareAtPriceCents?: number | null;
  category: { _id: Types.ObjectId; name: string } | null;
  brand: string;
  quantity: number;
  countInStock: number;
  image: string;
  additionalImages: string[];
  specifications?: Record<string, string> | null;
  rating: number;
  numReviews: number;
  reviews?: StoredReview[];
  isSpecial: boolean;
  status: ProductStatus;
  rejectionNote?: string | null;
  owner?: Types.ObjectId | null;
  variants: ProductVariantInput[];
  /** See Product.revision (absent on products stored before revisions: 0). */
  revision?: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A product as a bulk action sees it. */
export interface ProductBrief {
  _id: Types.ObjectId;
  name: string;
  status: ProductStatus;
  owner?: Types.ObjectId | null;
}

function isOnSale(p: { priceCents?: number; compareAtPriceCents?: number | null }): boolean {
  return typeof p.compareAtPriceCents === 'number' && typeof p.priceCents === 'number' && p.compareAtPriceCents > p.priceCents;
}

/** What no product answer shows: stock holds and counters. */
const UNSHOWN = '-stockHolds -stockMoves -ledgerOpened -ratingTotal -__v';
/** The same fields as a `$project` stage. */
const UNSHOWN_FIELDS: Record<string, 0> = Object.fromEntries(UNSHOWN.split(' ').map((field) => [field.slice(1), 0]));
/** Lists also leave out reviews (only one product's answer has them). */
const LIST_PROJECTION = `-reviews ${UNSHOWN}`;

/** A product as stored, before its category is resolved. */
type StoredProduct = Omit<ProductRecord, 'category'> & { category?: Types.ObjectId | null };

@Injectable()
export class ProductsRepository {
  constructor(
    @InjectModel(Product.name) private readonly model: Model<Product>,
    @InjectModel(Category.name) private readonly categories: Model<Category>,
    private readonly ledger: StockLedgerRepository,
    private readonly search: SearchRepository,
  ) {}

  /**
   * Resolves each product's category to its id and name (null when it no longer exists), with one query for
   * all of them: a page of 500 products names a handful of categories. The rows are fresh lean objects, so
   * they are completed in place.
   */
  private async withCategories(rows: StoredProduct[]): Promise<ProductRecord[]> {
    // Only an ObjectId can name a category (a value stored by another writer in another shape answers null).
    const ids = new Map<string, Types.ObjectId>();
    for (const row of rows) if (row.category instanceof Types.ObjectId) ids.set(row.category.toHexString(), row.category);
    const names = new Map<string, { _id: Types.ObjectId; name: string }>();
    if (ids.size > 0) {
      const found = await this.categories
        .find({ _id: { $in: [...ids.values()] } })
        .select('name')
        .lean<{ _id: Types.ObjectId; name: string }[]>()
        .exec();
      for (const c of found) names.set(c._id.toHexString(), { _id: c._id, name: c.name });
    }
    const records = rows as unknown as ProductRecord[];
    for (let i = 0; i < rows.length; i++) {
      const category = rows[i].category;
      records[i].category = category instanceof Types.ObjectId ? (names.get(category.toHexString()) ?? null) : null;
    }
    return records;
  }

  private async oneWithCategory(row: StoredProduct | null): Promise<ProductRecord | null> {
    return row ? (await this.withCategories([row]))[0] : null;
  }

  /** Derived fields every stored product carries (sale flag, rating total). */
  private withDerived<T extends NewProduct>(product: T): T & { onSale: boolean; ratingTotal: number } {
    // Only approved reviews count (none stored means approved), as the review routes count them.
    const ratingTotal = (product.reviews ?? []).filter((r) => !r.status || r.status === 'approved').reduce((sum, r) => sum + r.rating, 0);
    return { ...product, onSale: isOnSale(product), ratingTotal };
  }

  /** The ledger's start for a new product: its initial stock as moves, copied once it is stored. */
  private static opened<T extends NewProduct>(product: T, actor?: StockActor): T & { ledgerOpened: true; revision: 0; stockMoves: StockMove[] } {
    return {
      ...product,
      ledgerOpened: true,
      revision: 0,
      stockMoves: openingMoves({ countInStock: product.countInStock, variants: product.variants }, 'initial', actor),
    };
  }

  async insertMany(products: NewProduct[]): Promise<number> {
    const inserted = await this.model.insertMany(products.map((p) => ProductsRepository.opened(this.withDerived(p))));
    for (const p of inserted) await this.ledger.flush(p._id);
    return inserted.length;
  }

  async create(product: NewProduct, actor?: StockActor): Promise<ProductDocument> {
    const created = await this.model.create(ProductsRepository.opened(this.withDerived(product), actor));
    await this.ledger.flush(created._id);
    return created;
  }

  count(): Promise<number> {
    return this.model.estimatedDocumentCount().exec();
  }

  private toQuery(filter: ProductFilter): QueryFilter<Product> {
    const query: Record<string, unknown> = {};
    const and: Record<string, unknown>[] = [];
    if (filter.statuses) query.status = { $in: [...filter.statuses] };
    if (filter.ids) query._id = { $in: filter.ids };
    if (filter.excludeId) and.push({ _id: { $ne: filter.excludeId } });
    if (filter.categories) query.category = { $in: filter.categories };
    if (filter.owner) query.owner = filter.owner;
    if (filter.brand !== undefined) query.brand = filter.brand;
    if (filter.isSpecial !== undefined) query.isSpecial = filter.isSpecial;
    if (filter.onSale !== undefined) query.onSale = filter.onSale;
    if (filter.minPriceCents !== undefined || filter.maxPriceCents !== undefined) {
      const range: Record<string, number> = {};
      if (filter.minPriceCents !== undefined) range.$gte = filter.minPriceCents;
      if (filter.maxPriceCents !== undefined) range.$lte = filter.maxPriceCents;
      query.priceCents = range;
    }
    if (filter.stock) and.push(stockLevelQuery(filter.stock.level, filter.stock.threshold));
    if (and.length > 0) query.$and = and;
    return query;
  }

  /**
   * One page of products matching the filter, with the category's name, without the reviews. The whole page
   * comes in the first batch (batchSize = limit): without it the server sends 101 documents and the driver asks
   * for the rest in a getMore, one more round trip for every list longer than that (filtered products: up to 500).
   */
  async find(filter: ProductFilter, sort: ProductSort, skip: number, limit: number): Promise<ProductRecord[]> {
    const sortSpec: Record<string, 1 | -1> = { [sort.field]: sort.order };
    if (sort.field !== '_id') sortSpec._id = sort.order;
    const rows = await this.model
      .find(this.toQuery(filter))
      .select(LIST_PROJECTION)
      .sort(sortSpec)
      .skip(skip)
      .limit(limit)
      .batchSize(limit)
      .lean<StoredProduct[]>()
      .exec();
    return this.withCategories(rows);
  }

  /**
   * Every product (any status, no reviews) changed at or after `since`, or all of them: what the search index
   * loads at boot and follows afterwards. Sorted by updatedAt, so a caller can move its cursor to the last one.
   */
  async searchRecords(since?: Date): Promise<ProductRecord[]> {
    const rows = await this.model
      .find(since ? { updatedAt: { $gte: since } } : {})
      .select(LIST_PROJECTION)
      .sort({ updatedAt: 1, _id: 1 })
      .lean<StoredProduct[]>()
      .exec();
    return this.withCategories(rows);
  }

  /** Which of these products exist. */
  async existing(ids: Types.ObjectId[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.model
      .find({ _id: { $in: ids } })
      .select('_id')
      .lean<Array<{ _id: Types.ObjectId }>>()
      .exec();
    return new Set(rows.map((r) => r._id.toHexString()));
  }

  /** Ids of the products matching a filter, unsorted (the caller orders them, by relevance say). */
  async matchingIds(filter: ProductFilter): Promise<Types.ObjectId[]> {
    const rows = await this.model.find(this.toQuery(filter)).select('_id').lean<Array<{ _id: Types.ObjectId }>>().exec();
    return rows.map((r) => r._id);
  }

  countMatching(filter: ProductFilter): Promise<number> {
    return this.model.countDocuments(this.toQuery(filter)).exec();
  }

  /** Ids and last change of published products, most recently changed first (the sitemap). */
  async publishedEntries(limit: number): Promise<Array<{ _id: Types.ObjectId; updatedAt?: Date }>> {
    return this.model
      .find({ status: 'published' })
      .select('_id updatedAt')
      .sort({ updatedAt: -1, _id: -1 })
      .limit(limit)
      .lean<Array<{ _id: Types.ObjectId; updatedAt?: Date }>>()
      .exec();
  }

  countInCategory(categoryId: Types.ObjectId): Promise<number> {
    return this.model.countDocuments({ category: categoryId }).exec();
  }

  /** How many products (of every status) each of these categories holds; a category without products is absent. */
  async countByCategories(categoryIds: Types.ObjectId[]): Promise<Map<string, number>> {
    if (categoryIds.length === 0) return new Map();
    const rows = await this.model
      .aggregate<{ _id: Types.ObjectId; count: number }>([
        { $match: { category: { $in: categoryIds } } },
        { $group: { _id: '$category', count: { $sum: 1 } } },
      ])
      .exec();
    return new Map(rows.map((row) => [row._id.toString(), row.count]));
  }

  /**
   * The product with its reviews and its category's name, or null: one round trip (a `$lookup` of the category)
   * instead of a read for the product and another for its category. The product page and every change read it.
   */
  async findById(id: Types.ObjectId): Promise<ProductRecord | null> {
    const [row] = await this.model
      .aggregate<StoredProduct & { categoryFound: Array<{ _id: Types.ObjectId; name: string }> }>([
        { $match: { _id: id } },
        { $project: UNSHOWN_FIELDS },
        { $lookup: { from: this.categories.collection.collectionName, localField: 'category', foreignField: '_id', as: 'categoryFound' } },
      ])
      .exec();
    if (!row) return null;
    const { categoryFound, ...product } = row;
    // Only an ObjectId names a category, as in withCategories.
    const found = product.category instanceof Types.ObjectId ? categoryFound[0] : undefined;
    return { ...product, category: found ? { _id: found._id, name: found.name } : null };
  }

  /**
   * Applies validated changes; returns the product after the change, null when it does not exist, or 'conflict'
   * when `expectRevision` is given and the product has changed since (or it kept changing under the update).
   * Stock changes become ledger moves, pushed in the same update, which lands only while the product is still
   * as read (its revision): a sale in between makes the update read again, so no sale is ever overwritten
   * unrecorded.
   */
  async update(id: Types.ObjectId, changes: ProductChanges, options: ProductUpdateOptions = {}): Promise<ProductRecord | null | 'conflict'> {
    const set: Record<string, unknown> = {};
    const unset: Record<string, 1> = {};
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      set[key] = value;
    }
    if ('compareAtPriceCents' in changes && changes.compareAtPriceCents === undefined) unset.compareAtPriceCents = 1;
    const touchesStock = changes.countInStock !== undefined || changes.variants !== undefined;
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt += 1) {
      const current = await this.model
        .findById(id)
        .select('priceCents compareAtPriceCents countInStock variants revision')
        .lean<Pick<Product, 'priceCents' | 'compareAtPriceCents' | 'countInStock' | 'variants' | 'revision'>>()
        .exec();
      if (!current) return null;
      if (options.expectRevision !== undefined && (current.revision ?? 0) !== options.expectRevision) return 'conflict';
      const priceCents = changes.priceCents ?? current.priceCents;
      const compareAtPriceCents = 'compareAtPriceCents' in changes ? changes.compareAtPriceCents : current.compareAtPriceCents;
      set.onSale = isOnSale({ priceCents, compareAtPriceCents });
      const moves = touchesStock
        ? stockMovesBetween(current, changes, { reason: options.reason ?? 'edit', ...(options.actor ? { actor: options.actor } : {}) })
        : [];
      const row = await this.model
        .findOneAndUpdate(
          { _id: id, revision: revisionIs(current.revision) },
          {
            $set: set,
            $inc: { revision: 1 },
            ...(Object.keys(unset).length ? { $unset: unset } : {}),
            ...(moves.length > 0 ? { $push: { stockMoves: { $each: moves } } } : {}),
          },
          { returnDocument: 'after', runValidators: true },
        )
        .select(UNSHOWN)
        .lean<StoredProduct>()
        .exec();
      if (!row) continue;
      if (moves.length > 0) await this.ledger.flush(id);
      return this.oneWithCategory(row);
    }
    return 'conflict';
  }

  /** Moderation: sets the status and the rejection note (removed when none is given). */
  async setStatus(id: Types.ObjectId, status: ProductStatus, rejectionNote?: string): Promise<ProductRecord | null> {
    const update = rejectionNote !== undefined ? { $set: { status, rejectionNote } } : { $set: { status }, $unset: { rejectionNote: 1 as const } };
    return this.oneWithCategory(await this.model.findByIdAndUpdate(id, update, { returnDocument: 'after' }).lean<StoredProduct>().exec());
  }

  /** What a bulk action needs to know of each product it names: those that exist, with status, owner and name. */
  findBriefs(ids: Types.ObjectId[]): Promise<ProductBrief[]> {
    return this.model
      .find({ _id: { $in: ids } })
      .select('_id name status owner')
      .lean<ProductBrief[]>()
      .exec();
  }

  /** Bulk publish or unpublish: sets the status of these products (a rejection note goes). */
  async setStatusMany(ids: Types.ObjectId[], status: ProductStatus): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.model.updateMany({ _id: { $in: ids } }, { $set: { status }, $unset: { rejectionNote: 1 } }).exec();
    return result.matchedCount;
  }

  /** Bulk move to another category. */
  async setCategoryMany(ids: Types.ObjectId[], category: Types.ObjectId): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.model.updateMany({ _id: { $in: ids } }, { $set: { category } }).exec();
    return result.matchedCount;
  }

  /** Bulk delete: the ids that were deleted are those still there before the call. */
  async deleteMany(ids: Types.ObjectId[]): Promise<number> {
    if (ids.length === 0) return 0;
    // The tombstones first: a crash in between leaves a tombstone of a product that still exists, which the search ignores.
    await this.search.bury(ids);
    const result = await this.model.deleteMany({ _id: { $in: ids } }).exec();
    return result.deletedCount;
  }

  async deleteById(id: Types.ObjectId): Promise<boolean> {
    await this.search.bury([id]);
    const result = await this.model.deleteOne({ _id: id }).exec();
    return result.deletedCount === 1;
  }
}
