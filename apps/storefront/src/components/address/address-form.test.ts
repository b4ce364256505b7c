import { describe, expect, it } from 'vitest';
import { addressErrorsFrom, addressLine, firstInvalid, phoneOfCountry, validateAddress } from './address-form';

const COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
];
const VALID = { fullName: 'Ann Smith', address: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US', phone: '(201) 555-0123' };

describe('checkout address form', () => {
  it('marks every empty field with its own message, the first one being the one to focus', () => {
    const errors = validateAddress({ fullName: ' ', address: '', city: '', postalCode: '', country: '', phone: '' }, COUNTRIES);
    expect(errors).toEqual({
      fullName: 'Full name is required',
      address: 'Address is required',
      city: 'City is required',
      postalCode: 'Postal code is required',
      country: 'Country is required',
      phone: 'Phone is required',
    });
    expect(firstInvalid(errors)).toBe('fullName');
    expect(firstInvalid({ phone: 'x', city: 'y' })).toBe('city');
  });

  it('accepts a valid address', () => {
    expect(validateAddress(VALID, COUNTRIES)).toEqual({});
    expect(validateAddress({ ...VALID, country: 'GB', phone: '020 7946 0000' }, COUNTRIES)).toEqual({});
  });

  it('checks the phone as the server does: a number of the chosen country', () => {
    expect(validateAddress({ ...VALID, phone: 'abc' }, COUNTRIES)).toEqual({ phone: 'Phone must be a valid phone number of United States' });
    expect(validateAddress({ ...VALID, phone: '+1 555 0100' }, COUNTRIES)).toEqual({ phone: 'Phone must be a valid phone number of United States' });
    expect(validateAddress({ ...VALID, country: 'GB', phone: '+1 201 555 0123' }, COUNTRIES)).toEqual({
      phone: 'Phone must be a valid phone number of United Kingdom',
    });
    expect(phoneOfCountry('(201) 555-0123', 'US')).toBe('+12015550123');
  });

  it('refuses a country the shop does not ship to, and text over the limits', () => {
    expect(validateAddress({ ...VALID, country: 'FR' }, COUNTRIES)).toEqual({ country: 'Choose a country we ship to' });
    expect(validateAddress({ ...VALID, city: 'x'.repeat(101) }, COUNTRIES)).toEqual({ city: 'City must be at most 100 characters' });
  });

  it("reads the server's field errors, with or without the order's prefix", () => {
    expect(addressErrorsFrom({ 'shippingAddress.phone': 'bad', couponCode: 'other' }, 'shippingAddress.')).toEqual({ phone: 'bad' });
    expect(addressErrorsFrom({ country: 'no' })).toEqual({ country: 'no' });
  });

  it('writes a saved address on one line with the country named', () => {
    expect(addressLine({ ...VALID, phone: '+12015550123' }, COUNTRIES)).toBe('Ann Smith, 1 Main Street, 12345 Springfield, United States');
  });
});
