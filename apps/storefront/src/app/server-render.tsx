/**
 * The storefront's server renderer, run by the API at request time (built by vite.config.mts into
 * dist/web/storefront-ssr/server-render.cjs; the API renders the routes of its pages.json with it).
 *
 * This entry marks the process as the server renderer before any of the app's modules is evaluated (they are
 * loaded by the dynamic import below, after it): lib/api.ts then makes its query hooks start their requests
 * while rendering, and sends them to `origin`.
 */
globalThis.threadlineServerRender = { origin: '' };

export interface ServerRenderOptions {
  /** The page's path and query string, as asked for. */
  url: string;
  /** Where the API answers the page's requests (the API itself; a name only when `fetch` is given). */
  origin: string;
  /**
   * How the page's requests are made: the API passes a fetch that answers them in process, through its own
   * pipeline, with no loopback connection. Without it, the global fetch to `origin`.
   */
  fetch?: typeof fetch;
  /** The visitor's mode (the darkMode cookie, dark without one). */
  darkMode: boolean;
  /** The time the render may take, answers included; it fails after that (the API sends the prerendered page). */
  timeoutMs: number;
}

/**
 * Renders a storefront page in Node with its data: the query hooks start their requests while rendering, the
 * renderer waits for the answers (and for lazy parts to load) and renders again, until the page needs nothing
 * more. Returns the page's HTML from `template` (an ssr/*.html), with the answers in a JSON block that the
 * browser puts into its cache before its first render, so that React takes the HTML over as it is. The
 * visitor is signed out here: the browser's render replaces the page for a signed-in visitor (with the same
 * data, from the block). A page whose data answered 404 (an unknown product or post) has status 404.
 */
/** A rendered page and the status it is sent with: 404 when the page's own record does not exist. */
export interface RenderedPage {
  html: string;
  status: 200 | 404;
}

export async function renderPage(template: string, options: ServerRenderOptions): Promise<RenderedPage> {
  const flag = globalThis.threadlineServerRender;
  if (flag) {
    flag.origin = options.origin.replace(/\/+$/, '');
    flag.fetch = options.fetch;
  }
  const { renderPage: render } = await import('./server-app');
  return render(template, options);
}
