import { describe, expect, it } from 'vitest';
import { buildSuggestions, searchPath, suggestionGroup, suggestionPath } from './search-suggestions';

const categories = [
  { _id: 'c1', name: 'Accessories' },
  { _id: 'c2', name: 'Scarves' },
  { _id: 'c3', name: 'Casual Wear' },
];
const products = [{ _id: 'p1', name: 'Cashmere Scarf', price: 89, image: '/api/images/1' }];

describe('header search suggestions', () => {
  it('lists matching categories first (those starting with the text lead), then the products found', () => {
    const list = buildSuggestions('ca', categories, products);
    expect(list.map((s) => `${s.kind}:${s.label}`)).toEqual(['category:Casual Wear', 'category:Scarves', 'product:Cashmere Scarf']);
  });

  it("offers the search's correction only when it found no product, and not when it is the text itself", () => {
    expect(buildSuggestions('sneekers', categories, [], 'sneakers').map((s) => `${s.kind}:${s.label}`)).toEqual(['correction:sneakers']);
    expect(buildSuggestions('cashmer', categories, products, 'cashmere').map((s) => s.kind)).toEqual(['product']);
    expect(buildSuggestions('Scarf', categories, [], 'scarf').map((s) => s.kind)).toEqual([]);
    expect(buildSuggestions('velvet', categories, [], null)).toEqual([]);
  });

  it('suggests nothing under two characters', () => {
    expect(buildSuggestions(' s ', categories, products)).toEqual([]);
  });

  it('leads a product to its page, a category to the filtered shop, and Enter to the shop search', () => {
    expect(suggestionPath({ kind: 'product', id: 'p1', label: 'x', price: 1, image: '' })).toBe('/product/p1');
    expect(suggestionPath({ kind: 'category', id: 'c2', label: 'Scarves' })).toBe('/shop/category/c2');
    expect(searchPath('  wool & silk ')).toBe('/shop?search=wool%20%26%20silk');
    expect(searchPath('   ')).toBeNull();
    expect(suggestionPath({ kind: 'correction', id: 'leather boots', label: 'leather boots' })).toBe('/shop?search=leather%20boots');
    expect(suggestionGroup({ kind: 'correction', id: 'x', label: 'x' })).toBe('Did you mean');
  });
});
