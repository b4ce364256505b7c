import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PAGES, lightFile, samplePath } from './pages.mjs';
import { routes } from './routes';

/** Every path pattern of the route table, nested routes included. */
function patterns(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...patterns(route.children ?? [])]);
}

describe('the pages the server sends before any script runs', () => {
  it('cover every route of the route table (the console at /admin is its own app)', () => {
    const covered = new Set(PAGES.flatMap((page) => page.routes));
    const missing = patterns(routes).filter((path) => !path.startsWith('/admin') && !covered.has(path));
    expect(missing).toEqual([]);
  });

  it('name only routes of the route table, each once, with one page for any other path', () => {
    const known = new Set(patterns(routes));
    const listed = PAGES.flatMap((page) => page.routes);
    expect(listed.filter((route) => !known.has(route))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
    expect(PAGES.filter((page) => page.routes.includes('*')).map((page) => page.name)).toEqual(['not-found']);
    expect(new Set(PAGES.map((page) => page.name)).size).toBe(PAGES.length);
  });

  it('render a pattern at a path it stands for, and name the light twin of a page', () => {
    expect(samplePath('/product/:id')).toBe('/product/prerender');
    expect(samplePath('/shop/category/:categoryId')).toBe('/shop/category/prerender');
    expect(samplePath('*')).toBe('/prerender/not-found');
    expect(lightFile('prerendered/shop.html')).toBe('prerendered/shop.light.html');
  });
});
