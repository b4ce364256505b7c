import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { usePageMeta } from '../../lib/meta';
import { InfoLayout } from './InfoLayout';

export default function HelpPage() {
  usePageMeta('Help Center', 'Get help with Threadline orders, accounts, shipping and returns.');
  return (
    <InfoLayout
      title="Help Center"
      intro="Find answers fast, or get in touch with our team."
      sections={[
        {
          title: 'Orders',
          body: (
            <p>
              Follow your orders under{' '}
              <Link component={RouterLink} to="/user-orders">
                My Orders
              </Link>
              . Pending orders can be cancelled from their page.
            </p>
          ),
        },
        {
          title: 'Shipping and returns',
          body: (
            <p>
              Read our{' '}
              <Link component={RouterLink} to="/shipping">
                shipping policy
              </Link>{' '}
              and how to{' '}
              <Link component={RouterLink} to="/returns">
                return an item
              </Link>
              .
            </p>
          ),
        },
        {
          title: 'Your account',
          body: (
            <p>
              Forgot your password?{' '}
              <Link component={RouterLink} to="/forgot-password">
                Reset it here
              </Link>
              . Change your details in your{' '}
              <Link component={RouterLink} to="/profile">
                profile
              </Link>
              .
            </p>
          ),
        },
        {
          title: 'Still need help?',
          body: (
            <p>
              See the{' '}
              <Link component={RouterLink} to="/faq">
                FAQ
              </Link>{' '}
              or{' '}
              <Link component={RouterLink} to="/contact">
                contact us
              </Link>
              ; we answer within one business day.
            </p>
          ),
        },
      ]}
    />
  );
}
