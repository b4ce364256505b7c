import type { RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/AppLayout';
import type { ShellHandle } from '../components/ProtectedRoute';
import { RouteError } from '../components/RouteError';

type PageModule = { default: React.ComponentType };
/** Every screen is its own chunk: the first page loads only what it needs. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** A signed-in page's frame before the visitor is known (components/ProtectedRoute.tsx). */
const shell = (title: string, subtitle: string): ShellHandle => ({ shell: { title, subtitle } });

const home = page(() => import('../features/products/HomePage'));
const shop = page(() => import('../features/products/ShopPage'));
const notFound = page(() => import('../components/NotFoundPage'));
const blogList = page(() => import('../features/blog/BlogListPage'));

/** The route table: the browser router (router.tsx) and the build-time prerender (prerender.tsx) share it. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', ...home },
      { path: '/home', ...home },
      { path: '/search/:keyword', ...home },
      { path: '/home/:keyword', ...home },
      { path: '/login', ...page(() => import('../features/auth/LoginPage')) },
      { path: '/register', ...page(() => import('../features/auth/RegisterPage')) },
      { path: '/favorite', ...page(() => import('../features/favorites/FavoritesPage')) },
      { path: '/product/:id', ...page(() => import('../features/products/ProductPage')) },
      { path: '/Shop', caseSensitive: true, ...shop },
      { path: '/Shop/search/:keyword', caseSensitive: true, ...shop },
      { path: '/Shop/category/:categoryId', caseSensitive: true, ...shop },
      { path: '/shop', ...shop },
      { path: '/shop/search/:keyword', ...shop },
      { path: '/shop/category/:categoryId', ...shop },
      { path: '/shop/:categoryId', ...shop },
      { path: '/specialshop', ...page(() => import('../features/products/SpecialShopPage')) },
      { path: '/offers', ...page(() => import('../features/products/OffersPage')) },
      { path: '/contributors', ...page(() => import('../features/contributors/ContributorsPage')) },
      { path: '/faq', ...page(() => import('../features/info/FaqPage')) },
      { path: '/contact', ...page(() => import('../features/info/ContactPage')) },
      { path: '/termsAndConditions', ...page(() => import('../features/info/TermsPage')) },
      { path: '/shipping', ...page(() => import('../features/info/ShippingPage')) },
      { path: '/returns', ...page(() => import('../features/info/ReturnsPage')) },
      { path: '/help', ...page(() => import('../features/info/HelpPage')) },
      { path: '/blog', ...blogList },
      { path: '/blogs', ...blogList },
      { path: '/blog/:id', ...page(() => import('../features/blog/BlogDetailPage')) },
      { path: '/distributor/login', ...page(() => import('../features/auth/DistributorLoginPage')) },
      { path: '/distributor/register', ...page(() => import('../features/auth/DistributorRegisterPage')) },
      { path: '/forgot-password', ...page(() => import('../features/auth/ForgotPasswordPage')) },
      { path: '/reset-password/:token', ...page(() => import('../features/auth/ResetPasswordPage')) },
      { path: '/verify-deletion/:token', ...page(() => import('../features/auth/VerifyDeletionPage')) },
      { path: '/admin/*', ...page(() => import('../components/AdminHandover')) },
      { path: '/admin', ...page(() => import('../components/AdminHandover')) },
      {
        // The protected wrapper: signed-in users only, else /login with history replaced.
        ...page(() => import('../components/ProtectedRoute')),
        children: [
          { path: '/cart', ...page(() => import('../features/cart/CartPage')), handle: shell('Shopping Cart', 'The items in your cart.') },
          {
            path: '/profile',
            ...page(() => import('../features/profile/ProfilePage')),
            handle: shell('My Account', 'Your profile, password, orders and settings.'),
          },
          {
            path: '/checkout',
            ...page(() => import('../features/orders/CheckoutPage')),
            handle: shell('Checkout', 'Your shipping address and payment.'),
          },
          {
            path: '/order/:id',
            ...page(() => import('../features/orders/OrderPage')),
            handle: shell('Order', 'The details and status of your order.'),
          },
          {
            path: '/user-orders',
            ...page(() => import('../features/orders/UserOrdersPage')),
            handle: shell('My Orders', 'Your orders and their status.'),
          },
        ],
      },
      { path: '*', ...notFound },
    ],
  },
];
