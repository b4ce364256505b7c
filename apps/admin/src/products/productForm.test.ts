import { describe, expect, it } from 'vitest';
import { emptyProduct, fromProduct, toProductData, validateProduct, type ProductFormValues } from './productForm';

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
    expect(validateProduct({ ...filled(), quantity: '1' }, 'update')).toBeNull();
  });
  it('allows at most 4 additional images', () => {
    expect(validateProduct({ ...filled(), additionalImages: ['a', 'b', 'c', 'd', 'e'] }, 'create')).toBe('Maximum 4 additional images allowed');
  });
});

describe('toProductData', () => {
  it('wraps picked files for upload, keeps stored URLs and turns rows into maps', () => {
    const values = { ...filled(), additionalImages: ['/api/images/abc'], specifications: [{ key: 'Material', value: 'Linen' }, { key: ' ', value: 'x' }], variants: [{ sku: 'S-1', size: 'S', colour: '', price: '', countInStock: '2' }] };
    const data = toProductData(values);
    expect(data).toMatchObject({ name: 'Linen shirt', price: 49.9, quantity: 5, countInStock: 5, category: 'c1', additionalImages: ['/api/images/abc'], specifications: { Material: 'Linen' } });
    expect((data.image as { rawFile: File }).rawFile).toBeInstanceOf(File);
    expect(data.variants).toEqual([{ sku: 'S-1', size: 'S', countInStock: 2 }]);
  });
  it('reads a product record back into the form', () => {
    const values = fromProduct({ name: 'Tee', price: 10, category: { _id: 'c9' }, image: '/api/images/i', specifications: { Fit: 'Slim' } });
    expect(values.category).toBe('c9');
    expect(values.price).toBe('10');
    expect(values.specifications).toEqual([{ key: 'Fit', value: 'Slim' }]);
  });
});
