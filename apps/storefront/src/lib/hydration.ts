import { startTransition, useEffect, useState } from 'react';

/** Set once the first page is taken over: parts mounted after that render their content at once. */
let takenOver = false;

/**
 * False while the page is prerendered at build time or rendered by the server, and while React takes a
 * prerendered page over; true from then on. Parts that the first paint does not need (below the fold, loaded
 * lazily) render only then, which keeps the prerendered HTML small. The switch is a transition, so React
 * renders those parts in slices that leave the browser free to answer input (the first load's blocking time),
 * not in one synchronous render right after the takeover.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(takenOver);
  useEffect(() => {
    takenOver = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
