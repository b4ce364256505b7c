import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { OrderRecord } from '../lib/api-types';
import { deferred } from '../../../../test/web-support/fetch';
import { renderInAdmin } from '../test/render';
import { OrderShow } from './OrderShow';

const ID = '6661f0a1b2c3d4e5f6a7b8c9';

function order(overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    _id: ID,
    id: ID,
    number: 'F6A7B8C9',
    user: '665f1c2ab4d3e8a9c0f1a201',
    customer: { id: '665f1c2ab4d3e8a9c0f1a201', name: 'Ada Lovelace', email: 'ada@example.com' },
    items: [
      {
        product: '665f1c2ab4d3e8a9c0f1b001',
        name: 'Oxford Shirt',
        image: '/uploads/oxford.jpg',
        variantSku: 'OXF-M-NAVY',
        size: 'M',
        colour: 'Navy',
        price: 19.99,
        quantity: 2,
      },
      { product: '665f1c2ab4d3e8a9c0f1b002', name: 'Wool Scarf', image: '/uploads/scarf.jpg', price: 24.5, quantity: 1 },
    ],
    shippingAddress: {
      fullName: 'Ada Lovelace',
      address: '12 St James Square',
      city: 'London',
      postalCode: 'SW1Y 4JH',
      country: 'United Kingdom',
      phone: '+44 20 7946 0000',
    },
    paymentMethod: 'cod',
    subtotal: 64.48,
    discount: 0,
    tax: 5.8,
    shipping: 0,
    total: 70.28,
    couponCode: null,
    status: 'pending',
    statusHistory: [{ status: 'pending', at: '2025-03-01T09:00:00.000Z', event: 'status', actor: null }],
    trackingNumber: null,
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    createdAt: '2025-03-01T09:00:00.000Z',
    paymentState: 'unpaid',
    state: 'placed',
    fulfilmentState: 'unfulfilled',
    paid: 0,
    refunded: 0,
    refunds: [],
    carrier: null,
    shippedAt: null,
    returnedAt: null,
    returnedLines: [],
    paymentDueBy: null,
    paymentFailure: null,
    notes: [],
    ...overrides,
  };
}

/**
 * The console's data provider for one order, keeping it as the API would: each action changes the stored order,
 * and the screen's refresh reads it back. An action answers once `gate` has settled (at once by default).
 */
function orderApi(initial: OrderRecord, gate: Promise<unknown> = Promise.resolve()) {
  let stored = initial;
  const change = async (patch: Partial<OrderRecord>) => {
    await gate;
    stored = { ...stored, ...patch };
    return stored;
  };
  return {
    getOne: vi.fn(() => Promise.resolve({ data: stored })),
    shipOrder: vi.fn((_id: string, carrier: string, trackingNumber: string) =>
      change({ status: 'shipped', fulfilmentState: 'shipped', carrier, trackingNumber }),
    ),
    deliverOrder: vi.fn(() => change({ status: 'delivered', fulfilmentState: 'delivered' })),
    markOrderPaid: vi.fn(() =>
      change({ status: 'paid', paymentState: 'paid', isPaid: true, paid: stored.total, paidAt: '2025-03-02T10:00:00.000Z' }),
    ),
    cancelOrder: vi.fn((_id: string, reason: string) => change({ status: 'cancelled', state: 'cancelled', cancelReason: reason })),
    refundOrder: vi.fn((_id: string, reason: string, amount?: number) => {
      const refunded = stored.refunded + (amount ?? stored.paid - stored.refunded);
      return change({
        refunded,
        paymentState: refunded >= stored.paid ? 'refunded' : 'partially_refunded',
        refunds: [
          ...stored.refunds,
          {
            id: `r${stored.refunds.length}`,
            amount: amount ?? stored.paid - stored.refunded,
            status: 'succeeded',
            at: '2025-03-03T10:00:00.000Z',
            reason,
            actor: null,
          },
        ],
      });
    }),
    addOrderNote: vi.fn(() => Promise.resolve(stored)),
  };
}

function show(initial: OrderRecord, api = orderApi(initial)) {
  const rendered = renderInAdmin(<OrderShow id={ID} />, { dataProvider: api, path: `/admin/orders/${ID}/show` });
  return { ...rendered, api };
}

const actions = () =>
  screen
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter((text) => text && /^(Mark|Cancel order|Refund)/.test(text));

describe('OrderShow status control', () => {
  it('shows the order and only the moves the API allows from pending', async () => {
    show(order());
    expect(await screen.findByRole('heading', { name: 'Order #F6A7B8C9' })).toBeTruthy();
    expect(within(screen.getByTestId('order-status')).getByText('Pending')).toBeTruthy();
    expect(within(screen.getByTestId('order-payment')).getByText('Unpaid')).toBeTruthy();
    expect(actions()).toEqual(['Mark paid', 'Mark shipped', 'Cancel order']);
    const items = within(screen.getByRole('table', { name: 'items' }))
      .getAllByRole('row')
      .slice(1);
    expect(items.map((r) => within(r).getAllByRole('cell').at(-1)?.textContent)).toEqual(['$39.98', '$24.50']);
    expect(within(items[0]).getByText('M · Navy')).toBeTruthy();
  });

  it('offers nothing to do on a delivered order whose money was refunded', async () => {
    show(order({ status: 'delivered', state: 'completed', paymentState: 'refunded', fulfilmentState: 'delivered', paid: 70.28, refunded: 70.28 }));
    await screen.findByRole('heading', { name: 'Order #F6A7B8C9' });
    expect(actions()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Back to orders' }).getAttribute('href')).toBe('/admin/orderlist');
  });

  it('marks a pay-on-delivery order paid through mark-paid, every move disabled meanwhile, then shows the new state', async () => {
    const answer = deferred<void>();
    const initial = order();
    const api = orderApi(initial, answer.promise);
    const { user } = show(initial, api);
    await user.click(await screen.findByRole('button', { name: 'Mark paid' }));
    const disabled = (name: string) => (screen.getByRole('button', { name }) as HTMLButtonElement).disabled;
    await waitFor(() => expect([disabled('Mark paid'), disabled('Cancel order'), disabled('Add note')]).toEqual([true, true, true]));
    answer.resolve();
    expect(await screen.findByText('Order marked paid')).toBeTruthy();
    expect(api.markOrderPaid).toHaveBeenCalledExactlyOnceWith(ID);
    await waitFor(() => expect(within(screen.getByTestId('order-status')).getByText('Paid')).toBeTruthy());
    expect(actions()).toEqual(['Mark shipped', 'Cancel order', 'Refund']);
  });

  it('asks for the carrier and a tracking number before shipping and sends both', async () => {
    const { api, user } = show(order({ status: 'paid', paymentState: 'paid', paymentMethod: 'card', paid: 70.28 }));
    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark shipped' });

    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByText('The carrier is required')).toBeTruthy();
    expect(within(dialog).getByText('The tracking number is required')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Tracking number' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.shipOrder).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('combobox', { name: 'Carrier' }), 'UPS');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tracking number' }), ' 1Z999AA10123456784 ');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Order marked shipped')).toBeTruthy();
    expect(api.shipOrder).toHaveBeenCalledExactlyOnceWith(ID, 'UPS', '1Z999AA10123456784');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mark shipped' })).toBeNull());
    expect((await screen.findByTestId('order-tracking')).textContent).toBe('UPS · Tracking number: 1Z999AA10123456784');
    expect(actions()).toEqual(['Mark delivered', 'Refund']);
  });

  it('refunds part of what was paid: the amount starts at what is left and is checked', async () => {
    const { api, user } = show(order({ status: 'shipped', paymentState: 'paid', fulfilmentState: 'shipped', paymentMethod: 'card', paid: 70.28 }));
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this order?' });
    const amount = within(dialog).getByRole('spinbutton', { name: /^Amount/ }) as HTMLInputElement;
    expect(amount.value).toBe('70.28');
    await user.clear(amount);
    await user.type(amount, '80');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Loose button');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('Enter an amount from 0.01 to 70.28')).toBeTruthy();
    expect(api.refundOrder).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Order refunded')).toBeTruthy();
    expect(api.refundOrder).toHaveBeenCalledExactlyOnceWith(ID, 'Loose button', 20);
    await waitFor(() => expect(within(screen.getByTestId('order-payment')).getByText('Partially refunded')).toBeTruthy());
    expect(screen.getByTestId('order-money').textContent).toBe('Paid $70.28 · refunded $20.00 · kept $50.28');
    expect(screen.getAllByTestId('order-refund').map((r) => r.textContent)).toEqual([expect.stringContaining('$20.00')]);
  });

  it('cancels only with a reason, kept with the order', async () => {
    const { api, user } = show(order());
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByText(/the items go back to stock/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('A reason is required')).toBeTruthy();
    expect(api.cancelOrder).not.toHaveBeenCalled();

    await user.type(reason, 'Customer asked by phone');
    expect(within(dialog).queryByText('A reason is required')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled')).toBeTruthy();
    expect(api.cancelOrder).toHaveBeenCalledExactlyOnceWith(ID, 'Customer asked by phone');
    expect((await screen.findByTestId('cancel-reason')).textContent).toContain('Customer asked by phone');
    expect(actions()).toEqual([]);
  });

  it('keeps the order when the dialog is dismissed', async () => {
    const { api, user } = show(order());
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.cancelOrder).not.toHaveBeenCalled();
  });

  it("disables Ship while the move is under way, then shows the API's refusal and keeps the dialog", async () => {
    const paid = order({ status: 'paid', paymentState: 'paid', paymentMethod: 'card' });
    const api = orderApi(paid);
    const refusal = deferred<never>();
    api.shipOrder.mockImplementationOnce(() => refusal.promise);
    // react-admin logs a data provider's failure to the console as well.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = show(paid, api);
    await user.click(await screen.findByRole('button', { name: 'Mark shipped' }));
    await user.type(screen.getByRole('combobox', { name: 'Carrier' }), 'DHL');
    await user.type(screen.getByRole('textbox', { name: 'Tracking number' }), '1Z999');
    await user.click(screen.getByRole('button', { name: 'Ship' }));

    await waitFor(() => expect((screen.getByRole('button', { name: 'Ship' }) as HTMLButtonElement).disabled).toBe(true));
    refusal.reject(new HttpError('Conflict', 409, { statusCode: 409, code: 'CONFLICT', message: 'The order was changed meanwhile: reload it' }));

    expect(await screen.findByText('The order was changed meanwhile: reload it')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ status: 409 }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Ship' }) as HTMLButtonElement).disabled).toBe(false));
    // Still paid, and the dialog stays open with the number typed, to try again.
    expect(within(screen.getByTestId('order-status')).getByText('Paid')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Tracking number' }) as HTMLInputElement).value).toBe('1Z999');
  });
});
