import { Injectable, Logger } from '@nestjs/common';
import { catalogChanges, SearchRepository } from '@shop/database';
import { badRequest } from '../common/domain-error';
import { toCents } from '../common/money';
import { toProductDto } from '../products/product-rules';
import type { ProductCardDto, SearchMissesDto, SearchQueryDto, SearchResultDto, SynonymsDto } from './dto/search.dto';
import { synonymWordsValid } from './dto/search.dto';
import type { SearchRecord, SearchSort } from './search-catalogue';
import { SearchIndexService } from './search-index.service';
import { DEFAULT_SYNONYMS, queryTerms } from './search-text';

/** Longest search text used; a longer one is cut. */
export const MAX_QUERY_LENGTH = 100;
const DEFAULT_PAGE_SIZE = 12;
const POPULAR = 8;

/** A product as a card shows it. */
export function toProductCard(record: SearchRecord): ProductCardDto {
  const dto = toProductDto(record);
  return {
    _id: dto._id,
    id: dto.id,
    name: dto.name,
    slug: dto.slug,
    price: dto.price,
    compareAtPrice: dto.compareAtPrice,
    brand: dto.brand,
    image: dto.image,
    images: dto.images,
    rating: dto.rating,
    numReviews: dto.numReviews,
    countInStock: dto.countInStock,
    category: dto.category,
    variants: dto.variants,
  };
}

/**
 * The shop's search: GET /api/search answers from the in-process index (SearchIndexService) with the products'
 * cards, facet counts, a "Did you mean" and popular products when nothing matches; searches that find nothing are
 * counted for the console. The synonyms the owner edits are stored and reach every instance's index.
 */
@Injectable()
export class SearchService {
  private readonly logger = new Logger('Search');

  constructor(
    private readonly index: SearchIndexService,
    private readonly repository: SearchRepository,
  ) {}

  async search(query: SearchQueryDto): Promise<SearchResultDto> {
    const q = query.q?.slice(0, MAX_QUERY_LENGTH).trim() ?? '';
    const sort: SearchSort = query.sort ?? (q ? 'relevance' : 'newest');
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      throw badRequest('VALIDATION_FAILED', 'minPrice must not be above maxPrice', { minPrice: 'minPrice must not be above maxPrice' });
    }
    const catalogue = await this.index.current();
    const answer = catalogue.search(
      {
        q,
        categories: query.category,
        brands: query.brand,
        sizes: query.size,
        colours: query.colour,
        minPriceCents: query.minPrice !== undefined ? toCents(query.minPrice) : undefined,
        maxPriceCents: query.maxPrice !== undefined ? toCents(query.maxPrice) : undefined,
        inStock: query.inStock,
        statuses: ['published'],
      },
      sort,
      (page - 1) * pageSize,
      pageSize,
    );
    if (answer.total === 0 && q) this.countMiss(q);
    return {
      hits: answer.records.map(toProductCard),
      total: answer.total,
      page,
      pageSize,
      facets: answer.facets,
      suggestion: answer.suggestion,
      popular: answer.total === 0 ? catalogue.popular(POPULAR).map(toProductCard) : [],
    };
  }

  /** Counted without making the shopper wait; a failed count is logged, never an error for them. */
  private countMiss(q: string): void {
    const text = queryTerms(q).join(' ');
    if (!text) return;
    this.repository.countMiss(text).catch((error: Error) => this.logger.warn(`counting a search that found nothing failed: ${error.message}`));
  }

  /** Ids of products (any status) whose text matches, best first: the product lists' `search`; undefined for a text without words. */
  async matchingIds(text: string): Promise<string[] | undefined> {
    const q = text.slice(0, MAX_QUERY_LENGTH);
    if (queryTerms(q).length === 0) return undefined;
    return (await this.index.current()).matchingIds(q);
  }

  async synonyms(): Promise<SynonymsDto> {
    const stored = await this.repository.synonyms();
    return { groups: stored ? stored.groups : DEFAULT_SYNONYMS.map((g) => [...g]) };
  }

  async saveSynonyms(groups: string[][]): Promise<SynonymsDto> {
    if (!synonymWordsValid(groups))
      throw badRequest('VALIDATION_FAILED', 'Each synonym must be 1 to 40 characters', { groups: 'Each synonym must be 1 to 40 characters' });
    const cleaned = groups.map((group) => [...new Set(group.map((word) => word.trim().replace(/\s+/g, ' ')))]).filter((group) => group.length > 1);
    const saved = await this.repository.saveSynonyms(cleaned);
    // This instance's index takes them at once. Announced as a catalogue change: every instance's search index syncs
    // and their cached answers and server-rendered pages (a /shop?search=… page) are dropped.
    this.index.catalogue.setSynonyms(saved.groups);
    catalogChanges.notify({ collection: 'products' });
    return { groups: saved.groups };
  }

  async misses(limit = 20): Promise<SearchMissesDto> {
    const rows = await this.repository.topMisses(limit);
    return { items: rows.map((r) => ({ query: r.query, count: r.count, lastSearchedAt: r.lastSearchedAt.toISOString() })) };
  }
}
