import { QueryStatus } from '@reduxjs/toolkit/query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { toggleDarkMode } from '../features/theme/theme-slice';
import { api } from '../lib/api';
import { takeRenderedMeta, type PageMeta } from '../lib/meta';
import { fillServerTemplate } from './prerender-html.mjs';
import type { RenderedPage, ServerRenderOptions } from './server-render';
import { AppProviders } from './providers';
import { routes } from './routes';
import { makeStore } from './store';

/** A Suspense boundary the server rendered as its fallback (a lazy part whose module was not loaded yet). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';
const MAX_PASSES = 12;

function deadline<T>(promise: Promise<T>, at: number, what: string): Promise<T> {
  const left = at - Date.now();
  if (left <= 0) return Promise.reject(new Error(`server render: ${what} took too long`));
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`server render: ${what} took too long`)), left);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The server renderer's work (see server-render.tsx), loaded once the process is marked as the renderer. */
export async function renderPage(template: string, options: ServerRenderOptions): Promise<RenderedPage> {
  const until = Date.now() + options.timeoutMs;
  const store = makeStore();
  if (store.getState().theme.darkMode !== options.darkMode) store.dispatch(toggleDarkMode());
  const handler = createStaticHandler(routes);
  const context = await deadline(handler.query(new Request(new URL(options.url, 'http://storefront.local'))), until, 'the route');
  if (context instanceof Response) throw new Error(`server render ${options.url}: answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let meta: PageMeta | undefined;
  const render = () => {
    const html = renderToString(
      <StrictMode>
        <AppProviders store={store}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
    // Taken at once: renders of other pages run between this one's passes.
    meta = takeRenderedMeta() ?? meta;
    return html;
  };
  /**
   * Requests that failed. A render that reads a failed query shows its error, and (as a
   * new subscription to a failed query does) asks again: that request is not waited for, the page is done.
   */
  type QueryEntry = ReturnType<typeof store.getState>[typeof api.reducerPath]['queries'][string];
  const failed = new Map<string, QueryEntry>();
  const noteFailures = () => {
    for (const [key, entry] of Object.entries(store.getState()[api.reducerPath].queries))
      if (entry?.status === QueryStatus.rejected && !failed.has(key)) failed.set(key, entry);
  };
  const stillRunning = () => store.dispatch(api.util.getRunningQueriesThunk()).filter((query) => !failed.has(query.queryCacheKey));
  let html = render();
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const running = stillRunning();
    if (running.length === 0 && !html.includes(CLIENT_RENDERED_BOUNDARY)) break;
    if (running.length > 0) await deadline(Promise.allSettled(running), until, 'the page data');
    else await deadline(new Promise((resolve) => setTimeout(resolve, 20)), until, 'a lazy part');
    noteFailures();
    html = render();
  }
  if (html.includes(CLIENT_RENDERED_BOUNDARY) || stillRunning().length > 0) {
    throw new Error(`server render ${options.url}: the page did not settle`);
  }
  const { queries, ...rest } = store.getState()[api.reducerPath];
  // The answers, and the "not found" ones (the page shows them, so the browser's first render must too); other
  // failed or pending requests are asked again by the browser.
  const notFound = [...failed].filter(([, entry]) => (entry?.error as { status?: unknown } | undefined)?.status === 404);
  const answered = {
    ...Object.fromEntries(Object.entries(queries).filter(([, entry]) => entry?.status === QueryStatus.fulfilled)),
    ...Object.fromEntries(notFound),
  };
  // The page says there is nothing at its address (an unknown path or record): so does its status.
  const missing = meta?.notFound === true;
  const page = fillServerTemplate(template, {
    markup: html,
    path: options.url,
    darkMode: options.darkMode,
    meta,
    data: { [api.reducerPath]: { ...rest, queries: answered } },
  });
  return { html: page, status: missing ? 404 : 200 };
}
