import { usePageMeta } from '../../lib/meta';
import { InfoLayout } from './InfoLayout';

export default function ShippingPage() {
  usePageMeta('Shipping Policy', 'Threadline shipping: free delivery on every order, times, tracking and destinations.');
  return (
    <InfoLayout
      title="Shipping Policy"
      intro="Free shipping on every order, with no minimum spend."
      sections={[
        {
          title: 'Delivery times',
          body: <p>Orders are prepared within 1 business day. Standard delivery takes 2 to 5 business days; remote areas may take up to 8.</p>,
        },
        {
          title: 'Tracking',
          body: <p>When your order ships we e-mail you a tracking number. You can also follow the status of every order under My Orders.</p>,
        },
        {
          title: 'Destinations',
          body: (
            <p>
              We currently ship to the United States, Canada, the United Kingdom and the European Union. Duties for international orders are included
              in the price.
            </p>
          ),
        },
        {
          title: 'Missing or damaged parcels',
          body: (
            <p>
              If a parcel has not arrived 10 business days after shipping, or arrives damaged, contact us and we will send a replacement or refund
              you.
            </p>
          ),
        },
      ]}
    />
  );
}
