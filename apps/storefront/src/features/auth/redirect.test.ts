import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect (the login redirect parameter)', () => {
  it('follows same-site paths', () => {
    expect(safeRedirect('/cart', '/login')).toBe('/cart');
    expect(safeRedirect('/admin/userlist', '/login')).toBe('/admin/userlist');
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/\tevil', 'evil.example'])('refuses %s', (value) => {
    expect(safeRedirect(value, '/login')).toBe('/login');
  });

  it('uses the default when there is none', () => {
    expect(safeRedirect(null, '/')).toBe('/');
  });
});
