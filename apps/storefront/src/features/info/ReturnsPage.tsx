import { usePageMeta } from '../../lib/meta';
import { InfoLayout } from './InfoLayout';

export default function ReturnsPage() {
  usePageMeta('Returns and Refunds', 'Threadline returns: 30 days, free return shipping, refunds within 7-10 business days after approval.');
  return (
    <InfoLayout
      title="Returns and Refunds"
      intro="Changed your mind? Return it within 30 days."
      sections={[
        {
          title: 'What can be returned',
          body: (
            <p>
              Clothes, shoes, bags and accessories, unworn and unwashed with their original tags, within 30 days of delivery. Watches and sunglasses
              come back in their case with the protective film still on the glass and lenses.
            </p>
          ),
        },
        {
          title: 'How to return',
          body: (
            <ol>
              <li>Contact us with your order number and the items you are returning.</li>
              <li>We e-mail you a free return label.</li>
              <li>Pack the items securely and drop the parcel at any post office.</li>
            </ol>
          ),
        },
        {
          title: 'Refunds',
          body: (
            <p>
              Once we receive and approve your return, your refund is processed within 7-10 business days after approval. Orders are paid on delivery,
              so we e-mail you to ask where to send the money.
            </p>
          ),
        },
        {
          title: 'Exchanges',
          body: <p>Need another size? Return the item and place a new order; that way you get the new size as fast as possible.</p>,
        },
      ]}
    />
  );
}
