import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Suspense, lazy, useEffect, useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AfterHydration } from '../components/AfterHydration';
import { syncCart } from '../features/cart/cart-thunks';
import { syncFavorites } from '../features/favorites/favorites-thunks';
import { prefetchProductPage } from '../features/products/prefetch';
import { makeStore, useAppDispatch, useAppSelector } from './store';
import { makeTheme } from './theme';

// Toasts appear after an action, never on the first paint: the library loads after it.
const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

const store = makeStore();

/**
 * Whether the visitor's first render matches the prerendered pages (made for the default state: dark mode,
 * signed out, empty cart and favourites), so that React can take the prerendered HTML over as it is.
 */
export function inPrerenderedState(): boolean {
  const { theme, session, cart, favorites } = store.getState();
  return theme.darkMode && !session.userInfo && cart.items.length === 0 && favorites.items.length === 0;
}

/**
 * Starts the current page's critical request before the first render (the product page's product); resolves
 * when its answer is in.
 */
export function prefetchFirstPage(pathname: string): Promise<boolean> {
  return prefetchProductPage(pathname, store.dispatch);
}

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

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemedApp>
        <SessionBootstrap />
        {children}
      </ThemedApp>
    </Provider>
  );
}
