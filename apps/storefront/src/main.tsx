/**
 * The app starts in steps, each in a task of its own, so that no single task holds the page for long: the
 * prerendered page is on screen meanwhile, and a scroll or tap is answered between the steps. Modules imported
 * together are one long task (a module graph is evaluated at once); here the build's library chunks are
 * evaluated one after the other (React; the router, Redux and Emotion; MUI's components), then the app's
 * modules, then app/boot.tsx makes the store and the router and renders, a task each.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  // Each import names one export the app uses, so that the rest of the package can still be left out.
  const { hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const { RouterProvider } = await import('react-router-dom');
  await nextTask();
  const { default: Button } = await import('@mui/material/Button');
  await nextTask();
  const { boot } = await import('./app/boot');
  await nextTask();
  await boot(nextTask);
  void [hydrateRoot, RouterProvider, Button];
}

void start();
