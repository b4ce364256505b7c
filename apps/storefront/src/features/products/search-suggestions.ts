/**
 * The header search's suggestions (components/layout/ShopHeader.tsx → HeaderSearch.tsx): the categories whose name
 * matches the typed text, then the products the server found for it, and where each one leads.
 */
export const SUGGESTION_MIN_CHARS = 2;
export const SUGGESTION_DEBOUNCE_MS = 250;
export const MAX_CATEGORY_SUGGESTIONS = 3;
export const MAX_PRODUCT_SUGGESTIONS = 6;

export type Suggestion =
  | { kind: 'category'; id: string; label: string }
  | { kind: 'product'; id: string; label: string; price: number; image: string };

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

/** Categories first (a name containing the text, case-insensitive; those starting with it lead), then products. */
export function buildSuggestions(text: string, categories: NamedCategory[], products: FoundProduct[]): Suggestion[] {
  const needle = text.trim().toLowerCase();
  if (needle.length < SUGGESTION_MIN_CHARS) return [];
  const matching = categories
    .filter((c) => c.name.toLowerCase().includes(needle))
    .sort((a, b) => Number(!a.name.toLowerCase().startsWith(needle)) - Number(!b.name.toLowerCase().startsWith(needle)) || a.name.localeCompare(b.name))
    .slice(0, MAX_CATEGORY_SUGGESTIONS)
    .map((c): Suggestion => ({ kind: 'category', id: c._id, label: c.name }));
  const found = products.slice(0, MAX_PRODUCT_SUGGESTIONS).map((p): Suggestion => ({ kind: 'product', id: p._id, label: p.name, price: p.price, image: p.image }));
  return [...matching, ...found];
}

/** Where a picked suggestion goes: a product to its page, a category to the shop filtered by it. */
export function suggestionPath(suggestion: Suggestion): string {
  return suggestion.kind === 'product' ? `/product/${encodeURIComponent(suggestion.id)}` : `/shop/category/${encodeURIComponent(suggestion.id)}`;
}

/** Enter with text: the shop's search (its `search` query parameter); blank text goes nowhere. */
export function searchPath(text: string): string | null {
  const query = text.trim();
  return query ? `/shop?search=${encodeURIComponent(query)}` : null;
}
