import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { Types } from 'mongoose';
import { createAccount, type TestAccount, ADDRESS, insertProduct, readStock, setProduct } from '../support/fixtures';
import { readOutbox } from '../support/outbox';
import { startTestStack, type TestStack } from '../support/test-stack';
import { until } from '../support/polling';

type Status = 'pending' | 'paid' | 'shipped' | 'delivered' | 'cancelled';

describe('orders and coupons: /api/orders, /api/coupons', () => {
  let stack: TestStack;
  let ann: TestAccount;
  let bob: TestAccount;
  let admin: TestAccount;
  let buyers: TestAccount[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ worker: true, env: { TAX_RATE: '0.1' } });
    [ann, bob, admin] = await Promise.all([createAccount(stack), createAccount(stack), createAccount(stack, 'admin')]);
    for (let i = 0; i < 5; i++) buyers = buyers.concat(await Promise.all(Array.from({ length: 10 }, () => createAccount(stack))));
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const db = () => stack.app.get<Connection>(getConnectionToken());
  const addToCart = (who: TestAccount, productId: string, quantity = 1, variantSku?: string) =>
    stack
      .http()
      .post('/api/cart')
      .set('Authorization', who.bearer)
      .send({ productId, quantity, ...(variantSku ? { variantSku } : {}) });
  const order = (who: TestAccount, extra: Record<string, unknown> = {}, key?: string) => {
    const req = stack.http().post('/api/orders').set('Authorization', who.bearer);
    if (key) req.set('Idempotency-Key', key);
    return req.send({ shippingAddress: ADDRESS, paymentMethod: 'cod', ...extra });
  };
  // The older single-status change of an order (the deprecated PUT /api/orders/{id}/status, mapped onto the actions).
  const setStatus = (id: string, status: Status, who: TestAccount = admin) =>
    stack.http().put(`/api/orders/${id}/status`).set('Authorization', who.bearer).send({ status });
  const placeOne = async (who: TestAccount, productId: string, quantity = 1): Promise<string> => {
    await addToCart(who, productId, quantity).expect(201);
    return (await order(who).expect(201)).body.id as string;
  };

  describe('placing an order', () => {
    it('builds the order from the server cart in cents, shows dollars, taxes, ships free, empties the cart and mails a confirmation', async () => {
      const tee = await insertProduct(stack, { name: 'Oxford Shirt', priceCents: 1999, countInStock: 10 });
      await addToCart(ann, tee.id, 3).expect(201);
      const res = await order(ann).expect(201);
      expect(res.body).toEqual(
        expect.objectContaining({
          _id: res.body.id,
          user: ann.id,
          items: [expect.objectContaining({ product: tee.id, name: 'Oxford Shirt', price: 19.99, quantity: 3, variantSku: null })],
          shippingAddress: ADDRESS,
          paymentMethod: 'cod',
          subtotal: 59.97,
          discount: 0,
          tax: 6,
          shipping: 0,
          total: 65.97,
          couponCode: null,
          status: 'pending',
          isPaid: false,
          isDelivered: false,
        }),
      );
      const stored = await db()
        .collection('orders')
        .findOne({ _id: new Types.ObjectId(res.body.id as string) });
      expect(stored).toEqual(expect.objectContaining({ subtotalCents: 5997, taxCents: 600, shippingCents: 0, totalCents: 6597, discountCents: 0 }));
      expect(stored?.user).toBeInstanceOf(Types.ObjectId);
      expect(await readStock(stack, tee.id)).toEqual({ countInStock: 7, quantity: 7, variants: {} });
      const cart = await stack.http().get('/api/cart').set('Authorization', ann.bearer).expect(200);
      expect(cart.body.totalQuantity).toBe(0);

      const mail = await until(
        async () => (await readOutbox(stack.config.outboxDir)).find((m) => m.subject === `Order #${res.body.number} confirmed`),
        15_000,
        'confirmation mail',
      );
      expect(mail.to).toContain(ann.email);
      expect(mail.text).toContain(`Your order #${res.body.number} is confirmed`);
      expect(mail.links).toContain(`http://shop.test/order/${res.body.id}`);
    });

    it('ignores the client for prices: a price in the body is refused, and the catalog price at order time is used', async () => {
      const tee = await insertProduct(stack, { priceCents: 1000, countInStock: 10 });
      await addToCart(ann, tee.id, 1).expect(201);
      const refused = await order(ann, { totalPrice: 0.01 }).expect(400);
      expect(refused.body.message).toMatch(/totalPrice should not exist/);
      await order(ann, { items: [{ product: tee.id, price: 0.01, quantity: 1 }] }).expect(400);
      await setProduct(stack, tee.id, { priceCents: 1500 });
      const res = await order(ann).expect(201);
      expect(res.body.items[0].price).toBe(15);
      expect(res.body.subtotal).toBe(15);
      expect(res.body.total).toBe(16.5);
    });

    it('refuses an empty cart, a bad address, and unknown payment methods', async () => {
      await order(ann).expect(400);
      const tee = await insertProduct(stack, { countInStock: 5 });
      await addToCart(ann, tee.id).expect(201);
      const noAddress = await order(ann, { shippingAddress: undefined }).expect(400);
      expect(noAddress.body.message).toBe('Shipping address is required');
      const noCity = await order(ann, { shippingAddress: { ...ADDRESS, city: ' ' } }).expect(400);
      expect(noCity.body.errors['shippingAddress.city']).toBe('City is required');
      await order(ann, { paymentMethod: 'card' }).expect(400);
      await order(ann, {}, 'bad key with spaces').expect(400);
      await stack.http().delete('/api/cart').set('Authorization', ann.bearer).expect(200);
    });

    it('the same Idempotency-Key sent twice gives one order (also concurrently)', async () => {
      const tee = await insertProduct(stack, { countInStock: 10 });
      await addToCart(bob, tee.id, 2).expect(201);
      const first = await order(bob, {}, 'key-0001-abcdef').expect(201);
      const second = await order(bob, {}, 'key-0001-abcdef').expect(201);
      expect(second.body.id).toBe(first.body.id);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(
        await db()
          .collection('orders')
          .countDocuments({ idempotencyKey: `${bob.id}:key-0001-abcdef` }),
      ).toBe(1);
      expect((await readStock(stack, tee.id)).countInStock).toBe(8);

      await addToCart(bob, tee.id, 1).expect(201);
      const racing = await Promise.all(Array.from({ length: 5 }, () => order(bob, {}, 'key-0002-abcdef')));
      expect(racing.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(racing.map((r) => r.body.id)).size).toBe(1);
      expect(
        await db()
          .collection('orders')
          .countDocuments({ idempotencyKey: `${bob.id}:key-0002-abcdef` }),
      ).toBe(1);
      expect((await readStock(stack, tee.id)).countInStock).toBe(7);
    });

    it('50 concurrent buyers for 10 units give exactly 10 orders, stock ends at 0, is never negative and keeps no hold', async () => {
      const tee = await insertProduct(stack, { name: 'Limited Jacket', countInStock: 10 });
      await Promise.all(buyers.map((b) => addToCart(b, tee.id, 1).expect(201)));
      // The stock as each answer arrives, while the other placements are still under way.
      const seen: number[] = [];
      const results = await Promise.all(
        buyers.map(async (b) => {
          const res = await order(b);
          const s = await readStock(stack, tee.id);
          seen.push(s.countInStock, s.quantity);
          return res;
        }),
      );
      expect(seen).toHaveLength(2 * buyers.length);
      const ok = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status === 409);
      expect(ok).toHaveLength(10);
      expect(refused).toHaveLength(40);
      expect(refused[0].body.message).toBe('Limited Jacket is out of stock (0 left)');
      expect(await readStock(stack, tee.id)).toEqual({ countInStock: 0, quantity: 0, variants: {} });
      expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
      expect(
        await db()
          .collection('orders')
          .countDocuments({ 'items.product': new Types.ObjectId(tee.id) }),
      ).toBe(10);
      // No stock hold is left behind by the refused placements (nor by the stored orders).
      expect(
        (
          await db()
            .collection('products')
            .findOne({ _id: new Types.ObjectId(tee.id) })
        )?.stockHolds ?? [],
      ).toEqual([]);
      // The refused buyers keep their carts.
      const kept = await stack.http().get('/api/cart').set('Authorization', buyers[results.indexOf(refused[0])].bearer).expect(200);
      expect(kept.body.totalQuantity).toBe(1);
      await Promise.all(buyers.map((b) => stack.http().delete('/api/cart').set('Authorization', b.bearer).expect(200)));
    }, 120_000);

    it('takes variant stock, and puts back the lines already taken when a later line fails (409 naming the item)', async () => {
      const tee = await insertProduct(stack, {
        name: 'Rib Tee',
        countInStock: 5,
        variants: [
          { sku: 'R-S', size: 'S', colour: 'Red', countInStock: 2 },
          { sku: 'R-M', size: 'M', colour: 'Red', countInStock: 3 },
        ],
      });
      const cap = await insertProduct(stack, { name: 'Wool Cap', countInStock: 4 });
      await addToCart(ann, tee.id, 2, 'R-S').expect(201);
      await addToCart(ann, cap.id, 3).expect(201);
      await setProduct(stack, cap.id, { countInStock: 1, quantity: 1 }); // someone else bought them meanwhile
      const res = await order(ann).expect(409);
      expect(res.body.message).toBe('Only 1 left in stock for Wool Cap');
      expect(await readStock(stack, tee.id)).toEqual({ countInStock: 5, quantity: 5, variants: { 'R-S': 2, 'R-M': 3 } });
      expect((await readStock(stack, cap.id)).countInStock).toBe(1);

      await stack.http().put('/api/cart/update').set('Authorization', ann.bearer).send({ productId: cap.id, quantity: 1 }).expect(200);
      const placed = await order(ann).expect(201);
      expect(placed.body.items).toEqual([
        expect.objectContaining({ variantSku: 'R-S', size: 'S', colour: 'Red', quantity: 2 }),
        expect.objectContaining({ name: 'Wool Cap', quantity: 1 }),
      ]);
      expect(await readStock(stack, tee.id)).toEqual({ countInStock: 3, quantity: 3, variants: { 'R-S': 0, 'R-M': 3 } });
      expect((await readStock(stack, cap.id)).countInStock).toBe(0);

      await setStatus(placed.body.id, 'cancelled').expect(200);
      expect(await readStock(stack, tee.id)).toEqual({ countInStock: 5, quantity: 5, variants: { 'R-S': 2, 'R-M': 3 } });
      expect((await readStock(stack, cap.id)).countInStock).toBe(1);
    });
  });

  describe('reading orders', () => {
    let annOrder: string;
    beforeAll(async () => {
      const tee = await insertProduct(stack, { countInStock: 10 });
      annOrder = await placeOne(ann, tee.id);
    });

    it('the owner and admins read an order; anyone else gets 404', async () => {
      expect((await stack.http().get(`/api/orders/${annOrder}`).set('Authorization', ann.bearer).expect(200)).body.id).toBe(annOrder);
      await stack.http().get(`/api/orders/${annOrder}`).set('Authorization', admin.bearer).expect(200);
      await stack.http().get(`/api/orders/${annOrder}`).set('Authorization', bob.bearer).expect(404);
      await stack.http().get('/api/orders/not-an-id').set('Authorization', ann.bearer).expect(404);
      await stack.http().get(`/api/orders/${annOrder}`).expect(401);
    });

    it('a malformed order id answers 404 ORDER_NOT_FOUND on every route that takes one', async () => {
      const calls = [
        stack.http().get('/api/orders/not-an-id').set('Authorization', ann.bearer),
        stack.http().get('/api/orders/665f1c2e9d1e8a001234567').set('Authorization', admin.bearer),
        stack.http().post('/api/orders/not-an-id/cancel').set('Authorization', ann.bearer),
        stack.http().post('/api/orders/not-an-id/mark-paid').set('Authorization', admin.bearer),
        stack.http().post('/api/orders/not-an-id/deliver').set('Authorization', admin.bearer),
        stack.http().put('/api/orders/not-an-id/status').set('Authorization', admin.bearer).send({ status: 'paid' }),
        stack.http().put('/api/orders/not-an-id/pay').set('Authorization', admin.bearer),
        stack.http().put('/api/orders/not-an-id/deliver').set('Authorization', admin.bearer),
      ];
      for (const res of await Promise.all(calls)) {
        expect({ status: res.status, code: res.body.code, message: res.body.message }).toEqual({
          status: 404,
          code: 'ORDER_NOT_FOUND',
          message: 'Order not found',
        });
      }
    });

    it('user B cannot change user A’s order', async () => {
      await stack.http().post(`/api/orders/${annOrder}/cancel`).set('Authorization', bob.bearer).expect(404);
      await setStatus(annOrder, 'cancelled', bob).expect(403);
      await stack.http().put(`/api/orders/${annOrder}/status`).set('Authorization', bob.bearer).send({ status: 'cancelled' }).expect(403);
      await stack.http().put(`/api/orders/${annOrder}/pay`).set('Authorization', bob.bearer).expect(403);
      const mine = await stack.http().get('/api/orders/mine').set('Authorization', bob.bearer).expect(200);
      expect(mine.body.map((o: { id: string }) => o.id)).not.toContain(annOrder);
      expect((await stack.http().get(`/api/orders/${annOrder}`).set('Authorization', ann.bearer).expect(200)).body.status).toBe('pending');
    });

    it('GET /mine lists the caller’s orders, newest first', async () => {
      const mine = await stack.http().get('/api/orders/mine').set('Authorization', ann.bearer).expect(200);
      expect(mine.body.length).toBeGreaterThan(1);
      expect(mine.body[0].id).toBe(annOrder);
      expect(mine.body.every((o: { user: string }) => o.user === ann.id)).toBe(true);
    });

    it('GET / is for admins, with the list conventions and filters by status, user and date', async () => {
      await stack.http().get('/api/orders').set('Authorization', ann.bearer).expect(403);
      const all = await stack.http().get('/api/orders?range=[0,4]&sort=["createdAt","DESC"]').set('Authorization', admin.bearer).expect(200);
      expect(all.body).toHaveLength(5);
      const total = Number(all.headers['x-total-count']);
      expect(total).toBeGreaterThan(15);
      expect(all.headers['content-range']).toBe(`orders 0-4/${total}`);
      const byUser = await stack
        .http()
        .get('/api/orders')
        .query({ filter: JSON.stringify({ user: ann.id }) })
        .set('Authorization', admin.bearer)
        .expect(200);
      expect(byUser.body.length).toBeGreaterThan(1);
      expect(byUser.body.every((o: { user: string }) => o.user === ann.id)).toBe(true);
      const cancelled = await stack
        .http()
        .get('/api/orders')
        .query({ filter: JSON.stringify({ status: 'cancelled' }) })
        .set('Authorization', admin.bearer)
        .expect(200);
      expect(cancelled.body.length).toBeGreaterThan(0);
      expect(cancelled.body.every((o: { status: string }) => o.status === 'cancelled')).toBe(true);
      const future = await stack
        .http()
        .get('/api/orders')
        .query({ filter: JSON.stringify({ from: '2999-01-01' }) })
        .set('Authorization', admin.bearer)
        .expect(200);
      expect(future.body).toEqual([]);
      const past = await stack
        .http()
        .get('/api/orders')
        .query({ filter: JSON.stringify({ to: '2000-01-01' }) })
        .set('Authorization', admin.bearer)
        .expect(200);
      expect(past.body).toEqual([]);
      await stack
        .http()
        .get('/api/orders')
        .query({ filter: JSON.stringify({ status: { $ne: 'x' } }) })
        .set('Authorization', admin.bearer)
        .expect(400);
      await stack
        .http()
        .get('/api/orders')
        .query({ filter: JSON.stringify({ status: 'lost' }) })
        .set('Authorization', admin.bearer)
        .expect(400);
      await stack
        .http()
        .get('/api/orders')
        .query({ filter: JSON.stringify({ from: 'yesterday' }) })
        .set('Authorization', admin.bearer)
        .expect(400);
    });

    it('GET / answers 400 INVALID_QUERY to a bad value and 400 VALIDATION_FAILED to a parameter it does not know', async () => {
      const paged = await stack.http().get('/api/orders?page=2&perPage=3&sort=-total').set('Authorization', admin.bearer).expect(200);
      expect(paged.body).toHaveLength(3);
      expect(paged.headers['content-range']).toMatch(/^orders 3-5\/\d+$/);
      const totals = paged.body.map((o: { total: number }) => o.total);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      const unknown = await stack.http().get('/api/orders?status=paid').set('Authorization', admin.bearer).expect(400);
      expect(unknown.body.code).toBe('VALIDATION_FAILED');
      expect(unknown.body.message).toMatch(/status should not exist/);
      const badSort = await stack.http().get('/api/orders?sort=user').set('Authorization', admin.bearer).expect(400);
      expect(badSort.body).toEqual(expect.objectContaining({ code: 'INVALID_QUERY', message: 'cannot sort by user' }));
      const badPage = await stack.http().get('/api/orders?page=0').set('Authorization', admin.bearer).expect(400);
      expect(badPage.body.code).toBe('INVALID_QUERY');
    });
  });

  describe('status', () => {
    // The deprecated single-status change, mapped onto the three machines, on a cash-on-delivery order.
    const paths: Record<Status, Status[]> = {
      pending: [],
      paid: ['paid'],
      shipped: ['paid', 'shipped'],
      delivered: ['paid', 'shipped', 'delivered'],
      cancelled: ['cancelled'],
    };
    // A cash-on-delivery order ships unpaid (the cash comes at the door); once paid it cannot be paid again.
    const allowed = new Set(['pending>paid', 'pending>shipped', 'paid>shipped', 'shipped>delivered', 'pending>cancelled', 'paid>cancelled']);
    const refusals: Record<string, string> = {
      'paid>paid': 'ORDER_ALREADY_PAID',
      'shipped>paid': 'ORDER_ALREADY_PAID',
      'delivered>paid': 'ORDER_ALREADY_PAID',
      'cancelled>paid': 'ORDER_NOT_PAYABLE',
      'cancelled>shipped': 'ORDER_NOT_SHIPPABLE',
      'delivered>shipped': 'ORDER_NOT_SHIPPABLE',
    };
    let productId: string;
    beforeAll(async () => {
      productId = (await insertProduct(stack, { countInStock: 500 })).id;
    });

    const statuses: Status[] = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'];
    it.each(statuses.flatMap((from) => statuses.map((to) => [from, to] as const)))('%s → %s', async (from, to) => {
      const id = await placeOne(bob, productId);
      for (const step of paths[from]) await setStatus(id, step).expect(200);
      const res = await setStatus(id, to);
      if (allowed.has(`${from}>${to}`)) {
        expect(res.status).toBe(200);
        expect(res.body.status).toBe(to);
        expect((res.body.statusHistory as { status: string }[]).at(-1)?.status).toBe(to);
      } else {
        expect(res.status).toBe(409);
        expect(res.body.code).toBe(refusals[`${from}>${to}`] ?? 'INVALID_TRANSITION');
        const stored = await stack.http().get(`/api/orders/${id}`).set('Authorization', admin.bearer).expect(200);
        expect(stored.body.status).toBe(from);
      }
    });

    it('PUT /{id}/status refuses an unknown status or field with 400 and sets paidAt, trackingNumber and deliveredAt', async () => {
      const id = await placeOne(bob, productId);
      const update = (body: Record<string, unknown>) => stack.http().put(`/api/orders/${id}/status`).set('Authorization', admin.bearer).send(body);
      expect((await update({ status: 'lost' }).expect(400)).body.message).toBe('Status must be one of: pending, paid, shipped, delivered, cancelled');
      await update({}).expect(400);
      expect((await update({ status: 'paid', total: 0 }).expect(400)).body.message).toMatch(/total should not exist/);
      const paid = await update({ status: 'paid' }).expect(200);
      expect(paid.body).toEqual(
        expect.objectContaining({ status: 'paid', paymentState: 'paid', isPaid: true, paidAt: expect.any(String), isDelivered: false }),
      );
      expect((await update({ status: 'delivered' }).expect(409)).body.code).toBe('INVALID_TRANSITION');
      const shipped = await update({ status: 'shipped', trackingNumber: '1Z999' }).expect(200);
      expect(shipped.body).toEqual(expect.objectContaining({ trackingNumber: '1Z999', fulfilmentState: 'shipped' }));
      const delivered = await update({ status: 'delivered' }).expect(200);
      expect(delivered.body).toEqual(
        expect.objectContaining({
          status: 'delivered',
          state: 'completed',
          isDelivered: true,
          deliveredAt: expect.any(String),
          trackingNumber: '1Z999',
        }),
      );
      expect((await update({ status: 'paid' }).expect(409)).body.message).toBe('This order is already paid');
      const mail = await until(
        async () => (await readOutbox(stack.config.outboxDir)).find((m) => m.subject === `Order #${delivered.body.number} was delivered`),
        15_000,
        'delivery mail',
      );
      expect(mail.to).toContain(bob.email);
    });

    it('the deprecated PUT /{id}/status, /{id}/pay and /{id}/deliver still answer, with Deprecation, Sunset and a Link to the action', async () => {
      const id = await placeOne(bob, productId);
      const put = (path: string, body?: Record<string, unknown>) => {
        const req = stack.http().put(`/api/orders/${id}${path}`).set('Authorization', admin.bearer);
        return body ? req.send(body) : req;
      };
      const notice = (res: { headers: Record<string, string> }) => ({
        deprecation: res.headers.deprecation,
        sunset: res.headers.sunset,
        link: res.headers.link,
      });
      const since = `@${Date.UTC(2026, 10, 26) / 1000}`;
      const sunset = 'Tue, 01 Jun 2027 00:00:00 GMT';
      const invalid = await put('/status', { status: 'lost' }).expect(400);
      expect(notice(invalid)).toEqual({ deprecation: since, sunset, link: `</api/orders/${id}>; rel="successor-version"` });
      const paid = await put('/pay').expect(200);
      expect(paid.body).toEqual(expect.objectContaining({ id, status: 'paid', isPaid: true, paidAt: expect.any(String) }));
      expect(notice(paid)).toEqual({ deprecation: since, sunset, link: `</api/orders/${id}/mark-paid>; rel="successor-version"` });
      const early = await put('/deliver').expect(409);
      expect(early.body.code).toBe('INVALID_TRANSITION');
      expect(notice(early)).toEqual({ deprecation: since, sunset, link: `</api/orders/${id}/deliver>; rel="successor-version"` });
      const shipped = await put('/status', { status: 'shipped', trackingNumber: '1Z998' }).expect(200);
      expect(shipped.body).toEqual(expect.objectContaining({ status: 'shipped', trackingNumber: '1Z998' }));
      expect(notice(shipped)).toEqual({ deprecation: since, sunset, link: `</api/orders/${id}/ship>; rel="successor-version"` });
      const delivered = await put('/deliver').expect(200);
      expect(delivered.body).toEqual(expect.objectContaining({ status: 'delivered', isDelivered: true, deliveredAt: expect.any(String) }));
      expect((await put('/pay').expect(409)).body.code).toBe('ORDER_ALREADY_PAID');
      await stack.http().put(`/api/orders/${id}/pay`).set('Authorization', bob.bearer).expect(403);
      expect(
        (await stack.http().get(`/api/orders/${id}`).set('Authorization', admin.bearer).expect(200)).body.statusHistory.map(
          (h: { status: string }) => h.status,
        ),
      ).toEqual(['pending', 'paid', 'shipped', 'delivered']);
      // The first-class actions carry no such notice, and the old PUT /{id} is gone (one route per transition).
      const other = await placeOne(bob, productId);
      const marked = await stack.http().post(`/api/orders/${other}/mark-paid`).set('Authorization', admin.bearer).expect(200);
      expect(notice(marked)).toEqual({ deprecation: undefined, sunset: undefined, link: undefined });
      await stack.http().put(`/api/orders/${other}`).set('Authorization', admin.bearer).send({ status: 'shipped' }).expect(404);
    });

    it('a cancel puts the stock back; the owner may cancel only while not paid and not shipped', async () => {
      const tee = await insertProduct(stack, { countInStock: 6 });
      const first = await placeOne(ann, tee.id, 2);
      expect((await readStock(stack, tee.id)).countInStock).toBe(4);
      const cancelled = await stack.http().post(`/api/orders/${first}/cancel`).set('Authorization', ann.bearer).expect(200);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', state: 'cancelled' });
      expect(await readStock(stack, tee.id)).toEqual({ countInStock: 6, quantity: 6, variants: {} });
      await stack.http().post(`/api/orders/${first}/cancel`).set('Authorization', ann.bearer).expect(409);
      expect((await readStock(stack, tee.id)).countInStock).toBe(6);

      const second = await placeOne(ann, tee.id, 3);
      await setStatus(second, 'paid').expect(200);
      const late = await stack.http().post(`/api/orders/${second}/cancel`).set('Authorization', ann.bearer).expect(409);
      expect(late.body.message).toBe('Only an order not paid and not shipped yet can be cancelled');
      expect((await readStock(stack, tee.id)).countInStock).toBe(3);
      // An admin's cancel of a paid order gives the money back in full.
      const byAdmin = await setStatus(second, 'cancelled').expect(200);
      expect(byAdmin.body).toMatchObject({ status: 'cancelled', paymentState: 'refunded', refunded: byAdmin.body.paid });
      expect((await readStock(stack, tee.id)).countInStock).toBe(6);
    });
  });

  describe('coupons', () => {
    const createCoupon = (body: Record<string, unknown>) => stack.http().post('/api/coupons').set('Authorization', admin.bearer).send(body);

    it('admin CRUD with unique case-insensitive codes and list conventions', async () => {
      await stack.http().post('/api/coupons').set('Authorization', ann.bearer).send({ code: 'NOPE', type: 'percent', value: 10 }).expect(403);
      const created = await createCoupon({ code: 'spring10', type: 'percent', value: 10, minSubtotal: 20, public: true }).expect(201);
      expect(created.body).toEqual(
        expect.objectContaining({
          code: 'SPRING10',
          type: 'percent',
          value: 10,
          minSubtotal: 20,
          redemptions: 0,
          active: true,
          public: true,
          maxRedemptions: null,
        }),
      );
      expect(created.body._id).toBe(created.body.id);
      await createCoupon({ code: 'Spring10', type: 'fixed', value: 5 }).expect(409);
      await createCoupon({ code: 'BAD', type: 'percent', value: 150 }).expect(400);
      await createCoupon({ code: 'BAD', type: 'fixed', value: 1.234 }).expect(400);
      await createCoupon({ code: 'BAD', type: 'gift', value: 5 }).expect(400);
      await createCoupon({ code: 'BAD', type: 'fixed', value: 5, startsAt: '2030-01-02', endsAt: '2030-01-01' }).expect(400);
      // An end date in the past is refused, on create and on update, with a message naming the field.
      const expired = await createCoupon({ code: 'BAD', type: 'fixed', value: 5, endsAt: '2020-01-01T00:00:00Z' }).expect(400);
      expect(expired.body).toEqual(
        expect.objectContaining({
          code: 'VALIDATION_FAILED',
          message: 'The end date must be in the future',
          errors: { endsAt: 'The end date must be in the future' },
        }),
      );
      const fixed = await createCoupon({ code: 'FIVE-OFF', type: 'fixed', value: 5.5 }).expect(201);
      expect(fixed.body.value).toBe(5.5);
      const backdated = await stack
        .http()
        .put(`/api/coupons/${fixed.body.id}`)
        .set('Authorization', admin.bearer)
        .send({ endsAt: '2020-01-01T00:00:00Z' })
        .expect(400);
      expect(backdated.body.errors).toEqual({ endsAt: 'The end date must be in the future' });
      const updated = await stack
        .http()
        .put(`/api/coupons/${fixed.body.id}`)
        .set('Authorization', admin.bearer)
        .send({ value: 7, maxRedemptions: 3 })
        .expect(200);
      expect(updated.body).toEqual(expect.objectContaining({ value: 7, maxRedemptions: 3, code: 'FIVE-OFF' }));
      await stack.http().put(`/api/coupons/${fixed.body.id}`).set('Authorization', admin.bearer).send({ code: 'SPRING10' }).expect(409);
      const list = await stack.http().get('/api/coupons?range=[0,0]&sort=["code","ASC"]').set('Authorization', admin.bearer).expect(200);
      expect(list.body.map((c: { code: string }) => c.code)).toEqual(['FIVE-OFF']);
      expect(list.headers['content-range']).toMatch(/^coupons 0-0\/\d+$/);
      const search = await stack
        .http()
        .get('/api/coupons')
        .query({ filter: JSON.stringify({ q: 'spring' }) })
        .set('Authorization', admin.bearer)
        .expect(200);
      expect(search.body.map((c: { code: string }) => c.code)).toEqual(['SPRING10']);
      expect((await stack.http().get(`/api/coupons/${fixed.body.id}`).set('Authorization', admin.bearer).expect(200)).body.value).toBe(7);
      await stack.http().delete(`/api/coupons/${fixed.body.id}`).set('Authorization', admin.bearer).expect(200);
      await stack.http().get(`/api/coupons/${fixed.body.id}`).set('Authorization', admin.bearer).expect(404);
    });

    it('the list answers 400 VALIDATION_FAILED to a parameter it does not know, and a malformed id is 404 COUPON_NOT_FOUND', async () => {
      const unknown = await stack.http().get('/api/coupons?q=spring').set('Authorization', admin.bearer).expect(400);
      expect(unknown.body.code).toBe('VALIDATION_FAILED');
      expect(unknown.body.message).toMatch(/q should not exist/);
      expect((await stack.http().get('/api/coupons?filter={"type":"gift"}').set('Authorization', admin.bearer).expect(400)).body.code).toBe(
        'INVALID_QUERY',
      );
      const calls = [
        stack.http().get('/api/coupons/not-an-id').set('Authorization', admin.bearer),
        stack.http().put('/api/coupons/not-an-id').set('Authorization', admin.bearer).send({ value: 5 }),
        stack.http().delete('/api/coupons/not-an-id').set('Authorization', admin.bearer),
      ];
      for (const res of await Promise.all(calls)) {
        expect({ status: res.status, code: res.body.code, message: res.body.message }).toEqual({
          status: 404,
          code: 'COUPON_NOT_FOUND',
          message: 'Coupon not found',
        });
      }
      // The literal routes are not taken for ids.
      expect((await stack.http().get('/api/coupons/public').expect(200)).body).toEqual(expect.any(Array));
    });

    it('GET /public lists active public coupons only', async () => {
      await createCoupon({ code: 'HIDDEN5', type: 'percent', value: 5 }).expect(201);
      await createCoupon({ code: 'OFF-PUBLIC', type: 'percent', value: 5, public: true, active: false }).expect(201);
      const old = await createCoupon({ code: 'OLD-PUBLIC', type: 'percent', value: 5, public: true, endsAt: '2099-01-01' }).expect(201);
      // Time passes: its end date is now behind it.
      await stack.app
        .get<Connection>(getConnectionToken())
        .collection('coupons')
        .updateOne({ code: 'OLD-PUBLIC' }, { $set: { startsAt: new Date('2020-01-01'), endsAt: new Date('2020-02-01') } });
      expect(old.body.code).toBe('OLD-PUBLIC');
      const res = await stack.http().get('/api/coupons/public').expect(200);
      expect(res.body.map((c: { code: string }) => c.code)).toEqual(['SPRING10']);
      expect(res.body[0].redemptions).toBeUndefined();
    });

    it('POST /validate previews the discount on the caller’s cart or says why not', async () => {
      const tee = await insertProduct(stack, { priceCents: 1500, countInStock: 10 });
      const empty = await stack.http().post('/api/coupons/validate').set('Authorization', ann.bearer).send({ code: 'spring10' }).expect(200);
      expect(empty.body).toEqual(expect.objectContaining({ valid: false, reason: 'Your cart is empty' }));
      await addToCart(ann, tee.id, 1).expect(201);
      const small = await stack.http().post('/api/coupons/validate').set('Authorization', ann.bearer).send({ code: 'spring10' }).expect(200);
      expect(small.body).toEqual(
        expect.objectContaining({
          valid: false,
          reasonCode: 'COUPON_MIN_SUBTOTAL',
          reason: 'This coupon needs a subtotal of at least $20.00',
          discount: 0,
        }),
      );
      await addToCart(ann, tee.id, 1).expect(201);
      const ok = await stack.http().post('/api/coupons/validate').set('Authorization', ann.bearer).send({ code: 'spring10' }).expect(200);
      expect(ok.body).toEqual(expect.objectContaining({ valid: true, code: 'SPRING10', subtotal: 30, discount: 3, totalAfterDiscount: 27 }));
      const unknown = await stack.http().post('/api/coupons/validate').set('Authorization', ann.bearer).send({ code: 'NOSUCH' }).expect(200);
      expect(unknown.body).toEqual(expect.objectContaining({ valid: false, reason: 'This coupon does not exist' }));
      const expired = await stack.http().post('/api/coupons/validate').set('Authorization', ann.bearer).send({ code: 'old-public' }).expect(200);
      expect(expired.body.reason).toBe('This coupon has expired');
      await stack.http().post('/api/coupons/validate').send({ code: 'SPRING10' }).expect(401);

      const placed = await order(ann, { couponCode: 'Spring10' }).expect(201);
      expect(placed.body).toEqual(expect.objectContaining({ couponCode: 'SPRING10', subtotal: 30, discount: 3, tax: 2.7, total: 29.7 }));
      await addToCart(ann, tee.id, 1).expect(201);
      const refused = await order(ann, { couponCode: 'spring10' }).expect(400);
      expect(refused.body.message).toBe('This coupon needs a subtotal of at least $20.00');
      await stack.http().delete('/api/cart').set('Authorization', ann.bearer).expect(200);
    });

    it('a coupon with maxRedemptions 5 under 20 concurrent orders is redeemed exactly 5 times', async () => {
      const tee = await insertProduct(stack, { countInStock: 100 });
      const coupon = await createCoupon({ code: 'FIRST5', type: 'fixed', value: 2, maxRedemptions: 5 }).expect(201);
      const twenty = buyers.slice(0, 20);
      await Promise.all(twenty.map((b) => addToCart(b, tee.id, 1).expect(201)));
      const results = await Promise.all(twenty.map((b) => order(b, { couponCode: 'first5' })));
      expect(results.filter((r) => r.status === 201)).toHaveLength(5);
      const refused = results.filter((r) => r.status === 400);
      expect(refused).toHaveLength(15);
      expect(refused.every((r) => r.body.message === 'This coupon has been fully redeemed')).toBe(true);
      expect(await db().collection('orders').countDocuments({ couponCode: 'FIRST5' })).toBe(5);
      const stored = await stack.http().get(`/api/coupons/${coupon.body.id}`).set('Authorization', admin.bearer).expect(200);
      expect(stored.body.redemptions).toBe(5);
      expect((await readStock(stack, tee.id)).countInStock).toBe(95);
      await Promise.all(twenty.map((b) => stack.http().delete('/api/cart').set('Authorization', b.bearer).expect(200)));
    }, 60_000);

    it('counts per-customer limits atomically and gives a redemption back when the order fails or is cancelled', async () => {
      const tee = await insertProduct(stack, { name: 'Scarf', countInStock: 10 });
      const coupon = await createCoupon({ code: 'ONCE', type: 'percent', value: 50, perCustomerLimit: 1, maxRedemptions: 10 }).expect(201);
      await addToCart(bob, tee.id, 1).expect(201);
      const racing = await Promise.all(Array.from({ length: 4 }, (_, i) => order(bob, { couponCode: 'ONCE' }, `once-key-${i}-abcdef`)));
      expect(racing.filter((r) => r.status === 201)).toHaveLength(1);
      const placed = racing.find((r) => r.status === 201)!;
      await addToCart(bob, tee.id, 1).expect(201);
      const again = await order(bob, { couponCode: 'ONCE' }).expect(400);
      expect(again.body.message).toBe('You have already used this coupon');
      // cancelling gives the redemption back
      await stack.http().post(`/api/orders/${placed.body.id}/cancel`).set('Authorization', bob.bearer).expect(200);
      expect((await stack.http().get(`/api/coupons/${coupon.body.id}`).set('Authorization', admin.bearer).expect(200)).body.redemptions).toBe(0);
      // an order that fails on stock gives it back too
      await setProduct(stack, tee.id, { countInStock: 0, quantity: 0 });
      await order(bob, { couponCode: 'ONCE' }).expect(409);
      expect((await stack.http().get(`/api/coupons/${coupon.body.id}`).set('Authorization', admin.bearer).expect(200)).body.redemptions).toBe(0);
      await setProduct(stack, tee.id, { countInStock: 5, quantity: 5 });
      const later = await order(bob, { couponCode: 'ONCE' }).expect(201);
      expect(later.body.discount).toBe(Math.round(Math.round(later.body.subtotal * 100) / 2) / 100);
    });
  });

  it('dashboard revenue counts paid orders only, per period (today, 7 days, 30 days, all time), with the average order value', async () => {
    const stats = async () => (await stack.http().get('/api/orders/stats').set('Authorization', admin.bearer).expect(200)).body.revenueByPeriod;
    type Period = { orders: number; revenue: number; averageOrderValue: number };
    const plus = (p: Period, total: number) => ({ orders: p.orders + 1, revenue: Math.round((p.revenue + total) * 100) / 100 });
    const before = await stats();
    const tee = await insertProduct(stack, { name: 'Revenue Tee', countInStock: 5 });
    await addToCart(bob, tee.id, 1).expect(201);
    const placed = await order(bob).expect(201);
    // A pending cash-on-delivery order is not revenue.
    expect(await stats()).toEqual(before);
    await stack.http().post(`/api/orders/${placed.body.id}/mark-paid`).set('Authorization', admin.bearer).expect(200);
    const now = await stats();
    for (const name of ['today', 'last7Days', 'last30Days', 'allTime'] as const) {
      expect(now[name]).toEqual(expect.objectContaining(plus(before[name], placed.body.total)));
      expect(now[name].averageOrderValue).toBeCloseTo(now[name].revenue / now[name].orders, 2);
    }
    // Paid ten days ago: in 30 days and all time, not in today or 7 days.
    await db()
      .collection('orders')
      .updateOne({ _id: new Types.ObjectId(placed.body.id) }, { $set: { paidAt: new Date(Date.now() - 10 * 86_400_000) } });
    const aged = await stats();
    expect(aged.today).toEqual(before.today);
    expect(aged.last7Days).toEqual(before.last7Days);
    expect(aged.last30Days).toEqual(expect.objectContaining(plus(before.last30Days, placed.body.total)));
    // Cancelled after payment (refunded): no longer revenue.
    await stack
      .http()
      .post(`/api/orders/${placed.body.id}/admin-cancel`)
      .set('Authorization', admin.bearer)
      .send({ reason: 'Customer asked' })
      .expect(200);
    expect(await stats()).toEqual(before);
  });

  it('GET /stats gives the dashboard numbers to admins', async () => {
    await stack.http().get('/api/orders/stats').set('Authorization', ann.bearer).expect(403);
    const low = await insertProduct(stack, { name: 'Almost Gone', countInStock: 1 });
    const res = await stack.http().get('/api/orders/stats').set('Authorization', admin.bearer).expect(200);
    const counts = await db()
      .collection('orders')
      .aggregate<{ _id: string; n: number; cents: number }>([{ $group: { _id: '$status', n: { $sum: 1 }, cents: { $sum: '$totalCents' } } }])
      .toArray();
    const expected = Object.fromEntries(counts.map((c) => [c._id, c.n]));
    expect(res.body.ordersByStatus).toEqual(expect.objectContaining(expected));
    expect(res.body.totalOrders).toBe(counts.reduce((n, c) => n + c.n, 0));
    const paid = await db()
      .collection('orders')
      .aggregate<{ cents: number }>([
        { $match: { paidAt: { $gte: new Date(0) }, status: { $ne: 'cancelled' } } },
        { $group: { _id: null, cents: { $sum: '$totalCents' } } },
      ])
      .toArray();
    expect(res.body.revenue).toBe((paid[0]?.cents ?? 0) / 100);
    expect(res.body.revenueByPeriod.allTime.revenue).toBe(res.body.revenue);
    expect(res.body.newCustomers).toBe(52);
    expect(res.body.salesPerDay).toHaveLength(30);
    expect(res.body.salesPerDay[29].date).toBe(new Date().toISOString().slice(0, 10));
    expect(res.body.salesPerDay[29].orders).toBe(res.body.revenueByPeriod.today.orders);
    expect(res.body.topProducts.length).toBeGreaterThan(0);
    expect(res.body.topProducts[0].quantity).toBeGreaterThanOrEqual(res.body.topProducts[res.body.topProducts.length - 1].quantity);
    expect(res.body.lowStockProducts.map((p: { id: string }) => p.id)).toContain(low.id);
  });
});
