import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { toggleDarkMode } from '../features/theme/theme-slice';
import { takeRenderedMeta, type PageMeta } from '../lib/meta';
import { AppProviders } from './providers';
import { routes } from './routes';
import { makeStore } from './store';

/** A Suspense boundary the server rendered as its fallback (a lazy part whose module was not loaded yet). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * Build-time only (vite.config.mts runs it in Node after the client build): the HTML of a page in its
 * first state, before any API answer (skeletons where data goes), for a signed-out visitor in the given mode,
 * with the title and description the page asks for. Emotion writes each component's CSS as a <style> next to
 * it. Lazy parts are included: the first pass starts loading their modules, a later pass renders them, so the
 * browser can hydrate the page without boundaries to render on its own.
 */
export async function prerender(path: string, darkMode: boolean): Promise<{ markup: string; meta?: PageMeta }> {
  const store = makeStore();
  if (store.getState().theme.darkMode !== darkMode) store.dispatch(toggleDarkMode());
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`prerender ${path}: answered a redirect (${context.status})`);
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
    meta = takeRenderedMeta() ?? meta;
    return html;
  };
  let html = render();
  for (let pass = 0; html.includes(CLIENT_RENDERED_BOUNDARY) && pass < 20; pass += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    html = render();
  }
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) throw new Error(`prerender ${path}: a lazy part did not load`);
  return { markup: html, meta };
}
