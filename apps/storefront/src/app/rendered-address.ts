/**
 * Whether a page rendered for `renderedFor` (its data-path) shows this visit's address (`pathname` and `search`).
 *
 * A page prerendered at build time must have been made for the address exactly. The API renders a server-rendered
 * page for its path and, of the query, only the parameters the page reads (pages.mts `query`): it keeps each of
 * those that the address has, and drops every other one. So a parameter of the address that the rendered one does
 * not have was dropped as one the page does not read: the page is the same with it, and React may take it over.
 */
export function rendersAddress(renderedFor: string | undefined, pathname: string, search: string, serverRendered: boolean): boolean {
  if (renderedFor === undefined) return false;
  if (renderedFor === pathname + search) return true;
  if (!serverRendered) return false;
  const at = renderedFor.indexOf('?');
  if ((at < 0 ? renderedFor : renderedFor.slice(0, at)) !== pathname) return false;
  const rendered = new URLSearchParams(at < 0 ? '' : renderedFor.slice(at + 1));
  const kept = new Set(rendered.keys());
  const visit = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) if (kept.has(name)) visit.append(name, value);
  rendered.sort();
  visit.sort();
  return rendered.toString() === visit.toString();
}
