/**
 * The app starts in steps, each in a task of its own, so that no single task holds the page for long: the
 * prerendered page is on screen meanwhile, and a scroll or tap is answered between the steps. Modules imported
 * together are one long task (a module graph is evaluated at once); here the build's library chunks are
 * evaluated one after the other (React; the router, Redux and Emotion; MUI's components), then the app's
 * modules, then app/boot.tsx makes the store and the router and renders, a task each.
 */

/**
 * Yields to the browser (input, rendering) and resumes in a later task: scheduler.yield() where the browser has
 * it, else a message to itself. Not setTimeout, which a background tab delays to once a second.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function start(): Promise<void> {
  // Each import names one export the app uses, so that the rest of the package can still be left out.
  const { hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const { RouterProvider } = await import('react-router-dom');
  await nextTask();
  const { default: Button } = await import('@mui/material/Button');
  await nextTask();
  const { boot } = await import('./boot');
  await nextTask();
  await boot(nextTask);
  // Named only to keep the imports' exports narrow (see above); the app imports them itself.
  void [hydrateRoot, RouterProvider, Button];
}

void start();
