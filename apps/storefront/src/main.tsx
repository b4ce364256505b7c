import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders, inPrerenderedState, prefetchFirstPage } from './app/providers';
import { AppRouter, routerReady } from './app/router';

/** How long the first render waits at most for the first page's critical data. */
const DATA_WAIT_MS = 2500;

const container = document.getElementById('root') as HTMLElement;
/** The page prerendered at build time, if the server sent one (index.html has none). */
const prerendered = container.querySelector<HTMLElement>(':scope > .prerendered');
const pathname = window.location.pathname;
const firstPageData = prefetchFirstPage(pathname);

/**
 * React takes the prerendered HTML over as it is (hydration: no second DOM, no second layout) when this visit
 * renders the same HTML: the path it was prerendered for, no query string, the prerendered state, the phone
 * layout, and no data fetched before the first render. Otherwise the first render replaces it.
 */
function hydratable(page: HTMLElement | null, dataFetched: boolean): page is HTMLElement {
  return (
    !!page &&
    page.dataset.path === window.location.pathname &&
    !dataFetched &&
    !window.location.search &&
    inPrerenderedState() &&
    !window.matchMedia('(min-width: 1200px)').matches
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
