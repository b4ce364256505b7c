import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { makeStore, type AppStore } from '../app/store';
import { makeTheme } from '../app/theme';
import { setCredentials } from '../lib/session';
import type { UserInfo } from '../lib/models';

export interface RenderOptions {
  /** The address the router starts at. */
  path?: string;
  /** The route pattern the component is mounted at (a catch-all by default). */
  route?: string;
  /** Other pages, to see where a link or a navigation leads. */
  routes?: RouteObject[];
  /** A store prepared by the test (signed in, a filled cart); a fresh one otherwise. */
  store?: AppStore;
}

export interface Rendered extends RenderResult {
  store: AppStore;
  /** The memory router: router.state.location is where the app is now. */
  router: ReturnType<typeof createMemoryRouter>;
  user: UserEvent;
}

/**
 * Renders a storefront component the way the app does: the redux store (with the API slice), the light theme,
 * a memory router and the toast container, so that a test sees the same toasts, links and store a shopper does.
 */
export function renderWithProviders(ui: ReactElement, { path = '/', route = '*', routes = [], store = makeStore() }: RenderOptions = {}): Rendered {
  const router = createMemoryRouter([{ path: route, element: ui }, ...routes], { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <ThemeProvider theme={makeTheme(false)}>
        <RouterProvider router={router} />
        <ToastContainer position="top-right" autoClose={false} closeOnClick={false} />
      </ThemeProvider>
    </Provider>,
  );
  return { ...result, store, router, user };
}

/** A signed-in customer as POST /api/users/auth answers it. */
export function customer(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    _id: '665f1c2ab4d3e8a9c0f1a201',
    id: '665f1c2ab4d3e8a9c0f1a201',
    username: 'Ada Lovelace',
    email: 'ada@example.com',
    isAdmin: false,
    isDistributor: false,
    photoURL: null,
    storeName: null,
    createdAt: '2025-01-14T09:30:00.000Z',
    token: 'header.payload.signature',
    expiresAt: '2099-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A store with that customer signed in. */
export function signedInStore(user: UserInfo = customer()): AppStore {
  const store = makeStore();
  store.dispatch(setCredentials(user));
  return store;
}
