import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { routes } from './routes';

/** A Suspense boundary the server rendered as its fallback (a lazy part whose module was not loaded yet). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * Build-time only (vite.config.mts runs it in Node after the client build): the HTML of a page in its
 * first state, before any API answer (skeletons where data goes), for a visitor with the default
 * settings (signed out, dark mode). Emotion writes each component's CSS as a <style> next to it.
 * Lazy parts are included: the first pass starts loading their modules, a later pass renders them, so the
 * browser can hydrate the page without boundaries to render on its own.
 */
export async function prerender(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`prerender ${path}: answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const render = () =>
    renderToString(
      <StrictMode>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
  let html = render();
  for (let pass = 0; html.includes(CLIENT_RENDERED_BOUNDARY) && pass < 20; pass += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    html = render();
  }
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) throw new Error(`prerender ${path}: a lazy part did not load`);
  return html;
}
