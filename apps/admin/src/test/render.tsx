import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { AdminContext, defaultI18nProvider, memoryStore, Notification, TestMemoryRouter, testDataProvider, type DataProvider } from 'react-admin';
import { Route, Routes, type Location } from 'react-router-dom';
import { lightTheme } from '../theme';

/**
 * The data provider methods a test fakes, standard (getOne, getList…) or the shop's own (setOrderStatus…). Typed
 * loosely: react-admin's generic signatures (any record type) cannot be met by a fake of one record type.
 */
export type FakeDataProvider = Record<string, (...args: never[]) => Promise<unknown>>;

export interface AdminRenderOptions {
  /** What the screen reads and writes through (react-admin's hooks); every other standard method rejects. */
  dataProvider?: FakeDataProvider;
  /** The address the router starts at (the console lives under /admin). */
  path?: string;
  /** The route pattern the screen is mounted at (a catch-all by default). */
  route?: string;
}

export interface AdminRendered extends RenderResult {
  user: UserEvent;
  /** Where the console is now. */
  location: () => Location;
}

/**
 * Renders a console screen inside what <Admin> gives it: the data provider, English messages, the console's
 * light theme, a memory router and the notification area (so a test reads notify() messages as the admin sees
 * them). Queries are not retried: a failing call fails at once.
 */
export function renderInAdmin(ui: ReactElement, { dataProvider = {}, path = '/admin', route = '*' }: AdminRenderOptions = {}): AdminRendered {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  let current: Location | undefined;
  const user = userEvent.setup();
  const result = render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (current = l)}>
      <AdminContext
        dataProvider={testDataProvider(dataProvider as Partial<DataProvider>)}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
        queryClient={queryClient}
        theme={lightTheme}
      >
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return {
    ...result,
    user,
    location: () => {
      if (!current) throw new Error('the router has not rendered');
      return current;
    },
  };
}

/** A signed-in admin as the storefront stores it (the console's calls send its token). */
export function signInAdmin(token = 'admin.jwt.token'): void {
  localStorage.setItem('token', token);
  localStorage.setItem('userInfo', JSON.stringify({ _id: '665f1c2ab4d3e8a9c0f1a001', username: 'Grace', email: 'grace@example.com', isAdmin: true }));
  localStorage.setItem('expirationTime', String(Date.now() + 60 * 60 * 1000));
}
