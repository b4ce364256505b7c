/**
 * The header search's suggestions (components/layout/ShopHeader.tsx → HeaderSearch.tsx): the categories whose name
 * matches the typed text, then the products GET /api/search found for it (typos tolerated), or, when it found
 * none, its corrected query; and where each one leads.
 */
export const SUGGESTION_MIN_CHARS = 2;
export const SUGGESTION_DEBOUNCE_MS = 250;
export const MAX_CATEGORY_SUGGESTIONS = 3;
export const MAX_PRODUCT_SUGGESTIONS = 5;

export type Suggestion =
  | { kind: 'category'; id: string; label: string }
  | { kind: 'product'; id: string; label: string; price: number; image: string }
  /** The search's "Did you mean": its corrected query, when the typed one found nothing. */
  | { kind: 'correction'; id: string; label: string };

interface NamedCategory {
  _id: string;
  name: string;
}

interface FoundProduct {
  _id: string;
  name: string;
  price: number;
  image: string;
}

/**
 * Categories first (a name containing the text, case-insensitive; those starting with it lead), then products; with
 * no product found, the search's correction of the text (when it has one).
 */
export function buildSuggestions(
  text: string,
  categories: NamedCategory[],
  products: FoundProduct[],
  correction: string | null = null,
): Suggestion[] {
  const needle = text.trim().toLowerCase();
  if (needle.length < SUGGESTION_MIN_CHARS) return [];
  const matching = categories
    .filter((c) => c.name.toLowerCase().includes(needle))
    .sort(
      (a, b) => Number(!a.name.toLowerCase().startsWith(needle)) - Number(!b.name.toLowerCase().startsWith(needle)) || a.name.localeCompare(b.name),
    )
    .slice(0, MAX_CATEGORY_SUGGESTIONS)
    .map((c): Suggestion => ({ kind: 'category', id: c._id, label: c.name }));
  const found = products
    .slice(0, MAX_PRODUCT_SUGGESTIONS)
    .map((p): Suggestion => ({ kind: 'product', id: p._id, label: p.name, price: p.price, image: p.image }));
  const corrected: Suggestion[] =
    found.length === 0 && correction && correction.trim().toLowerCase() !== needle ? [{ kind: 'correction', id: correction, label: correction }] : [];
  return [...matching, ...found, ...corrected];
}

/** Where a picked suggestion goes: a product to its page, a category to the shop filtered by it, a correction to the shop's search for it. */
export function suggestionPath(suggestion: Suggestion): string {
  if (suggestion.kind === 'product') return `/product/${encodeURIComponent(suggestion.id)}`;
  if (suggestion.kind === 'correction') return searchPath(suggestion.label) ?? '/shop';
  return `/shop/category/${encodeURIComponent(suggestion.id)}`;
}

/** The heading a suggestion is listed under. */
export function suggestionGroup(suggestion: Suggestion): string {
  return suggestion.kind === 'category' ? 'Categories' : suggestion.kind === 'product' ? 'Products' : 'Did you mean';
}

/** Enter with text: the shop's search (its `search` query parameter); blank text goes nowhere. */
export function searchPath(text: string): string | null {
  const query = text.trim();
  return query ? `/shop?search=${encodeURIComponent(query)}` : null;
}
