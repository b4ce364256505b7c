import { createAccount, type TestAccount, ADDRESS, insertProduct, readStock } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

interface HistoryEntry {
  status: string;
  at: string;
  event?: string;
  actor?: { id: string | null; name: string; email: string } | null;
  reason?: string | null;
  note?: string | null;
}

/** Issue #23, orders in the console: search, counts, mark paid, cancel and refund with a reason, notes, actors. */
describe('admin orders: search, counts, payment, cancel/refund with a reason, notes, history actors', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, ann, bob] = await Promise.all([
      createAccount(stack, 'admin', { username: 'Olive Owner' }),
      createAccount(stack, 'customer', { username: 'Annabel Finder' }),
      createAccount(stack, 'customer', { username: 'Bob Other' }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const place = async (who: TestAccount, fullName = who.username, quantity = 1): Promise<{ id: string; productId: string }> => {
    const product = await insertProduct(stack, { countInStock: 10 });
    await stack.http().post('/api/cart').set('Authorization', who.bearer).send({ productId: product.id, quantity }).expect(201);
    const res = await stack
      .http()
      .post('/api/orders')
      .set('Authorization', who.bearer)
      .send({ shippingAddress: { ...ADDRESS, fullName }, paymentMethod: 'cod' })
      .expect(201);
    return { id: res.body.id as string, productId: product.id };
  };
  const list = (filter: Record<string, unknown>, who: TestAccount = admin) =>
    stack
      .http()
      .get('/api/orders')
      .query({ filter: JSON.stringify(filter) })
      .set('Authorization', who.bearer);
  const post = (path: string, body: Record<string, unknown> | undefined, who: TestAccount = admin) => {
    const req = stack.http().post(path).set('Authorization', who.bearer);
    return body ? req.send(body) : req;
  };

  it('searches by customer e-mail, name (account or shipping), whole id and short number', async () => {
    const a = await place(ann, 'Shipping Name Zed');
    const b = await place(bob);

    const byEmail = await list({ q: ann.email.toUpperCase() }).expect(200);
    expect(byEmail.body.map((o: { id: string }) => o.id)).toEqual([a.id]);
    expect(byEmail.headers['x-total-count']).toBe('1');
    expect(byEmail.body[0].customer).toEqual({ id: ann.id, name: ann.username, email: ann.email });

    expect((await list({ q: 'annabel' }).expect(200)).body.map((o: { id: string }) => o.id)).toEqual([a.id]);
    expect((await list({ q: 'zed' }).expect(200)).body.map((o: { id: string }) => o.id)).toEqual([a.id]);
    expect((await list({ q: b.id }).expect(200)).body.map((o: { id: string }) => o.id)).toEqual([b.id]);
    expect((await list({ q: `#${b.id.slice(-8).toUpperCase()}` }).expect(200)).body.map((o: { id: string }) => o.id)).toEqual([b.id]);
    expect((await list({ q: 'nobody-like-this' }).expect(200)).body).toEqual([]);
    // A regular-expression character is matched literally, not as a pattern.
    expect((await list({ q: '.*' }).expect(200)).body).toEqual([]);
    // Combined with a status.
    expect((await list({ q: ann.email, status: 'paid' }).expect(200)).body).toEqual([]);
  });

  it('counts orders per status for the tabs, with the same search', async () => {
    const before = (await stack.http().get('/api/orders/counts').set('Authorization', admin.bearer).expect(200)).body;
    const o = await place(bob);
    await post(`/api/orders/${o.id}/mark-paid`, undefined).expect(200);
    const after = (await stack.http().get('/api/orders/counts').set('Authorization', admin.bearer).expect(200)).body;
    expect(after.paid).toBe(before.paid + 1);
    expect(after.all).toBe(before.all + 1);
    expect(after.all).toBe(after.pending + after.paid + after.shipped + after.delivered + after.cancelled);

    const mine = (
      await stack
        .http()
        .get('/api/orders/counts')
        .query({ filter: JSON.stringify({ q: bob.email, status: 'pending' }) })
        .set('Authorization', admin.bearer)
        .expect(200)
    ).body;
    const bobs = await list({ q: bob.email }).expect(200);
    expect(mine.all).toBe(bobs.body.length);
    expect(mine.paid).toBe(bobs.body.filter((x: { status: string }) => x.status === 'paid').length);
    await stack
      .http()
      .get('/api/orders/counts')
      .query({ filter: JSON.stringify({ nope: 1 }) })
      .set('Authorization', admin.bearer)
      .expect(400);
  });

  it('marks a cash-on-delivery order paid once, naming the admin; refuses it paid again or cancelled', async () => {
    const o = await place(ann);
    const unpaid = await stack.http().get(`/api/orders/${o.id}`).set('Authorization', admin.bearer).expect(200);
    expect(unpaid.body).toMatchObject({ paymentState: 'unpaid', isPaid: false, paidAt: null });

    const paid = await post(`/api/orders/${o.id}/mark-paid`, undefined).expect(200);
    expect(paid.body).toMatchObject({ status: 'paid', paymentState: 'paid', isPaid: true });
    expect(Date.parse(paid.body.paidAt)).not.toBeNaN();
    const entry = (paid.body.statusHistory as HistoryEntry[]).at(-1);
    expect(entry).toMatchObject({ status: 'paid', event: 'payment', actor: { id: admin.id, name: 'Olive Owner', email: admin.email } });
    // The first entry names the customer who placed the order.
    expect((paid.body.statusHistory as HistoryEntry[])[0]).toMatchObject({
      status: 'pending',
      event: 'status',
      actor: { id: ann.id, name: ann.username },
    });

    const again = await post(`/api/orders/${o.id}/mark-paid`, undefined).expect(409);
    expect(again.body).toMatchObject({ code: 'ORDER_ALREADY_PAID', message: 'This order is already paid' });

    const c = await place(ann);
    await post(`/api/orders/${c.id}/admin-cancel`, { reason: 'Duplicate order' }).expect(200);
    const cancelled = await post(`/api/orders/${c.id}/mark-paid`, undefined).expect(409);
    expect(cancelled.body).toMatchObject({ code: 'ORDER_NOT_PAYABLE', message: 'A cancelled order cannot be marked paid' });
  });

  it('cancels with a required reason: stored, in the history with the admin, restocked; terminal', async () => {
    const o = await place(ann, ann.username, 2);
    expect((await readStock(stack, o.productId)).countInStock).toBe(8);
    const noReason = await post(`/api/orders/${o.id}/admin-cancel`, {}).expect(400);
    expect(noReason.body.message).toBe('A reason is required');
    const blank = await post(`/api/orders/${o.id}/admin-cancel`, { reason: '   ' }).expect(400);
    expect(blank.body.message).toBe('A reason is required');

    const res = await post(`/api/orders/${o.id}/admin-cancel`, { reason: 'Customer called to cancel' }).expect(200);
    expect(res.body).toMatchObject({ status: 'cancelled', cancelReason: 'Customer called to cancel' });
    expect((res.body.statusHistory as HistoryEntry[]).at(-1)).toMatchObject({
      status: 'cancelled',
      event: 'cancel',
      reason: 'Customer called to cancel',
      actor: { name: 'Olive Owner', email: admin.email },
    });
    expect((await readStock(stack, o.productId)).countInStock).toBe(10);

    const twice = await post(`/api/orders/${o.id}/admin-cancel`, { reason: 'again' }).expect(409);
    expect(twice.body.code).toBe('INVALID_TRANSITION');
  });

  it('refunds a paid order with a required reason (cancelling it while not shipped); refuses unpaid or refunded ones', async () => {
    const unpaid = await place(bob);
    await post(`/api/orders/${unpaid.id}/refund`, {}).expect(400);
    const notPaid = await post(`/api/orders/${unpaid.id}/refund`, { reason: 'Wrong size' }).expect(409);
    expect(notPaid.body).toMatchObject({ code: 'ORDER_NOT_REFUNDABLE', message: 'Only a paid order can be refunded' });

    const o = await place(bob);
    await post(`/api/orders/${o.id}/mark-paid`, undefined).expect(200);
    const res = await post(`/api/orders/${o.id}/refund`, { reason: 'Out of stock at the warehouse' }).expect(200);
    expect(res.body).toMatchObject({ status: 'cancelled', paymentState: 'refunded', refundReason: 'Out of stock at the warehouse' });
    expect(Date.parse(res.body.refundedAt)).not.toBeNaN();
    expect((res.body.statusHistory as HistoryEntry[]).at(-1)).toMatchObject({
      event: 'refund',
      reason: 'Out of stock at the warehouse',
      actor: { name: 'Olive Owner' },
    });
    expect((await readStock(stack, o.productId)).countInStock).toBe(10);
    const twice = await post(`/api/orders/${o.id}/refund`, { reason: 'again' }).expect(409);
    expect(twice.body).toMatchObject({ code: 'ORDER_NOT_REFUNDABLE', message: 'This order is already refunded' });

    // A shipped order keeps its status when refunded.
    const s = await place(bob);
    await post(`/api/orders/${s.id}/mark-paid`, undefined).expect(200);
    await post(`/api/orders/${s.id}/ship`, { carrier: 'UPS', trackingNumber: 'TRACK-1' }).expect(200);
    const shipped = await post(`/api/orders/${s.id}/refund`, { reason: 'Arrived damaged' }).expect(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', paymentState: 'refunded', refundReason: 'Arrived damaged' });
  });

  it('keeps internal notes for admins only: author and time shown, never in customer answers', async () => {
    const o = await place(ann);
    const empty = await post(`/api/orders/${o.id}/notes`, { text: ' ' }).expect(400);
    expect(empty.body.message).toBe('The note is required');
    const res = await post(`/api/orders/${o.id}/notes`, { text: 'Secret: customer is a VIP' }).expect(201);
    expect(res.body.notes).toEqual([
      {
        id: expect.any(String),
        text: 'Secret: customer is a VIP',
        at: expect.any(String),
        author: { id: admin.id, name: 'Olive Owner', email: admin.email },
      },
    ]);
    expect((res.body.statusHistory as HistoryEntry[]).at(-1)).toMatchObject({
      event: 'note',
      note: 'Secret: customer is a VIP',
      actor: { name: 'Olive Owner' },
    });

    // The customer adds no note and never sees one.
    await post(`/api/orders/${o.id}/notes`, { text: 'mine' }, ann).expect(403);
    const own = await stack.http().get(`/api/orders/${o.id}`).set('Authorization', ann.bearer).expect(200);
    const mine = await stack.http().get('/api/orders/mine').set('Authorization', ann.bearer).expect(200);
    const cancelled = await post(`/api/orders/${o.id}/cancel`, undefined, ann).expect(200);
    for (const body of [own.body, mine.body.find((x: { id: string }) => x.id === o.id), cancelled.body]) {
      const text = JSON.stringify(body);
      expect(text).not.toContain('Secret');
      expect(text).not.toContain('Olive Owner');
      expect(body).not.toHaveProperty('notes');
      expect(body).not.toHaveProperty('customer');
      expect((body.statusHistory as HistoryEntry[]).every((h) => Object.keys(h).sort().join() === 'at,status')).toBe(true);
    }
    // The owner's own cancellation is named in the admin's history.
    const seen = await stack.http().get(`/api/orders/${o.id}`).set('Authorization', admin.bearer).expect(200);
    expect((seen.body.statusHistory as HistoryEntry[]).at(-1)).toMatchObject({
      status: 'cancelled',
      event: 'status',
      actor: { id: ann.id, name: ann.username },
    });
    expect(seen.body.notes).toHaveLength(1);
  });

  it('refuses guests (401) and customers (403) on every admin order route', async () => {
    const o = await place(bob);
    const routes: [string, string, Record<string, unknown> | undefined][] = [
      ['get', '/api/orders/counts', undefined],
      ['post', `/api/orders/${o.id}/mark-paid`, undefined],
      ['post', `/api/orders/${o.id}/admin-cancel`, { reason: 'x' }],
      ['post', `/api/orders/${o.id}/refund`, { reason: 'x' }],
      ['post', `/api/orders/${o.id}/notes`, { text: 'x' }],
    ];
    for (const [method, path, body] of routes) {
      const guest =
        method === 'get'
          ? stack.http().get(path)
          : stack
              .http()
              .post(path)
              .send(body ?? {});
      expect((await guest).status).toBe(401);
      const asCustomer =
        method === 'get'
          ? stack.http().get(path).set('Authorization', bob.bearer)
          : stack
              .http()
              .post(path)
              .set('Authorization', bob.bearer)
              .send(body ?? {});
      expect((await asCustomer).status).toBe(403);
    }
    await list({ q: bob.email }, bob).expect(403);
    const still = await stack.http().get(`/api/orders/${o.id}`).set('Authorization', admin.bearer).expect(200);
    expect(still.body).toMatchObject({ status: 'pending', paymentState: 'unpaid', notes: [] });
    // An unknown order is 404 for admins.
    await post('/api/orders/0123456789abcdef01234567/mark-paid', undefined).expect(404);
  });
});
