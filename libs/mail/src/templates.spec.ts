import { JOB_NAMES, type MailJobName, type OrderMailView, type OrderNotice } from '@shop/jobs';
import { formatCents } from './money';
import { MAIL_TEMPLATES, renderMail, type RenderedMail } from './templates';

const ctx = { publicUrl: 'https://shop.example', shopName: 'Threadline' };

describe('mail templates', () => {
  it('has an HTML and a text template for every mail job', () => {
    const mailJobs = JOB_NAMES.filter((n): n is MailJobName => n.startsWith('mail.'));
    expect(Object.keys(MAIL_TEMPLATES).sort()).toEqual([...mailJobs].sort());
  });

  it('builds reset links from PUBLIC_URL and escapes user text in HTML', () => {
    const mail = renderMail('mail.password-reset', { to: 'a@b.co', username: '<script>x</script>', token: 'tok123' }, ctx);
    expect(mail.text).toContain('https://shop.example/reset-password/tok123');
    expect(mail.html).toContain('https://shop.example/reset-password/tok123');
    expect(mail.html).not.toContain('<script>x</script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.to).toBe('a@b.co');
  });

  it('names an order by its number and links its own page (a job queued before numbers names it by its id)', () => {
    const id = '6b0a537e10476ad77df4ff87';
    const confirmed = renderMail('mail.order-confirmation', { to: 'a@b.co', username: 'ann', orderId: id, orderNumber: '7DF4FF87' }, ctx);
    expect(confirmed.subject).toBe('Order #7DF4FF87 confirmed');
    expect(confirmed.text).toContain('Your order #7DF4FF87 is confirmed');
    expect(confirmed.text).toContain(`https://shop.example/order/${id}`);
    const shipped = renderMail('mail.order-status', { to: 'a@b.co', username: 'ann', orderId: id, orderNumber: '7DF4FF87', status: 'shipped' }, ctx);
    expect(shipped.subject).toBe('Order #7DF4FF87 is shipped');
    expect(renderMail('mail.order-status', { to: 'a@b.co', username: 'ann', orderId: id, status: 'shipped' }, ctx).subject).toBe(
      `Order ${id} is shipped`,
    );
  });

  it("lists an order's lines with the picture of the colour bought, made absolute with PUBLIC_URL", () => {
    const items = [
      { name: 'Running Trainers', quantity: 2, size: '42', colour: 'Black', image: '/api/images/aaaaaaaaaaaaaaaaaaaaaaaa' },
      { name: 'Cap <b>', quantity: 1, image: 'https://cdn.example/cap.webp' },
    ];
    const mail = renderMail('mail.order-confirmation', { to: 'a@b.co', username: 'ann', orderId: 'o1', orderNumber: '7DF4FF87', items }, ctx);
    expect(mail.html).toContain('<img src="https://shop.example/api/images/aaaaaaaaaaaaaaaaaaaaaaaa" alt="Running Trainers, Size 42 · Black"');
    expect(mail.html).toContain('src="https://cdn.example/cap.webp"');
    expect(mail.html).toContain('Cap &lt;b&gt;');
    expect(mail.text).toContain('2 × Running Trainers (Size 42 · Black)');
    expect(mail.text).toContain('1 × Cap <b>');
    const shipped = renderMail('mail.order-status', { to: 'a@b.co', username: 'ann', orderId: 'o1', status: 'shipped', items }, ctx);
    expect(shipped.html).toContain('https://shop.example/api/images/aaaaaaaaaaaaaaaaaaaaaaaa');
  });

  it('links the deletion confirmation page', () => {
    const mail = renderMail('mail.account-deletion', { to: 'a@b.co', username: 'ann', token: 'abc' }, ctx);
    expect(mail.text).toContain('https://shop.example/verify-deletion/abc');
  });

  it("answers a contact message by its subject, quoting the sender's words, escaped in HTML", () => {
    const mail = renderMail(
      'mail.contact-reply',
      {
        to: 'rita@example.com',
        messageId: 'm1',
        replyId: 'r1',
        name: 'Rita',
        subject: 'Return <label>',
        reply: 'Attached.',
        original: 'Send a <b>label</b>',
      },
      ctx,
    );
    expect(mail.subject).toBe('Re: Return <label>');
    expect(mail.text).toContain('Attached.');
    expect(mail.text).toContain('Send a <b>label</b>');
    expect(mail.html).not.toContain('<b>label</b>');
    expect(mail.html).toContain('Send a &lt;b&gt;label&lt;/b&gt;');
  });
});

describe('formatCents', () => {
  it('shows money as the site does', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-1280)).toBe('-$12.80');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
  });
});

describe('order receipts and notices', () => {
  const ID = '6b0a537e10476ad77df4ff87';
  const LINK = `https://shop.example/order/${ID}`;
  /** A COD order not yet paid, with a coupon, tax and shipping, and a product name that is markup. */
  const order: OrderMailView = {
    orderId: ID,
    orderNumber: '7DF4FF87',
    placedAt: '2026-03-01T10:00:00.000Z',
    items: [
      {
        name: 'Running Trainers',
        quantity: 2,
        size: '42',
        colour: 'Black',
        image: '/api/images/aaaaaaaaaaaaaaaaaaaaaaaa',
        unitPriceCents: 5999,
        lineTotalCents: 11998,
      },
      { name: 'Cap <script>alert(1)</script>', quantity: 1, image: 'https://cdn.example/cap.webp', unitPriceCents: 120000, lineTotalCents: 120000 },
    ],
    subtotalCents: 131998,
    discountCents: 13200,
    couponCode: 'SPRING10',
    taxCents: 1188,
    shippingCents: 500,
    totalCents: 120486,
    shippingAddress: {
      fullName: 'Ann Smith',
      address: '1 Main Street',
      city: 'Springfield',
      postalCode: '12345',
      country: 'USA',
      phone: '+1 555 0100',
    },
    payment: { method: 'cod', label: 'Cash on delivery', state: 'unpaid' },
  };
  const paidByCard: OrderMailView = { ...order, payment: { method: 'card', label: 'Card', state: 'paid' } };
  const notice = (n: OrderNotice, view: OrderMailView = order) =>
    renderMail('mail.order-notice', { to: 'ann@example.com', username: 'ann', notice: n, order: view }, ctx);

  /** The receipt every order mail carries, in both parts: lines, quantities, prices, totals, address, payment, number and link. */
  function expectReceipt(mail: RenderedMail, payment: string) {
    // The number, the link, the lines (name, variant, unit price, line total), the subtotal, the discount with its
    // code, shipping, tax, the total, the address and the payment.
    const facts = [
      '#7DF4FF87',
      LINK,
      'Running Trainers',
      'Size 42 · Black',
      '$59.99',
      '$119.98',
      '$1,200.00',
      '$1,319.98',
      'Discount (SPRING10)',
      '-$132.00',
    ];
    facts.push(
      'Shipping',
      '$5.00',
      'Tax',
      '$11.88',
      '$1,204.86',
      'Ann Smith',
      '1 Main Street',
      '12345 Springfield',
      'USA',
      '+1 555 0100',
      payment,
      'View your order',
    );
    for (const part of [mail.html, mail.text]) for (const fact of facts) expect(part).toContain(fact);
    expect(mail.text).toContain('2 × Running Trainers (Size 42 · Black) at $59.99 = $119.98');
    expect(mail.text).toContain('Cap <script>alert(1)</script>');
    expect(mail.html).toContain('× 2 · $59.99 each');
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.html).toContain('src="https://shop.example/api/images/aaaaaaaaaaaaaaaaaaaaaaaa"');
    // A product name is never markup in the HTML part.
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Cap &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.to).toBe('ann@example.com');
  }

  it('placed (cash on delivery): "Order #… confirmed", the receipt, and nothing says it is paid', () => {
    const mail = notice({ kind: 'placed' });
    expect(mail.subject).toBe('Order #7DF4FF87 confirmed');
    expectReceipt(mail, 'Cash on delivery');
    expect(mail.text).toContain('You pay $1,204.86 in cash on delivery.');
    expect(mail.text).toContain('Total to pay on delivery: $1,204.86');
    for (const part of [mail.subject, mail.html, mail.text]) expect(part).not.toMatch(/\bpaid\b/i);
  });

  it('placed (card, paid): the payment received', () => {
    const mail = notice({ kind: 'placed' }, paidByCard);
    expectReceipt(mail, 'Card — paid');
    expect(mail.text).toContain('We received your payment of $1,204.86.');
    expect(mail.text).toContain('Total: $1,204.86');
  });

  it('paid: the amount received', () => {
    const mail = notice({ kind: 'paid', amountCents: 120486 }, paidByCard);
    expect(mail.subject).toBe('Payment received for order #7DF4FF87');
    expectReceipt(mail, 'Card — paid');
    for (const part of [mail.html, mail.text]) expect(part).toContain('We received your payment of $1,204.86 for order #7DF4FF87');
  });

  it('shipped: carrier, tracking number and a "Track your parcel" link to the carrier', () => {
    const url = 'https://www.ups.com/track?tracknum=1Z999&x=1';
    const mail = notice({ kind: 'shipped', carrier: 'UPS', trackingNumber: '1Z999', trackingUrl: url });
    expect(mail.subject).toBe('Order #7DF4FF87 has shipped');
    expectReceipt(mail, 'Cash on delivery');
    expect(mail.text).toContain('Carrier: UPS');
    expect(mail.text).toContain('Tracking number: 1Z999');
    expect(mail.text).toContain(`Track your parcel: ${url}`);
    expect(mail.html).toContain('href="https://www.ups.com/track?tracknum=1Z999&amp;x=1"');
    expect(mail.html).toContain('Track your parcel');
    for (const part of [mail.html, mail.text]) expect(part).not.toMatch(/\bpaid\b/i);
  });

  it('shipped with a carrier the shop does not know: the number, no link', () => {
    const mail = notice({ kind: 'shipped', carrier: 'Pony <Express>', trackingNumber: 'PX1' });
    expect(mail.text).toContain('Tracking number: PX1');
    expect(mail.text).not.toContain('Track your parcel');
    expect(mail.html).toContain('Pony &lt;Express&gt;');
  });

  it('delivered', () => {
    const mail = notice({ kind: 'delivered' }, paidByCard);
    expect(mail.subject).toBe('Order #7DF4FF87 was delivered');
    expectReceipt(mail, 'Card — paid');
  });

  it('cancelled: with the reason (escaped in HTML), and no charge for an unpaid order', () => {
    const mail = notice({ kind: 'cancelled', reason: 'Out of stock <b>sorry</b>' });
    expect(mail.subject).toBe('Order #7DF4FF87 was cancelled');
    expectReceipt(mail, 'Cash on delivery');
    expect(mail.text).toContain('Reason: Out of stock <b>sorry</b>');
    expect(mail.html).toContain('Reason: Out of stock &lt;b&gt;sorry&lt;/b&gt;');
    expect(mail.text).toContain('You were not charged.');
    expect(notice({ kind: 'cancelled' }).text).not.toContain('Reason');
    expect(notice({ kind: 'cancelled' }, paidByCard).text).toContain('a separate e-mail confirms the refund');
  });

  it('refunded: the amount, the reason, and whether it is the full amount', () => {
    const refunded: OrderMailView = { ...paidByCard, payment: { ...paidByCard.payment, state: 'partially_refunded' } };
    const partial = notice(
      { kind: 'refunded', refundId: 'r1', amountCents: 2000, reason: 'Late <delivery>', refundedCents: 2000, paidCents: 120486, full: false },
      refunded,
    );
    expect(partial.subject).toBe('Partial refund for order #7DF4FF87');
    expectReceipt(partial, 'Card — paid, partly refunded');
    expect(partial.text).toContain('We refunded $20.00 for order #7DF4FF87.');
    expect(partial.text).toContain('Reason: Late <delivery>');
    expect(partial.text).toContain('Refunded in total: $20.00 of $1,204.86 (partial refund)');
    expect(partial.html).toContain('Late &lt;delivery&gt;');
    const full = notice(
      { kind: 'refunded', refundId: 'r2', amountCents: 118486, reason: 'Returned', refundedCents: 120486, paidCents: 120486, full: true },
      { ...paidByCard, payment: { ...paidByCard.payment, state: 'refunded' } },
    );
    expect(full.subject).toBe('Order #7DF4FF87 refunded');
    for (const part of [full.html, full.text]) {
      expect(part).toContain('We refunded $1,184.86 for order #7DF4FF87, the full amount you paid.');
      expect(part).toContain('$1,204.86 of $1,204.86 (full refund)');
    }
  });

  it('returned: the units sent back with their prices', () => {
    const [trainers] = order.items;
    const mail = notice({ kind: 'returned', lines: [{ ...trainers, returnedQuantity: 1 }] }, paidByCard);
    expect(mail.subject).toBe('Return received for order #7DF4FF87');
    expect(mail.text).toContain('1 × Running Trainers (Size 42 · Black) at $59.99 = $59.99');
    expect(mail.text).not.toContain('Cap');
    expect(mail.text).toContain('Order total: $1,204.86');
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.text).toContain('Ann Smith');
  });

  it("the owner's new-order alert: customer, lines, total, payment method and the order in the console", () => {
    const mail = renderMail(
      'mail.order-alert',
      { to: 'owner@shop.example', customer: { username: 'ann <b>', email: 'ann@example.com' }, order },
      ctx,
    );
    expect(mail.to).toBe('owner@shop.example');
    expect(mail.subject).toBe('New order #7DF4FF87: $1,204.86 from ann <b>');
    const console = `https://shop.example/admin/orders/${ID}/show`;
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(console);
      expect(part).toContain('ann@example.com');
      expect(part).toContain('Running Trainers');
      expect(part).toContain('$119.98');
      expect(part).toContain('$1,204.86');
      expect(part).toContain('Cash on delivery — $1,204.86 to collect on delivery');
      expect(part).toContain('12345 Springfield');
      expect(part).not.toMatch(/\bpaid\b/i);
    }
    expect(mail.text).toContain('Customer: ann <b> <ann@example.com>');
    expect(mail.html).toContain('ann &lt;b&gt; &lt;ann@example.com&gt;');
    expect(mail.html).not.toContain('<script>');
    const deleted = renderMail('mail.order-alert', { to: 'owner@shop.example', customer: null, order }, ctx);
    expect(deleted.text).toContain('Ann Smith (account deleted since)');
  });
});
