import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** The address fields a customer types at checkout or in the address book. */
export interface AddressInput {
  fullName: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  phone: string;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** The English name of an ISO 3166-1 alpha-2 code ('US' → 'United States'). */
export function countryName(code: string): string {
  return regionNames.of(code) ?? code;
}

/**
 * The phone in E.164 when it is a valid number of `country` (a national number is read as one of that country),
 * else null. The storefront runs the same check (components/address/address-form.ts) with the same metadata.
 */
export function phoneOfCountry(phone: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  return parsed?.isValid() && parsed.country === country ? parsed.number : null;
}

export const COUNTRY_NOT_SHIPPED = 'Choose a country we ship to';
export const phoneInvalid = (country: string) => `Phone must be a valid phone number of ${countryName(country)}`;

/**
 * Checks a new address against the shipping countries: the country (any case) must be one of them and the phone
 * a valid number of that country. Answers the address with the country upper-cased and the phone in E.164, or the
 * messages keyed by field.
 */
export function checkShippingAddress<T extends AddressInput>(
  address: T,
  shipTo: readonly string[],
): { ok: true; address: T } | { ok: false; errors: Partial<Record<keyof AddressInput, string>> } {
  const country = address.country.trim().toUpperCase();
  if (!shipTo.includes(country)) return { ok: false, errors: { country: COUNTRY_NOT_SHIPPED } };
  const phone = phoneOfCountry(address.phone, country);
  if (!phone) return { ok: false, errors: { phone: phoneInvalid(country) } };
  return { ok: true, address: { ...address, country, phone } };
}
