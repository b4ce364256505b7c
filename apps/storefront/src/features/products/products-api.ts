import { api, KEEP_SHORT } from '../../lib/api';
import type { Category, MyReview, Product, ProductFilters, ProductPage } from '../../lib/models';

export interface ProductListArgs {
  search?: string;
  category?: string;
  page?: number;
  pageSize?: number;
}

/** Lists answer an array (or { products }) with the total in X-Total-Count. */
function toPage(response: unknown, meta: { response?: Response } | undefined): ProductPage {
  const products = Array.isArray(response) ? (response as Product[]) : ((response as { products?: Product[] })?.products ?? []);
  const header = meta?.response?.headers.get('X-Total-Count');
  const total = header !== null && header !== undefined && header !== '' ? Number(header) : products.length;
  return { products, total: Number.isFinite(total) ? total : products.length };
}

const asList = (response: unknown): Product[] =>
  Array.isArray(response) ? (response as Product[]) : ((response as { products?: Product[] })?.products ?? []);

/** A page is invalidated by a change to any of its products or to the list. */
const pageTags = (result: ProductPage | undefined) => [...(result?.products ?? []).map((p) => ({ type: 'Product' as const, id: p._id })), { type: 'Product' as const, id: 'LIST' }];

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    products: build.query<ProductPage, ProductListArgs>({
      query: ({ search, category, page, pageSize }) => {
        const params = new URLSearchParams();
        if (search) params.set('search', search);
        if (category) params.set('category', category);
        if (page) params.set('page', String(page));
        if (pageSize) params.set('pageSize', String(pageSize));
        const qs = params.toString();
        return `/api/products${qs ? `?${qs}` : ''}`;
      },
      transformResponse: toPage,
      providesTags: pageTags,
      keepUnusedDataFor: KEEP_SHORT,
    }),
    product: build.query<Product, string>({
      query: (id) => `/api/products/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
      keepUnusedDataFor: KEEP_SHORT,
    }),
    topProducts: build.query<Product[], void>({
      query: () => '/api/products/top',
      transformResponse: asList,
      providesTags: [{ type: 'Product', id: 'LIST' }],
      keepUnusedDataFor: KEEP_SHORT,
    }),
    newProducts: build.query<Product[], void>({
      query: () => '/api/products/new',
      transformResponse: asList,
      providesTags: [{ type: 'Product', id: 'LIST' }],
      keepUnusedDataFor: KEEP_SHORT,
    }),
    specialProducts: build.query<Product[], void>({
      query: () => '/api/products/special',
      transformResponse: asList,
      providesTags: [{ type: 'Product', id: 'LIST' }],
      keepUnusedDataFor: KEEP_SHORT,
    }),
    offerProducts: build.query<Product[], void>({
      query: () => '/api/products/offers',
      transformResponse: asList,
      providesTags: [{ type: 'Product', id: 'LIST' }],
      keepUnusedDataFor: KEEP_SHORT,
    }),
    similarProducts: build.query<Product[], string>({
      query: (id) => `/api/products/${encodeURIComponent(id)}/similar`,
      transformResponse: asList,
      providesTags: [{ type: 'Product', id: 'LIST' }],
      keepUnusedDataFor: KEEP_SHORT,
    }),
    /** One page of the shop's filters (categories, price range, search text), kept like the plain list's pages. */
    filteredProducts: build.query<ProductPage, ProductFilters>({
      query: (body) => ({ url: '/api/products/filtered-products', method: 'POST', body }),
      transformResponse: toPage,
      providesTags: pageTags,
      keepUnusedDataFor: KEEP_SHORT,
    }),
    addProduct: build.mutation<Product, FormData>({
      query: (body) => ({ url: '/api/products/add', method: 'POST', body }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    addReview: build.mutation<unknown, { productId: string; rating: number; comment: string }>({
      query: ({ productId, rating, comment }) => ({ url: `/api/products/${encodeURIComponent(productId)}/reviews`, method: 'POST', body: { rating, comment } }),
      invalidatesTags: (_r, _e, { productId }) => [
        { type: 'Product', id: productId },
        { type: 'Product', id: 'LIST' },
      ],
    }),
    /** The signed-in customer's own review (keyed by user too, so another account never sees it). */
    myReview: build.query<MyReview, { productId: string; userId: string }>({
      query: ({ productId }) => `/api/products/${encodeURIComponent(productId)}/reviews/mine`,
      providesTags: (_r, _e, { productId }) => [{ type: 'Product', id: productId }],
    }),
    categories: build.query<Category[], void>({
      query: () => '/api/category/categories',
      transformResponse: (r: unknown) => (Array.isArray(r) ? (r as Category[]) : ((r as { categories?: Category[] })?.categories ?? [])),
      providesTags: ['Category'],
    }),
  }),
});

export const {
  useProductsQuery,
  useProductQuery,
  useTopProductsQuery,
  useNewProductsQuery,
  useSpecialProductsQuery,
  useOfferProductsQuery,
  useSimilarProductsQuery,
  useFilteredProductsQuery,
  useAddProductMutation,
  useAddReviewMutation,
  useMyReviewQuery,
  useCategoriesQuery,
} = productsApi;
