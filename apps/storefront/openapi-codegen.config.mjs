// @ts-check
/**
 * The storefront's RTK Query client, generated from openapi.json by @rtk-query/codegen-openapi.
 * Run by `npm run openapi` (tools/openapi/generate-clients.mjs); paths are relative to this file.
 * The endpoints are injected into the hand-written `api` slice of src/lib/api.ts (its baseQuery, tag types and
 * cache lifetimes); src/lib/shop-api.ts adds the cache tags with enhanceEndpoints.
 *
 * @type {import('@rtk-query/codegen-openapi').ConfigFile}
 */
const config = {
  schemaFile: '../../openapi.json',
  apiFile: './src/lib/api.ts',
  apiImport: 'api',
  outputFile: './src/lib/generated/shop-api.ts',
  exportName: 'generatedApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  encodePathParams: true,
  encodeQueryParams: false,
  useUnknown: true,
  // Only the operations the storefront calls: the console's admin routes stay out of the shop's bundle.
  filterEndpoints: [
    // /api/users
    'usersLogin',
    'usersRegister',
    'usersLogout',
    'usersProfile',
    'usersUpdateProfile',
    'distributorRegister',
    'distributorLogin',
    'googleAuthGoogleLogin',
    'googleAuthGoogleSignIn',
    'accountRecoveryForgotPassword',
    'accountRecoveryResetPassword',
    'accountRecoveryRequestDeletion',
    'accountRecoveryConfirmDeletion',
    'favoritesList',
    'favoritesAdd',
    'favoritesRemove',
    'addressBookList',
    'addressBookAdd',
    'addressBookUpdate',
    'addressBookMakeDefault',
    'addressBookRemove',
    // /api/products and /api/category
    'productsList',
    'productsGet',
    'productsTop',
    'productsNewest',
    'productsSpecial',
    'productsOffers',
    'productsSimilar',
    'productsFiltered',
    'productsCompatAdd',
    'productsReview',
    'productsMyReview',
    'productsUpdateMyReview',
    'categoriesCompatAll',
    // /api/search
    'searchFind',
    // /api/cart
    'cartView',
    'cartAdd',
    'cartUpdate',
    'cartRemove',
    // /api/orders and /api/coupons
    'ordersPlace',
    'ordersMine',
    'ordersGet',
    'ordersCancel',
    // /api/payments: the methods checkout offers, and a card order's payment attempt
    'paymentsMethods',
    'paymentsPay',
    'shippingCountries',
    'couponsValidate',
    'couponsListPublic',
    // content
    'blogsList',
    'blogsGet',
    'blogsLike',
    'commentsList',
    'commentsCreate',
    'commentsDelete',
    'newsletterSubscribe',
    'contactCreate',
    'statsContributors',
  ],
};

export default config;
