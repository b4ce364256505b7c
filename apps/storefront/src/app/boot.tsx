import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders, appStore, inPrerenderedState, prefetchFirstPage, takeServerData } from './providers';
import { rendersAddress } from './rendered-address';
import { AppRouter, routerReady } from './router';

/** How long the first render waits at most for the first page's critical data. */
const DATA_WAIT_MS = 2500;

/**
 * React takes the prerendered HTML over as it is (hydration: no second DOM, no second layout) when this visit
 * renders the same HTML: the path and query it was rendered for (of the query, those parameters the page reads,
 * for a server-rendered page: see rendersAddress), the same state (mode, signed out, empty cart), and no data
 * fetched before the first render. Otherwise the first render replaces it. The layout (top bar or side bar) is
 * CSS, the same HTML at every width.
 */
function hydratable(page: HTMLElement | null, dataFetched: boolean, serverRendered: boolean): page is HTMLElement {
  return (
    !!page &&
    rendersAddress(page.dataset.path, window.location.pathname, window.location.search, serverRendered) &&
    !dataFetched &&
    inPrerenderedState(page.dataset.dark !== 'false')
  );
}

/** Makes the prerendered page interactive once React has taken it over. */
function TakenOver({ page }: { page: HTMLElement }) {
  useEffect(() => {
    page.removeAttribute('inert');
    page.classList.remove('prerendered');
  }, [page]);
  return null;
}

const app = (
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

/**
 * Starts the app on the page the server sent: the store (and the first page's critical request), then, in the
 * next task, the router (which loads the page's chunk), then the first render. `nextTask` yields to the browser.
 */
export async function boot(nextTask: () => Promise<void>): Promise<void> {
  const container = document.getElementById('root') as HTMLElement;
  /** The page prerendered at build time or rendered by the server, if the server sent one (index.html has none). */
  const prerendered = container.querySelector<HTMLElement>(':scope > .prerendered');
  // A server-rendered page comes with its data: nothing to ask for before the first render.
  const serverRendered = document.getElementById('server-data') !== null;
  appStore();
  const firstPageData = serverRendered ? Promise.resolve(false) : prefetchFirstPage(window.location.pathname);
  await nextTask();
  // The first render waits for the current page's chunk (and its critical data, briefly: one render with the
  // data instead of a loading state first), so that it shows that page at once, without an empty layout first.
  const [, dataFetched] = await Promise.all([
    routerReady(),
    Promise.race([firstPageData, new Promise<boolean>((resolve) => setTimeout(() => resolve(true), DATA_WAIT_MS))]),
  ]);
  await nextTask();
  // Into the cache right before the first render, which subscribes to it (unused answers expire in seconds).
  takeServerData();
  // As a transition, it yields to the browser every few milliseconds (the prerendered page is on screen).
  startTransition(() => {
    if (hydratable(prerendered, dataFetched, serverRendered)) {
      hydrateRoot(
        prerendered,
        <>
          {app}
          <TakenOver page={prerendered} />
        </>,
      );
    } else {
      createRoot(container).render(app);
    }
  });
}
