/**
 * GET /api/search (issue #39): its arguments and its answer, as the storefront reads them.
 * Written by hand from the agreed contract until the search API is in openapi.json; then these become the
 * generated types (lib/generated/shop-api.ts).
 */
import type { Product } from '../../lib/models';

export type SearchSort = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'top_rated';

/** The query of GET /api/search. List values may repeat (OR within a facet, AND across facets). */
export interface SearchArgs {
  q?: string;
  category?: string[];
  brand?: string[];
  size?: string[];
  colour?: string[];
  /** Dollars. */
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  sort?: SearchSort;
  page?: number;
  pageSize?: number;
}

export interface FacetValue {
  value: string;
  label: string;
  count: number;
}

export interface SearchFacets {
  category: FacetValue[];
  brand: FacetValue[];
  size: FacetValue[];
  colour: FacetValue[];
  price: FacetValue[];
  inStock: FacetValue[];
}

/** The card fields of a product (ProductCardDto): what a product card and a suggestion show. */
export type ProductCardData = Pick<Product, '_id' | 'id' | 'name' | 'slug' | 'price' | 'compareAtPrice' | 'brand' | 'image' | 'images' | 'rating' | 'numReviews' | 'countInStock' | 'category' | 'variants'>;

export interface SearchResult {
  hits: ProductCardData[];
  total: number;
  page: number;
  pageSize: number;
  facets: SearchFacets;
  /** A corrected query ("Did you mean …") when nothing matched and the correction finds products. */
  suggestion: string | null;
  /** Popular products when nothing matched, else empty. */
  popular: ProductCardData[];
}
