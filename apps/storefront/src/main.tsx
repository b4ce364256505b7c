import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders, inPrerenderedState, prefetchFirstPage, takeServerData } from './app/providers';
import { AppRouter, routerReady } from './app/router';

/** How long the first render waits at most for the first page's critical data. */
const DATA_WAIT_MS = 2500;

const container = document.getElementById('root') as HTMLElement;
/** The page prerendered at build time or rendered by the server, if the server sent one (index.html has none). */
const prerendered = container.querySelector<HTMLElement>(':scope > .prerendered');
const pathname = window.location.pathname;
// A server-rendered page comes with its data: nothing to ask for before the first render.
const serverRendered = document.getElementById('server-data') !== null;
const firstPageData = serverRendered ? Promise.resolve(false) : prefetchFirstPage(pathname);

/**
 * React takes the prerendered HTML over as it is (hydration: no second DOM, no second layout) when this visit
 * renders the same HTML: the path and query it was rendered for, the same state (mode, signed out, empty
 * cart), and no data fetched before the first render. Otherwise the first render replaces it. The layout
 * (top bar or side bar) is CSS, the same HTML at every width.
 */
function hydratable(page: HTMLElement | null, dataFetched: boolean): page is HTMLElement {
  return (
    !!page &&
    page.dataset.path === window.location.pathname + window.location.search &&
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

// The first render waits for the current page's chunk (and its critical data, briefly: one render with the
// data instead of a loading state first), so that it shows that page at once, without an empty layout first.
// As a transition, it yields to the browser every few milliseconds (the prerendered page is on screen).
void Promise.all([routerReady(), Promise.race([firstPageData, new Promise<boolean>((resolve) => setTimeout(() => resolve(true), DATA_WAIT_MS))])]).then(
  ([, dataFetched]) => {
    // Into the cache right before the first render, which subscribes to it (unused answers expire in seconds).
    takeServerData();
    startTransition(() => {
      if (hydratable(prerendered, dataFetched)) {
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
  },
);
