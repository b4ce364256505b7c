import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The browser's router, made on first use: making it matches the current URL and starts loading that page's
 * lazy route module (the start makes it in a task of its own, see main.tsx).
 */
export function startRouter(): ReturnType<typeof createBrowserRouter> {
  router ??= createBrowserRouter(routes);
  return router;
}

/**
 * Resolves once the first page's lazy route module is loaded, so the first render shows that page
 * (it takes over from the prerendered HTML in one commit, without an empty frame in between).
 */
export function routerReady(): Promise<void> {
  const router = startRouter();
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function AppRouter() {
  return <RouterProvider router={startRouter()} />;
}
