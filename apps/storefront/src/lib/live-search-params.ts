import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Builds the next query string from the current one. */
export type SearchParamsUpdate = (current: URLSearchParams) => URLSearchParams;

/**
 * useSearchParams, with changes made from the address as it is now rather than as the last render saw it.
 * The router renders a navigation as a transition, so on a slow device a click can land after the address
 * changed but before that render commits: a query built from the render's params would then drop what the
 * last navigation set (a search typed and sent, then a category ticked at once, lost the search).
 */
export function useLiveSearchParams(): [URLSearchParams, (update: SearchParamsUpdate) => void] {
  const [params, setParams] = useSearchParams();
  const change = useCallback((update: SearchParamsUpdate) => setParams(update(new URLSearchParams(window.location.search))), [setParams]);
  return [params, change];
}
