import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../components/ui/PageHeader';
import { usePageMeta } from '../../lib/meta';

const FAQ: Array<[string, ReactNode]> = [
  ['How much does shipping cost?', 'Nothing. Shipping is free on every order, with no minimum spend.'],
  [
    'How long does delivery take?',
    'Most orders leave our makers within 24 hours and arrive in 2 to 5 business days. You get an e-mail with a tracking number when your order ships.',
  ],
  ['How do I pay?', 'At the moment you pay on delivery. Card payments are coming soon.'],
  [
    'Can I return an item?',
    <>
      Yes. Unworn items in their original condition can be returned within 30 days of delivery; see{' '}
      <Link component={RouterLink} to="/returns">
        Returns and Refunds
      </Link>
      . Refunds are processed within 7-10 business days after approval.
    </>,
  ],
  [
    'How do I use a coupon?',
    <>
      Enter the code in the coupon field at checkout and press Apply. You see the discount before you place the order. Current codes are listed on the{' '}
      <Link component={RouterLink} to="/offers">
        Offers page
      </Link>
      .
    </>,
  ],
  [
    'Can I cancel my order?',
    'While an order is still pending you can cancel it from its page under My Orders. Once it is paid or shipped, please contact us.',
  ],
  [
    'How do I sell on Threadline?',
    <>
      <Link component={RouterLink} to="/distributor/register">
        Register as a distributor
      </Link>
      . You can then add products from the shop page; our team reviews each product before it goes live.
    </>,
  ],
  [
    'How do I delete my account?',
    'Open your profile, go to Settings and use the danger zone. We e-mail you a link to confirm, and nothing is deleted until you follow it.',
  ],
];

export default function FaqPage() {
  usePageMeta('FAQ', 'Answers to common questions about Threadline shipping, payment, returns and accounts.');
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <PageHeader title="Frequently asked questions" />
      {FAQ.map(([q, a], i) => (
        // The accordion wraps its summary in a heading (h3 by default): each question is an h2 under the page's h1.
        <Accordion key={q} disableGutters variant="outlined" slotProps={{ heading: { component: 'h2' } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`faq-${i}-header`} aria-controls={`faq-${i}-content`}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {q}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`faq-${i}-content`}>
            <Typography color="text.secondary">{a}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Container>
  );
}
