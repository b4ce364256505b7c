/**
 * The product calls that are not the generated endpoints as they stand (those are in lib/shop-api.ts: one product,
 * top, new, special, offers, similar, reviews, categories). Their arguments and answers are the generated types:
 * - the product list answers a page: the products and the X-Total-Count header;
 * - POST /api/products/add sends the picked files as multipart FormData;
 * - the signed-in customer's own review is kept per user too, so another account never sees it;
 * - GET /api/search sends a facet's values repeated (size=40&size=41), which the generated client cannot.
 */
import { api, KEEP_SHORT } from '../../lib/api';
import type {
  ProductsCompatAddApiResponse,
  ProductsListApiArg,
  ProductsListApiResponse,
  ProductsMyReviewApiArg,
  ProductsMyReviewApiResponse,
} from '../../lib/generated/shop-api';
import type { ProductPage, SearchArgs, SearchResult } from '../../lib/models';
import { searchQueryString } from './shop-filters';

/** The list's query parameters the shop uses (the spec leaves their types open: the shop sends text and numbers). */
export interface ProductListArgs extends Pick<ProductsListApiArg, 'search' | 'category' | 'page' | 'pageSize' | 'sort'> {
  search?: string;
  category?: string;
  page?: number;
  pageSize?: number;
  /** `field` or `-field` (none: newest first). */
  sort?: string;
}

/** Lists answer an array (or { products }) with the total in X-Total-Count. */
function toPage(response: unknown, meta: { response?: Response } | undefined): ProductPage {
  const products: ProductsListApiResponse = Array.isArray(response)
    ? (response as ProductsListApiResponse)
    : ((response as { products?: ProductsListApiResponse })?.products ?? []);
  const header = meta?.response?.headers.get('X-Total-Count');
  const total = header !== null && header !== undefined && header !== '' ? Number(header) : products.length;
  return { products, total: Number.isFinite(total) ? total : products.length };
}

/** A page is invalidated by a change to any of its products or to the list. */
const pageTags = (result: ProductPage | undefined) => [
  ...(result?.products ?? []).map((p) => ({ type: 'Product' as const, id: p._id })),
  { type: 'Product' as const, id: 'LIST' },
];

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    products: build.query<ProductPage, ProductListArgs>({
      query: ({ search, category, page, pageSize, sort }) => {
        const params = new URLSearchParams();
        if (search) params.set('search', search);
        if (category) params.set('category', category);
        if (page) params.set('page', String(page));
        if (pageSize) params.set('pageSize', String(pageSize));
        if (sort) params.set('sort', sort);
        const qs = params.toString();
        return `/api/products${qs ? `?${qs}` : ''}`;
      },
      transformResponse: toPage,
      providesTags: pageTags,
      keepUnusedDataFor: KEEP_SHORT,
    }),
    /**
     * GET /api/search: the shop's grid and facets, and the header's suggestions. Kept like the lists' pages, and
     * invalidated with them (a product's change can change its facets).
     */
    search: build.query<SearchResult, SearchArgs>({
      query: (args) => {
        const qs = searchQueryString(args);
        return `/api/search${qs ? `?${qs}` : ''}`;
      },
      providesTags: (result) => [
        ...[...(result?.hits ?? []), ...(result?.popular ?? [])].map((p) => ({ type: 'Product' as const, id: p._id })),
        { type: 'Product' as const, id: 'LIST' },
      ],
      keepUnusedDataFor: KEEP_SHORT,
    }),
    /** The fields of ProductFormDto as multipart form data, files included. */
    addProduct: build.mutation<ProductsCompatAddApiResponse, FormData>({
      query: (body) => ({ url: '/api/products/add', method: 'POST', body }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    /** The signed-in customer's own review (keyed by user too, so another account never sees it). */
    myReview: build.query<ProductsMyReviewApiResponse, { productId: ProductsMyReviewApiArg['id']; userId: string }>({
      query: ({ productId }) => `/api/products/${encodeURIComponent(productId)}/reviews/mine`,
      providesTags: (_r, _e, { productId }) => [{ type: 'Product', id: productId }],
    }),
  }),
});

export const { useProductsQuery, useSearchQuery, useAddProductMutation, useMyReviewQuery } = productsApi;
