import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { SavedAddress, ShippingAddress, ShippingCountry } from '../../lib/models';

export type AddressField = keyof ShippingAddress;
export type AddressErrors = Partial<Record<AddressField, string>>;

/** The fields in the order they show (and are checked): key, label, autocomplete token, longest accepted text. */
export const ADDRESS_FIELDS: ReadonlyArray<{ key: AddressField; label: string; autoComplete: string; max: number }> = [
  { key: 'fullName', label: 'Full name', autoComplete: 'name', max: 100 },
  { key: 'address', label: 'Address', autoComplete: 'street-address', max: 200 },
  { key: 'city', label: 'City', autoComplete: 'address-level2', max: 100 },
  { key: 'postalCode', label: 'Postal code', autoComplete: 'postal-code', max: 20 },
  { key: 'country', label: 'Country', autoComplete: 'country', max: 2 },
  { key: 'phone', label: 'Phone', autoComplete: 'tel', max: 30 },
];

export const COUNTRY_NOT_SHIPPED = 'Choose a country we ship to';

export function emptyAddress(fullName = ''): ShippingAddress {
  return { fullName, address: '', city: '', postalCode: '', country: '', phone: '' };
}

/** Only the address fields of a saved address (what an order or a form sends). */
export function addressOf(saved: SavedAddress): ShippingAddress {
  const { fullName, address, city, postalCode, country, phone } = saved;
  return { fullName, address, city, postalCode, country, phone };
}

/**
 * The phone in E.164 when it is a valid number of `country` (a national number is read as one of that country),
 * else null: the server's check (apps/api/src/shipping/shipping-address.ts), with the same libphonenumber-js metadata.
 */
export function phoneOfCountry(phone: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  return parsed?.isValid() && parsed.country === country ? parsed.number : null;
}

/**
 * Every field's problem, with the server's messages: required, too long, a country the shop does not ship to,
 * a phone that is not a number of the chosen country. Empty when the address can be sent.
 */
export function validateAddress(address: ShippingAddress, countries: readonly ShippingCountry[]): AddressErrors {
  const errors: AddressErrors = {};
  for (const { key, label, max } of ADDRESS_FIELDS) {
    const value = address[key].trim();
    if (!value) errors[key] = `${label} is required`;
    else if (key !== 'country' && value.length > max) errors[key] = `${label} must be at most ${max} characters`;
  }
  const country = countries.find((c) => c.code === address.country);
  if (!errors.country && !country) errors.country = COUNTRY_NOT_SHIPPED;
  if (!errors.phone && country && !phoneOfCountry(address.phone, country.code))
    errors.phone = `Phone must be a valid phone number of ${country.name}`;
  return errors;
}

/** The first field with a problem, in the form's order (the one to focus). */
export function firstInvalid(errors: AddressErrors): AddressField | undefined {
  return ADDRESS_FIELDS.find(({ key }) => errors[key])?.key;
}

/** The server's field errors of an address (keyed `shippingAddress.phone` for an order, `phone` for the book) by field. */
export function addressErrorsFrom(errors: Record<string, string>, prefix = ''): AddressErrors {
  const out: AddressErrors = {};
  for (const { key } of ADDRESS_FIELDS) {
    const message = errors[`${prefix}${key}`];
    if (message) out[key] = message;
  }
  return out;
}

/** One line for a saved address: "Ann Smith, 1 Main Street, 12345 Springfield, United States". */
export function addressLine(a: ShippingAddress, countries: readonly ShippingCountry[]): string {
  const country = countries.find((c) => c.code === a.country)?.name ?? a.country;
  return `${a.fullName}, ${a.address}, ${a.postalCode} ${a.city}, ${country}`;
}
