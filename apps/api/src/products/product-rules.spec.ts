import { Types } from 'mongoose';
import type { ProductRecord } from '@shop/database';
import { DomainError } from '../common/domain-error';
import {
  canSee,
  initialStatus,
  normaliseSpecifications,
  reviewStatusAfterEdit,
  srcsetOf,
  stockFrom,
  toProductDto,
  variantsToStored,
} from './product-rules';

describe('product rules', () => {
  it('counts stock from the variants when there are some, and keeps quantity in step', () => {
    expect(stockFrom({ variants: [{ countInStock: 2 }, { countInStock: 3 }] })).toEqual({ countInStock: 5, quantity: 5 });
    expect(stockFrom({ countInStock: 5, quantity: 5, variants: [{ countInStock: 2 }, { countInStock: 3 }] })).toEqual({
      countInStock: 5,
      quantity: 5,
    });
    expect(stockFrom({ countInStock: 9 })).toEqual({ countInStock: 9, quantity: 9 });
    expect(stockFrom({ quantity: 4 })).toEqual({ countInStock: 4, quantity: 4 });
    expect(stockFrom({ variants: [], countInStock: 1 })).toEqual({ countInStock: 1, quantity: 1 });
  });

  it('refuses a top-level stock that disagrees with the variants or with itself, rather than overriding it', () => {
    expect(() => stockFrom({ countInStock: 9, variants: [{ countInStock: 2 }, { countInStock: 3 }] })).toThrow(
      "Stock is the sum of the variants' stock (5), so countInStock 9 can't be saved",
    );
    try {
      stockFrom({ countInStock: 50, quantity: 50, variants: [{ countInStock: 4 }] });
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({
        status: 400,
        code: 'STOCK_MISMATCH',
        errors: { countInStock: expect.any(String), quantity: expect.any(String) },
      });
    }
    expect(() => stockFrom({ countInStock: 9, quantity: 4 })).toThrow('quantity (4) and countInStock (9) are the same stock and must be equal');
  });

  it('accepts flat text specifications and refuses operator-like keys and nested values', () => {
    expect(normaliseSpecifications({ ' Material ': 'Cotton', Weight: 200 })).toEqual({ Material: 'Cotton', Weight: '200' });
    expect(() => normaliseSpecifications({ $where: 'x' })).toThrow(DomainError);
    expect(() => normaliseSpecifications({ 'a.b': 'x' })).toThrow(DomainError);
    expect(() => normaliseSpecifications({ nested: { a: 1 } })).toThrow(DomainError);
  });

  it('stores variant prices in cents and refuses a repeated sku', () => {
    expect(variantsToStored([{ sku: 'A', price: 1.5, countInStock: 1 }])).toEqual([{ sku: 'A', priceCents: 150, countInStock: 1 }]);
    expect(() =>
      variantsToStored([
        { sku: 'A', countInStock: 1 },
        { sku: 'a', countInStock: 1 },
      ]),
    ).toThrow('Variant sku a is used twice');
  });

  it('lists srcset thumbnails only for our own images', () => {
    expect(srcsetOf('/api/images/665f1c2e9d1e8a0012345678').map((i) => i.width)).toEqual([160, 320, 640, 1280]);
    expect(srcsetOf('https://cdn.example.com/a.jpg')).toEqual([]);
  });

  it('shows unpublished products to admins and owners only, and sets the initial status by role', () => {
    const owner = new Types.ObjectId();
    expect(canSee({ status: 'pending', owner }, undefined)).toBe(false);
    expect(canSee({ status: 'pending', owner }, { id: owner.toString(), isAdmin: false })).toBe(true);
    expect(canSee({ status: 'rejected', owner }, { id: new Types.ObjectId().toString(), isAdmin: false })).toBe(false);
    expect(canSee({ status: 'rejected', owner }, { id: 'x', isAdmin: true })).toBe(true);
    expect(initialStatus(true)).toBe('published');
    expect(initialStatus(false, 'published')).toBe('pending');
  });

  it('maps a record to the API shape with dollars and string ids', () => {
    const id = new Types.ObjectId();
    const record: ProductRecord = {
      _id: id,
      name: 'Tee',
      slug: 'tee',
      description: 'd',
      priceCents: 1000,
      compareAtPriceCents: 1500,
      category: { _id: id, name: 'Tops' },
      brand: 'b',
      quantity: 2,
      countInStock: 2,
      image: 'https://x/a.jpg',
      additionalImages: [],
      specifications: { a: 'b' },
      rating: 4,
      numReviews: 1,
      reviews: [{ _id: id, user: id, name: 'ann', rating: 4, comment: 'ok', verifiedPurchase: false, createdAt: new Date(0) }],
      isSpecial: false,
      status: 'published',
      variants: [{ sku: 'S', countInStock: 2 }],
      createdAt: new Date(0),
      updatedAt: new Date(0),
    };
    const dto = toProductDto(record, true);
    expect(dto).toMatchObject({ _id: id.toString(), id: id.toString(), price: 10, compareAtPrice: 15, owner: null, rejectionNote: null });
    expect(dto.variants[0]).toEqual({ sku: 'S', size: null, colour: null, price: 10, countInStock: 2, image: null });
    expect(dto.reviews?.[0]).toMatchObject({ name: 'ann', createdAt: '1970-01-01T00:00:00.000Z' });
    expect(toProductDto(record).reviews).toBeUndefined();
  });

  it('an edited review waits for approval under pre-moderation or once rejected; under post-moderation an approved one stays approved', () => {
    expect(reviewStatusAfterEdit('approved', 'pre')).toBe('pending');
    expect(reviewStatusAfterEdit('pending', 'pre')).toBe('pending');
    expect(reviewStatusAfterEdit('rejected', 'pre')).toBe('pending');
    expect(reviewStatusAfterEdit('approved', 'post')).toBe('approved');
    expect(reviewStatusAfterEdit('pending', 'post')).toBe('pending');
    expect(reviewStatusAfterEdit('rejected', 'post')).toBe('pending');
  });
});
