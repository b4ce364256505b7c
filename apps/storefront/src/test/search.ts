import type { FacetValue, ProductCardData, SearchFacets, SearchResult } from '../lib/models';

/** A product as GET /api/search lists it (ProductCardDto). */
export function card(id: string, name: string, price: number, overrides: Partial<ProductCardData> = {}): ProductCardData {
  return {
    _id: id,
    id,
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    price,
    compareAtPrice: null,
    brand: 'Threadline',
    image: `/uploads/${id}.jpg`,
    images: [],
    rating: 4,
    numReviews: 2,
    countInStock: 5,
    category: null,
    variants: [],
    ...overrides,
  };
}

export const NO_FACETS: SearchFacets = { category: [], brand: [], size: [], colour: [], price: [], inStock: [] };

export const facet = (value: string, count: number, label = value): FacetValue => ({ value, label, count });

/** An answer of GET /api/search. */
export function searchAnswer(hits: ProductCardData[], overrides: Partial<SearchResult> = {}): SearchResult {
  return { hits, total: hits.length, page: 1, pageSize: 12, facets: NO_FACETS, suggestion: null, popular: [], ...overrides };
}
