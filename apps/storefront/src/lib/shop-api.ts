/**
 * The storefront's generated API client (generated/shop-api.ts: endpoints, hooks and types that
 * @rtk-query/codegen-openapi writes from openapi.json on `npm run openapi`), with what the spec adds to them:
 * cache tags and their invalidation, the 5-second kept-unused lifetime of the listed queries (section 9), and
 * lists that also accept the older `{ <name>: [...] }` envelope. Features import the hooks from here, so the
 * endpoints are always enhanced before use.
 */
import { KEEP_SHORT } from './api';
import { generatedApi } from './generated/shop-api';

/** A list answer: the array, or the array under `key` (an older envelope), or nothing. */
export function listOf<T>(response: unknown, key: string): T[] {
  if (Array.isArray(response)) return response as T[];
  const inner = (response as Record<string, unknown> | null | undefined)?.[key];
  return Array.isArray(inner) ? (inner as T[]) : [];
}

const PRODUCT_LIST = { type: 'Product', id: 'LIST' } as const;

export const shopApi = generatedApi.enhanceEndpoints({
  endpoints: {
    // users
    usersProfile: { providesTags: ['User'], keepUnusedDataFor: KEEP_SHORT },
    usersUpdateProfile: { invalidatesTags: ['User'] },
    favoritesList: { providesTags: ['Favorite'], transformResponse: (r: unknown) => listOf(r, 'favorites') },
    favoritesAdd: { invalidatesTags: ['Favorite'] },
    favoritesRemove: { invalidatesTags: ['Favorite'] },
    addressBookList: { providesTags: ['Address'] },
    addressBookAdd: { invalidatesTags: ['Address'] },
    addressBookUpdate: { invalidatesTags: ['Address'] },
    addressBookMakeDefault: { invalidatesTags: ['Address'] },
    addressBookRemove: { invalidatesTags: ['Address'] },
    // products and categories
    productsGet: { providesTags: (_r, _e, { id }) => [{ type: 'Product', id }], keepUnusedDataFor: KEEP_SHORT },
    productsTop: { providesTags: [PRODUCT_LIST], keepUnusedDataFor: KEEP_SHORT, transformResponse: (r: unknown) => listOf(r, 'products') },
    productsNewest: { providesTags: [PRODUCT_LIST], keepUnusedDataFor: KEEP_SHORT, transformResponse: (r: unknown) => listOf(r, 'products') },
    productsSpecial: { providesTags: [PRODUCT_LIST], keepUnusedDataFor: KEEP_SHORT, transformResponse: (r: unknown) => listOf(r, 'products') },
    productsOffers: { providesTags: [PRODUCT_LIST], keepUnusedDataFor: KEEP_SHORT, transformResponse: (r: unknown) => listOf(r, 'products') },
    productsSimilar: { providesTags: [PRODUCT_LIST], keepUnusedDataFor: KEEP_SHORT, transformResponse: (r: unknown) => listOf(r, 'products') },
    productsReview: { invalidatesTags: (_r, _e, { id }) => [{ type: 'Product', id }, PRODUCT_LIST] },
    productsUpdateMyReview: { invalidatesTags: (_r, _e, { id }) => [{ type: 'Product', id }, PRODUCT_LIST] },
    categoriesCompatAll: { providesTags: ['Category'], transformResponse: (r: unknown) => listOf(r, 'categories') },
    // cart
    cartView: { providesTags: ['Cart'] },
    cartAdd: { invalidatesTags: ['Cart'] },
    cartUpdate: { invalidatesTags: ['Cart'] },
    cartRemove: { invalidatesTags: ['Cart'] },
    // orders and coupons
    // Placing an order may add its address to the address book.
    ordersPlace: { invalidatesTags: ['Order', 'Cart', 'Address', PRODUCT_LIST] },
    ordersMine: { providesTags: ['Order'], transformResponse: (r: unknown) => listOf(r, 'orders') },
    ordersGet: { providesTags: (_r, _e, { id }) => [{ type: 'Order', id }] },
    ordersCancel: { invalidatesTags: ['Order'] },
    // The configured methods change only with a restart; a new payment attempt may change the order (a decline recorded).
    paymentsMethods: { keepUnusedDataFor: 3600 },
    paymentsPay: { invalidatesTags: (_r, _e, { id }) => [{ type: 'Order', id }] },
    // The configured list changes only with a restart.
    shippingCountries: { keepUnusedDataFor: 3600 },
    couponsListPublic: { providesTags: ['Coupon'], transformResponse: (r: unknown) => listOf(r, 'coupons') },
    // blog, comments, contributors
    blogsList: { providesTags: ['Blog'], transformResponse: (r: unknown) => listOf(r, 'blogs') },
    blogsGet: { providesTags: (_r, _e, { id }) => [{ type: 'Blog', id }] },
    blogsLike: { invalidatesTags: (_r, _e, { id }) => [{ type: 'Blog', id }] },
    commentsList: {
      providesTags: (_r, _e, { blog }) => [{ type: 'Comment', id: String(blog) }],
      transformResponse: (r: unknown) => listOf(r, 'comments'),
    },
    commentsCreate: { invalidatesTags: (_r, _e, { createCommentDto }) => [{ type: 'Comment', id: createCommentDto.blog }] },
    statsContributors: { transformResponse: (r: unknown) => listOf(r, 'contributors') },
  },
});

export const {
  // users
  useUsersLoginMutation,
  useUsersRegisterMutation,
  useGoogleAuthGoogleLoginMutation,
  useGoogleAuthGoogleSignInMutation,
  useDistributorRegisterMutation,
  useDistributorLoginMutation,
  useUsersUpdateProfileMutation,
  useAccountRecoveryForgotPasswordMutation,
  useAccountRecoveryResetPasswordMutation,
  useAccountRecoveryRequestDeletionMutation,
  useAccountRecoveryConfirmDeletionMutation,
  useAddressBookListQuery,
  useAddressBookAddMutation,
  useAddressBookUpdateMutation,
  useAddressBookMakeDefaultMutation,
  useAddressBookRemoveMutation,
  // products and categories
  useProductsGetQuery,
  useProductsTopQuery,
  useProductsNewestQuery,
  useProductsSpecialQuery,
  useProductsOffersQuery,
  useProductsSimilarQuery,
  useProductsReviewMutation,
  useProductsUpdateMyReviewMutation,
  useCategoriesCompatAllQuery,
  // orders and coupons
  useOrdersPlaceMutation,
  useOrdersMineQuery,
  useOrdersGetQuery,
  useOrdersCancelMutation,
  usePaymentsMethodsQuery,
  usePaymentsPayMutation,
  useShippingCountriesQuery,
  useCouponsValidateMutation,
  useCouponsListPublicQuery,
  // content
  useBlogsListQuery,
  useBlogsGetQuery,
  useBlogsLikeMutation,
  useCommentsListQuery,
  useCommentsCreateMutation,
  useNewsletterSubscribeMutation,
  useContactCreateMutation,
  useStatsContributorsQuery,
} = shopApi;
