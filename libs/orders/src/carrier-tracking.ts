/**
 * The tracking pages of well-known carriers, keyed by the carrier's name folded to lower-case letters and digits
 * ("Royal Mail", "royal-mail" and "ROYALMAIL" are one key). `{n}` is the tracking number, URL-encoded. A carrier
 * not listed here gets its tracking number in the mail and no link: a guessed link would be a wrong one.
 */
const TRACKING_PAGES: Readonly<Record<string, string>> = {
  ups: 'https://www.ups.com/track?tracknum={n}',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr={n}',
  dhl: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={n}',
  dhlexpress: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={n}',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}',
  royalmail: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}',
  canadapost: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}',
  australiapost: 'https://auspost.com.au/mypost/track/details/{n}',
  auspost: 'https://auspost.com.au/mypost/track/details/{n}',
  laposte: 'https://www.laposte.fr/outils/suivre-vos-envois?code={n}',
  colissimo: 'https://www.laposte.fr/outils/suivre-vos-envois?code={n}',
};

function carrierKey(carrier: string): string {
  return carrier.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The carrier's page for this parcel, or undefined (an unknown carrier, or no number). */
export function trackingUrlOf(carrier: string | undefined, trackingNumber: string | undefined): string | undefined {
  const number = trackingNumber?.trim();
  if (!carrier || !number) return undefined;
  const page = TRACKING_PAGES[carrierKey(carrier)];
  return page?.replace('{n}', encodeURIComponent(number));
}
