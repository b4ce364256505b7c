import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { Types } from 'mongoose';
import {
  type StockActor,
  CategoriesRepository,
  PRODUCT_STATUSES,
  reviewStatusOf,
  ProductsRepository,
  ReviewsRepository,
  slugify,
  UsersRepository,
  type ProductChanges,
  type ProductFilter,
  type ProductRecord,
  type ProductSort,
  type ProductStatus,
} from '@shop/database';
import { JobsService } from '@shop/jobs';
import type { AuthUser } from '../auth/auth-user';
import { badRequest, conflict, forbidden, notFound } from '../common/domain-error';
import { parseListQuery, type ListQueryDto, type ListSpec } from '../common/list-query';
import { parseObjectIdOr404 } from '../common/object-id';
import { UploadsService, type IncomingImage } from '../uploads/uploads.service';
import { MAX_ADDITIONAL_IMAGES, TOO_MANY_IMAGES_MESSAGE } from '../uploads/multipart';
import type { MyReviewDto, ProductDeletedDto, ProductDto, ReviewResultDto } from './dto/product.dto';
import type { FilteredProductsInputDto, ProductInputDto, ProductUpdateDto, ReviewInputDto } from './dto/product-input.dto';
import type { ProductLimitQueryDto, ProductListQueryDto } from './dto/product-query.dto';
import { LOW_STOCK_THRESHOLD, STOCK_LEVELS, type StockLevel } from './stock-levels';
import type { BulkProductResultDto, BulkProductsAnswerDto, BulkProductsInputDto } from './dto/product-bulk.dto';
import {
  canSee,
  initialStatus,
  MAX_SEARCH_LENGTH,
  normaliseSpecifications,
  reviewStatusAfterEdit,
  reviewToDto,
  SPECIAL_PRODUCTS,
  stockFrom,
  toProductDto,
  variantsToStored,
} from './product-rules';
import { boundToCents, toCents } from '../common/money';
import { SHOP_SORT_FIELDS } from './dto/shop-sort';
import { SearchService } from '../search/search.service';

export const PRODUCT_LIST_SPEC: ListSpec = {
  sortable: ['name', 'price', 'createdAt', 'updatedAt', 'rating', 'numReviews', 'countInStock', 'brand', 'status', '_id'],
  defaultSort: { field: 'createdAt', order: -1 },
  filterable: {
    q: 'string',
    category: 'id',
    status: 'string',
    brand: 'string',
    isSpecial: 'boolean',
    owner: 'id',
    onSale: 'boolean',
    stock: 'string',
  },
  defaultPageSize: 24,
  maxPageSize: 100,
};

const PUBLISHED: readonly ProductStatus[] = ['published'];
/** filtered-products without paging answers at most this many products; with paging, pages of FILTERED_PAGE_SIZE. */
const FILTERED_LIMIT = 500;
const FILTERED_PAGE_SIZE = 12;
const NOT_FOUND_MESSAGE = 'Product not found';

export interface ProductPage {
  items: ProductDto[];
  skip: number;
  total: number;
}

export interface ProductFiles {
  image?: IncomingImage;
  additionalImages: IncomingImage[];
}

type Viewer = Pick<AuthUser, 'id' | 'isAdmin'> | undefined;

/** Paging alone (page/perPage or range): lists whose order and filters are fixed. */
export type PagingQuery = Pick<ListQueryDto, 'page' | 'perPage' | 'pageSize' | 'range'>;

/** Where an update comes from when it is an import's row: the revision the row was exported at, if it says. */
export interface ImportOrigin {
  revision?: number;
}

/** The person a stock change is recorded against in the ledger. */
function stockActor(user: AuthUser): StockActor {
  return { id: user.objectId, name: user.username };
}

@Injectable()
export class ProductsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly reviews: ReviewsRepository,
    private readonly categories: CategoriesRepository,
    private readonly users: UsersRepository,
    private readonly uploads: UploadsService,
    private readonly jobs: JobsService,
    private readonly search: SearchService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Search text → the ids of the products it matches (any status), best first; undefined without text. */
  private async textMatches(search: string | undefined): Promise<Types.ObjectId[] | undefined> {
    const text = search?.slice(0, MAX_SEARCH_LENGTH).trim();
    if (!text) return undefined;
    return (await this.search.matchingIds(text))?.map((id) => new Types.ObjectId(id));
  }

  /** Narrows a filter to the search's matches (keeping any ids it already names). */
  private static withMatches(filter: ProductFilter, matches: Types.ObjectId[]): ProductFilter {
    if (!filter.ids) return { ...filter, ids: matches };
    const named = new Set(filter.ids.map((id) => id.toHexString()));
    return { ...filter, ids: matches.filter((id) => named.has(id.toHexString())) };
  }

  /** A page in the search's order (best match first): the matching ids are ordered here, then that page is read. */
  private async relevancePage(filter: ProductFilter, ranked: Types.ObjectId[], skip: number, limit: number): Promise<ProductPage> {
    // Only the matches are read, not every product passing the other filters.
    const passing = new Set((await this.products.matchingIds(ProductsService.withMatches(filter, ranked))).map((id) => id.toHexString()));
    const ordered = ranked.filter((id) => passing.has(id.toHexString()));
    const pageIds = ordered.slice(skip, skip + limit);
    const rows = pageIds.length > 0 ? await this.products.find({ ids: pageIds }, { field: '_id', order: 1 }, 0, pageIds.length) : [];
    const byId = new Map(rows.map((r) => [r._id.toHexString(), r]));
    const items = pageIds.flatMap((id) => {
      const row = byId.get(id.toHexString());
      return row ? [toProductDto(row)] : [];
    });
    return { items, skip, total: ordered.length };
  }

  private async page(filter: ProductFilter, sort: ProductSort, skip: number, limit: number): Promise<ProductPage> {
    const [rows, total] = await Promise.all([this.products.find(filter, sort, skip, limit), this.products.countMatching(filter)]);
    return { items: rows.map((p) => toProductDto(p)), skip, total };
  }

  /** The products alone, for answers without a total (no count query). */
  private async items(filter: ProductFilter, sort: ProductSort, limit: number): Promise<ProductDto[]> {
    return (await this.products.find(filter, sort, 0, limit)).map((p) => toProductDto(p));
  }

  /** GET /api/products: search, category, paging, sorting and react-admin filters; non-admins see published products. */
  async list(query: ProductListQueryDto, viewer: Viewer, scope: Pick<ProductFilter, 'owner'> = {}): Promise<ProductPage> {
    const { skip, limit, sort, filter } = parseListQuery(query, PRODUCT_LIST_SPEC);
    const criteria: ProductFilter = { ...scope };
    const status = filter.status as string | undefined;
    if (status !== undefined && !(PRODUCT_STATUSES as readonly string[]).includes(status))
      throw badRequest('INVALID_QUERY', 'filter status is unknown');
    if (!viewer?.isAdmin && !scope.owner) criteria.statuses = PUBLISHED;
    else if (status) criteria.statuses = [status as ProductStatus];
    if (viewer?.isAdmin && filter.owner) criteria.owner = filter.owner as Types.ObjectId;
    if (filter._id) criteria.ids = filter._id as Types.ObjectId[];
    if (filter.category) criteria.categories = [filter.category as Types.ObjectId];
    else if (query.category) criteria.categories = [new Types.ObjectId(query.category)];
    if (filter.brand !== undefined) criteria.brand = filter.brand as string;
    if (filter.isSpecial !== undefined) criteria.isSpecial = filter.isSpecial as boolean;
    if (filter.onSale !== undefined) criteria.onSale = filter.onSale as boolean;
    const stock = (filter.stock as string | undefined) ?? query.stock;
    if (stock !== undefined) {
      if (!(STOCK_LEVELS as readonly string[]).includes(stock))
        throw badRequest('INVALID_QUERY', `filter stock must be one of ${STOCK_LEVELS.join(', ')}`);
      criteria.stock = { level: stock as StockLevel, threshold: LOW_STOCK_THRESHOLD };
    }
    const matches = await this.textMatches((filter.q as string | undefined) ?? query.search);
    if (matches && query.sort === undefined) return this.relevancePage(criteria, matches, skip, limit);
    const field = (sort.field === 'price' ? 'priceCents' : sort.field) as ProductSort['field'];
    return this.page(matches ? ProductsService.withMatches(criteria, matches) : criteria, { field, order: sort.order }, skip, limit);
  }

  /** Every product for admins (newest first), published ones for everyone else. */
  async all(viewer: Viewer): Promise<ProductPage> {
    return this.page(viewer?.isAdmin ? {} : { statuses: PUBLISHED }, { field: 'createdAt', order: -1 }, 0, 10_000);
  }

  /** A distributor's own products, every status. */
  mine(user: AuthUser, query: ProductListQueryDto): Promise<ProductPage> {
    return this.list(query, user, { owner: user.objectId });
  }

  async top(query: ProductLimitQueryDto): Promise<ProductDto[]> {
    return this.items({ statuses: PUBLISHED }, { field: 'rating', order: -1 }, query.limit ?? 4);
  }

  async newest(query: ProductLimitQueryDto): Promise<ProductDto[]> {
    return this.items({ statuses: PUBLISHED }, { field: 'createdAt', order: -1 }, query.limit ?? 5);
  }

  async special(): Promise<ProductDto[]> {
    return this.items({ statuses: PUBLISHED, isSpecial: true }, { field: 'createdAt', order: -1 }, SPECIAL_PRODUCTS);
  }

  async offers(query: ProductLimitQueryDto): Promise<ProductDto[]> {
    return this.items({ statuses: PUBLISHED, onSale: true }, { field: 'createdAt', order: -1 }, query.limit ?? 12);
  }

  async similar(id: string, viewer: Viewer, query: ProductLimitQueryDto): Promise<ProductDto[]> {
    const product = await this.visible(id, viewer);
    if (!product.category) return [];
    const filter: ProductFilter = { statuses: PUBLISHED, categories: [product.category._id], excludeId: product._id };
    return this.items(filter, { field: 'rating', order: -1 }, query.limit ?? 4);
  }

  /**
   * The shop's filters: categories, a price range and search text, in the order asked (newest first by default). With page or pageSize, that
   * page and the total; without both, the first FILTERED_LIMIT products (the original call's answer).
   */
  async filtered(input: FilteredProductsInputDto): Promise<ProductPage | ProductDto[]> {
    const filter: ProductFilter = { statuses: PUBLISHED };
    if (input.checked && input.checked.length > 0) filter.categories = input.checked.map((c) => new Types.ObjectId(c));
    const radio = input.radio ?? [];
    if (radio.length === 1) throw badRequest('VALIDATION_FAILED', 'radio must be [min, max]', { radio: 'radio must be [min, max]' });
    if (radio.length === 2) {
      filter.minPriceCents = boundToCents(Math.min(radio[0], radio[1]), 'min');
      filter.maxPriceCents = boundToCents(Math.max(radio[0], radio[1]), 'max');
    }
    const matches = await this.textMatches(input.search);
    const paged = input.page !== undefined || input.pageSize !== undefined;
    const pageSize = paged ? (input.pageSize ?? FILTERED_PAGE_SIZE) : FILTERED_LIMIT;
    const skip = paged ? ((input.page ?? 1) - 1) * pageSize : 0;
    // With search text and no order asked, the best matches come first.
    if (matches && input.sort === undefined) {
      const page = await this.relevancePage(filter, matches, skip, pageSize);
      return paged ? page : page.items;
    }
    const sort: ProductSort = SHOP_SORT_FIELDS[input.sort ?? 'newest'];
    const narrowed = matches ? ProductsService.withMatches(filter, matches) : filter;
    if (!paged) return this.items(narrowed, sort, FILTERED_LIMIT);
    return this.page(narrowed, sort, skip, pageSize);
  }

  /** Products of one category (404 for an unknown category). */
  async byCategory(categoryId: string, viewer: Viewer, query: PagingQuery): Promise<ProductPage> {
    const id = parseObjectIdOr404(categoryId, 'CATEGORY_NOT_FOUND', 'Category not found');
    if (!(await this.categories.findById(id))) throw notFound('CATEGORY_NOT_FOUND', 'Category not found');
    const { page, perPage, pageSize, range } = query;
    const { skip, limit } = parseListQuery({ page, perPage, pageSize, range }, { ...PRODUCT_LIST_SPEC, maxPageSize: 200, defaultPageSize: 200 });
    return this.page({ categories: [id], ...(viewer?.isAdmin ? {} : { statuses: PUBLISHED }) }, { field: 'createdAt', order: -1 }, skip, limit);
  }

  private async visible(id: string, viewer: Viewer): Promise<ProductRecord> {
    const product = await this.products.findById(parseObjectIdOr404(id, 'PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE));
    if (!product || !canSee(product, viewer)) throw notFound('PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE);
    return product;
  }

  async get(id: string, viewer: Viewer): Promise<ProductDto> {
    return toProductDto(await this.visible(id, viewer), true);
  }

  private async requireCategory(id: string): Promise<Types.ObjectId> {
    const objectId = new Types.ObjectId(id);
    if (!(await this.categories.findById(objectId))) throw badRequest('CATEGORY_NOT_FOUND', 'Category not found', { category: 'Category not found' });
    return objectId;
  }

  /** Ours to change: admins change anything, distributors only their own products. */
  /** The product, if this user may change it (admins any, distributors their own). */
  async owned(id: string, user: AuthUser): Promise<ProductRecord> {
    const product = await this.products.findById(parseObjectIdOr404(id, 'PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE));
    if (!product) throw notFound('PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE);
    if (!user.isAdmin && product.owner?.toString() !== user.id) throw forbidden('NOT_YOUR_PRODUCT', 'You can only change your own products');
    return product;
  }

  /** Stores uploaded files (all checked first) and merges them with URLs given as text. */
  private async images(
    files: ProductFiles,
    imageUrl: string | undefined,
    additionalUrls: string[] | undefined,
  ): Promise<{ image?: string; additionalImages?: string[] }> {
    const count = files.additionalImages.length + (files.additionalImages.length > 0 ? (additionalUrls?.length ?? 0) : 0);
    if (count > MAX_ADDITIONAL_IMAGES) throw badRequest('TOO_MANY_FILES', TOO_MANY_IMAGES_MESSAGE, { additionalImages: TOO_MANY_IMAGES_MESSAGE });
    const urls = await this.uploads.storeAll([...(files.image ? [files.image] : []), ...files.additionalImages]);
    const image = files.image ? urls.shift() : imageUrl;
    const uploaded = urls;
    const additionalImages = uploaded.length > 0 ? [...(additionalUrls ?? []), ...uploaded] : additionalUrls;
    return { image, additionalImages };
  }

  async create(user: AuthUser, input: ProductInputDto, files: ProductFiles): Promise<ProductDto> {
    const category = await this.requireCategory(input.category);
    const specifications = normaliseSpecifications(input.specifications);
    const variants = variantsToStored(input.variants);
    if (!files.image && !input.image) throw badRequest('IMAGE_REQUIRED', 'Please upload an image.', { image: 'Please upload an image.' });
    const { image, additionalImages } = await this.images(files, input.image, input.additionalImages);
    const _id = new Types.ObjectId();
    const created = await this.products.create(
      {
        _id,
        name: input.name,
        slug: `${slugify(input.name)}-${_id.toString().slice(-6)}`,
        description: input.description,
        priceCents: toCents(input.price),
        ...(typeof input.compareAtPrice === 'number' ? { compareAtPriceCents: toCents(input.compareAtPrice) } : {}),
        category,
        brand: input.brand,
        ...stockFrom({ countInStock: input.countInStock, quantity: input.quantity, variants }),
        image: image as string,
        additionalImages: additionalImages ?? [],
        specifications: specifications ?? {},
        isSpecial: user.isAdmin ? input.isSpecial === true : false,
        status: initialStatus(user.isAdmin, input.status),
        owner: user.objectId,
        variants: variants ?? [],
      },
      stockActor(user),
    );
    return this.get(created._id.toString(), user);
  }

  /**
   * Changes a product. From an import (`from.revision`), the write lands only while the product is at the revision
   * its row was exported at: 'conflict' otherwise, and the row's stock changes are recorded as "import".
   */
  async update(user: AuthUser, id: string, input: ProductUpdateDto, files: ProductFiles): Promise<ProductDto>;
  async update(user: AuthUser, id: string, input: ProductUpdateDto, files: ProductFiles, from: ImportOrigin): Promise<ProductDto | 'conflict'>;
  async update(user: AuthUser, id: string, input: ProductUpdateDto, files: ProductFiles, from?: ImportOrigin): Promise<ProductDto | 'conflict'> {
    const product = await this.owned(id, user);
    const changes: ProductChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.brand !== undefined) changes.brand = input.brand;
    if (input.price !== undefined) changes.priceCents = toCents(input.price);
    if (input.compareAtPrice !== undefined) changes.compareAtPriceCents = input.compareAtPrice === null ? undefined : toCents(input.compareAtPrice);
    if (input.category !== undefined) changes.category = await this.requireCategory(input.category);
    if (input.specifications !== undefined) changes.specifications = normaliseSpecifications(input.specifications);
    const variants = variantsToStored(input.variants);
    if (variants !== undefined) changes.variants = variants;
    if (variants !== undefined || input.countInStock !== undefined || input.quantity !== undefined) {
      Object.assign(changes, stockFrom({ countInStock: input.countInStock, quantity: input.quantity, variants: variants ?? product.variants }));
    }
    if (user.isAdmin) {
      if (input.isSpecial !== undefined) changes.isSpecial = input.isSpecial;
      if (input.status !== undefined) changes.status = input.status;
    } else if (product.status === 'rejected') {
      changes.status = 'pending';
    }
    const { image, additionalImages } = await this.images(files, input.image, input.additionalImages);
    if (image !== undefined) changes.image = image;
    if (additionalImages !== undefined) changes.additionalImages = additionalImages;
    const updated = await this.products.update(product._id, changes, {
      actor: stockActor(user),
      reason: from ? 'import' : 'edit',
      ...(from?.revision !== undefined ? { expectRevision: from.revision } : {}),
    });
    if (!updated) throw notFound('PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE);
    if (updated === 'conflict') {
      if (from) return 'conflict';
      throw conflict('PRODUCT_CHANGED', 'The product kept changing while it was being saved (orders are coming in): try again');
    }
    return toProductDto(updated, true);
  }

  async remove(user: AuthUser, id: string): Promise<ProductDeletedDto> {
    const product = await this.owned(id, user);
    if (!(await this.products.deleteById(product._id))) throw notFound('PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE);
    const productId = product._id.toString();
    return { message: 'Product removed', _id: productId, id: productId, name: product.name };
  }

  /** Approve or reject; the owner gets a mail either way (queued after the change is stored). */
  async moderate(id: string, approved: boolean, note?: string): Promise<ProductDto> {
    const objectId = parseObjectIdOr404(id, 'PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE);
    const updated = await this.products.setStatus(objectId, approved ? 'published' : 'rejected', approved ? undefined : note);
    if (!updated) throw notFound('PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE);
    await this.mailModeration(updated, approved, note, new Date(updated.updatedAt).getTime());
    return toProductDto(updated, true);
  }

  private async mailModeration(
    product: Pick<ProductRecord, '_id' | 'name' | 'owner'>,
    approved: boolean,
    note: string | undefined,
    at: number,
  ): Promise<void> {
    const owner = product.owner ? await this.users.findById(product.owner) : null;
    if (!owner) return;
    const productId = product._id.toString();
    await this.jobs.enqueue(
      'mail.product-moderated',
      { to: owner.email, username: owner.username, productId, productName: product.name, approved, ...(note ? { note } : {}) },
      `${productId}.${approved ? 'approved' : 'rejected'}.${at}`,
    );
  }

  /**
   * One action on up to 100 products (admins): publish, unpublish (back to draft), move to a category, delete.
   * Unknown ids are reported per id and the others are still done; a bulk publish of a pending product mails its
   * distributor as an approval does.
   */
  async bulk(input: BulkProductsInputDto): Promise<BulkProductsAnswerDto> {
    if (input.action !== 'setCategory' && input.category !== undefined) {
      throw badRequest('VALIDATION_FAILED', 'category is only for setCategory', { category: 'category is only for setCategory' });
    }
    const category = input.action === 'setCategory' ? await this.requireCategory(input.category as string) : undefined;
    const ids = input.ids.map((id) => new Types.ObjectId(id));
    const found = new Map((await this.products.findBriefs(ids)).map((p) => [p._id.toHexString(), p]));
    const present = ids.filter((id) => found.has(id.toHexString()));
    let statusAfter: (id: string) => ProductStatus | null;
    switch (input.action) {
      case 'publish':
        await this.products.setStatusMany(present, 'published');
        statusAfter = () => 'published';
        break;
      case 'unpublish':
        await this.products.setStatusMany(present, 'draft');
        statusAfter = () => 'draft';
        break;
      case 'setCategory':
        await this.products.setCategoryMany(present, category as Types.ObjectId);
        statusAfter = (id) => found.get(id)?.status ?? null;
        break;
      case 'delete':
        await this.products.deleteMany(present);
        statusAfter = () => null;
        break;
    }
    if (input.action === 'publish') {
      const at = Date.now();
      for (const product of found.values()) if (product.status === 'pending') await this.mailModeration(product, true, undefined, at);
    }
    const results: BulkProductResultDto[] = input.ids.map((text) => {
      const id = text.toLowerCase();
      return found.has(id)
        ? { id, ok: true, status: statusAfter(id), code: null, message: null }
        : { id, ok: false, status: null, code: 'PRODUCT_NOT_FOUND', message: NOT_FOUND_MESSAGE };
    });
    const succeeded = results.filter((r) => r.ok).length;
    return { action: input.action, succeeded, failed: results.length - succeeded, results };
  }

  async myReview(user: AuthUser, id: string): Promise<MyReviewDto> {
    const productId = parseObjectIdOr404(id, 'PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE);
    const review = await this.reviews.findByUser(productId, user.objectId);
    if (review === 'missing') throw notFound('PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE);
    return { review: review ? reviewToDto(review) : null };
  }

  async addReview(user: AuthUser, id: string, input: ReviewInputDto): Promise<ReviewResultDto> {
    const productId = parseObjectIdOr404(id, 'PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE);
    const verifiedPurchase = await this.reviews.hasOrdered(user.objectId, productId);
    // Post-moderation by default: shown at once, an admin may reject it later; REVIEW_MODERATION=pre holds it until approved.
    const status = this.config.reviewModeration === 'pre' ? 'pending' : 'approved';
    const result = await this.reviews.add(productId, {
      user: user.objectId,
      name: user.username,
      rating: input.rating,
      comment: input.comment,
      verifiedPurchase,
      status,
    });
    if (result === 'missing') throw notFound('PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE);
    if (result === 'duplicate') throw conflict('ALREADY_REVIEWED', 'You have already reviewed this product');
    return { message: 'Review added', review: reviewToDto(result.review), rating: result.rating, numReviews: result.numReviews };
  }

  /** The caller edits their own review (rating and comment); the status follows reviewStatusAfterEdit. */
  async updateMyReview(user: AuthUser, id: string, input: ReviewInputDto): Promise<ReviewResultDto> {
    const productId = parseObjectIdOr404(id, 'PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE);
    const moderation = this.config.reviewModeration;
    const result = await this.reviews.updateByUser(productId, user.objectId, (current) => ({
      rating: input.rating,
      comment: input.comment,
      status: reviewStatusAfterEdit(reviewStatusOf(current), moderation),
    }));
    if (result === 'missing') throw notFound('PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE);
    if (result === null) throw notFound('REVIEW_NOT_FOUND', 'You have not reviewed this product');
    return { message: 'Review updated', review: reviewToDto(result.review), rating: result.rating, numReviews: result.numReviews };
  }

  async removeReview(id: string, reviewId: string): Promise<ReviewResultDto> {
    const productId = parseObjectIdOr404(id, 'PRODUCT_NOT_FOUND', NOT_FOUND_MESSAGE);
    const review = parseObjectIdOr404(reviewId, 'REVIEW_NOT_FOUND', 'Review not found');
    const result = await this.reviews.remove(productId, review);
    if (!result) throw notFound('REVIEW_NOT_FOUND', 'Review not found');
    return { message: 'Review removed', ...result };
  }
}
