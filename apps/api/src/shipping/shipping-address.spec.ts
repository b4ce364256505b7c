import { checkShippingAddress, countryName, phoneOfCountry } from './shipping-address';

const SHIP_TO = ['US', 'GB', 'DE'];
const address = { fullName: 'Ann Smith', address: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US', phone: '(201) 555-0123' };

describe('shipping address rules', () => {
  it('names countries in English', () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('DE')).toBe('Germany');
  });

  it('reads a national number as one of the country and answers E.164; refuses text, short numbers and other countries', () => {
    expect(phoneOfCountry('(201) 555-0123', 'US')).toBe('+12015550123');
    expect(phoneOfCountry('020 7946 0000', 'GB')).toBe('+442079460000');
    expect(phoneOfCountry('+44 20 7946 0000', 'GB')).toBe('+442079460000');
    expect(phoneOfCountry('abc', 'US')).toBeNull();
    expect(phoneOfCountry('+1 555 0100', 'US')).toBeNull();
    expect(phoneOfCountry('+44 20 7946 0000', 'US')).toBeNull();
    // +1 is shared: a Canadian area code is not a number of the United States.
    expect(phoneOfCountry('+1 416 555 0123', 'US')).toBeNull();
  });

  it('upper-cases the country and normalises the phone of a valid address', () => {
    expect(checkShippingAddress({ ...address, country: 'us' }, SHIP_TO)).toEqual({ ok: true, address: { ...address, phone: '+12015550123' } });
  });

  it('names the field at fault: a country not shipped to, then a phone not of the country', () => {
    expect(checkShippingAddress({ ...address, country: 'USA' }, SHIP_TO)).toEqual({ ok: false, errors: { country: 'Choose a country we ship to' } });
    expect(checkShippingAddress({ ...address, country: 'FR' }, SHIP_TO)).toEqual({ ok: false, errors: { country: 'Choose a country we ship to' } });
    expect(checkShippingAddress({ ...address, phone: 'abc' }, SHIP_TO)).toEqual({
      ok: false,
      errors: { phone: 'Phone must be a valid phone number of United States' },
    });
  });
});
