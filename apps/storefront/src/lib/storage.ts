/** The browser-storage keys of the spec (section 3): token, userInfo, expirationTime, favorites, darkMode. */
export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  expirationTime: 'expirationTime',
  favorites: 'favorites',
  darkMode: 'darkMode',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readJson<T>(key: StorageKey, fallback: T): T {
  const raw = store()?.getItem(key);
  if (raw === null || raw === undefined) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  try {
    store()?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or blocked: the in-memory state still works */
  }
}

export function readString(key: StorageKey): string | null {
  return store()?.getItem(key) ?? null;
}

export function writeString(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    /* ignore */
  }
}

export function removeKey(key: StorageKey): void {
  store()?.removeItem(key);
}

/** Logout empties all browser storage (spec section 4). */
export function clearAllStorage(): void {
  store()?.clear();
  try {
    sessionStorage.clear();
  } catch {
    /* ignore */
  }
}
