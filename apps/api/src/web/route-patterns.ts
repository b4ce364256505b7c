/**
 * Route patterns of a web app's pages.json ('/', '/shop', '/product/:id': ':name' stands for one path segment),
 * matched as the storefront's router matches them: segment by segment, literal segments in any case (its routes
 * are case-insensitive; the case-sensitive '/Shop' ones have lower-case twins).
 */
export function routeMatcher<T>(entries: Array<[route: string, value: T]>): (path: string) => T | undefined {
  const routes = entries.map(([route, value]) => ({ segments: route.toLowerCase().split('/').filter(Boolean), value }));
  return (path) => {
    const segments = path.toLowerCase().split('/').filter(Boolean);
    return routes.find((r) => r.segments.length === segments.length && r.segments.every((s, i) => s.startsWith(':') || s === segments[i]))?.value;
  };
}
