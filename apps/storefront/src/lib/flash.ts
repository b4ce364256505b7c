/**
 * A one-time message left by the admin console before it sends the browser to a storefront page (the console's
 * Create Product goes to / as the spec says, and its 'Product added successfully!' must still be seen). The
 * console writes it under this key (apps/admin/src/lib/shopFlash.ts); the storefront takes it once.
 */
const FLASH_KEY = 'shop:flash';

export interface Flash {
  type: 'success' | 'info';
  message: string;
}

function isFlash(value: unknown): value is Flash {
  if (!value || typeof value !== 'object') return false;
  const { type, message } = value as Record<string, unknown>;
  return (type === 'success' || type === 'info') && typeof message === 'string' && message.length > 0 && message.length <= 200;
}

/** The waiting message, removed so that it shows once; undefined when there is none (or it is malformed). */
export function takeFlash(storage: Pick<Storage, 'getItem' | 'removeItem'> | undefined = globalThis.sessionStorage): Flash | undefined {
  try {
    const raw = storage?.getItem(FLASH_KEY);
    if (!raw) return undefined;
    storage?.removeItem(FLASH_KEY);
    const value: unknown = JSON.parse(raw);
    return isFlash(value) ? { type: value.type, message: value.message } : undefined;
  } catch {
    return undefined;
  }
}
