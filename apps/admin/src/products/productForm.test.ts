import { describe, expect, it } from 'vitest';
import {
  emptyProduct,
  emptyVariant,
  fromProduct,
  toProductData,
  validateProduct,
  variantStockTotal,
  withVariantStock,
  type ProductFormValues,
} from './productForm';

const filled = (): ProductFormValues => ({
  ...emptyProduct(),
  name: 'Linen shirt',
  description: 'Breathable',
  price: '49.9',
  quantity: '5',
  brand: 'Acme',
  countInStock: '5',
  category: 'c1',
  image: new File(['x'], 'shirt.png'),
});

describe('validateProduct', () => {
  it("answers the spec's messages for missing fields and a missing image", () => {
    expect(validateProduct({ ...filled(), brand: '' }, 'create')).toBe('Please fill out all fields.');
    expect(validateProduct({ ...filled(), image: null }, 'create')).toBe('Please upload an image.');
    expect(validateProduct(filled(), 'create')).toBeNull();
  });
  it('requires a quantity of at least 1 on update', () => {
    expect(validateProduct({ ...filled(), quantity: '0' }, 'update')).toBe('Quantity must be at least 1');
    expect(validateProduct({ ...filled(), quantity: '1', countInStock: '1' }, 'update')).toBeNull();
  });
  it('allows at most 4 additional images', () => {
    expect(validateProduct({ ...filled(), additionalImages: ['a', 'b', 'c', 'd', 'e'] }, 'create')).toBe('Maximum 4 additional images allowed');
  });
});

describe('toProductData', () => {
  it('wraps picked files for upload, keeps stored URLs and turns rows into maps', () => {
    const values = {
      ...filled(),
      additionalImages: ['/api/images/abc'],
      specifications: [
        { key: 'Material', value: 'Linen' },
        { key: ' ', value: 'x' },
      ],
    };
    const data = toProductData(values);
    expect(data).toMatchObject({
      name: 'Linen shirt',
      price: 49.9,
      quantity: 5,
      countInStock: 5,
      category: 'c1',
      additionalImages: ['/api/images/abc'],
      specifications: { Material: 'Linen' },
      variants: [],
    });
    expect((data.image as { rawFile: File }).rawFile).toBeInstanceOf(File);
  });
  it('with variants, sends their stock (keeping their images) and leaves the top-level stock out', () => {
    const variants = [
      { sku: 'S-1', size: 'S', colour: '', price: '', countInStock: '2', image: '' },
      { sku: 'M-1', size: 'M', colour: 'Red', price: '12', countInStock: '3', image: '/api/images/v1' },
    ];
    const data = toProductData({ ...filled(), countInStock: '50', quantity: '50', variants });
    expect(data).not.toHaveProperty('countInStock');
    expect(data).not.toHaveProperty('quantity');
    expect(data.variants).toEqual([
      { sku: 'S-1', size: 'S', countInStock: 2 },
      { sku: 'M-1', size: 'M', colour: 'Red', price: 12, countInStock: 3, image: '/api/images/v1' },
    ]);
  });
  it('reads a product record back into the form', () => {
    const values = fromProduct({
      name: 'Tee',
      price: 10,
      category: { _id: 'c9' },
      image: '/api/images/i',
      specifications: { Fit: 'Slim' },
      variants: [
        { sku: 'T-S', size: 'S', price: 10, countInStock: 4, image: '/api/images/v' },
        { sku: 'T-L', price: 12, countInStock: 1 },
      ],
    });
    expect(values.category).toBe('c9');
    expect(values.price).toBe('10');
    expect(values.specifications).toEqual([{ key: 'Fit', value: 'Slim' }]);
    expect(values.variants).toEqual([
      { sku: 'T-S', size: 'S', colour: '', price: '', countInStock: '4', image: '/api/images/v' },
      { sku: 'T-L', size: '', colour: '', price: '12', countInStock: '1', image: '' },
    ]);
  });
});

describe('variant stock', () => {
  it('shows Count In Stock and Quantity as the sum of the variants', () => {
    const variants = [
      { ...emptyVariant(), sku: 'A', countInStock: '1' },
      { ...emptyVariant(), sku: 'B', countInStock: '3' },
    ];
    expect(variantStockTotal(variants)).toBe(4);
    expect(withVariantStock({ ...filled(), countInStock: '50', quantity: '50', variants })).toMatchObject({ countInStock: '4', quantity: '4' });
    expect(withVariantStock({ ...filled(), countInStock: '50', quantity: '50' })).toMatchObject({ countInStock: '50', quantity: '50' });
  });
  it("checks each variant's stock instead of the top-level fields", () => {
    const variant = { ...emptyVariant(), sku: 'A', countInStock: '2' };
    expect(validateProduct({ ...filled(), countInStock: '', quantity: '', variants: [variant] }, 'update')).toBeNull();
    expect(validateProduct({ ...filled(), variants: [{ ...variant, countInStock: '-1' }] }, 'update')).toBe(
      "Every variant's stock must be a whole number of at least 0",
    );
    expect(validateProduct({ ...filled(), quantity: '6' }, 'create')).toBe('Quantity and Count In Stock are the same stock and must be equal');
  });
});
