import type { ReactNode } from 'react';
import { useHydrated } from '../lib/hydration';

/**
 * Renders `fallback` in the prerendered HTML and while React takes it over, then `children` (see
 * useHydrated). Its own component, so that the switch re-renders only this part of the page.
 */
export function AfterHydration({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
