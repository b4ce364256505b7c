import { describe, expect, it } from 'vitest';
import { rendersAddress } from './rendered-address';

describe('rendersAddress', () => {
  it('takes a page made for the address exactly', () => {
    expect(rendersAddress('/shop?page=2', '/shop', '?page=2', false)).toBe(true);
    expect(rendersAddress('/faq', '/faq', '', false)).toBe(true);
  });

  it('refuses a prerendered page for another address, also one with only other parameters', () => {
    expect(rendersAddress('/shop', '/shop', '?brand=Acme', false)).toBe(false);
    expect(rendersAddress('/shop', '/Shop', '', false)).toBe(false);
    expect(rendersAddress(undefined, '/shop', '', true)).toBe(false);
  });

  it('takes a server-rendered page when the address only adds parameters the page does not read, in any order', () => {
    expect(rendersAddress('/shop?page=2&sort=newest', '/shop', '?utm_source=mail&sort=newest&page=2', true)).toBe(true);
    expect(rendersAddress('/product/abc', '/product/abc', '?q=1', true)).toBe(true);
    expect(rendersAddress('/shop?brand=A&brand=B', '/shop', '?brand=A&x=1&brand=B', true)).toBe(true);
  });

  it('refuses a server-rendered page made for other values or another path', () => {
    expect(rendersAddress('/shop?page=2', '/shop', '?page=3', true)).toBe(false);
    expect(rendersAddress('/shop?page=2', '/shop', '', true)).toBe(false);
    expect(rendersAddress('/shop?brand=A', '/shop', '?brand=A&brand=B', true)).toBe(false);
    expect(rendersAddress('/shop', '/product/1', '', true)).toBe(false);
  });
});
