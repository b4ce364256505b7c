import { describe, expect, it } from 'vitest';
import {
  reviewCharactersLeft,
  validateAddToCart,
  validateAdminProduct,
  validateCategoryName,
  validateDistributorProduct,
  validateLogin,
  validateLoginEmailOnBlur,
  validateNewsletterEmail,
  validatePasswordChange,
  validateRegister,
  validateReview,
} from './validation';

describe('login (section 5)', () => {
  it('needs e-mail and password', () => {
    expect(validateLogin({ email: '', password: 'x' })).toBe('Please fill all the fields');
    expect(validateLogin({ email: 'a@b.co', password: '' })).toBe('Please fill all the fields');
  });
  it('checks the e-mail format, also on blur', () => {
    expect(validateLogin({ email: 'not-an-email', password: 'x' })).toBe('Invalid email address');
    expect(validateLoginEmailOnBlur('nope@nowhere')).toBe('Invalid email address');
    expect(validateLoginEmailOnBlur('')).toBeNull();
    expect(validateLogin({ email: 'ann@example.com', password: 'secret' })).toBeNull();
  });
});

describe('register', () => {
  const ok = { username: 'ann', email: 'ann@example.com', password: 'long-enough', confirmPassword: 'long-enough' };
  it('needs all four fields', () => {
    expect(validateRegister({ ...ok, username: ' ' })).toBe('Please fill all fields');
    expect(validateRegister({ ...ok, confirmPassword: '' })).toBe('Please fill all fields');
  });
  it('checks e-mail and the confirmation', () => {
    expect(validateRegister({ ...ok, email: 'ann@' })).toBe('Please enter a valid email address');
    expect(validateRegister({ ...ok, confirmPassword: 'different' })).toBe('Passwords do not match');
    expect(validateRegister(ok)).toBeNull();
  });
});

describe('profile password', () => {
  it('must equal its confirmation', () => {
    expect(validatePasswordChange('new-password', 'other-password')).toBe('Passwords do not match');
    expect(validatePasswordChange('new-password', 'new-password')).toBeNull();
    expect(validatePasswordChange('', '')).toBeNull();
  });
});

describe('admin forms', () => {
  it('category name is required', () => {
    expect(validateCategoryName('  ')).toBe('Category name is required');
    expect(validateCategoryName('Shirts')).toBeNull();
  });
  it('create product needs an image and every field', () => {
    const ok = { image: 'x', name: 'n', description: 'd', price: 1, category: 'c', quantity: 1, brand: 'b', countInStock: 1 };
    expect(validateAdminProduct({ ...ok, image: null })).toBe('Please upload an image.');
    expect(validateAdminProduct({ ...ok, brand: '' })).toBe('Please fill out all fields.');
    expect(validateAdminProduct(ok)).toBeNull();
  });
});

describe('distributor product form', () => {
  const ok = {
    name: 'Tee',
    brand: 'B',
    description: 'Soft',
    category: 'c1',
    price: '10',
    quantity: '3',
    image: {},
    additionalImages: [] as unknown[],
  };
  it('accepts a complete form', () => {
    expect(validateDistributorProduct(ok)).toEqual({});
  });
  it('requires name, brand, description and category', () => {
    expect(Object.keys(validateDistributorProduct({ ...ok, name: '', brand: '', description: '', category: '' }))).toEqual([
      'name',
      'brand',
      'description',
      'category',
    ]);
  });
  it('has minimum 0 for price and quantity', () => {
    expect(validateDistributorProduct({ ...ok, price: '-1' }).price).toBe('Price must be positive');
    expect(validateDistributorProduct({ ...ok, quantity: '-1' }).quantity).toBe('Quantity must be positive');
    expect(validateDistributorProduct({ ...ok, price: '0', quantity: '0' })).toEqual({});
  });
  it('allows at most 4 additional images and needs a main image', () => {
    expect(validateDistributorProduct({ ...ok, additionalImages: [1, 2, 3, 4] })).toEqual({});
    expect(validateDistributorProduct({ ...ok, additionalImages: [1, 2, 3, 4, 5] }).additionalImages).toBe('Maximum 4 additional images allowed');
    expect(validateDistributorProduct({ ...ok, image: null }).image).toBe('Please upload an image.');
  });
});

describe('review', () => {
  it('needs a login, a text, at most 500 characters and 1 to 5 stars', () => {
    expect(validateReview({ signedIn: false, comment: 'nice', rating: 5 })).toBe('Please login to submit a review');
    expect(validateReview({ signedIn: true, comment: '   ', rating: 5 })).toBe('Review cannot be empty');
    expect(validateReview({ signedIn: true, comment: 'x'.repeat(501), rating: 5 })).not.toBeNull();
    expect(validateReview({ signedIn: true, comment: 'x'.repeat(500), rating: 5 })).toBeNull();
    expect(validateReview({ signedIn: true, comment: 'ok', rating: 0 })).not.toBeNull();
    expect(validateReview({ signedIn: true, comment: 'ok', rating: 6 })).not.toBeNull();
    expect(reviewCharactersLeft('x'.repeat(120))).toBe(380);
  });
});

describe('add to cart', () => {
  it('needs a login, with each screen’s wording, and stock', () => {
    expect(validateAddToCart({ signedIn: false, countInStock: 3, from: 'product' })).toBe('Please login to add items to cart');
    expect(validateAddToCart({ signedIn: false, countInStock: 3, from: 'shop' })).toBe('Login to add product to cart!');
    expect(validateAddToCart({ signedIn: true, countInStock: 0, from: 'product' })).toBe('Out of Stock');
    expect(validateAddToCart({ signedIn: true, countInStock: 1, from: 'shop' })).toBeNull();
  });
});

describe('newsletter e-mail', () => {
  it('distinguishes empty from malformed', () => {
    expect(validateNewsletterEmail('')).toBe('please enter a valid email address');
    expect(validateNewsletterEmail('   ')).toBe('please enter a valid email address');
    expect(validateNewsletterEmail('a@b')).toBe('Please enter a valid email address');
    expect(validateNewsletterEmail('a b@c.de')).toBe('Please enter a valid email address');
    expect(validateNewsletterEmail('ann@example.com')).toBeNull();
  });
});
