import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { usePageMeta } from '../../lib/meta';
import { InfoLayout, type InfoSection } from './InfoLayout';

export const TERMS_LAST_UPDATED = 'January 2025';

export const TERMS_SECTIONS: InfoSection[] = [
  {
    title: '1. Acceptance of terms',
    body: (
      <p>
        By creating an account or placing an order with Threadline you agree to these terms. If you do not agree, please do not use the shop. We may
        update the terms; the date above shows the latest version.
      </p>
    ),
  },
  {
    title: '2. Eligibility and accounts',
    body: (
      <p>
        You must be 18 years of age or older to create an account and make purchases. You are responsible for keeping your password safe and for
        everything done with your account. Distributor accounts are additionally bound by our seller guidelines, and every product they publish is
        reviewed before it appears in the shop.
      </p>
    ),
  },
  {
    title: '3. Orders, prices and payment',
    body: (
      <p>
        All prices are shown in US dollars. An order is confirmed when we send the confirmation e-mail. We may cancel an order if an item turns out to
        be out of stock or mispriced, in which case nothing is charged. Shipping is free on every order.
      </p>
    ),
  },
  {
    title: '4. Returns and refunds',
    body: (
      <p>
        Unworn items in their original condition can be returned within 30 days of delivery. Once your return is received and approved, refunds are
        processed within 7-10 business days after approval, to the original payment method.
      </p>
    ),
  },
  {
    title: '5. Privacy and liability',
    body: (
      <p>
        We use your personal data only to run your account and deliver your orders, and you can delete your account at any time from your profile.
        Threadline is not liable for indirect losses; nothing in these terms limits rights you have under consumer law.
      </p>
    ),
  },
];

export default function TermsPage() {
  usePageMeta('Terms and Conditions', 'Threadline terms and conditions: eligibility, orders, returns, refunds and privacy.');
  // The terms page scrolls to the top when it opens.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <InfoLayout
      title="Terms and Conditions"
      intro={<Typography component="span">Last updated: {TERMS_LAST_UPDATED}</Typography>}
      sections={TERMS_SECTIONS}
    />
  );
}
