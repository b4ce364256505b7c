import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;
const inBrowser = () => true;
const inPrerender = () => false;

/**
 * False while the page is prerendered at build time and while React takes a prerendered page over, true
 * from then on (and from the start without a prerendered page). Parts that the first paint does not need
 * (below the fold, loaded lazily) render only then, which keeps the prerendered HTML small.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, inBrowser, inPrerender);
}
