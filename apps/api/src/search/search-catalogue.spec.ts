import { Types } from 'mongoose';
import { demoSearchRecords } from '../../../../test/support/demo-search-records';
import { SearchCatalogue, type SearchFilters, type SearchRecord } from './search-catalogue';
import { DEFAULT_SYNONYMS } from './search-text';

const records = demoSearchRecords();
const catalogue = new SearchCatalogue();
catalogue.rebuild(records);
catalogue.setSynonyms(DEFAULT_SYNONYMS);

const names = (q: string, limit = 100): string[] =>
  catalogue.search({ q, statuses: ['published'] }, 'relevance', 0, limit).records.map((r) => r.name);
const top = (q: string, n: number): string[] => names(q, n);
const byName = (name: string): SearchRecord => {
  const found = records.find((r) => r.name === name);
  if (!found) throw new Error(`no demo product ${name}`);
  return found;
};

describe('search relevance over the demo catalogue', () => {
  it('needs every word, in any order', () => {
    const both = ['Leather Chelsea Boots', 'Artisan Leather Boots'];
    expect(top('leather boots', 2).sort()).toEqual([...both].sort());
    expect(top('boots leather', 2).sort()).toEqual([...both].sort());
    // A product with only one of the words is not a hit.
    expect(names('leather boots')).not.toContain('Leather Tote');
    expect(names('leather boots')).not.toContain('Hiking Boots');
  });

  it('forgives a typo: one from 4 letters, two from 8, none below', () => {
    expect(top('lether boots', 2).sort()).toEqual(['Artisan Leather Boots', 'Leather Chelsea Boots']);
    expect(top('sneekers', 2).sort()).toEqual(['Canvas Sneakers', 'Court Sneakers']);
    expect(top('cashmire scarf', 1)).toEqual(['Cashmere Scarf']);
    // "cap" is 3 letters: "cop" is not forgiven.
    expect(names('cop')).not.toContain('Baseball Cap');
  });

  it('matches the last word as a prefix while typing', () => {
    expect(top('denim jack', 2).sort()).toEqual(['Denim Trucker Jacket', 'Embroidered Denim Jacket']);
    expect(names('backp')).toEqual(expect.arrayContaining(['Everyday Backpack', 'Roll-top Backpack']));
    expect(top('sungl', 1)).toEqual(['Aviator Sunglasses']);
  });

  it('reads hyphens and synonyms: tshirt, t-shirt and tee find the tees; trainers find sneakers', () => {
    const tees = ['Essential Crew Tee', 'Sunset Graphic Tee', 'Oversized Pocket Tee'];
    for (const q of ['tshirt', 't-shirt', 'tee', 'T-Shirts']) expect(names(q)).toEqual(expect.arrayContaining(tees));
    expect(names('trainers')).toEqual(expect.arrayContaining(['Running Trainers', 'Canvas Sneakers', 'Court Sneakers']));
    expect(top('trainers', 1)).toEqual(['Running Trainers']);
    expect(names('jumper')).toEqual(expect.arrayContaining(['Merino Pullover', 'Cable Knit Sweater']));
  });

  it('finds colour and brand words, ranking the name above the description', () => {
    expect(names('blue')).toEqual(expect.arrayContaining(['Baseball Cap', 'Floral Midi Dress']));
    expect(names('blue cap')).toEqual(['Baseball Cap']);
    expect(names('stride lab')).toEqual(expect.arrayContaining(['Running Trainers', 'Court Sneakers', 'Minimal Watch']));
    expect(top('denim jacket', 2).sort()).toEqual(['Denim Trucker Jacket', 'Embroidered Denim Jacket']);
    expect(top('watch', 1)).toEqual(['Minimal Watch']);
  });

  it('finds sizes and categories', () => {
    expect(names('boots 40')).toEqual(expect.arrayContaining(['Leather Chelsea Boots', 'Hiking Boots']));
    expect(names('outerwear')).toEqual(expect.arrayContaining(['Wool Overcoat', 'Rain Shell', 'Quilted Puffer']));
  });

  it('suggests a correction when nothing matches, and none when something does', () => {
    const zero = catalogue.search({ q: 'jakcet', statuses: ['published'] }, 'relevance', 0, 12);
    expect(zero.total).toBe(0);
    expect(zero.suggestion).toBe('jacket');
    expect(catalogue.search({ q: 'cashmere scraf', statuses: ['published'] }, 'relevance', 0, 12).suggestion).toBe('cashmere scarf');
    expect(catalogue.search({ q: 'jacket', statuses: ['published'] }, 'relevance', 0, 12).suggestion).toBeNull();
    expect(catalogue.search({ q: 'qzxv', statuses: ['published'] }, 'relevance', 0, 12).suggestion).toBeNull();
  });

  it('keeps the other orders when asked, and searches only the statuses given', () => {
    const cheapestFirst = catalogue.search({ q: 'boots', statuses: ['published'] }, 'price_asc', 0, 10).records.map((r) => r.priceCents);
    expect(cheapestFirst).toEqual([...cheapestFirst].sort((a, b) => a - b));
    const hidden = new SearchCatalogue();
    hidden.rebuild([{ ...byName('Rain Shell'), status: 'draft' }]);
    expect(hidden.search({ q: 'rain', statuses: ['published'] }, 'relevance', 0, 10).total).toBe(0);
    expect(hidden.matchingIds('rain')).toHaveLength(1);
  });
});

describe('search facets count the products each value gives', () => {
  /** The products a filter set gives, counted by brute force over the records (no index). */
  const bruteCount = (filters: SearchFilters): number => catalogue.search(filters, 'newest', 0, 1000).total;

  const cases: Array<[string, SearchFilters]> = [
    ['everything', {}],
    ['a query', { q: 'leather' }],
    ['a query and a size', { q: 'boots', sizes: ['40'] }],
    ['a category and in stock', { categories: [byName('Court Sneakers').category!._id.toHexString()], inStock: true }],
    ['two colours and a price', { colours: ['Black', 'Navy'], minPriceCents: 2500, maxPriceCents: 10000 }],
    ['a brand and a size in stock', { brands: ['Stride Lab'], sizes: ['40'], inStock: true }],
  ];

  it.each(cases)('%s: each facet value counts what choosing it gives', (_label, base) => {
    const filters = { ...base, statuses: ['published'] as const };
    const answer = catalogue.search(filters, 'newest', 0, 1000);
    expect(answer.total).toBe(answer.records.length);
    for (const f of answer.facets.size) expect([f.value, f.count]).toEqual([f.value, bruteCount({ ...filters, sizes: [f.value] })]);
    for (const f of answer.facets.brand) expect([f.value, f.count]).toEqual([f.value, bruteCount({ ...filters, brands: [f.value] })]);
    for (const f of answer.facets.category) expect([f.value, f.count]).toEqual([f.value, bruteCount({ ...filters, categories: [f.value] })]);
    for (const f of answer.facets.colour) expect([f.value, f.count]).toEqual([f.value, bruteCount({ ...filters, colours: [f.value] })]);
    for (const f of answer.facets.price) {
      const [min, max] = f.value.split('-');
      expect([f.value, f.count]).toEqual([
        f.value,
        bruteCount({ ...filters, minPriceCents: Number(min) * 100, maxPriceCents: max ? Number(max) * 100 : undefined }),
      ]);
    }
    for (const f of answer.facets.inStock) expect(f.count).toBe(bruteCount({ ...filters, inStock: true }));
    // Counted by hand for the values themselves: a size's count is the products offering it under the other filters.
    const sizeCounts = Object.fromEntries(answer.facets.size.map((f) => [f.value, f.count]));
    for (const [size, count] of Object.entries(sizeCounts)) expect(count).toBe(handCount(filters, { sizes: [size] }));
  });

  function handCount(filters: SearchFilters, replace: Partial<SearchFilters>): number {
    const f = { ...filters, ...replace };
    const text = f.q ? new Set(catalogue.matchingIds(f.q)) : undefined;
    return records.filter((r) => {
      if (text && !text.has(r._id.toHexString())) return false;
      if (f.categories?.length && !f.categories.includes(r.category?._id.toHexString() ?? '')) return false;
      if (f.brands?.length && !f.brands.includes(r.brand)) return false;
      if (f.minPriceCents !== undefined && r.priceCents < f.minPriceCents) return false;
      if (f.maxPriceCents !== undefined && r.priceCents > f.maxPriceCents) return false;
      const options = r.variants.length
        ? r.variants.map((v) => ({ size: v.size, colour: v.colour, stock: v.countInStock }))
        : (r.specifications?.Colours ?? '')
            .split(', ')
            .filter(Boolean)
            .map((colour) => ({ size: undefined, colour, stock: r.countInStock }));
      const all = options.length ? options : [{ size: undefined, colour: undefined, stock: r.countInStock }];
      return all.some(
        (o) =>
          (!f.sizes?.length || (o.size !== undefined && f.sizes.includes(o.size))) &&
          (!f.colours?.length || (o.colour !== undefined && f.colours.includes(o.colour))) &&
          (!f.inStock || o.stock > 0),
      );
    }).length;
  }

  it('counts a sold-out size only without the in-stock filter', () => {
    const court = byName('Court Sneakers');
    const soldOut = court.variants.find((v) => v.countInStock === 0)?.size;
    expect(soldOut).toBe('40');
    const all = catalogue.search({ q: 'court sneakers', statuses: ['published'] }, 'relevance', 0, 10);
    expect(all.facets.size.find((f) => f.value === '40')?.count).toBe(1);
    const stocked = catalogue.search({ q: 'court sneakers', inStock: true, statuses: ['published'] }, 'relevance', 0, 10);
    expect(stocked.facets.size.find((f) => f.value === '40')).toBeUndefined();
    expect(catalogue.search({ q: 'court sneakers', sizes: ['40'], inStock: true, statuses: ['published'] }, 'relevance', 0, 10).total).toBe(0);
  });
});

describe('search index upkeep', () => {
  it('finds a renamed product by its new name only, and forgets a removed one', () => {
    const own = new SearchCatalogue();
    const [first, second] = demoSearchRecords().slice(0, 2);
    own.rebuild([first, second]);
    own.upsert({ ...first, name: 'Harbour Smock' });
    expect(own.search({ q: 'harbour' }, 'relevance', 0, 10).records.map((r) => r._id)).toEqual([first._id]);
    expect(own.search({ q: first.name }, 'relevance', 0, 10).records.map((r) => r._id)).not.toContain(first._id);
    own.remove(second._id.toHexString());
    expect(own.size).toBe(1);
    expect(own.search({ q: second.name }, 'relevance', 0, 10).total).toBe(0);
  });
});

describe('search at a larger size: pages, ties and re-indexing', () => {
  /** 600 copies of the demo products (new ids and names with a number), enough that a broad search orders only its first pages. */
  const many = (): SearchRecord[] =>
    Array.from({ length: 12 }, (_, copy) =>
      demoSearchRecords().map((r, i) => ({
        ...r,
        _id: new Types.ObjectId(),
        name: `${r.name} ${copy * 100 + i}`,
        slug: `${r.slug}-${copy}`,
        description: `${r.description} Everyday wear.`,
      })),
    ).flat();

  it('pages through a broad search consistently: the pages joined are the whole order, with no product twice', () => {
    for (const cacheSize of [0, 200]) {
      const big = new SearchCatalogue(cacheSize);
      big.rebuild(many());
      for (const sort of ['relevance', 'price_asc'] as const) {
        const all = big.search({ q: 'everyday' }, sort, 0, 1000);
        expect(all.total).toBeGreaterThan(240);
        const paged = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((page) => big.search({ q: 'everyday' }, sort, page * 40, 40).records);
        expect(paged.map((r) => r._id.toHexString())).toEqual(all.records.slice(0, 320).map((r) => r._id.toHexString()));
        expect(new Set(all.records.map((r) => r._id.toHexString())).size).toBe(all.total);
        if (sort === 'price_asc')
          expect(all.records.map((r) => r.priceCents)).toEqual([...all.records.map((r) => r.priceCents)].sort((a, b) => a - b));
      }
    }
  });

  it('orders equal scores the same way every time', () => {
    const big = new SearchCatalogue(0);
    big.rebuild(many());
    const first = big.search({ q: 'sneakers' }, 'relevance', 0, 30).records.map((r) => r._id.toHexString());
    const again = big.search({ q: 'sneakers' }, 'relevance', 0, 30).records.map((r) => r._id.toHexString());
    expect(again).toEqual(first);
  });

  it('ranks a word in the name above the same word in the description', () => {
    const own = new SearchCatalogue(0);
    const [a, b] = demoSearchRecords();
    own.rebuild([
      { ...a, name: 'Harbour Smock', description: 'A plain shirt.' },
      { ...b, name: 'Plain Shirt', description: 'Nothing about harbours here but the word harbour once.' },
    ]);
    expect(own.search({ q: 'harbour' }, 'relevance', 0, 10).records.map((r) => r.name)).toEqual(['Harbour Smock', 'Plain Shirt']);
  });

  it('keeps answering right through many replacements and removals (dead slots compacted)', () => {
    const big = new SearchCatalogue(0);
    const records = many();
    big.rebuild(records);
    // Rename every product twice: more than a quarter of the slots die, and the index compacts itself.
    for (const word of ['harbourside', 'meadowlark']) for (const r of records) big.upsert({ ...r, name: `${r.name} ${word}` });
    for (const r of records.slice(0, 100)) big.remove(r._id.toHexString());
    expect(big.size).toBe(records.length - 100);
    expect(big.search({ q: 'harbourside' }, 'relevance', 0, 10).total).toBe(0);
    expect(big.search({ q: 'meadowlark' }, 'relevance', 0, 10).total).toBe(records.length - 100);
    const removed = records[0];
    expect(big.matchingIds(`${removed.name} meadowlark`)).not.toContain(removed._id.toHexString());
    const kept = records[150];
    expect(big.matchingIds(`${kept.name} meadowlark`)[0]).toBe(kept._id.toHexString());
  });
});
