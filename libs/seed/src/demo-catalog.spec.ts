import { DEMO_ART, DEMO_KINDS, type DemoKind } from '@shop/media';
import {
  CARE,
  DEMO_BLOGS,
  DEMO_CONTRIBUTORS,
  DEMO_COUPONS,
  DEMO_PRODUCTS,
  DEMO_REVIEWERS,
  NAME_KIND_RULES,
  STUDIO_DISTRIBUTOR_EMAIL,
  STUDIO_JOINED_DAYS_AGO,
  kindForName,
  remarksFor,
} from './demo-catalog';

/** What a shopper reads in a name, written here independently of the catalogue's own table. */
const EXPECTED_BY_NAME: [RegExp, DemoKind][] = [
  [/Boots/, 'boot'],
  [/Sneakers|Trainers/, 'sneaker'],
  [/Scarf/, 'scarf'],
  [/Bandana/, 'bandana'],
  [/Watch|Chronograph/, 'watch'],
  [/Sunglasses/, 'sunglasses'],
  [/Overcoat/, 'overcoat'],
  [/Puffer/, 'puffer'],
  [/Varsity/, 'varsity'],
  [/Biker/, 'biker'],
  [/Rain Shell/, 'rainshell'],
  [/Denim .*Jacket/, 'jacket'],
  [/Hoodie/, 'hoodie'],
  [/Floral .*Dress/, 'floralDress'],
  [/(Black|Silk|Linen Sun)[a-z]* ?Dress/, 'dress'],
  [/Breton|Striped/, 'breton'],
  [/Jeans/, 'jeans'],
  [/\bCap\b/, 'cap'],
  [/Beanie/, 'beanie'],
  [/Backpack/, 'backpack'],
  [/Weekender/, 'weekender'],
  [/Satchel/, 'satchel'],
  [/Crossbody/, 'crossbody'],
  [/Tote/, 'bag'],
  [/Belt/, 'belt'],
  [/Skirt/, 'skirt'],
  [/Tee$/, 'tshirt'],
];

const LETTER_KINDS: DemoKind[] = [
  'tshirt',
  'shirt',
  'breton',
  'hoodie',
  'sweater',
  'cardigan',
  'dress',
  'floralDress',
  'skirt',
  'shorts',
  'jacket',
  'overcoat',
  'puffer',
  'varsity',
  'biker',
  'rainshell',
];
const WAIST_KINDS: DemoKind[] = ['jeans', 'trousers'];
const SHOE_KINDS: DemoKind[] = ['sneaker', 'boot'];
const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL'];
const OUTERWEAR_KINDS: DemoKind[] = ['jacket', 'overcoat', 'puffer', 'varsity', 'biker', 'rainshell'];
const KNITS_AND_COATS: DemoKind[] = ['sweater', 'cardigan', 'hoodie', ...OUTERWEAR_KINDS, 'beanie', 'scarf', 'boot', 'backpack'];

/**
 * Words that belong to some kinds of product only, written here apart from the catalogue's remarks: a review that
 * uses one is about a product of those kinds (no "stopped working" on a bandana, no "sole" on a scarf).
 */
const VOCABULARY: [RegExp, DemoKind[]][] = [
  [/stopped working|keeps (perfect )?time|\bdial\b|\bcrown\b|\bwrist\b/i, ['watch']],
  [/\b(sole|heel|insoles?|blisters?|laces|toe|breaking in)\b/i, SHOE_KINDS],
  [/\b(lens|lenses|glare|nose pads|hinges|frame)\b/i, ['sunglasses']],
  [/\bbrim\b/i, ['cap']],
  [/\bbuckles?\b/i, ['belt', 'satchel', 'biker']],
  [/\b(laptop|overhead locker)\b/i, ['bag', 'backpack', 'weekender']],
  [/\bzip\b/i, ['hoodie', 'puffer', 'rainshell', 'biker', 'backpack', 'weekender', 'bag', 'crossbody']],
  [/\b(rain|downpour|waterproof|kept me dry|dry outside)\b/i, ['rainshell', 'boot', 'backpack', 'puffer']],
  [/\bwarm(er|th)?\b|\bfreezing\b|\bwinter\b/i, KNITS_AND_COATS],
  [/\bstripes?\b/i, ['breton']],
  [/\b(print|flowers?|floral)\b/i, ['floralDress', 'tshirt']],
  [/\b(knotted|tied|hair)\b/i, ['bandana', 'scarf']],
  [/\bhood\b/i, ['hoodie', 'rainshell']],
  [/\bsleeves?\b/i, ['tshirt', 'shirt', 'breton', 'hoodie', 'sweater', 'cardigan', ...OUTERWEAR_KINDS]],
  [/\b(waist|hips|thighs|hem taken up|knees?)\b/i, ['skirt', 'jeans', 'trousers', 'shorts', 'floralDress']],
  [/\bbust\b/i, ['dress', 'floralDress']],
  [/\b(feathers?|loft)\b/i, ['puffer']],
  [/\b(pilling|itch)\b/i, ['sweater', 'cardigan', 'beanie']],
  [/\bshoulders?\b(?! strap)/i, ['tshirt', 'shirt', 'breton', 'hoodie', 'sweater', 'cardigan', 'dress', 'floralDress', ...OUTERWEAR_KINDS]],
];

const DAY = 86_400_000;

/** Words that say how long the reviewer has had the product, and the days that takes at least. */
const HELD_FOR: [RegExp, number][] = [
  [/\bmonths\b/i, 60],
  [/\ba month\b|\bweeks\b|several washes/i, 21],
  [/\ba week\b|two washes|few wears|second (day|wear)/i, 7],
];

describe('the demo catalogue', () => {
  it("draws every product with its own kind's art, as its name says, and each kind of jacket differently", () => {
    for (const p of DEMO_PRODUCTS) {
      expect([p.name, kindForName(p.name)]).toEqual([p.name, p.kind]);
      expect(DEMO_ART[p.kind]).toBeDefined();
      for (const [pattern, kind] of EXPECTED_BY_NAME) if (pattern.test(p.name)) expect([p.name, p.kind]).toEqual([p.name, kind]);
    }
    // Every rule names a kind that has art, and the catalogue shows many kinds, not a few shapes for everything.
    for (const [, kind] of NAME_KIND_RULES) expect(DEMO_KINDS).toContain(kind);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.kind)).size).toBeGreaterThanOrEqual(28);
    // The kinds the shop sells each have a product: an overcoat, a puffer, a varsity, a biker, a rain shell…
    const sold = new Set(DEMO_PRODUCTS.map((p) => p.kind));
    for (const kind of ['overcoat', 'puffer', 'varsity', 'biker', 'rainshell', 'bandana', 'breton', 'floralDress', 'weekender'] as DemoKind[])
      expect(sold).toContain(kind);
    // The outerwear is drawn with at least five different drawings, not one for every jacket.
    expect(new Set(DEMO_PRODUCTS.filter((p) => p.category === 'Outerwear').map((p) => p.kind)).size).toBeGreaterThanOrEqual(6);
    expect(kindForName('Cashmere Scarf')).toBe('scarf');
    expect(kindForName('Silk Bandana')).toBe('bandana');
    expect(kindForName('Wool Overcoat')).toBe('overcoat');
    expect(kindForName('Cropped Sweatshirt')).toBe('sweater');
    expect(kindForName('Striped Breton Top')).toBe('breton');
    expect(kindForName('Floral Midi Dress')).toBe('floralDress');
    expect(kindForName('Canvas Weekender')).toBe('weekender');
  });

  it('writes copy per product, with care notes that fit the material', () => {
    expect(new Set(DEMO_PRODUCTS.map((p) => p.description)).size).toBe(DEMO_PRODUCTS.length);
    for (const p of DEMO_PRODUCTS) {
      expect(p.description).not.toMatch(/machine-washable where the fabric allows/i);
      expect(p.description).toContain(CARE[p.care].note);
      expect(p.specs.Care).toBe(CARE[p.care].label);
      if (['boot', 'sneaker', 'watch', 'bag', 'backpack', 'weekender', 'satchel', 'crossbody', 'belt', 'sunglasses'].includes(p.kind))
        expect([p.name, /machine[- ]wash/i.test(p.description)]).toEqual([p.name, false]);
      if (p.kind === 'watch') expect(p.description).toMatch(/water resistant/i);
      if (/leather/i.test(p.specs.Material) && !/vegan/i.test(p.specs.Material) && !OUTERWEAR_KINDS.includes(p.kind))
        expect([p.name, p.description]).toEqual([p.name, expect.stringMatching(/wipe clean.*condition/i)]);
      if (/cashmere|merino|lambswool|^wool/i.test(p.specs.Material) && !OUTERWEAR_KINDS.includes(p.kind) && p.kind !== 'trousers')
        expect([p.name, p.description]).toEqual([p.name, expect.stringMatching(/hand wash cold.*dry flat/i)]);
      if (/denim/i.test(p.specs.Material)) expect([p.name, p.description]).toEqual([p.name, expect.stringMatching(/inside out/i)]);
      if (OUTERWEAR_KINDS.includes(p.kind) && /wool|cashmere/i.test(p.specs.Material))
        expect([p.name, /machine[- ]wash/i.test(p.description.replace(/never machine wash/i, ''))]).toEqual([p.name, false]);
    }
  });

  it('names an origin that agrees with the copy and the material (no Japanese denim made in Italy)', () => {
    const EUROPE = ['Portugal', 'Italy', 'France', 'Spain', 'United Kingdom', 'Germany', 'Ireland'];
    for (const p of DEMO_PRODUCTS) {
      const text = `${p.specs.Material} ${p.description}`;
      expect([p.name, p.specs.Origin]).toEqual([p.name, p.origin]);
      if (/\bJapanese\b/.test(text) && !/quartz movement/.test(text)) expect([p.name, p.origin]).toEqual([p.name, 'Japan']);
      if (/\bItalian\b/.test(text)) expect([p.name, p.origin]).toEqual([p.name, 'Italy']);
      if (/\bEuropean\b/.test(text)) expect([p.name, EUROPE]).toEqual([p.name, expect.arrayContaining([p.origin])]);
      expect([p.name, p.specs.Colours]).toEqual([p.name, p.colours.map((c) => c.name).join(', ')]);
    }
    expect(DEMO_PRODUCTS.find((p) => p.name === 'Embroidered Denim Jacket')?.origin).toBe('Japan');
    // The studio section of the contributors post names what the studio sells.
    const studio = DEMO_PRODUCTS.filter((p) => p.ownerEmail === STUDIO_DISTRIBUTOR_EMAIL).map((p) => p.kind);
    expect(studio).toEqual(expect.arrayContaining(['varsity', 'dress', 'boot']));
  });

  it('sells apparel and shoes in real sizes, never "One size": sizes (and colours) with their own stock, or a one-off piece in one stated size', () => {
    const sized = DEMO_PRODUCTS.filter((p) => [...LETTER_KINDS, ...WAIST_KINDS, ...SHOE_KINDS].includes(p.kind));
    expect(sized.length).toBeGreaterThanOrEqual(30);
    for (const p of sized) {
      expect([p.name, p.specs.Size ?? p.specs.Sizes]).not.toEqual([p.name, 'One size']);
      expect([p.name, JSON.stringify(p.specs)]).not.toEqual([p.name, expect.stringMatching(/one size/i)]);
      const sizes = p.variants.length > 0 ? [...new Set(p.variants.map((v) => v.size))] : [p.specs.Size.replace(/^EU /, '')];
      for (const size of sizes) {
        if (LETTER_KINDS.includes(p.kind)) expect([p.name, LETTER_SIZES.includes(size)]).toEqual([p.name, true]);
        if (WAIST_KINDS.includes(p.kind)) expect([p.name, Number(size) >= 24 && Number(size) <= 40]).toEqual([p.name, true]);
        if (SHOE_KINDS.includes(p.kind)) expect([p.name, Number(size) >= 35 && Number(size) <= 48]).toEqual([p.name, true]);
      }
      if (p.variants.length === 0) {
        // A studio piece made in small runs: the current run's real size, named in its copy, a few pieces left.
        expect([p.name, p.special]).toEqual([p.name, true]);
        expect(p.description).toContain(`size ${p.specs.Size}`);
        expect(p.stock).toBeGreaterThanOrEqual(1);
        expect(p.stock).toBeLessThanOrEqual(3);
        continue;
      }
      expect(p.variants.length).toBeGreaterThanOrEqual(4);
      expect(p.stock).toBe(p.variants.reduce((sum, v) => sum + v.countInStock, 0));
      expect(new Set(p.variants.map((v) => v.sku)).size).toBe(p.variants.length);
      expect(new Set(p.variants.map((v) => v.colour)).size).toBe(p.colours.length);
      expect(p.specs.Sizes).toContain(`${sizes[0]}–${sizes[sizes.length - 1]}`);
    }
    const stocks = DEMO_PRODUCTS.flatMap((p) => p.variants.map((v) => v.countInStock));
    expect(new Set(stocks).size).toBeGreaterThan(5);
    expect(DEMO_PRODUCTS.filter((p) => p.colours.length > 1).length).toBeGreaterThanOrEqual(10);
  });

  it('has items sold out and items on sale, and keeps the 7 special products, each addable from its card (no size to choose)', () => {
    expect(DEMO_PRODUCTS.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(2);
    const onSale = DEMO_PRODUCTS.filter((p) => p.compareAt !== undefined && p.compareAt > p.price);
    expect(onSale.filter((p) => p.stock > 0).length).toBeGreaterThanOrEqual(4);
    const special = DEMO_PRODUCTS.filter((p) => p.special);
    expect(special).toHaveLength(7);
    for (const p of special) expect([p.name, p.variants.length, p.stock > 0]).toEqual([p.name, 0, true]);
  });

  it('has several reviewers with varied ratings; a reviewed product has at least three reviewers', () => {
    const reviews = DEMO_PRODUCTS.flatMap((p) => p.reviews);
    expect(new Set(reviews.map((r) => r.reviewer)).size).toBe(DEMO_REVIEWERS.length);
    expect(DEMO_REVIEWERS.length).toBeGreaterThanOrEqual(4);
    expect(new Set(reviews.map((r) => r.rating)).size).toBeGreaterThanOrEqual(4);
    for (const p of DEMO_PRODUCTS) {
      if (p.reviews.length === 0) continue;
      expect(new Set(p.reviews.map((r) => r.reviewer)).size).toBe(p.reviews.length);
      expect(p.reviews.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('never repeats a review text, word for word, anywhere in the shop', () => {
    const comments = DEMO_PRODUCTS.flatMap((p) => p.reviews.map((r) => r.comment));
    expect(comments.length).toBeGreaterThan(100);
    const seen = new Map<string, number>();
    for (const c of comments) seen.set(c, (seen.get(c) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
    for (const c of comments) expect(c).not.toMatch(/undefined|null|NaN/);
  });

  it("words each review to fit its product: the kind's vocabulary, its own material and colours, its care", () => {
    for (const p of DEMO_PRODUCTS) {
      for (const r of p.reviews) {
        for (const [words, kinds] of VOCABULARY)
          if (words.test(r.comment)) expect([p.name, r.comment, kinds.includes(p.kind)]).toEqual([p.name, r.comment, true]);
        // Washing is talked about only on what the care label lets you wash.
        if (/\bwash(es|ed)?\b/i.test(r.comment)) expect([p.name, r.comment, /wash/i.test(CARE[p.care].label)]).toEqual([p.name, r.comment, true]);
        if (/\bleather\b/i.test(r.comment)) expect([p.name, r.comment, /leather/i.test(p.specs.Material)]).toEqual([p.name, r.comment, true]);
        if (/\bdenim\b/i.test(r.comment)) expect([p.name, r.comment, /denim/i.test(p.specs.Material)]).toEqual([p.name, r.comment, true]);
        const colour = /I (?:went for|bought it in) ([^,.]+)/.exec(r.comment)?.[1];
        if (colour) expect(p.colours.map((c) => c.name.toLowerCase())).toContain(colour);
        const material = /\. The ([^.]+) feels? (?:lovely|good)\.$/.exec(r.comment)?.[1];
        if (material) expect(material.toLowerCase()).toBe(p.specs.Material.toLowerCase());
      }
    }
    // The catalogue's own word lists hold to the same rules, for every rating: a bandana never "stopped working".
    for (const kind of DEMO_KINDS) {
      for (const rating of [1, 2, 3, 4, 5]) {
        for (const remark of remarksFor(kind, rating))
          for (const [words, kinds] of VOCABULARY) if (words.test(remark)) expect([kind, remark, kinds.includes(kind)]).toEqual([kind, remark, true]);
      }
    }
    expect(remarksFor('bandana', 1).join(' ')).not.toMatch(/stopped working/i);
  });

  it('dates each review between its product listing and today, never in the future, never before the listing', () => {
    for (const [i, p] of DEMO_PRODUCTS.entries()) {
      expect(p.listedDaysAgo).toBeGreaterThan(1);
      // Later entries are newer: "new arrivals" keeps the catalogue's order.
      if (i > 0) expect(p.listedDaysAgo).toBeLessThan(DEMO_PRODUCTS[i - 1].listedDaysAgo);
      for (const r of p.reviews) {
        expect([p.name, r.daysAgo > 0]).toEqual([p.name, true]);
        expect([p.name, r.daysAgo < p.listedDaysAgo]).toEqual([p.name, true]);
      }
    }
    // As dates on any seed day: every review after its listing and before now.
    const seededAt = Date.now();
    for (const p of DEMO_PRODUCTS) {
      const listed = seededAt - p.listedDaysAgo * DAY;
      for (const r of p.reviews) {
        const written = seededAt - r.daysAgo * DAY;
        expect(written).toBeGreaterThan(listed);
        expect(written).toBeLessThan(seededAt);
      }
    }
    // A reviewer claims only as long a time with the product as they have had it (listing, delivery, review).
    for (const p of DEMO_PRODUCTS) {
      for (const r of p.reviews) {
        const owned = p.listedDaysAgo - r.daysAgo;
        for (const [claim, days] of HELD_FOR)
          if (claim.test(r.comment)) expect([p.name, r.comment, owned >= days]).toEqual([p.name, r.comment, true]);
      }
    }
    // Spread over months, not all in one week.
    const days = DEMO_PRODUCTS.flatMap((p) => p.reviews.map((r) => Math.floor(r.daysAgo / 30)));
    expect(new Set(days).size).toBeGreaterThanOrEqual(5);
  });

  it('has at least four contributors, each selling products, with join dates of their own in the past, before their first listing', () => {
    const owners = new Set(DEMO_PRODUCTS.map((p) => p.ownerEmail).filter(Boolean));
    expect(owners).toEqual(new Set([STUDIO_DISTRIBUTOR_EMAIL, ...DEMO_CONTRIBUTORS.map((c) => c.email)]));
    expect(owners.size).toBeGreaterThanOrEqual(4);
    const joined = new Map<string, number>([
      [STUDIO_DISTRIBUTOR_EMAIL, STUDIO_JOINED_DAYS_AGO],
      ...DEMO_CONTRIBUTORS.map((c) => [c.email, c.joinedDaysAgo] as [string, number]),
    ]);
    expect(new Set(joined.values()).size).toBe(joined.size);
    for (const [email, days] of joined) {
      expect(days).toBeGreaterThan(0);
      const oldest = Math.max(...DEMO_PRODUCTS.filter((p) => p.ownerEmail === email).map((p) => p.listedDaysAgo));
      expect([email, days > oldest]).toEqual([email, true]);
    }
    // Reviewers joined before they wrote their reviews, each on a day of their own.
    expect(new Set(DEMO_REVIEWERS.map((r) => r.joinedDaysAgo)).size).toBe(DEMO_REVIEWERS.length);
    for (const p of DEMO_PRODUCTS) for (const r of p.reviews) expect(DEMO_REVIEWERS[r.reviewer].joinedDaysAgo).toBeGreaterThan(r.daysAgo);
    for (const blog of DEMO_BLOGS) expect(blog.cover.length).toBeGreaterThan(0);
  });

  it('offers at least two public coupons, each described as it works', () => {
    expect(DEMO_COUPONS.length).toBeGreaterThanOrEqual(2);
    expect(new Set(DEMO_COUPONS.map((c) => c.code)).size).toBe(DEMO_COUPONS.length);
    for (const c of DEMO_COUPONS) {
      expect(c.code).toMatch(/^[A-Z0-9]{4,20}$/);
      if (c.type === 'percent') expect(c.value >= 1 && c.value <= 100 && Number.isInteger(c.value)).toBe(true);
      else expect(Number.isInteger(c.value) && c.value > 0).toBe(true);
      // The offers page shows the discount and the minimum itself; a description names no other amount.
      const amounts = [...c.description.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]) * 100);
      for (const cents of amounts) expect([c.code, cents]).toEqual([c.code, c.minSubtotalCents]);
      if (c.minSubtotalCents > 0) expect(amounts).toContain(c.minSubtotalCents);
      for (const m of c.description.matchAll(/(\d+)%/g)) expect(Number(m[1])).toBe(c.value);
      if (/once per customer/.test(c.description)) expect('perCustomerLimit' in c && c.perCustomerLimit === 1).toBe(true);
      // A fixed discount never exceeds the smallest order it applies to.
      if (c.type === 'fixed') expect(c.value).toBeLessThan(c.minSubtotalCents);
    }
  });
});
