import { describe, expect, it } from 'vitest';
import { takeFlash } from './flash';

function memoryStorage(initial: Record<string, string>) {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, removeItem: (k: string) => void items.delete(k), items };
}

describe('takeFlash', () => {
  it('returns the console’s message once', () => {
    const storage = memoryStorage({ 'shop:flash': JSON.stringify({ type: 'success', message: 'Product added successfully!' }) });
    expect(takeFlash(storage)).toEqual({ type: 'success', message: 'Product added successfully!' });
    expect(takeFlash(storage)).toBeUndefined();
  });

  it('ignores (and clears) anything that is not a short success or info message', () => {
    const storage = memoryStorage({ 'shop:flash': JSON.stringify({ type: 'error', message: '<script>' }) });
    expect(takeFlash(storage)).toBeUndefined();
    expect(storage.items.size).toBe(0);
    expect(takeFlash(memoryStorage({ 'shop:flash': '{not json' }))).toBeUndefined();
  });
});
