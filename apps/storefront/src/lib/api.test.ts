import { describe, expect, it } from 'vitest';
import { errorClass, errorMessage, fieldErrors, withoutUnsetParams } from './api';

describe('error catalogue (section 8)', () => {
  it('classes transport errors', () => {
    expect(errorClass({ status: 'FETCH_ERROR', error: 'x' })).toBe('FETCH_ERROR');
    expect(errorClass({ status: 'TIMEOUT_ERROR', error: 'x' })).toBe('TIMEOUT_ERROR');
    expect(errorClass({ status: 'PARSING_ERROR', error: 'x', data: '<html>', originalStatus: 200 })).toBe('PARSING_ERROR');
    expect(errorClass({ status: 409, data: {} })).toBe(409);
  });
  it('shows the response message, else the error text, else the fallback', () => {
    expect(errorMessage({ status: 400, data: { statusCode: 400, message: 'Price must be positive' } })).toBe('Price must be positive');
    expect(errorMessage({ status: 'CUSTOM_ERROR', error: 'Boom' })).toBe('Boom');
    expect(errorMessage(undefined, 'Failed to add product')).toBe('Failed to add product');
    expect(errorMessage({ status: 500, data: {} }, 'Failed to submit review')).toBe('Failed to submit review');
  });
  it('reads field errors', () => {
    expect(fieldErrors({ status: 400, data: { errors: { name: 'Name is required' } } })).toEqual({ name: 'Name is required' });
  });
});

describe('query parameters of the generated endpoints', () => {
  it('drops unset ones, and the params object when none is left', () => {
    expect(withoutUnsetParams({ url: '/api/products/top', params: { limit: undefined } })).toEqual({ url: '/api/products/top' });
    expect(withoutUnsetParams({ url: '/api/cart', params: { userId: 'u1', x: undefined } })).toEqual({ url: '/api/cart', params: { userId: 'u1' } });
    expect(withoutUnsetParams('/api/products')).toBe('/api/products');
  });
});
