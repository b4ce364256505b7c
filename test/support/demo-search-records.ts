import { Types } from 'mongoose';
import { DEMO_PRODUCTS, type DemoProduct } from '@shop/seed';
import type { SearchRecord } from '../../apps/api/src/search/search-catalogue';

/**
 * The demo catalogue as the search keeps it, without a database or pictures: what the relevance and facet tests
 * (and the search benchmark) run on. Product i was listed i days ago; ratings are its reviews' average.
 */
export function demoSearchRecords(products: readonly DemoProduct[] = DEMO_PRODUCTS): SearchRecord[] {
  const categories = new Map<string, Types.ObjectId>();
  const now = Date.now();
  return products.map((p, i) => {
    const categoryId = categories.get(p.category) ?? new Types.ObjectId();
    categories.set(p.category, categoryId);
    const ratings = p.reviews.map((r) => r.rating);
    const created = new Date(now - (i + 1) * 86_400_000);
    return {
      _id: new Types.ObjectId(),
      name: p.name,
      slug: `demo-${i}`,
      description: p.description,
      priceCents: p.price,
      compareAtPriceCents: p.compareAt ?? null,
      category: { _id: categoryId, name: p.category },
      brand: p.brand,
      quantity: p.stock,
      countInStock: p.stock,
      image: `/api/images/demo-${i}`,
      additionalImages: [],
      specifications: p.specs,
      rating: ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 : 0,
      numReviews: ratings.length,
      isSpecial: p.special === true,
      status: 'published',
      owner: null,
      variants: p.variants.map((v) => ({ sku: v.sku, size: v.size || undefined, colour: v.colour || undefined, countInStock: v.countInStock })),
      revision: 0,
      createdAt: created,
      updatedAt: created,
    };
  });
}
