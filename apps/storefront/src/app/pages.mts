/**
 * Every route of the route table (routes.tsx) as the HTML the API sends before any script runs (used by
 * vite.config.mts at build time; a test checks that no route is missing).
 *
 * - Every page is prerendered at build time in both modes (prerendered/<name>.html dark, <name>.light.html
 *   light): its layout and text, with skeletons where data goes. The API picks the file by the darkMode cookie.
 * - `serverRendered` pages are also rendered by the API at request time with their data (storefront-ssr), in
 *   the cookie's mode; the prerendered file is their fallback.
 * Each page's title and description are those its usePageMeta() gives while it renders.
 * - The page named `*` answers every path that no route takes.
 */
export interface PageEntry {
  name: string;
  /** Route patterns as in routes.tsx (':name' is one path segment); '*' is any other path. */
  routes: string[];
  /** The page's module: its chunks are fetched along with the app's entry. */
  module: string;
  serverRendered?: boolean;
  /**
   * The query parameters a server-rendered page reads (none when absent). The API renders and keeps the page per
   * path, mode and these parameters only: any other parameter in the address neither causes a render nor changes
   * the page (storefront-ssr/query.json). A page that starts reading a parameter must name it here.
   */
  query?: readonly string[];
  /** Scripts of the public folder run before the app on the prerendered page. */
  bootScripts?: string[];
}

const page = (name: string, route: string, module: string): PageEntry => ({ name, routes: [route], module: `src/features/${module}.tsx` });

export const PAGES: PageEntry[] = [
  {
    name: 'home',
    routes: ['/', '/home', '/search/:keyword', '/home/:keyword'],
    module: 'src/features/products/HomePage.tsx',
    serverRendered: true,
  },
  {
    name: 'shop',
    routes: [
      '/shop',
      '/Shop',
      '/shop/search/:keyword',
      '/Shop/search/:keyword',
      '/shop/category/:categoryId',
      '/Shop/category/:categoryId',
      '/shop/:categoryId',
    ],
    module: 'src/features/products/ShopPage.tsx',
    serverRendered: true,
    // ShopPage: the search text, the page, the order, and the filters of shop-filters.ts (filtersOf).
    query: ['search', 'page', 'sort', 'category', 'brand', 'size', 'colour', 'price', 'inStock'],
  },
  {
    name: 'product',
    routes: ['/product/:id'],
    module: 'src/features/products/ProductPage.tsx',
    // Asks for the product and shows its image (the largest paint) before the app has loaded.
    bootScripts: ['product-boot.js'],
    serverRendered: true,
  },
  { ...page('specialshop', '/specialshop', 'products/SpecialShopPage'), serverRendered: true },
  { ...page('offers', '/offers', 'products/OffersPage'), serverRendered: true },
  { ...page('contributors', '/contributors', 'contributors/ContributorsPage'), serverRendered: true },
  { ...page('blogs', '/blog', 'blog/BlogListPage'), routes: ['/blog', '/blogs'], serverRendered: true },
  { ...page('blog-post', '/blog/:id', 'blog/BlogDetailPage'), serverRendered: true },
  page('faq', '/faq', 'info/FaqPage'),
  page('contact', '/contact', 'info/ContactPage'),
  page('terms', '/termsAndConditions', 'info/TermsPage'),
  page('shipping', '/shipping', 'info/ShippingPage'),
  page('returns', '/returns', 'info/ReturnsPage'),
  page('help', '/help', 'info/HelpPage'),
  page('login', '/login', 'auth/LoginPage'),
  page('register', '/register', 'auth/RegisterPage'),
  page('distributor-login', '/distributor/login', 'auth/DistributorLoginPage'),
  page('distributor-register', '/distributor/register', 'auth/DistributorRegisterPage'),
  page('forgot-password', '/forgot-password', 'auth/ForgotPasswordPage'),
  page('reset-password', '/reset-password/:token', 'auth/ResetPasswordPage'),
  page('verify-deletion', '/verify-deletion/:token', 'auth/VerifyDeletionPage'),
  page('favorites', '/favorite', 'favorites/FavoritesPage'),
  page('cart', '/cart', 'cart/CartPage'),
  page('profile', '/profile', 'profile/ProfilePage'),
  page('checkout', '/checkout', 'orders/CheckoutPage'),
  page('order', '/order/:id', 'orders/OrderPage'),
  page('user-orders', '/user-orders', 'orders/UserOrdersPage'),
  {
    name: 'not-found',
    routes: ['*'],
    module: 'src/components/NotFoundPage.tsx',
  },
];

/** A path that a route pattern stands for, to render it at build time (':id' becomes 'prerender'). */
export function samplePath(route: string): string {
  return route === '*' ? '/prerender/not-found' : route.replace(/:[^/]+/g, 'prerender');
}

/** The light-mode file of a prerendered page ('prerendered/shop.html' → 'prerendered/shop.light.html'). */
export function lightFile(file: string): string {
  return file.replace(/\.html$/, '.light.html');
}
