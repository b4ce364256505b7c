import type { UnknownAction } from '@reduxjs/toolkit';
import {
  buildCreateApi,
  coreModule,
  fetchBaseQuery,
  reactHooksModule,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { ErrorBody } from './generated/shop-api';
import { STORAGE_KEYS, readString } from './storage';

/**
 * Transport error classes of the spec (section 8): FETCH_ERROR (no answer), TIMEOUT_ERROR,
 * PARSING_ERROR (an answer that is not the JSON it claims), or the HTTP status with its data.
 */
export type TransportErrorClass = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | number;

/** The API's error answer (ErrorBody of openapi.json), read defensively: any part may be missing, `message` may be a list. */
export type ApiErrorBody = Partial<Omit<ErrorBody, 'message'>> & { message?: ErrorBody['message'] | string[] };

export const REQUEST_TIMEOUT_MS = 20_000;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  // In the server renderer, the API's own fetch (answered in process); else the page's.
  fetchFn: (input, init) => (globalThis.threadlineServerRender?.fetch ?? fetch)(input, init),
  credentials: 'include',
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders: (headers) => {
    // CSRF defence for cookie-authenticated calls, and the Bearer token from storage when present.
    headers.set('X-Requested-With', 'XMLHttpRequest');
    const token = readString(STORAGE_KEYS.token);
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Called when the server says the stored token is no longer valid (wired by the store). */
let onUnauthorized: (() => void) | undefined;
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * The generated endpoints pass every query parameter of the operation, unset ones as undefined: those are
 * left out, and with none left the URL carries no '?' at all (`/api/products/top`, not `/api/products/top?`).
 */
export function withoutUnsetParams(args: string | FetchArgs): string | FetchArgs {
  if (typeof args === 'string' || !args.params) return args;
  const params = Object.fromEntries(Object.entries(args.params).filter(([, value]) => value !== undefined));
  const { params: _unset, ...rest } = args;
  return Object.keys(params).length ? { ...rest, params } : rest;
}

declare global {
  /** Set by the server renderer (app/server-render.tsx) before the app's modules load. */
  var threadlineServerRender: { origin: string; fetch?: typeof fetch } | undefined;
}

/** In the server renderer, the API's own address: the page's requests go there (Node has no page URL). */
function absolute(args: string | FetchArgs): string | FetchArgs {
  const origin = globalThis.threadlineServerRender?.origin;
  if (!origin) return args;
  const url = typeof args === 'string' ? args : args.url;
  const full = `${origin}/${url.replace(/^\/+/, '')}`;
  return typeof args === 'string' ? full : { ...args, url: full };
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (rawArgs, api, extra) => {
  const args = absolute(withoutUnsetParams(rawArgs));
  const result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401 && readString(STORAGE_KEYS.token)) {
    const url = typeof args === 'string' ? args : args.url;
    if (!/\/users\/(auth|logout|google|distributor\/login)/.test(url)) onUnauthorized?.();
  }
  return result;
};

export function errorClass(error: unknown): TransportErrorClass | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = error.status;
    if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || status === 'PARSING_ERROR') return status;
    if (typeof status === 'number') return status;
  }
  return undefined;
}

/**
 * The message to show for a failed call: the response's `message` field, else the error text, else
 * the screen's fallback (spec section 8).
 */
export function errorMessage(error: unknown, fallback = 'An error occurred. Please try again.'): string {
  if (!error) return fallback;
  if (typeof error === 'string') return error;
  if (typeof error === 'object') {
    const e = error as { status?: unknown; data?: unknown; error?: unknown; message?: unknown };
    const data = e.data as ApiErrorBody | string | undefined;
    if (data && typeof data === 'object' && data.message) return Array.isArray(data.message) ? data.message.join(', ') : data.message;
    if (typeof data === 'string' && data && e.status !== 'PARSING_ERROR' && data.length < 200) return data;
    if (e.status === 'FETCH_ERROR') return 'Network error: the shop could not be reached. Please check your connection.';
    if (e.status === 'TIMEOUT_ERROR') return 'The request timed out. Please try again.';
    if (typeof e.error === 'string' && e.error) return e.error;
    if (typeof e.message === 'string' && e.message) return e.message;
  }
  return fallback;
}

/** Field errors of a 400 answer ({ errors: { field: message } }). */
export function fieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: ApiErrorBody } | undefined)?.data;
  return data && typeof data === 'object' && data.errors ? data.errors : {};
}

/** Kept-unused lifetimes of the spec (section 9): 60 s by default, 5 s for the listed queries. */
export const KEEP_DEFAULT = 60;
export const KEEP_SHORT = 5;

/**
 * One API slice; the endpoints generated from openapi.json (generated/shop-api.ts, tagged in shop-api.ts) and the
 * features' own are injected into it. Tags of the spec: Product, Order, User, Category.
 */
/** The action that hands the server render's answers to the browser's cache (see server-data.ts). */
export const SERVER_DATA_ACTION = 'serverRender/hydrate';

/**
 * In the server renderer the query hooks start their requests while rendering (there are no effects there),
 * so that the renderer can wait for the answers and render again with them.
 */
const createApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: !!globalThis.threadlineServerRender }));

export const api = createApi({
  reducerPath: 'api',
  // The answers the server rendered the page with, so that the first render in the browser shows the same.
  extractRehydrationInfo: (action: UnknownAction, { reducerPath }) =>
    action.type === SERVER_DATA_ACTION ? ((action.payload as Record<string, never> | undefined)?.[reducerPath] ?? undefined) : undefined,
  baseQuery,
  keepUnusedDataFor: KEEP_DEFAULT,
  tagTypes: ['Product', 'Order', 'User', 'Category', 'Cart', 'Favorite', 'Blog', 'Comment', 'Coupon', 'Address'],
  endpoints: () => ({}),
});
