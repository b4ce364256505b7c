import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { Suspense, lazy, useEffect, useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AfterHydration } from '../components/AfterHydration';
import { FlashToast } from '../components/FlashToast';
import { syncCart } from '../lib/cart/cart-thunks';
import { syncFavorites } from '../lib/favorites/favorites-thunks';
import { prefetchProductPage } from '../features/products/prefetch';
import { SERVER_DATA_ACTION } from '../lib/api';
import { makeStore, useAppDispatch, useAppSelector, type AppStore } from './store';
import { makeTheme } from './theme';

// Toasts appear after an action, never on the first paint: the library loads after it.
const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

let browserStore: AppStore | undefined;

/** The browser's store, made on first use (the start makes it in a task of its own, see main.tsx). */
export function appStore(): AppStore {
  browserStore ??= makeStore();
  return browserStore;
}

/**
 * Whether the visitor's first render matches the prerendered or server-rendered page (made for a signed-out
 * visitor with an empty cart and favourites, in the mode `renderedDark`), so that React can take its HTML
 * over as it is.
 */
export function inPrerenderedState(renderedDark: boolean): boolean {
  const { theme, session, cart, favorites } = appStore().getState();
  return theme.darkMode === renderedDark && !session.userInfo && cart.items.length === 0 && favorites.items.length === 0;
}

/**
 * The API answers a server-rendered page was rendered with (its JSON data block, see server-render.tsx), put
 * into the cache before the first render, which then shows the same page. Whether there were any.
 */
export function takeServerData(): boolean {
  const block = document.getElementById('server-data');
  if (!block?.textContent) return false;
  try {
    appStore().dispatch({ type: SERVER_DATA_ACTION, payload: JSON.parse(block.textContent) as unknown });
    return true;
  } catch {
    return false;
  } finally {
    block.remove();
  }
}

/**
 * Starts the current page's critical request before the first render (the product page's product); resolves
 * when its answer is in.
 */
export function prefetchFirstPage(pathname: string): Promise<boolean> {
  return prefetchProductPage(pathname, appStore().dispatch);
}

/**
 * Toasts open below the header, never over it: the cart button is at its right end, where the shopper goes
 * right after "added to cart" (a toast there took that click and closed itself). Below lg the spec's fixed top
 * bar and the header are two rows (56 px each); from lg the header alone (64 px). The selector outweighs the
 * library's own placement, which puts toasts at the very top on phones.
 */
const toastPlacement = (theme: Theme) => ({
  'body .Toastify__toast-container.Toastify__toast-container--top-right': {
    top: 120,
    [theme.breakpoints.up('lg')]: { top: 72 },
  },
});

/** Theme from the persisted dark-mode flag, with the `dark` class on the document root. */
function ThemedApp({ children }: { children: ReactNode }) {
  const darkMode = useAppSelector((s) => s.theme.darkMode);
  const theme = useMemo(() => makeTheme(darkMode), [darkMode]);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', darkMode);
    document.documentElement.style.colorScheme = darkMode ? 'dark' : 'light';
  }, [darkMode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
      <AfterHydration>
        <GlobalStyles styles={toastPlacement} />
        <Suspense fallback={null}>
          <ToastContainer
            position="top-right"
            autoClose={5000}
            pauseOnHover
            pauseOnFocusLoss
            newestOnTop
            closeOnClick
            theme={darkMode ? 'dark' : 'light'}
          />
        </Suspense>
        <FlashToast />
      </AfterHydration>
    </ThemeProvider>
  );
}

/** A signed-in visitor coming back gets the server's cart and favourites. */
function SessionBootstrap() {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((s) => s.session.userInfo?._id);
  useEffect(() => {
    if (!userId) return;
    void dispatch(syncCart());
    void dispatch(syncFavorites());
  }, [dispatch, userId]);
  return null;
}

/** The app's providers, with the browser's store (or the server renderer's, one per page). */
export function AppProviders({ children, store: given }: { children: ReactNode; store?: AppStore }) {
  return (
    <Provider store={given ?? appStore()}>
      <ThemedApp>
        <SessionBootstrap />
        {children}
      </ThemedApp>
    </Provider>
  );
}
