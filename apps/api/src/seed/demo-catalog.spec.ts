import { DEMO_ART, DEMO_KINDS, type DemoKind } from '@shop/media';
import { CARE, DEMO_BLOGS, DEMO_CONTRIBUTORS, DEMO_PRODUCTS, DEMO_REVIEWERS, NAME_KIND_RULES, STUDIO_DISTRIBUTOR_EMAIL, kindForName } from './demo-catalog';

/** What a shopper reads in a name, written here independently of the catalogue's own table. */
const EXPECTED_BY_NAME: [RegExp, DemoKind][] = [
  [/Boots/, 'boot'],
  [/Sneakers|Trainers/, 'sneaker'],
  [/Scarf|Bandana/, 'scarf'],
  [/Watch|Chronograph/, 'watch'],
  [/Sunglasses/, 'sunglasses'],
  [/Jacket|Coat|Puffer|Shell/, 'jacket'],
  [/Hoodie/, 'hoodie'],
  [/Dress/, 'dress'],
  [/Jeans/, 'jeans'],
  [/\bCap\b/, 'cap'],
  [/Beanie/, 'beanie'],
  [/Backpack/, 'backpack'],
  [/Tote|Satchel|Crossbody|Weekender/, 'bag'],
  [/Belt/, 'belt'],
  [/Skirt/, 'skirt'],
  [/Tee|Top$/, 'tshirt'],
];

const APPAREL: DemoKind[] = ['tshirt', 'shirt', 'hoodie', 'sweater', 'cardigan', 'dress', 'skirt', 'jeans', 'trousers', 'shorts', 'jacket'];

describe('the demo catalogue', () => {
  it("draws every product with its own kind's art, as its name says", () => {
    for (const p of DEMO_PRODUCTS) {
      expect([p.name, kindForName(p.name)]).toEqual([p.name, p.kind]);
      expect(DEMO_ART[p.kind]).toBeDefined();
      for (const [pattern, kind] of EXPECTED_BY_NAME) if (pattern.test(p.name)) expect([p.name, p.kind]).toEqual([p.name, kind]);
    }
    // Every rule names a kind that has art, and the catalogue shows many kinds, not a few shapes for everything.
    for (const [, kind] of NAME_KIND_RULES) expect(DEMO_KINDS).toContain(kind);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.kind)).size).toBeGreaterThanOrEqual(18);
    expect(kindForName('Cashmere Scarf')).toBe('scarf');
    expect(kindForName('Wool Overcoat')).toBe('jacket');
    expect(kindForName('Cropped Sweatshirt')).toBe('sweater');
  });

  it('writes copy per product, with care notes that fit the material', () => {
    expect(new Set(DEMO_PRODUCTS.map((p) => p.description)).size).toBe(DEMO_PRODUCTS.length);
    for (const p of DEMO_PRODUCTS) {
      expect(p.description).not.toMatch(/machine-washable where the fabric allows/i);
      expect(p.description).toContain(CARE[p.care].note);
      expect(p.specs.Care).toBe(CARE[p.care].label);
      if (['boot', 'sneaker', 'watch', 'bag', 'backpack', 'belt', 'sunglasses'].includes(p.kind)) expect([p.name, /machine[- ]wash/i.test(p.description)]).toEqual([p.name, false]);
      if (p.kind === 'watch') expect(p.description).toMatch(/water resistant/i);
      if (/leather/i.test(p.specs.Material) && !/vegan/i.test(p.specs.Material) && p.kind !== 'jacket') expect([p.name, p.description]).toEqual([p.name, expect.stringMatching(/wipe clean.*condition/i)]);
      if (/cashmere|merino|lambswool|^wool/i.test(p.specs.Material) && !/jacket|trousers/.test(p.kind)) expect([p.name, p.description]).toEqual([p.name, expect.stringMatching(/hand wash cold.*dry flat/i)]);
      if (/denim/i.test(p.specs.Material)) expect([p.name, p.description]).toEqual([p.name, expect.stringMatching(/inside out/i)]);
    }
  });

  it('sells apparel and shoes in sizes (and colours) with their own stock; the product stock is their sum', () => {
    for (const p of DEMO_PRODUCTS.filter((x) => !x.special && (APPAREL.includes(x.kind) || x.kind === 'boot' || x.kind === 'sneaker'))) {
      expect([p.name, p.variants.length]).toEqual([p.name, expect.any(Number)]);
      expect(p.variants.length).toBeGreaterThanOrEqual(4);
      expect(p.stock).toBe(p.variants.reduce((sum, v) => sum + v.countInStock, 0));
      expect(new Set(p.variants.map((v) => v.sku)).size).toBe(p.variants.length);
      expect(new Set(p.variants.map((v) => v.colour)).size).toBe(p.colours.length);
    }
    const stocks = DEMO_PRODUCTS.flatMap((p) => p.variants.map((v) => v.countInStock));
    expect(new Set(stocks).size).toBeGreaterThan(5);
    expect(DEMO_PRODUCTS.filter((p) => p.colours.length > 1).length).toBeGreaterThanOrEqual(10);
  });

  it('has items sold out and items on sale, and keeps the 7 special products', () => {
    expect(DEMO_PRODUCTS.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(2);
    const onSale = DEMO_PRODUCTS.filter((p) => p.compareAt !== undefined && p.compareAt > p.price);
    expect(onSale.filter((p) => p.stock > 0).length).toBeGreaterThanOrEqual(4);
    expect(DEMO_PRODUCTS.filter((p) => p.special)).toHaveLength(7);
  });

  it('has several reviewers with varied ratings and text; a reviewed product has at least three reviewers', () => {
    const reviews = DEMO_PRODUCTS.flatMap((p) => p.reviews);
    expect(new Set(reviews.map((r) => r.reviewer)).size).toBe(DEMO_REVIEWERS.length);
    expect(DEMO_REVIEWERS.length).toBeGreaterThanOrEqual(4);
    expect(new Set(reviews.map((r) => r.rating)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(reviews.map((r) => r.comment)).size).toBeGreaterThan(reviews.length / 2);
    for (const p of DEMO_PRODUCTS) {
      if (p.reviews.length === 0) continue;
      expect(new Set(p.reviews.map((r) => r.reviewer)).size).toBe(p.reviews.length);
      expect(p.reviews.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('has at least four contributors, each selling products, and covers for every blog post', () => {
    const owners = new Set(DEMO_PRODUCTS.map((p) => p.ownerEmail).filter(Boolean));
    expect(owners).toEqual(new Set([STUDIO_DISTRIBUTOR_EMAIL, ...DEMO_CONTRIBUTORS.map((c) => c.email)]));
    expect(owners.size).toBeGreaterThanOrEqual(4);
    for (const blog of DEMO_BLOGS) expect(blog.cover.length).toBeGreaterThan(0);
  });
});
