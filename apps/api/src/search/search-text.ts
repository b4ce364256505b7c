/**
 * How the shop's search reads words, the same way for the catalogue it indexes and for what shoppers type:
 * lower case, accents dropped ("Café" → "cafe"), apostrophes dropped ("men's" → "mens"), and a hyphenated word
 * as one word ("T-Shirt" → "tshirt"), so that "tshirt", "t-shirt" and "T-Shirt" are the same word. The index also
 * keeps a hyphenated word's parts ("long-sleeve" → "longsleeve", "long", "sleeve").
 */

/** Words are runs of letters and digits, with the hyphens and apostrophes inside them. */
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}'’-]*[\p{L}\p{N}])?/gu;
const MARKS = /\p{M}+/gu;

/** Words that say nothing about a product: a query of "jacket for men" needs no product to contain "for". */
const STOP_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'and', 'the', 'for', 'with', 'of', 'in', 'on', 'to', 'or']);

/** The words of a text, as typed (before normalising). */
export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** One word in the search's own spelling: lower case, no accents, no apostrophes or hyphens. */
export function normaliseWord(word: string): string {
  return word.normalize('NFD').replace(MARKS, '').toLowerCase().replace(/['’-]/g, '');
}

/** The index's terms for one word: the word, and the parts of a hyphenated one. */
export function indexTerms(word: string): string[] {
  const joined = normaliseWord(word);
  if (!joined) return [];
  if (!/-/.test(word)) return [joined];
  const parts = word
    .split('-')
    .map(normaliseWord)
    .filter((part) => part.length > 0 && part !== joined);
  return [...new Set([joined, ...parts])];
}

/** A query's terms, stop words left out (unless the query is nothing but stop words). */
export function queryTerms(text: string): string[] {
  const terms = words(text).map(normaliseWord).filter(Boolean);
  const meaningful = terms.filter((term) => !STOP_WORDS.has(term));
  return meaningful.length > 0 ? meaningful : terms;
}

/** How many typing errors a query word may carry: none under 4 letters, one from 4, two from 8. */
export function typosAllowed(term: string): number {
  if (term.length >= 8) return 2;
  if (term.length >= 4) return 1;
  return 0;
}

/** Edits the "Did you mean" suggestion may make to a word: one more than a search forgives. */
export function suggestionEdits(term: string): number {
  if (term.length >= 8) return 3;
  if (term.length >= 4) return 2;
  return term.length >= 3 ? 1 : 0;
}

/** Synonym groups as the search uses them: each entry one term, empty and one-word groups dropped, no repeats. */
export function normaliseSynonymGroups(groups: readonly (readonly string[])[]): string[][] {
  const out: string[][] = [];
  for (const group of groups) {
    const terms = [...new Set(group.map((entry) => words(entry).map(normaliseWord).join('')).filter(Boolean))];
    if (terms.length > 1) out.push(terms);
  }
  return out;
}

/** Synonym groups the shop starts with; the owner edits them in the console. */
export const DEFAULT_SYNONYMS: readonly (readonly string[])[] = [
  ['tee', 't-shirt', 'tshirt'],
  ['trainers', 'sneakers', 'trainer', 'sneaker', 'runners'],
  ['jumper', 'sweater', 'pullover', 'knit'],
  ['hoodie', 'hoody', 'sweatshirt'],
  ['trousers', 'pants', 'chinos', 'slacks'],
  ['jeans', 'denim'],
  ['coat', 'jacket', 'overcoat', 'parka'],
  ['bag', 'tote', 'satchel', 'handbag'],
  ['rucksack', 'backpack'],
  ['sunglasses', 'shades', 'sunnies'],
  ['beanie', 'hat', 'toque'],
  ['grey', 'gray'],
  ['colour', 'color'],
];
